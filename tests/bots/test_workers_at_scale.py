"""At scale: two workers (each its own service, its own watch) tend one PostgreSQL log at once.

Seat 0 of a Slush Fund 2 table is a bot; seat 1 is a person who never moves, under a 30-second
deadline per move, so the referee plays for it (and for the bot too, when freezegun moves the clock
past the bot's deadline before it moved). Both workers tend together, in threads: every act must be
recorded once, each bot move decided on the version just before it.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from threading import Barrier

import pytest
from freezegun import freeze_time

from api.service.application import Tables
from domain.bots import BotSpec
from domain.games import registered
from domain.table import GameEventRecorded
from domain.table.clocks import TableClock
from tests.clocks.helpers import frozen_clock
from tests.support.projecting import postgres_schema, scale_settings
from tests.support.service import run
from workers.timers import Watch, tend

ROUNDS = 4


@pytest.fixture
def workers() -> Iterator[list[Tables]]:
    with postgres_schema() as schema:
        settings = scale_settings(schema, "unused")
        services = [
            Tables(settings.eventsourcing_env(), games=registered(), clock=frozen_clock) for _ in "ab"
        ]
        for service in services:
            service.bot_pause = 0  # time stands still here: a bot's real pause would never end
        yield services
        for service in services:
            service.close()


def test_two_workers_tending_at_once_record_each_move_once(workers: list[Tables]) -> None:
    """Bot moves and referee moves interleave; no version's move is made twice, none is lost."""
    with freeze_time("2026-06-01 12:00:00") as frozen:
        seating = (TableClock(kind="move", seconds=30), {0: BotSpec(policy="random", level=1)})
        opening = workers[0].open(
            "slush-fund-2", [None, "bob"], seed="a", seating=seating
        )  # seat 0 (the bot) begins
        game_id = str(run(opening).game_id)
        watches = [Watch(worker.store.recorder, worker.store.games) for worker in workers]
        acted = []
        for _ in range(ROUNDS):
            acted.append(_together(workers, watches))
            acted.append(_together(workers, watches))  # the bot's turn may come after the referee's
            frozen.tick(31)
    moves = [
        e
        for e in workers[0].store.events_of(workers[0].store.load(game_id))
        if isinstance(e, GameEventRecorded)
    ]
    by_bot = [move for move in moves if move.bot]
    by_referee = [move for move in moves if move.by_referee]
    assert by_bot and by_referee
    firsts = {}
    for move in by_bot:
        firsts.setdefault(move.command_id, move.version)
    assert all(command_id == f"bot:0:{version - 1}" for command_id, version in firsts.items())
    assert sum(acted) == len({move.command_id for move in by_bot + by_referee})


def _together(workers: list[Tables], watches: list[Watch]) -> int:
    """Both workers tend at the same moment; how many acts were recorded between them."""
    start = Barrier(2)

    def tend_one(index: int) -> int:
        start.wait()
        return run(tend(watches[index], workers[index], workers[index].clock))

    with ThreadPoolExecutor(2) as pool:
        return sum(pool.map(tend_one, range(2)))
