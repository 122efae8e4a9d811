"""What ``backroom balance slush-fund-2`` counts: the cards played (money and powers).

A card is played when it is placed as a contribution (face up or down), or used for its power (a
spy or an accountant, a hacker's exchange, a journalist placed) or to pay off a journalist; a power
card discarded for want of a target is not played. Copies share a name ("Red $1M", "Blue spy"); a
seat's colour is its seat, so there are no roles.
"""

from __future__ import annotations

from domain.balance import Balance
from domain.games.slush_fund_2.cards import ALL_CARDS, COLOUR_NAMES, IS_MONEY, KIND, OWNER, VALUE
from domain.games.slush_fund_2.events import (
    ContributionsExchanged,
    JournalistPaidOff,
    JournalistPlayed,
    MoneyCardPlayed,
    PowerCardPlayed,
)
from domain.messages import Event


def card_name(card: int) -> str:
    """A card as the table names it: its colour, then its value or its power."""
    what = f"${VALUE[card]}M" if IS_MONEY[card] else KIND[card].value
    return f"{COLOUR_NAMES[OWNER[card]]} {what}"


def cards(seat_count: int) -> tuple[str, ...]:
    """Both decks."""
    return tuple(card_name(card) for card in ALL_CARDS)


def played(happened: Event) -> tuple[str, ...]:
    """The money card placed or the power card used (see the module docstring)."""
    if isinstance(happened, MoneyCardPlayed | PowerCardPlayed | JournalistPlayed | JournalistPaidOff):
        return (card_name(happened.card),)
    if isinstance(happened, ContributionsExchanged):
        return (card_name(happened.hacker),)
    return ()


BALANCE = Balance(cards=cards, played=played)
