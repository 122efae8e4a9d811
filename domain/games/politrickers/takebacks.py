"""What may be taken back in Politrickers (see ``docs/rules/politrickers.md``, "Taking actions back").

Every play shows something to the other seats: a face-up card shows itself, a face-down card shows
that its player could follow neither suit, Migration shows that it was held. So every step is a
checkpoint and only a consented take-back undoes a play. A step that dealt a new round or ended the
game is final: everyone has seen a new hand, so it is never taken back.
"""

from __future__ import annotations

from domain.games.politrickers.events import GameEnded, RoundDealt
from domain.messages import Event
from domain.takeback import TakeBacks


def is_final(event: Event) -> bool:
    """A new deal and the end of the game are never taken back."""
    return isinstance(event, RoundDealt | GameEnded)


def opens_round(event: Event) -> bool:
    """Each deal opens a round."""
    return isinstance(event, RoundDealt)


TAKEBACKS = TakeBacks(final=is_final, new_round=opens_round)
