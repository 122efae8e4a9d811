"""Tuning: a commit's events recorded by one SQLite statement (:class:`OneStatement`), and what it bought.

Measured by ``.venv/bin/python -m tests.benchmarks.bench_tunings`` (commits of three events, one thread
spinning Python beside them as a busy server's event loop does, the log in /dev/shm so that the disk's
fsync does not hide the difference): p50 0.029 ms and p99 13.2 ms a commit, against 0.071 and 22.0 ms for
the library's own ``insert_events`` in the same run (2026-12-06, a busy 2-core machine). On disk the
fsync (6-12 ms here) dominates both.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError, StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteConnection, SQLiteDatastore

MAX_ROWS = 8000
"""Rows one statement takes at most (four parameters a row; SQLite allows 32,766 parameters)."""


class OneStatement(SQLiteApplicationRecorder):
    """The SQLite application recorder, with a commit's events inserted by one statement.

    ``SQLiteApplicationRecorder.insert_events`` opens a transaction (``BEGIN``), inserts the events one
    ``execute`` at a time and commits. Each of those calls gives up the interpreter lock and must take it
    back, and on a busy server the committer's thread waits for the event loop's thread at every one:
    ``bench_service`` measured its ``BEGIN`` alone at 1.4 ms p50 (0.15 ms of CPU) against 6 µs on a quiet
    interpreter. :class:`OneStatement` sends the whole commit as one multi-row ``INSERT`` in autocommit
    mode instead: SQLite runs it as one implicit transaction (all rows or none, the same unique
    ``(originator_id, originator_version)`` constraint, the same durable commit with the library's
    ``synchronous`` setting), and the thread takes the lock back once.

    The notification ids are the rows' ``rowid``: the table has no ``AUTOINCREMENT``, so SQLite gives each
    new row the largest ``rowid`` plus one, and the rows of one statement (under the write lock) get
    consecutive ids ending at ``lastrowid``. A commit too large for one statement's parameters goes
    through the library's own method.

    The statement goes through one connection the recorder keeps from the library's pool for its
    lifetime, not one checked out and back for every commit: a checkout takes and gives back the pool's
    semaphore, its writer lock, its condition and the connection's own lock, about a fifth of the
    committer thread's CPU a commit under ``bench_service``. Every commit of a process is recorded by its
    one committer thread, so the recorder's own lock is never contended; a write through the library's
    pool (a snapshot, a commit too large) is kept apart from it by SQLite's own write lock, as another
    process's is. The pool closes the kept connection with the others when the application closes.
    """

    def __init__(self, datastore: SQLiteDatastore, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        self._writing = threading.Lock()
        self._writer: SQLiteConnection | None = None

    def _kept_writer(self) -> SQLiteConnection:
        """The connection this recorder writes through (checked out once; the pool closes it)."""
        if self._writer is None or self._writer.closed:
            self._writer = self.datastore.pool.get_connection()
        return self._writer

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        count = len(stored_events)
        if not count or count > MAX_ROWS:
            return super().insert_events(stored_events, **kwargs)
        parameters: list[Any] = []
        for stored_event in stored_events:
            originator = stored_event.originator_id
            parameters += (
                originator.hex if isinstance(originator, UUID) else originator,
                stored_event.originator_version,
                stored_event.topic,
                stored_event.state,
            )
        statement = f"INSERT INTO {self.events_table_name} VALUES " + ",".join(("(?,?,?,?)",) * count)
        with self._writing:
            cursor = self._kept_writer().cursor().sqlite_cursor  # autocommit: no BEGIN, one transaction
            try:
                cursor.execute(statement, parameters)
                last = cursor.lastrowid
            except sqlite3.IntegrityError as error:
                raise IntegrityError(error) from error  # as the library raises it: nothing was written
            finally:
                cursor.close()
        assert last is not None
        return list(range(last - count + 1, last + 1))
