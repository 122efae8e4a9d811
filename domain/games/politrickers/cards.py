"""The Policy Cards of Politrickers: suits, values, ids and the pool for each table size.

Card ids are ints. The four numbered suits hold the values 1 to 10 (id = suit offset + value - 1),
then come the four Economy cards (no value: see the rulings in ``rules.py``) and the Migration card.
"""

from __future__ import annotations

import enum


class Suit(enum.Enum):
    """The five suits of Policy Cards (Migration belongs to none)."""

    ENVIRONMENT = "environment"
    HEALTH = "health"
    SAFETY = "safety"
    WELFARE = "welfare"
    ECONOMY = "economy"

    # Members are singletons compared by identity; Enum's own hash runs Python code on every lookup.
    __hash__ = object.__hash__


class Party(enum.Enum):
    """The two sides of a Party Token."""

    TAILS = "tails"
    CLAWS = "claws"

    __hash__ = object.__hash__  # as for Suit: an identity hash, in C


OTHER_PARTY = {Party.TAILS: Party.CLAWS, Party.CLAWS: Party.TAILS}

NUMBERED_SUITS = (Suit.ENVIRONMENT, Suit.HEALTH, Suit.SAFETY, Suit.WELFARE)
VALUES_PER_SUIT = 10
ECONOMY_CARDS = 4
ECONOMY_FIRST = len(NUMBERED_SUITS) * VALUES_PER_SUIT
MIGRATION = ECONOMY_FIRST + ECONOMY_CARDS
ALL_CARDS = tuple(range(MIGRATION + 1))


def _suit(card: int) -> Suit | None:
    if card == MIGRATION:
        return None
    if card >= ECONOMY_FIRST:
        return Suit.ECONOMY
    return NUMBERED_SUITS[card // VALUES_PER_SUIT]


def _value(card: int) -> int:
    if card >= ECONOMY_FIRST:
        return 0
    return card % VALUES_PER_SUIT + 1


SUIT_OF: tuple[Suit | None, ...] = tuple(_suit(card) for card in ALL_CARDS)
"""The suit of each card id; ``None`` for Migration."""
VALUE_OF: tuple[int, ...] = tuple(_value(card) for card in ALL_CARDS)
"""The printed value of each card id; 0 for the Economy cards and Migration, which print none."""


def card(suit: Suit, value: int = 1) -> int:
    """The id of the card of ``suit`` with ``value`` (for Economy, ``value`` numbers the four copies)."""
    if suit is Suit.ECONOMY:
        return ECONOMY_FIRST + value - 1
    return NUMBERED_SUITS.index(suit) * VALUES_PER_SUIT + value - 1


def _pool(seat_count: int) -> tuple[int, ...]:
    kept_suits = (
        NUMBERED_SUITS if seat_count > 3 else tuple(s for s in NUMBERED_SUITS if s is not Suit.HEALTH)
    )
    top_value = VALUES_PER_SUIT if seat_count == 5 else 8
    numbered = (card(suit, value) for suit in kept_suits for value in range(1, top_value + 1))
    return tuple(sorted((*numbered, *range(ECONOMY_FIRST, MIGRATION + 1))))


POOLS: dict[int, tuple[int, ...]] = {count: _pool(count) for count in (3, 4, 5)}
"""The sorted Policy Cards in play for 3 (29 cards), 4 (37) and 5 (45) players."""


def _spoken(card_id: int) -> str:
    suit = SUIT_OF[card_id]
    if suit is None:
        return "the Migration card"
    if suit is Suit.ECONOMY:
        return "an Economy card"
    return f"the {VALUE_OF[card_id]} of {suit.value.capitalize()}"


NAMES: tuple[str, ...] = tuple(_spoken(card) for card in ALL_CARDS)
"""Each card id as a person would say it (``the 5 of Welfare``, ``an Economy card``, ``the Migration
card``), read by id as :data:`SUIT_OF` and :data:`VALUE_OF` are: every sentence about a card names it."""
