"""What ``backroom balance politrickers`` counts: the Policy Cards played (the four Economy cards share
a name). Parties are switched during play, so a seat holds no fixed role."""

from __future__ import annotations

from domain.balance import Balance
from domain.games.politrickers.cards import MIGRATION, NAMES, POOLS
from domain.games.politrickers.events import CardPlayed, CardPlayedFaceDown, MigrationPlayed
from domain.messages import Event


def cards(seat_count: int) -> tuple[str, ...]:
    """The pool for this table size."""
    return tuple(NAMES[card] for card in POOLS[seat_count])


def played(happened: Event) -> tuple[str, ...]:
    """The card played to a trick, face up or face down, or Migration."""
    if isinstance(happened, CardPlayed | CardPlayedFaceDown):
        return (NAMES[happened.card],)
    if isinstance(happened, MigrationPlayed):
        return (NAMES[MIGRATION],)
    return ()


BALANCE = Balance(cards=cards, played=played)
