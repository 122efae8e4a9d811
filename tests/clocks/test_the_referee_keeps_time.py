"""The referee acts on the clock through the service: after a restart, and with two workers racing.

Time is freezegun's: the service's clock reads it, and the tests move it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time

from api.service.application import Tables
from domain.table import GameEventRecorded, TakeBackNoted
from domain.table.clocks import TableClock
from projections.projection import GameProjection, catch_up
from projections.stores import SQLiteReadStore
from store.settings import Settings
from tests.clocks.helpers import frozen_clock
from tests.support.service import run
from tests.support.tiny_game import PILE
from tests.support.toll_game import TOLL, WINDOW
from workers.timers import Watch, tend

PER_MOVE = TableClock(kind="move", seconds=30)
TAKE_ONE = b'{"type":"Take","count":1}'


class RivalClock:
    """freezegun's time; armed, its first reading lets a rival act first (between load and save)."""

    def __init__(self) -> None:
        self.rival: Callable[[], object] | None = None

    def __call__(self):  # type: ignore[no-untyped-def]  (a clock, as the service calls it)
        rival, self.rival = self.rival, None
        if rival is not None:
            rival()
        return frozen_clock()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(sqlite_path=str(tmp_path / "clocks.sqlite"))


@pytest.fixture
def frozen() -> Iterator[object]:
    with freeze_time("2026-06-01 12:00:00") as frozen:
        yield frozen


def service(settings: Settings, clock: Callable[[], object] = frozen_clock) -> Tables:
    return Tables(settings.eventsourcing_env(), games={PILE.id: PILE}, clock=clock)


def referee_moves(tables: Tables, game_id: str) -> list[GameEventRecorded]:
    events = tables.store.events_of(tables.store.load(game_id))
    return [e for e in events if isinstance(e, GameEventRecorded) and e.by_referee]


def test_a_deadline_that_passed_while_everything_was_down_fires_once_on_start(
    settings: Settings, frozen: object
) -> None:
    """The table is opened, the service stops, an hour passes; a new timer worker plays one move."""
    first = service(settings)
    opening = run(first.open("pile", ["ann", "bob"], seating=(PER_MOVE, {})))
    first.close()
    frozen.tick(3600)  # type: ignore[attr-defined]
    restarted = service(settings)
    try:
        watch = Watch(restarted.store.recorder, restarted.store.games)
        assert run(tend(watch, restarted, restarted.clock)) == 1
        assert run(tend(watch, restarted, restarted.clock)) == 0  # seat 1's 30 s began with that move
        [played] = referee_moves(restarted, str(opening.game_id))
        assert played.seat == 0
    finally:
        restarted.close()


def test_two_timer_workers_racing_for_one_deadline_record_one_move(
    settings: Settings, frozen: object
) -> None:
    """The second worker decides on the version the first just passed: its save clashes, and on a
    fresh look nothing is overdue any more."""
    clock = RivalClock()
    one, other = service(settings), service(settings, clock)
    try:
        opening = run(other.open("pile", ["ann", "bob"], seating=(PER_MOVE, {})))
        game_id = str(opening.game_id)
        frozen.tick(31)  # type: ignore[attr-defined]
        watches = [Watch(one.store.recorder, one.store.games), Watch(other.store.recorder, other.store.games)]
        for watch in watches:
            watch.catch_up()
        clock.rival = lambda: run(tend(watches[0], one, one.clock))
        decided = []
        refereed = other._refereed

        async def counted(table, auto, at=None):  # type: ignore[no-untyped-def]  (wraps the service's own)
            decided.append(table.version)
            return await refereed(table, auto, at)

        other._refereed = counted  # type: ignore[method-assign]
        assert run(tend(watches[1], other, clock)) == 0
        assert decided == [2, 3]  # on its kept table (a clash), then on the log's (nothing overdue)
        assert len(referee_moves(one, game_id)) == 1
        assert one.store.load(game_id).version == other.store.load(game_id).version
    finally:
        one.close()
        other.close()


def test_a_seat_clock_runs_out_through_the_service(settings: Settings, frozen: object) -> None:
    """Chess-style: ann spends 50 of her 60 s and earns 5; bob lets his run out and the referee moves."""
    tables = service(settings)
    try:
        clock = TableClock(kind="seat", seconds=60, increment=5)
        opening = run(tables.open("pile", ["ann", "bob"], seating=(clock, {})))
        game_id = str(opening.game_id)
        frozen.tick(50)  # type: ignore[attr-defined]
        run(tables.submit(game_id, opening.tokens[0], TAKE_ONE))
        assert tables.store.load(game_id).state.timing.left == (15.0, 60.0)  # type: ignore[union-attr]
        frozen.tick(61)  # type: ignore[attr-defined]
        watch = Watch(tables.store.recorder, tables.store.games)
        assert run(tend(watch, tables, tables.clock)) == 1
        [played] = referee_moves(tables, game_id)
        assert played.seat == 1
    finally:
        tables.close()


def test_a_take_back_request_lapses_on_its_own_at_a_clocked_table(settings: Settings, frozen: object) -> None:
    """Nobody answers ann's request: after its 120 s the referee lets it lapse (the move's 600 s run on)."""
    tables = service(settings)
    try:
        seating = (TableClock(kind="move", seconds=600), {})
        opening = run(tables.open("pile", ["ann", "bob"], seating=seating))
        game_id = str(opening.game_id)
        run(tables.submit(game_id, opening.tokens[0], TAKE_ONE))
        run(tables.submit(game_id, opening.tokens[0], b'{"type":"RequestTakeBack"}'))
        frozen.tick(121)  # type: ignore[attr-defined]
        assert run(tend(Watch(tables.store.recorder, tables.store.games), tables, tables.clock)) == 1
        last = tables.store.events_of(tables.store.load(game_id))[-1]
        assert isinstance(last, TakeBackNoted) and b"TakeBackLapsed" in bytes(last.event)
        assert referee_moves(tables, game_id) == []
    finally:
        tables.close()


def test_a_game_s_own_reaction_window_closes_on_its_own_without_a_clock(
    settings: Settings, frozen: object
) -> None:
    """Toll's window (a deadline of the game's own) is watched at every table of the game."""
    tables = Tables(settings.eventsourcing_env(), games={TOLL.id: TOLL}, clock=frozen_clock)
    try:
        opening = run(tables.open("toll", ["ann", "bob"]))
        game_id = str(opening.game_id)
        run(tables.submit(game_id, opening.tokens[0], TAKE_ONE))
        watch = Watch(tables.store.recorder, tables.store.games)
        assert run(tend(watch, tables, tables.clock)) == 0
        frozen.tick(WINDOW.total_seconds() + 1)  # type: ignore[attr-defined]
        assert run(tend(watch, tables, tables.clock)) == 1
        assert tables.store.load(game_id).state.game_state.choice is None
    finally:
        tables.close()


def test_an_embedded_watch_folds_each_commit_as_it_lands_without_reading_the_log(
    settings: Settings, frozen: object
) -> None:
    """Handed every commit of its process, the watch knows the window is open before reading any log."""
    tables = Tables(settings.eventsourcing_env(), games={TOLL.id: TOLL}, clock=frozen_clock)
    watch = Watch(tables.store.recorder, tables.store.games)
    tables.store.routes.listeners.append(watch.offer)
    try:
        opening = run(tables.open("toll", ["ann", "bob"]))
        game_id = str(opening.game_id)
        run(tables.submit(game_id, opening.tokens[0], TAKE_ONE))
        assert watch.position == tables.store.recorder.max_notification_id()
        assert watch.tables[opening.game_id].version == tables.store.load(game_id).version
        frozen.tick(WINDOW.total_seconds() + 1)  # type: ignore[attr-defined]
        assert watch.overdue(frozen_clock()) == [game_id]
    finally:
        tables.close()


def test_a_watch_offered_a_commit_past_a_gap_leaves_it_to_the_log(settings: Settings) -> None:
    """A commit that does not follow what the watch folded is not folded out of order."""
    tables = Tables(settings.eventsourcing_env(), games={TOLL.id: TOLL}, clock=frozen_clock)
    watch = Watch(tables.store.recorder, tables.store.games)
    try:
        opening = run(tables.open("toll", ["ann", "bob"]))
        tables.store.routes.listeners.append(watch.offer)
        run(tables.submit(str(opening.game_id), opening.tokens[0], TAKE_ONE))
        assert watch.position == 0 and not watch.tables
        watch.catch_up()
        assert watch.tables[opening.game_id].version == tables.store.load(str(opening.game_id)).version
    finally:
        tables.close()


class CountingRecorder:
    """The log's recorder, counting the notifications read from it (a watch's reads of the whole log)."""

    def __init__(self, recorder: Any) -> None:
        self.recorder = recorder
        self.read: list[int] = []

    def select_notifications(self, start: int, limit: int, **kwargs: Any) -> Any:
        found = self.recorder.select_notifications(start, limit, **kwargs)
        self.read += [notification.id for notification in found]
        return found

    def __getattr__(self, name: str) -> Any:
        return getattr(self.recorder, name)


def test_a_watch_resumed_from_the_read_side_fires_each_overdue_deadline_once_reading_only_what_is_new(
    settings: Settings, frozen: object
) -> None:
    """Restarted, the watch takes the live tables from the lobby index and the log only after the read
    side's position: both overdue tables are refereed once; finished tables and the old log are not read."""
    first = service(settings)
    finished = run(first.open("pile", ["cat", "dan"], seating=(PER_MOVE, {})))
    for _ in range(4):  # cat and dan take 7 stones in 4 moves (1, 2, 2, 2): that table is over
        loaded = first.store.load(str(finished.game_id))
        seat = min(PILE.to_act(loaded.game_state))
        count = 1 if loaded.game_state.stones == 7 else 2
        body = f'{{"type":"Take","count":{count}}}'.encode()
        run(first.submit(str(finished.game_id), finished.tokens[seat], body))
    assert first.store.load(str(finished.game_id)).over
    live = [run(first.open("pile", ["ann", "bob"], seating=(PER_MOVE, {}))) for _ in range(2)]
    store = SQLiteReadStore(":memory:")
    catch_up(first.store.recorder, GameProjection(store, first.store.games))
    projected = store.position()
    first.close()
    frozen.tick(3600)  # type: ignore[attr-defined]
    restarted = service(settings)
    try:
        recorder = CountingRecorder(restarted.store.recorder)
        watch = Watch(recorder, restarted.store.games)  # type: ignore[arg-type]  (the recorder, counted)
        assert watch.resume(store) == projected
        assert set(watch.tables) == {opening.game_id for opening in live}
        assert run(tend(watch, restarted, restarted.clock)) == 2
        assert run(tend(watch, restarted, restarted.clock)) == 0
        assert all(len(referee_moves(restarted, str(opening.game_id))) == 1 for opening in live)
        assert recorder.read and min(recorder.read) > projected  # only the referee's new events
    finally:
        restarted.close()
        store.close()
