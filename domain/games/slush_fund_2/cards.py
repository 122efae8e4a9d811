"""The card table: two decks of thirty cards, and the five politicians.

Card ids 0-29 are the red deck and 30-59 the blue deck, in the same order: six $1M, seven $2M, six
$3M, one $4M, then two hackers, two accountants, three spies and three journalists. Seat 0 plays red
and seat 1 plays blue, so a card's colour is also the seat whose deck it came from.
"""

from __future__ import annotations

import enum

from domain.seats import Seat

CardId = int
"""A card's number, 0-59; the number says the card's colour, kind and value (see the tables below)."""
Politician = int
"""A politician's place in the row, 0-4."""
Slot = int
"""A contribution's place on one side of a politician, counted in placement order from 0."""
Ladder = tuple[int, int, int]
"""A politician's victory points with no journalist, one journalist and two journalists."""


class Kind(enum.Enum):
    """What a card is."""

    MONEY = "money"
    HACKER = "hacker"
    ACCOUNTANT = "accountant"
    SPY = "spy"
    JOURNALIST = "journalist"


SEAT_COUNT = 2
COLOUR_NAMES = ("Red", "Blue")
CARDS_PER_DECK = 30
MONEY_VALUES = (1,) * 6 + (2,) * 7 + (3,) * 6 + (4,)
POWER_KINDS = (Kind.HACKER,) * 2 + (Kind.ACCOUNTANT,) * 2 + (Kind.SPY,) * 3 + (Kind.JOURNALIST,) * 3
DECK_KINDS = (Kind.MONEY,) * len(MONEY_VALUES) + POWER_KINDS

ALL_CARDS: tuple[CardId, ...] = tuple(range(CARDS_PER_DECK * SEAT_COUNT))
KIND: tuple[Kind, ...] = DECK_KINDS * SEAT_COUNT
VALUE: tuple[int, ...] = (MONEY_VALUES + (0,) * len(POWER_KINDS)) * SEAT_COUNT
"""Millions of dollars for a money card; 0 for a power card."""
OWNER: tuple[Seat, ...] = tuple(Seat(card // CARDS_PER_DECK) for card in ALL_CARDS)
IS_MONEY: tuple[bool, ...] = tuple(kind is Kind.MONEY for kind in KIND)


def deck_of(seat: Seat) -> tuple[CardId, ...]:
    """Every card of ``seat``'s deck, in id order."""
    first = seat * CARDS_PER_DECK
    return tuple(range(first, first + CARDS_PER_DECK))


def put_back_on_top(seat: Seat) -> tuple[CardId, CardId]:
    """The $1M and $2M that setup takes out of ``seat``'s deck and puts back on top ($1M first)."""
    deck = deck_of(seat)
    return (next(c for c in deck if VALUE[c] == 1), next(c for c in deck if VALUE[c] == 2))


POLITICIANS = ("Governor Maple", "Senator Brandt", "Mayor Okafor", "Judge Pettibone", "Councillor Reyes")
"""Fictional names (the rulebook's politicians carry no printed names or numbers we can use)."""
DEFAULT_LADDERS: tuple[Ladder, ...] = ((7, 4, 2), (6, 4, 1), (5, 3, 1), (4, 2, 1), (3, 2, 1))
MAX_JOURNALISTS = 3
MAX_SIDE = 5
"""At most five cards on one player's side of a politician."""
DRAW_COUNT = 3
TAKE_COUNT = 3
"""Option 2 needs a slush fund of at least this many cards, and takes this many."""
PENALTY_CARDS = 3
"""One VP is deducted for every this many cards left in a deck."""


def card_name(card: CardId) -> str:
    """How a card reads in a sentence: "$3M" or "a spy"."""
    if IS_MONEY[card]:
        return f"${VALUE[card]}M"
    article = "an" if KIND[card] is Kind.ACCOUNTANT else "a"
    return f"{article} {KIND[card].value}"


def colour(seat: int) -> str:
    """The seat's colour name: seat 0 is Red, seat 1 is Blue."""
    return COLOUR_NAMES[seat]
