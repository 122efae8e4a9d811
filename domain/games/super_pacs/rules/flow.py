"""A decision in progress: the events decided so far and the table they lead to.

``decide`` often has to carry on after an event (a window that closes resolves its effect, the last
turn of a round reveals the sneaked cards); a :class:`Flow` folds each event as it is decided, so the
next rule reads the table as it now is. The events are the only output.
"""

from __future__ import annotations

import random
from datetime import datetime

from domain.chance import Chance
from domain.games.super_pacs.events import Events
from domain.games.super_pacs.evolve import evolve_decided
from domain.games.super_pacs.state import State


class Flow:
    """The table as the events decided so far leave it."""

    __slots__ = ("events", "now", "rng", "state")

    def __init__(self, state: State, ctx: Chance) -> None:
        self.state = state
        self.events: list[Events] = []
        self.rng: random.Random = ctx.rng
        self.now: datetime = ctx.now

    def emit(self, event: Events) -> None:
        """Record ``event`` and fold it into the table."""
        self.state = evolve_decided(self.state, event)
        self.events.append(event)
