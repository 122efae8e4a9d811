"""What may be taken back in Politrickers (see ``docs/rules/politrickers.md``, "Taking actions back").

Every play shows something to the other seats: a face-up card shows itself, a face-down card shows
that its player could follow neither suit, Migration shows that it was held. So every step is a
checkpoint and only a consented take-back undoes a play. A step that dealt a new round or ended the
game is final: everyone has seen a new hand, so it is never taken back.

Turns: each play to a trick is its player's turn, so a turn begins with the card the step plays (face
up, face down or Migration). A party switch is part of the play it comes with, never a turn of its
own, and a trick's result, a round's end and a new deal belong to the turn of the card that caused
them. Exactly one event of every play step is a turn start.
"""

from __future__ import annotations

from typing import Any

from domain.games.politrickers.events import (
    CardPlayed,
    CardPlayedFaceDown,
    GameEnded,
    MigrationPlayed,
    RoundDealt,
)
from domain.messages import Event
from domain.takeback import TakeBacks

_FINAL = (RoundDealt, GameEnded)
_TURN_STARTS = (CardPlayed, CardPlayedFaceDown, MigrationPlayed)
"""Tuples, not unions: ``isinstance`` reads a tuple several times faster, and these run every event."""


def is_final(event: Event) -> bool:
    """A new deal and the end of the game are never taken back."""
    return isinstance(event, _FINAL)


def opens_round(event: Event) -> bool:
    """Each deal opens a round."""
    return isinstance(event, RoundDealt)


def starts_turn(state: Any, event: Event) -> bool:
    """The card a seat plays to the trick begins its turn."""
    return isinstance(event, _TURN_STARTS)


TAKEBACKS = TakeBacks(final=is_final, new_round=opens_round, turn_start=starts_turn)
