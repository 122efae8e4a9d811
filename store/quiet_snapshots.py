"""Tuning: a snapshot written without a sync of its own, off the commands' way, and what it bought.

Every accepted command waits for its group commit (:mod:`store.commits`), and the committer's thread does
one thing at a time: whatever else it does between two batches, the commands queued meanwhile wait for
too. A snapshot was a transaction and a durable commit of its own after its batch (one a table every 50
versions). :class:`QuietSnapshots` writes it through a connection of its own with
``synchronous=NORMAL``: its rows go into the write-ahead log without a sync and reach the disk with the
next command's durable commit (a sync of the log covers every frame before it) or the next checkpoint
(which syncs the log first under ``NORMAL`` too). Nothing waits for a snapshot, and a lost one costs a
longer load, never an event: the events it folds were durable before it was made. SQLite keeps a WAL
database consistent under ``NORMAL``; the commands' own connection stays ``FULL``
(``tests/service/test_keeping_snapshots_off_the_commits.py``).

Measured under ``bench_service`` (a probe in the server, not committed; docs/architecture.md, *Speed:
issue 50, third slice*): the 220 snapshots of a run of 100 games took 1.18 s of the committer's thread
(p50 3.55 ms, load 19.9), written quietly 0.32 s for 225 (p50 1.20 ms, load 15.8, the next run).

Not on a move's way (a table snapshots every 50 versions), so this module is not among the tunings a
traced move counts apart (``tests/benchmarks/trace_move.py``).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError, StoredEvent
from eventsourcing.sqlite import SQLITE3_DEFAULT_LOCK_TIMEOUT, SQLiteAggregateRecorder, SQLiteDatastore


class QuietSnapshots(SQLiteAggregateRecorder):
    """The library's snapshot recorder, writing through a connection of its own, without a sync."""

    def __init__(self, datastore: SQLiteDatastore, events_table_name: str = "stored_snapshots") -> None:
        super().__init__(datastore, events_table_name)
        self._writing = threading.Lock()
        self._writer: sqlite3.Connection | None = None

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        rows = [
            (_text(stored.originator_id), stored.originator_version, stored.topic, stored.state)
            for stored in stored_events
        ]
        with self._writing:
            writer = self._kept_writer()
            writer.execute("BEGIN")
            try:
                writer.executemany(self.insert_events_statement, rows)
            except sqlite3.IntegrityError as error:
                writer.execute("ROLLBACK")
                raise IntegrityError(error) from error
            except BaseException:
                writer.execute("ROLLBACK")
                raise
            writer.execute("COMMIT")
        return None

    def _kept_writer(self) -> sqlite3.Connection:
        """The connection snapshots are written through: opened once, ``synchronous=NORMAL``."""
        if self._writer is None:
            pool = self.datastore.pool
            self._writer = sqlite3.connect(
                pool.db_name,
                uri=True,
                isolation_level=None,  # autocommit, as the library's pool opens them: BEGIN above
                check_same_thread=False,
                timeout=pool.lock_timeout or SQLITE3_DEFAULT_LOCK_TIMEOUT,
            )
            self._writer.execute("PRAGMA synchronous=NORMAL")
        return self._writer

    def close(self) -> None:
        with self._writing:
            if self._writer is not None:
                self._writer.close()
                self._writer = None


def _text(originator: Any) -> Any:
    """An originator id as the library stores it: a UUID's hex, anything else as it is."""
    return originator.hex if isinstance(originator, UUID) else originator
