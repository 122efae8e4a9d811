"""What may be taken back in Super PACS.

Every step shows something (a card played, money moved, a draw's count), and drawing is chance, so
every step is a checkpoint and only a consented take-back undoes it. The deal, the leaders' reveal, a
revealed event and the end are final: everyone has seen something new. A turn begins with the turn
player's first command of the turn (its initial action, or a superpower used or an investment bought
before it); the answers of other seats inside it belong to it.
"""

from __future__ import annotations

from typing import Any

from domain.games.super_pacs.events import (
    ActionTaken,
    EventRevealed,
    GameEnded,
    GameSetUp,
    InvestmentBought,
    LeadersRevealed,
    RoundBegan,
)
from domain.messages import Event
from domain.takeback import TakeBacks


def is_final(event: Event) -> bool:
    """The deal, the reveal of the leaders, a revealed event and the end are never taken back."""
    return isinstance(event, GameSetUp | LeadersRevealed | EventRevealed | GameEnded)


def opens_round(event: Event) -> bool:
    """Each new round opens a round."""
    return isinstance(event, RoundBegan)


def starts_turn(state: Any, event: Event) -> bool:
    """The turn player's first command of the turn begins it (its ``ActionTaken`` or ``InvestmentBought``)."""
    if getattr(state, "phase", None) != "turn" or not state.fresh:
        return False
    return isinstance(event, ActionTaken | InvestmentBought) and event.seat == state.turn


TAKEBACKS = TakeBacks(final=is_final, new_round=opens_round, turn_start=starts_turn)
