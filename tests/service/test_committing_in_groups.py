"""Group commit: commands decided apart, saved together; only a real loser is refused."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from api.service.application import Tables
from store.commits import Committer
from store.settings import Settings
from tests.support.service import StepClock, run
from tests.support.tiny_game import PILE

TAKE_ONE = b'{"type":"Take","count":1}'


class Tally(Aggregate):
    """An aggregate with one event, to drive the committer without a game."""

    def __init__(self) -> None:
        self.count = 0

    @event("Counted")
    def add(self) -> None:
        self.count += 1


def make(path: Path) -> Tables:
    settings = Settings(sqlite_path=str(path), snapshot_interval=0)
    return Tables(settings.eventsourcing_env(), games={"pile": PILE}, clock=StepClock())


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[Tables]:
    app = make(tmp_path / "tables.sqlite")
    yield app
    app.close()


class CountingSaves:
    """Wraps an application's ``save``: how many events each call saved; the first call may be held."""

    def __init__(self, app: Application[Any], hold_first: bool = False) -> None:
        self.calls: list[int] = []
        self.held = threading.Event()
        self.release = threading.Event()
        self.hold_first = hold_first
        self._save = app.save
        app.save = self  # type: ignore[method-assign]  # an instance attribute shadows the method

    def __call__(self, *events: Any) -> Any:
        self.calls.append(len(events))
        if self.hold_first and len(self.calls) == 1:
            self.held.set()
            self.release.wait(5)
        return self._save(*events)


def test_commands_of_many_games_at_once_share_transactions_and_are_all_recorded(tables: Tables) -> None:
    """Twelve games' commands sent together are all recorded, in fewer saves than commands."""
    openings = [run(tables.open("pile", ["ann", "bob"], {"stones": 20})) for _ in range(12)]
    saves = CountingSaves(tables.store, hold_first=True)

    async def send_all() -> list[Any]:
        sending = [tables.submit(str(opening.game_id), opening.tokens[0], TAKE_ONE) for opening in openings]
        first = asyncio.ensure_future(sending[0])
        await asyncio.get_running_loop().run_in_executor(None, saves.held.wait, 5)
        rest = asyncio.gather(*sending[1:])
        await asyncio.sleep(0.2)  # let the other eleven queue behind the held save
        saves.release.set()
        return [await first, *(await rest)]

    rulings = run(send_all())
    assert [ruling.last for ruling in rulings] == [3] * 12
    assert saves.calls[0] == 1 and sum(saves.calls) == 12 and len(saves.calls) < 12
    assert all(tables.store.load(opening.game_id).version == 3 for opening in openings)


def test_in_a_failed_batch_only_the_save_that_lost_its_race_is_refused() -> None:
    """A batch meeting a conflict fails only its loser, found in the log; the others are saved together
    again, each once."""
    app: Application[Any] = Application()
    committer = Committer(app)
    blocker, winner, other, rival = Tally(), Tally(), Tally(), Tally()
    app.save(winner, other, rival)
    stale = app.repository.get(rival.id)
    rival.add()
    app.save(rival)  # another writer moves the rival on: ``stale`` now clashes
    saves = CountingSaves(app, hold_first=True)
    first = committer.save(list(blocker.collect_events()))
    assert saves.held.wait(5)
    winner.add()
    other.add()
    stale.add()
    won = committer.save(list(winner.collect_events()))
    lost = committer.save(list(stale.collect_events()))
    also_won = committer.save(list(other.collect_events()))
    saves.release.set()
    first.result(5)
    won.result(5)
    also_won.result(5)
    with pytest.raises(IntegrityError):
        lost.result(5)
    committer.close()
    assert saves.calls == [1, 3, 2]
    assert app.repository.get(winner.id).count == app.repository.get(other.id).count == 1
    assert app.repository.get(rival.id).count == 1


def test_two_saves_of_one_version_in_a_batch_are_saved_one_by_one_and_one_wins() -> None:
    """Two members clashing with each other (the log holds neither): saved one by one, the first wins."""
    app: Application[Any] = Application()
    committer = Committer(app)
    blocker, tally = Tally(), Tally()
    app.save(tally)
    first_copy, second_copy = app.repository.get(tally.id), app.repository.get(tally.id)
    saves = CountingSaves(app, hold_first=True)
    first = committer.save(list(blocker.collect_events()))
    assert saves.held.wait(5)
    first_copy.add()
    second_copy.add()
    won = committer.save(list(first_copy.collect_events()))
    lost = committer.save(list(second_copy.collect_events()))
    saves.release.set()
    first.result(5)
    won.result(5)
    with pytest.raises(IntegrityError):
        lost.result(5)
    committer.close()
    assert saves.calls == [1, 2, 1, 1]
    assert app.repository.get(tally.id).count == 1


def test_a_table_kept_behind_the_log_is_decided_again_on_a_fresh_load(tmp_path: Path) -> None:
    """Another process records a command; this one's kept table is behind, yet its next command is
    recorded after that one, not refused as a conflict."""
    here, there = make(tmp_path / "shared.sqlite"), make(tmp_path / "shared.sqlite")
    try:
        opening = run(here.open("pile", ["ann", "bob"], {"stones": 20}))
        game_id, tokens = str(opening.game_id), opening.tokens
        run(there.submit(game_id, tokens[0], TAKE_ONE))
        ruling = run(here.submit(game_id, tokens[1], TAKE_ONE, expected_version=3))
        assert (ruling.first, ruling.last) == (4, 4)
        assert here.store.load(game_id).version == there.store.load(game_id).version == 4
    finally:
        here.close()
        there.close()


def test_the_answer_carries_the_commands_the_sender_may_send_next(tables: Tables) -> None:
    """One path for every command: each ruling's table offers what a fresh load offers."""
    opening = run(tables.open("pile", ["ann", "bob"], {"stones": 20}))
    game_id, tokens = str(opening.game_id), opening.tokens
    first = run(tables.submit(game_id, tokens[0], TAKE_ONE))
    second = run(tables.submit(game_id, tokens[1], TAKE_ONE))
    assert (first.first, first.last, second.first, second.last) == (3, 3, 4, 4)
    assert tables.legal(second.table, 0) == tables.legal(tables.store.load(game_id), 0) != []


def test_a_save_whose_waiter_went_away_is_dropped_and_the_committer_goes_on() -> None:
    """A client that hangs up before its turn in the queue: its events are not saved, the next are."""
    app: Application[Any] = Application()
    committer = Committer(app)
    blocker, gone, next_one = Tally(), Tally(), Tally()
    saves = CountingSaves(app, hold_first=True)
    first = committer.save(list(blocker.collect_events()))
    assert saves.held.wait(5)
    dropped = committer.save(list(gone.collect_events()))
    assert dropped.cancel()
    saves.release.set()
    first.result(5)
    committer.save(list(next_one.collect_events())).result(5)
    committer.close()
    assert saves.calls == [1, 1]
    assert app.repository.get(next_one.id).count == 0
    assert gone.id not in app.repository


def test_waiters_on_an_event_loop_are_answered_together_and_a_loser_hears_its_conflict() -> None:
    """Loop callers of one batch are answered on their loop together: winners return, the loser raises."""
    app: Application[Any] = Application()
    committer = Committer(app)
    blocker, winner, rival = Tally(), Tally(), Tally()
    app.save(winner, rival)
    stale = app.repository.get(rival.id)
    rival.add()
    app.save(rival)
    saves = CountingSaves(app, hold_first=True)

    async def race() -> list[Any]:
        loop = asyncio.get_running_loop()
        first = asyncio.ensure_future(committer.saved(list(blocker.collect_events())))
        await loop.run_in_executor(None, saves.held.wait, 5)
        winner.add()
        stale.add()
        won = asyncio.ensure_future(committer.saved(list(winner.collect_events())))
        lost = asyncio.ensure_future(committer.saved(list(stale.collect_events())))
        await asyncio.sleep(0.1)  # both queue behind the held save
        saves.release.set()
        return await asyncio.gather(first, won, lost, return_exceptions=True)

    first, won, lost = run(race())
    committer.close()
    assert first is None and won is None and isinstance(lost, IntegrityError)
    assert app.repository.get(winner.id).count == 1
    assert app.repository.get(rival.id).count == 1


def test_closing_saves_what_was_handed_over_and_refuses_anything_after() -> None:
    """``close`` returns once every save handed over before it is committed (none is dropped, though
    the first is still being saved), and a save handed over after it is refused at once."""
    app: Application[Any] = Application()
    committer = Committer(app)
    saves = CountingSaves(app, hold_first=True)
    tallies = [Tally() for _ in range(4)]
    futures = [committer.save(list(tally.collect_events())) for tally in tallies[:1]]
    assert saves.held.wait(5)
    futures += [committer.save(list(tally.collect_events())) for tally in tallies[1:]]
    closing = threading.Thread(target=committer.close)
    closing.start()
    saves.release.set()
    closing.join(5)
    assert all(future.done() and future.exception() is None for future in futures)
    assert all(tally.id in app.repository for tally in tallies)
    assert saves.calls == [1, 3]
    with pytest.raises(RuntimeError, match="closed"):
        committer.save(list(Tally().collect_events()))
    committer.close()  # a second close is harmless


def test_a_flush_returns_once_the_snapshots_handed_over_before_it_are_written() -> None:
    """Snapshots are written after the batch and nobody waits for them, except a flush."""
    app: Application[Any] = Application(env={"IS_SNAPSHOTTING_ENABLED": "y"})
    committer = Committer(app)
    tally = Tally()
    tally.add()
    committer.save(list(tally.collect_events())).result(5)
    assert app.snapshots is not None
    snapshot = type(tally).Snapshot.take(tally)
    committer.snapshot(snapshot)
    committer.flush()
    assert [found.originator_version for found in app.snapshots.get(tally.id)] == [2]
    committer.close()


def test_a_take_back_decided_again_on_a_newer_table_is_counted_once(tmp_path: Path) -> None:
    """A seat allowed one take-back a minute asks through a process whose kept table is behind: the
    request is decided there, then again on the log's table, and counted once, not refused."""
    settings = Settings(sqlite_path=str(tmp_path / "shared.sqlite"), snapshot_interval=0)
    here = Tables(settings.eventsourcing_env(), games={"pile": PILE}, clock=StepClock(), takebacks=1)
    there = make(tmp_path / "shared.sqlite")
    try:
        opening = run(here.open("pile", ["ann", "bob"], {"stones": 20}))
        game_id, tokens = str(opening.game_id), opening.tokens
        run(here.submit(game_id, tokens[0], TAKE_ONE))
        run(there.submit(game_id, tokens[1], TAKE_ONE))  # ``here`` keeps the table before these two
        run(there.submit(game_id, tokens[0], TAKE_ONE))
        ruling = run(here.submit(game_id, tokens[0], b'{"type":"RequestTakeBack"}'))
        assert (ruling.first, ruling.last) == (6, 6)
    finally:
        here.close()
        there.close()
