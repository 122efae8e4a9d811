"""At scale the timer and bot workers split the tables by the projection's partitions, held by lease:
each acts on its own share, a dead worker's share lapses to the others, and each reports its backlog."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time
from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families

from api.service.application import Tables
from domain.games import registered
from domain.table.clocks import TableClock
from projections.partitions import Leases, partition_of
from store.settings import Settings
from tests.clocks.helpers import frozen_clock
from tests.support.projecting import REDIS_URL, redis_prefix
from tests.support.service import run
from tests.support.waiting import DEADLINE
from workers.tending import TendingWorker
from workers.timers import Watch

PARTITIONS = 4
TABLES = 8


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[Tables]:
    service = Tables(
        Settings(sqlite_path=str(tmp_path / "log.sqlite")).eventsourcing_env(),
        games=registered(),
        clock=frozen_clock,
    )
    yield service
    service.close()


def _clocked(tables: Tables, count: int) -> list[str]:
    """``count`` tables under a 30-second move clock, nobody moving."""
    seating = (TableClock(kind="move", seconds=30), {})
    opened = [
        tables.open("slush-fund-2", ["a", "b"], seed=f"split-{n}", seating=seating) for n in range(count)
    ]
    return [str(run(opening).game_id) for opening in opened]


class Idle:
    """A steward that acts on nothing (every act answered as another worker's): the backlog stays."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def referee(self, game_id: str) -> Any:
        self.asked.append(game_id)
        return _Replayed()

    async def play_bot(self, game_id: str, seat: int) -> Any:
        self.asked.append(f"{game_id}:{seat}")
        return _Replayed()


class _Replayed:
    replayed = True


def test_a_watch_acts_only_on_the_tables_of_the_partitions_it_holds(tables: Tables) -> None:
    """Past every deadline, a watch holding partition 1 finds overdue exactly the tables of partition 1."""
    with freeze_time("2026-06-01 12:00:00") as frozen:
        games = _clocked(tables, TABLES)
        frozen.tick(31)
        watch = Watch(tables.store.recorder, tables.store.games, PARTITIONS)
        watch.catch_up()
        everything = set(watch.overdue(frozen_clock()))
        watch.held = frozenset({1})
        mine = set(watch.overdue(frozen_clock()))
    assert everything == set(games)
    assert mine == {game for game in games if partition_of(game, PARTITIONS) == 1}


def test_two_workers_share_the_partitions_and_a_dead_ones_share_lapses_to_the_other() -> None:
    """Two timer workers hold two partitions each; one stops renewing (it died): once its leases lapse
    the other holds all four. The projection workers' leases are apart from theirs."""
    with redis_prefix() as prefix:
        first, second = (Leases(REDIS_URL, prefix, PARTITIONS, 0.5, role="timers") for _ in "ab")
        projecting = Leases(REDIS_URL, prefix, PARTITIONS, 30, role="")
        try:
            assert len(projecting.refresh()) == PARTITIONS  # alone among projection workers
            first.refresh()
            shares = _settled(first, second)
            assert sorted(len(share) for share in shares) == [2, 2] and not shares[0] & shares[1]
            deadline = time.monotonic() + DEADLINE
            while len(second.refresh()) < PARTITIONS:  # `first` renews nothing any more
                assert time.monotonic() < deadline, "the dead worker's partitions never lapsed"
                time.sleep(0.1)
            assert len(projecting.refresh()) == PARTITIONS
        finally:
            for leases in (first, second, projecting):
                leases.close()


def _settled(first: Leases, second: Leases) -> list[set[int]]:
    """Refresh both until each holds its fair share (a newcomer's share is given up at the next renewal)."""
    deadline = time.monotonic() + DEADLINE
    while True:
        shares = [second.refresh(), first.refresh()]
        if sorted(len(share) for share in shares) == [2, 2]:
            return shares
        assert time.monotonic() < deadline, shares
        time.sleep(0.05)


def test_a_timer_workers_backlog_is_the_overdue_tables_of_its_last_look(tables: Tables) -> None:
    """A worker whose every act finds nothing to do still reports the tables past their deadline, and
    asks the referee once about each of them a look."""
    with freeze_time("2026-06-01 12:00:00"):
        games = _clocked(tables, 3)
    later = datetime(2026, 6, 1, 12, 0, 31, tzinfo=UTC)  # past every deadline (the loop's time runs free)
    steward = Idle()
    worker = TendingWorker(
        Watch(tables.store.recorder, tables.store.games), steward, lambda: later, Settings(), "timers"
    )
    asyncio.run(_one_look(worker))
    scraped = {
        sample.name: sample.value
        for family in text_string_to_metric_families(generate_latest(worker.registry).decode())
        for sample in family.samples
    }
    assert scraped["backroom_timer_backlog"] == 3 and scraped["backroom_bot_backlog"] == 0
    assert scraped["backroom_tending_acts_total"] == 0
    assert sorted(set(steward.asked)) == sorted(games)
    assert worker.ready()


async def _one_look(worker: TendingWorker) -> None:
    """Run the worker until it has looked once, then stop it."""
    stop = asyncio.Event()
    running = asyncio.create_task(worker.run(stop))
    while not worker.caught_up:
        await asyncio.sleep(0.01)
    stop.set()
    await running
