"""The write side: what a table's stream records, snapshots, and version clashes between writers."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import pytest

from api.service.application import Tables
from domain import dealing
from domain.chance import EPOCH
from domain.errors import NotYourTurn, StaleVersion
from domain.table import GameEventRecorded, TableOpened
from domain.table.rules import chance_after
from store.settings import Settings
from tests.support.service import RivalClock, StepClock, run
from tests.support.tiny_game import PILE, PileOptions

TAKE_ONE = b'{"type":"Take","count":1}'


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(sqlite_path=str(tmp_path / "tables.sqlite"), snapshot_interval=3)


def make(settings: Settings, clock: Callable[[], datetime] | None = None) -> Tables:
    return Tables(
        settings.eventsourcing_env(),
        games={"pile": PILE},
        clock=clock or StepClock(),
        snapshot_interval=settings.snapshot_interval,
    )


@pytest.fixture
def tables(settings: Settings) -> Iterator[Tables]:
    app = make(settings)
    yield app
    app.close()


def test_every_stream_opens_with_game_seats_options_rules_version_and_seed(tables: Tables) -> None:
    """The first event records game id, type, seat names, options, rules version and the secret seed."""
    opening = run(tables.open("pile", ["ann", "bob"], {"stones": 5}, seed="seed-1"))
    first = tables.store.events_of(tables.store.load(opening.game_id))[0]
    assert isinstance(first, TableOpened)
    assert first.version == 1
    assert (first.game, first.seat_names, first.rules_version) == ("pile", ("ann", "bob"), "1")
    assert bytes(first.options) == b'{"stones":5}'
    assert first.secret == "seed-1" and first.seeded is True
    assert all(len(digest or "") == 64 for digest in first.token_digests)


def test_every_event_carries_its_seat_command_id_and_clock_time(tables: Tables) -> None:
    """Each event names the acting seat and the command id, and is stamped by the injected clock."""
    opening = run(tables.open("pile", ["ann", "bob"]))
    run(tables.submit(str(opening.game_id), opening.tokens[0], TAKE_ONE, command_id="cmd-9"))
    events = tables.store.events_of(tables.store.load(opening.game_id))
    last = events[-1]
    assert isinstance(last, GameEventRecorded)
    assert (last.seat, last.command_id) == (0, "cmd-9")
    # ``now`` is read once per command: the setup carries the opening's time.
    assert [event.at for event in events] == [
        datetime(2026, 3, 1, 0, 0, second, tzinfo=UTC) for second in (1, 1, 2)
    ]


def test_each_step_draws_from_the_secret_and_the_version(tables: Tables) -> None:
    """The deal is what the game's setup draws from the chance after the version before it: the
    stream of the table's key (its secret, no seat contributing) at that version."""
    opening = run(tables.open("pile", ["ann", "bob"], seed="fixed"))
    key = dealing.table_key("fixed", (None, None))
    expected = PILE.setup(PileOptions(), 2, chance_after("fixed", 1, EPOCH, key))
    assert tables.store.load(opening.game_id).game_state.cards == expected[0].cards  # type: ignore[attr-defined]


def test_a_snapshot_is_taken_each_interval_and_a_fresh_load_matches(
    settings: Settings, tables: Tables
) -> None:
    """Every third version is snapshotted; a new process loads from it to the same state."""
    opening = run(tables.open("pile", ["ann", "bob"], {"stones": 20}))
    game_id, tokens = str(opening.game_id), opening.tokens
    for turn in range(5):
        run(tables.submit(game_id, tokens[turn % 2], TAKE_ONE))
    tables.store.committer.flush()  # snapshots are written after the commit, and nobody waits for them
    assert tables.store.snapshots is not None
    assert [snap.originator_version for snap in tables.store.snapshots.get(opening.game_id)] == [3, 6]
    fresh = make(settings)
    try:
        loaded, original = fresh.store.load(game_id), tables.store.load(game_id)
        assert loaded.version == original.version == 7
        assert loaded.game_state == original.game_state and loaded.state.receipts == original.state.receipts
    finally:
        fresh.close()


def test_a_rival_saving_first_makes_this_command_decided_again_on_the_log(
    settings: Settings, tables: Tables
) -> None:
    """Between load and save another writer records a command: the library's clash sends this one back
    to be decided on the log's table (here it is no longer Ann's turn); with ``If-Match`` it is stale."""
    opening = run(tables.open("pile", ["ann", "bob"], {"stones": 20}))
    game_id, token = str(opening.game_id), opening.tokens[0]
    clock = RivalClock()
    slow = make(settings, clock)
    try:
        slow.store.load(game_id)
        clock.rival = lambda: run(tables.submit(game_id, token, TAKE_ONE))
        with pytest.raises(NotYourTurn):
            run(slow.submit(game_id, token, TAKE_ONE))
        clock.rival = lambda: run(tables.submit(game_id, opening.tokens[1], TAKE_ONE))
        with pytest.raises(StaleVersion):
            run(slow.submit(game_id, opening.tokens[1], TAKE_ONE, expected_version=3))
    finally:
        slow.close()
    assert tables.store.load(game_id).version == 4


def test_a_retry_that_lost_the_race_to_its_own_first_try_is_recognised(
    settings: Settings, tables: Tables
) -> None:
    """If the same command id was saved by a rival meanwhile, the clash is answered as a retry."""
    opening = run(tables.open("pile", ["ann", "bob"], {"stones": 20}))
    game_id, token = str(opening.game_id), opening.tokens[0]
    clock = RivalClock()
    slow = make(settings, clock)
    try:
        clock.rival = lambda: run(tables.submit(game_id, token, TAKE_ONE, command_id="same"))
        ruling = run(slow.submit(game_id, token, TAKE_ONE, command_id="same"))
    finally:
        slow.close()
    assert ruling.replayed and (ruling.first, ruling.last) == (3, 3)
    assert tables.store.load(game_id).version == 3


def test_threads_and_a_second_instance_racing_for_one_version_have_one_winner(
    settings: Settings, tables: Tables
) -> None:
    """Writers in two instances, all naming version 2: exactly one is saved, the rest are stale."""
    opening = run(tables.open("pile", ["ann", "bob"], {"stones": 20}))
    game_id, token = str(opening.game_id), opening.tokens[0]
    other = make(settings)
    start = threading.Barrier(8)

    def race(writer: Tables) -> str:
        start.wait()
        try:
            run(writer.submit(game_id, token, TAKE_ONE, expected_version=2))
        except StaleVersion:
            return "stale"
        return "saved"

    try:
        with ThreadPoolExecutor(8) as pool:
            outcomes = Counter(pool.map(race, [tables, other] * 4))
    finally:
        other.close()
    assert outcomes == {"saved": 1, "stale": 7}
    assert [event.version for event in tables.store.events_of(tables.store.load(opening.game_id))] == [
        1,
        2,
        3,
    ]
