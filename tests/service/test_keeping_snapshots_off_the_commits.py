"""On a SQLite file a snapshot is written without a sync of its own; the commands' commits stay durable."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from api.service.application import Tables
from store.quiet_snapshots import QuietSnapshots
from store.settings import Settings
from tests.support.service import StepClock, run
from tests.support.tiny_game import PILE

TAKE_ONE = b'{"type":"Take","count":1}'


def _tables(path: str, snapshot_interval: int = 5) -> Tables:
    settings = Settings(sqlite_path=path, snapshot_interval=snapshot_interval)
    env = settings.eventsourcing_env()
    return Tables(env, games={"pile": PILE}, clock=StepClock(), snapshot_interval=snapshot_interval)


def _synchronous(connection: sqlite3.Connection) -> int:
    return int(connection.execute("PRAGMA synchronous").fetchone()[0])


def _play(tables: Tables, turns: int) -> str:
    opening = run(tables.open("pile", ["ann", "bob"], {"stones": 40}))
    game_id = str(opening.game_id)
    for turn in range(turns):
        run(tables.submit(game_id, opening.tokens[turn % 2], TAKE_ONE))
    return game_id


def test_a_commands_commit_is_synced_and_a_snapshot_is_not(tmp_path: Path) -> None:
    """The commands' connection keeps ``synchronous=FULL``; the snapshots' own connection is ``NORMAL``."""
    tables = _tables(str(tmp_path / "log.sqlite"))
    try:
        _play(tables, 6)
        tables.store.committer.flush()
        commands = tables.store.recorder._kept_writer()._sqlite_conn  # type: ignore[attr-defined]  (its connection)
        snapshots = tables.store.snapshots.recorder if tables.store.snapshots is not None else None
        assert isinstance(snapshots, QuietSnapshots)
        assert _synchronous(commands) == 2  # FULL
        assert _synchronous(snapshots._kept_writer()) == 1  # NORMAL
    finally:
        tables.close()


def test_quiet_snapshots_are_loaded_from_by_a_fresh_process(tmp_path: Path) -> None:
    """Every fifth version is snapshotted; a new process finds them and loads to the same state."""
    path = str(tmp_path / "log.sqlite")
    tables = _tables(path)
    try:
        game_id = _play(tables, 12)
        tables.store.committer.flush()  # snapshots are written after the commit, and nobody waits for them
        original = tables.store.load(game_id)
    finally:
        tables.close()
    again = _tables(path)
    try:
        assert again.store.snapshots is not None
        assert [snap.originator_version for snap in again.store.snapshots.get(original.id)] == [5, 10]
        loaded = again.store.load(game_id)
        assert loaded.version == original.version and loaded.game_state == original.game_state
    finally:
        again.close()


def test_a_log_in_memory_keeps_the_librarys_snapshot_recorder() -> None:
    tables = _tables(":memory:")
    try:
        snapshots = tables.store.snapshots.recorder if tables.store.snapshots is not None else None
        assert snapshots is not None and not isinstance(snapshots, QuietSnapshots)
    finally:
        tables.close()
