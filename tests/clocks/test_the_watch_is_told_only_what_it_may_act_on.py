"""The embedded watch is handed only the commits it may act on, and rests until something wakes it.

A move at a table with no clock, no bot seat and a game that never waits reaches no tending reaction
(``store.commits.Tending``); the watch still knows it has seen everything before the next commit it is
handed, without reading the log. With nothing to keep it looks at nothing until a commit it is handed
or the follower (which reads the log) wakes it.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api.service.application import Tables
from domain.table.clocks import TableClock
from projections.projection import GameProjection, LogFollower
from projections.stores import SQLiteReadStore
from store.repository import utc_now
from store.settings import Settings
from tests.support.service import run
from tests.support.tiny_game import PILE
from workers import timers
from workers.timers import Watch

PER_MOVE = TableClock(kind="move", seconds=30)
TAKE_ONE = b'{"type":"Take","count":1}'


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(sqlite_path=str(tmp_path / "watch.sqlite"))


@pytest.fixture
def tables(settings: Settings) -> Iterator[Tables]:
    found = Tables(settings.eventsourcing_env(), games={PILE.id: PILE}, clock=utc_now)
    try:
        yield found
    finally:
        found.close()


class Handed:
    """A tending reaction that hands each commit on to the watch and remembers it."""

    def __init__(self, watch: Watch) -> None:
        self.watch = watch
        self.commits: list[list[Any]] = []

    def __call__(self, committed: list[Any], folded: Any, passed: int) -> None:
        self.commits.append(committed)
        self.watch.offer(committed, folded, passed)


def test_a_move_at_a_table_nobody_tends_is_not_handed_to_the_watch(tables: Tables) -> None:
    """No clock, no bot, no deadline of the game's: the watch is told nothing of the move."""
    watch = Watch(tables.store.recorder, tables.store.games)
    handed = Handed(watch)
    tables.store.routes.tending.append(handed)
    opening = run(tables.open("pile", ["ann", "bob"]))
    handed.commits.clear()  # a process's first commit is handed: nothing came before it that it knows of
    run(tables.submit(str(opening.game_id), opening.tokens[0], TAKE_ONE))
    assert handed.commits == []
    assert not watch.tables


def test_the_watch_moves_past_the_commits_it_was_not_handed_without_reading_the_log(tables: Tables) -> None:
    """Commits of untended tables in between are vouched for: the watch's next commit follows on."""
    watch = Watch(tables.store.recorder, tables.store.games)
    tables.store.routes.tending.append(Handed(watch))
    untended = run(tables.open("pile", ["ann", "bob"]))
    for seat in (0, 1):
        run(tables.submit(str(untended.game_id), untended.tokens[seat], TAKE_ONE))
    clocked = run(tables.open("pile", ["cat", "dan"], seating=(PER_MOVE, {})))
    assert watch.read == 0  # not one row read back from the log
    assert watch.position == tables.store.recorder.max_notification_id()
    assert watch.tables[clocked.game_id].version == tables.store.load(str(clocked.game_id)).version


def test_a_stand_in_that_goes_is_handed_so_the_bot_stops_being_asked_to_move(tables: Tables) -> None:
    """A bot seat is the one thing that makes a table tended and can go again: its going is handed."""
    watch = Watch(tables.store.recorder, tables.store.games)
    tables.store.routes.tending.append(Handed(watch))
    opening = run(tables.open("pile", ["ann", "bob"]))
    game_id = str(opening.game_id)
    run(tables.submit(game_id, opening.tokens[0], b'{"type":"LeaveSeat"}'))
    assert watch.bot_turns() == [(game_id, 0)]
    run(tables.submit(game_id, opening.tokens[0], b'{"type":"ReturnToSeat"}'))
    assert watch.bot_turns() == []


def test_a_watch_that_keeps_no_table_rests_until_it_is_woken(tables: Tables) -> None:
    """It looks once on start, then not at all, until a commit it is handed (or the follower) wakes it."""
    watch = Watch(tables.store.recorder, tables.store.games)
    watch.hearing = True

    async def watched() -> tuple[float, float, float]:
        stop = asyncio.Event()
        task = asyncio.create_task(timers.run(watch, tables, tables.clock, stop))
        await asyncio.sleep(0.05)
        first = watch.stirred  # when it last looked at the log
        await asyncio.sleep(3 * timers.TICK)
        resting = watch.stirred
        watch.wake()
        await asyncio.sleep(0.05)
        stop.set()
        await task
        return first, resting, watch.stirred

    first, resting, woken = run(watched())
    assert resting == first
    assert woken > resting


def test_the_follower_wakes_the_watch_when_the_log_holds_another_processes_commits(
    settings: Settings, tables: Tables
) -> None:
    """Another process opened a clocked table: the follower reads it from the log and tells the watch."""
    projection = GameProjection(SQLiteReadStore(), tables.store.games, views=False)
    follower = LogFollower(tables.store.recorder, projection, poll=0.02, gather=0)
    heard = threading.Event()
    follower.heard = heard.set
    follower.start()
    other = Tables(settings.eventsourcing_env(), games={PILE.id: PILE}, clock=utc_now)
    try:
        time.sleep(0.05)
        heard.clear()  # what it read on start
        run(other.open("pile", ["ann", "bob"], seating=(PER_MOVE, {})))
        assert heard.wait(5)
    finally:
        other.close()
        follower.stop()
