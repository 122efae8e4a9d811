"""The SQLite log takes a commit's events in one statement: all or none, with the log's own ids."""

from __future__ import annotations

from pathlib import Path
from uuid import uuid4

import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent

from api.service.application import Tables
from store import one_statement as recording
from store.one_statement import OneStatement
from store.settings import Settings
from tests.support.service import StepClock, run
from tests.support.tiny_game import PILE


def _tables(path: Path) -> Tables:
    settings = Settings(sqlite_path=str(path), snapshot_interval=0)
    return Tables(settings.eventsourcing_env(), games={"pile": PILE}, clock=StepClock())


def _events(originator: object, versions: range) -> list[StoredEvent]:
    return [StoredEvent(originator, version, "test:Noted", b"{}") for version in versions]  # type: ignore[arg-type]


def test_the_embedded_log_records_through_one_statement(tmp_path: Path) -> None:
    tables = _tables(tmp_path / "log.sqlite")
    try:
        assert isinstance(tables.store.recorder, OneStatement)
    finally:
        tables.close()


def test_the_ids_returned_are_the_logs_own_even_with_another_writer_between(tmp_path: Path) -> None:
    """Two processes' worth of writers on one file, alternating: each commit's ids are its rows' ids."""
    first, second = _tables(tmp_path / "log.sqlite"), _tables(tmp_path / "log.sqlite")
    try:
        returned: dict[int, tuple[object, int]] = {}
        for round_number in range(5):
            for writer in (first, second):
                originator = uuid4()
                size = 1 + round_number * 3
                ids = writer.store.recorder.insert_events(_events(originator, range(1, size + 1)))
                assert ids is not None and len(ids) == size
                returned |= {
                    at: (originator, version) for at, version in zip(ids, range(1, size + 1), strict=True)
                }
        logged = first.store.recorder.select_notifications(0, 1000)
        assert {n.id: (n.originator_id, n.originator_version) for n in logged} == returned
    finally:
        first.close()
        second.close()


def test_a_commit_with_one_conflicting_event_records_none_of_its_events(tmp_path: Path) -> None:
    tables = _tables(tmp_path / "log.sqlite")
    try:
        taken, fresh = uuid4(), uuid4()
        tables.store.recorder.insert_events(_events(taken, range(1, 3)))
        before = tables.store.recorder.max_notification_id()
        with pytest.raises(IntegrityError):
            tables.store.recorder.insert_events([*_events(fresh, range(1, 4)), *_events(taken, range(2, 3))])
        assert tables.store.recorder.max_notification_id() == before
        assert tables.store.recorder.select_events(fresh) == []
    finally:
        tables.close()


def test_a_commit_too_large_for_one_statement_goes_through_the_librarys_insert(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(recording, "MAX_ROWS", 4)
    tables = _tables(tmp_path / "log.sqlite")
    try:
        originator = uuid4()
        small = tables.store.recorder.insert_events(_events(originator, range(1, 5)))
        large = tables.store.recorder.insert_events(_events(originator, range(5, 15)))
        assert small == [1, 2, 3, 4] and large == list(range(5, 15))
        assert [e.originator_version for e in tables.store.recorder.select_events(originator)] == list(
            range(1, 15)
        )
    finally:
        tables.close()


def test_games_played_through_it_are_loaded_back_whole(tmp_path: Path) -> None:
    path = tmp_path / "log.sqlite"
    tables = _tables(path)
    opening = run(tables.open("pile", ["ann", "bob"], {"stones": 6}))
    game_id = str(opening.game_id)
    for turn in range(4):
        run(tables.submit(game_id, opening.tokens[turn % 2], b'{"type":"Take","count":1}'))
    version = tables.store.load(game_id).version
    tables.close()
    again = _tables(path)
    try:
        assert again.store.load(game_id).version == version
        assert again.store.recorder.max_notification_id() == version
    finally:
        again.close()


def test_commits_are_recorded_through_one_connection_kept_from_the_pool(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pool is asked for a connection once; every later commit reuses it."""
    tables = _tables(tmp_path / "log.sqlite")
    pool = tables.store.recorder.datastore.pool
    issued: list[object] = []
    checkout = pool.get_connection

    def counted(*args: object, **kwargs: object) -> object:
        connection = checkout(*args, **kwargs)  # type: ignore[arg-type]
        issued.append(connection)
        return connection

    monkeypatch.setattr(pool, "get_connection", counted)
    try:
        for version in range(1, 6):
            tables.store.recorder.insert_events(_events(uuid4(), range(version, version + 1)))
        assert len(issued) == 1
        assert tables.store.recorder.max_notification_id() == 5
    finally:
        tables.close()
    assert all(connection.closed for connection in issued)  # type: ignore[attr-defined]
