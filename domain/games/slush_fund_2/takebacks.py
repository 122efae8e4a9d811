"""What may be taken back in Slush Fund 2 (see ``docs/rules/slush-fund-2.md``, "Taking actions back").

Checkpoints: a draw or a recall (chance), looking at the slush fund (shown to the actor), and every
card that leaves a hand face up or turns face up: a face-up money card, a power card played, paid
or discarded, a journalist, a hacker, a spy's reveal. Not checkpoints: stashing into the slush fund
and playing money face down (the opponent learns only that a card went there), taking a card from the
slush fund already examined, discarding, concealing and moving contributions (nothing new is shown),
the end of a power card and the passing of the turn. Final: the setup and the end of the game.

Turns: a turn begins with its first action, option 1's draw (``CardsDrawn``) or option 2's look at
the slush fund (``SlushFundExamined``); the draw of the last cards begins the final turn
(``FinalTurnBegan``, with both seats' draws in the same step). Stashing, taking, playing cards,
powers and passing the turn all belong to the turn that began. A recall draws again within the turn;
it is no turn start, since the turn did not begin at the step it was decided on (``Choosing``).
"""

from __future__ import annotations

from typing import Any

from domain.games.slush_fund_2.events import (
    CardsDrawn,
    ContributionRevealed,
    ContributionsExchanged,
    DrawnCardsShuffledBack,
    FinalTurnBegan,
    GameEnded,
    GameStarted,
    JournalistPaidOff,
    JournalistPlayed,
    MoneyCardPlayed,
    PowerCardDiscarded,
    PowerCardPlayed,
    SlushFundExamined,
)
from domain.games.slush_fund_2.state import Choosing, State
from domain.messages import Event
from domain.takeback import TakeBacks

CHANCE = (CardsDrawn, DrawnCardsShuffledBack, FinalTurnBegan)
SHOWN = (
    SlushFundExamined,
    PowerCardPlayed,
    ContributionRevealed,
    ContributionsExchanged,
    JournalistPlayed,
    JournalistPaidOff,
    PowerCardDiscarded,
)


def is_checkpoint(event: Event) -> bool:
    """True when the event draws chance or shows a card to anyone (see the module docstring)."""
    if isinstance(event, MoneyCardPlayed):
        return not event.face_down
    return isinstance(event, CHANCE + SHOWN)


def is_final(event: Event) -> bool:
    """The setup and the end of the game are never taken back."""
    return isinstance(event, GameStarted | GameEnded)


def opens_round(event: Event) -> bool:
    """The game has no rounds; the timeline marks the start and the final turn."""
    return isinstance(event, GameStarted | FinalTurnBegan)


def starts_turn(state: Any, event: Event) -> bool:
    """A turn begins with its first action: a draw or a look at the slush fund at the start of the turn
    (a recall draws again within it), or the final draw."""
    if isinstance(event, FinalTurnBegan):
        return True
    at_start = isinstance(state, State) and isinstance(state.step, Choosing)
    return at_start and isinstance(event, CardsDrawn | SlushFundExamined)


TAKEBACKS = TakeBacks(checkpoint=is_checkpoint, final=is_final, new_round=opens_round, turn_start=starts_turn)
