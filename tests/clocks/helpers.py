"""A clocked table through the pure table decider (the log in a list), and a clock freezegun drives."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import msgspec

from domain.table import AnyGame, TableOpened, open_table
from domain.table.clocks import TableClock
from tests.support.tiny_game import Take
from tests.table.helpers import START, Log

TAKE_ONE = Take(count=1)
_REAL_DATETIME = (datetime,)  # in a tuple, so freezegun leaves this reference alone


def frozen_clock() -> datetime:
    """Now by ``time.time()`` (which freezegun controls) as a real datetime msgspec can encode."""
    return _REAL_DATETIME[0].fromtimestamp(time.time(), UTC)


class ClockedLog(Log):
    """:class:`~tests.table.helpers.Log` for a table opened with ``clock``."""

    def __init__(self, game: AnyGame, clock: TableClock, seats: int = 2) -> None:
        self.game = game
        self.now = START
        self.events = []
        self.states = []
        opened = TableOpened(
            version=1,
            at=self.now,
            command_id="open",
            game=game.id,
            rules_version=game.rules_version,
            seat_names=tuple(f"p{seat}" for seat in range(seats)),
            token_digests=(None,) * seats,
            options=msgspec.Raw(b"{}"),
            secret="s",
            seeded=True,
            clock=clock,
        )
        self._append(open_table(game, opened, self._context("open")))
