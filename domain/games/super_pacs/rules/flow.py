"""A decision in progress: the events decided so far and the table they lead to.

``decide`` often has to carry on after an event (a window that closes resolves its effect, the last
turn of a round reveals the sneaked cards); a :class:`Flow` folds each event as it is decided, so the
next rule reads the table as it now is. The events are the only output; the decision hands them to
``evolve.decided_run`` with the table they made, for the referee's fold.
"""

from __future__ import annotations

import random
from datetime import datetime

from domain.chance import Chance
from domain.games.super_pacs.events import Events
from domain.games.super_pacs.evolve import APPLY
from domain.games.super_pacs.state import State


class Flow:
    """The table as the events decided so far leave it."""

    __slots__ = ("_ctx", "events", "now", "state")

    def __init__(self, state: State, ctx: Chance) -> None:
        self.state = state
        self.events: list[Events] = []
        self._ctx = ctx
        self.now: datetime = ctx.now

    @property
    def rng(self) -> random.Random:
        """The step's generator, asked for only when a rule draws: a table's step makes and seeds it at
        its first use (``domain.chance.Step``), and most commands draw nothing."""
        return self._ctx.rng

    def emit(self, event: Events) -> None:
        """Record ``event`` and fold it into the table."""
        self.state = APPLY[type(event)](self.state, event)
        self.events.append(event)
