"""What may be taken back in Campaign Trail (see ``docs/rules/campaign-trail.md``, "Taking actions back").

Every step shows something to the other seats (a card played, a voter moved) or draws a card, so every
step is a checkpoint and only a consented take-back undoes it. The setup, the start of the campaign
and Election Day are final. A turn begins with the card a seat plays (or keeps, or debates with); the
steps of its action, a Scandal victim's answer and its reaction window's answers belong to that turn.
"""

from __future__ import annotations

from typing import Any

from domain.games.campaign_trail.events import (
    CampaignBegan,
    CandidateKept,
    CardPlayed,
    DebateCardPlayed,
    DebateEnded,
    ElectionHeld,
    GameSetUp,
)
from domain.messages import Event
from domain.takeback import TakeBacks


def is_final(event: Event) -> bool:
    """The setup, the start of the campaign and Election Day are never taken back."""
    return isinstance(event, GameSetUp | CampaignBegan | ElectionHeld)


def opens_round(event: Event) -> bool:
    """Each month opens a round."""
    return isinstance(event, CampaignBegan | DebateEnded)


def starts_turn(state: Any, event: Event) -> bool:
    """Keeping a candidate, playing a card, or playing one in a debate begins a turn."""
    return isinstance(event, CandidateKept | CardPlayed | DebateCardPlayed)


TAKEBACKS = TakeBacks(final=is_final, new_round=opens_round, turn_start=starts_turn)
