"""Where read models live, always written together with the log position they reflect.

A read store holds keyed documents (``get``) and scored lists (``scored``: a perspective's feed by
version, the lobby by opening position) under one position. ``commit(expected, batch)`` applies a whole
:class:`Batch` and moves the position from ``expected`` to ``batch.position`` in one transaction, or
changes nothing and returns ``False`` when another writer moved it first; so a replayed event is never
applied twice and a restart resumes exactly where the last commit ended.

:class:`SQLiteReadStore` serves the embedded mode (a file beside the event store, or memory);
:mod:`projections.redis_store` serves deployments at scale.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol


@dataclass(slots=True)
class Batch:
    """Everything one commit writes: documents, scored entries, the new position and the changes to tell."""

    position: int = 0
    documents: dict[str, bytes] = field(default_factory=dict)
    scored: list[tuple[str, int, bytes]] = field(default_factory=list)
    changed: dict[str, int] = field(default_factory=dict)  # game id -> its version after the batch
    dropped: list[tuple[str, int]] = field(default_factory=list)
    counted: dict[str, int] = field(default_factory=dict)  # counter -> change
    finished: set[str] = field(default_factory=set)
    """Games over after this batch: a store may let their read models expire (rebuilt when read)."""

    def put(self, key: str, body: bytes) -> None:
        """Set a document (a later put of the same key in the batch wins)."""
        self.documents[key] = body

    def add(self, key: str, score: int, member: bytes) -> None:
        """Add ``member`` at ``score`` to a scored list (a score already present is kept)."""
        self.scored.append((key, score, member))

    def drop(self, key: str, score: int) -> None:
        """Remove the member at ``score`` from a scored list (applied after every ``add``)."""
        self.dropped.append((key, score))

    def count(self, key: str, change: int) -> None:
        """Move a counter by ``change`` (counters start at 0)."""
        self.counted[key] = self.counted.get(key, 0) + change


class ReadStore(Protocol):
    """Read models and the position they reflect."""

    def position(self) -> int:
        """The last log position committed (0 before any)."""
        ...

    def commit(self, expected: int, batch: Batch) -> bool:
        """Apply ``batch``, moving the position from ``expected``; ``False`` (no write) if it had moved."""
        ...

    def get(self, key: str) -> bytes | None:
        """One document, or ``None``."""
        ...

    def get_many(self, keys: Sequence[str]) -> list[bytes | None]:
        """Several documents, in order."""
        ...

    def scored(self, key: str, after: int = 0) -> list[bytes]:
        """A scored list's members with scores above ``after``, lowest first."""
        ...

    def page(self, key: str, after: int, limit: int) -> list[tuple[int, bytes]]:
        """At most ``limit`` ``(score, member)`` pairs of a scored list with scores above ``after``."""
        ...

    def counter(self, key: str) -> int:
        """A counter's value (0 when never moved)."""
        ...

    def clear(self) -> None:
        """Forget every read model and the position (before a rebuild)."""
        ...

    def dump(self) -> dict[str, bytes]:
        """Every document and scored list, for comparing two stores exactly."""
        ...

    def keep(self, key: str, body: bytes, seconds: int) -> None:
        """Keep ``body`` under ``key`` for about ``seconds`` (no projection: a stream ticket)."""
        ...

    def take(self, key: str) -> bytes | None:
        """What is kept under ``key``, removed as it is read (``None``: nothing, or taken already)."""
        ...

    def close(self) -> None:
        """Release connections."""
        ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS read_position (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS read_documents (key TEXT PRIMARY KEY, body BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS read_scored (
    key TEXT NOT NULL, score INTEGER NOT NULL, member BLOB NOT NULL, PRIMARY KEY (key, score)
);
CREATE TABLE IF NOT EXISTS read_counters (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS read_kept (key TEXT PRIMARY KEY, body BLOB NOT NULL, until REAL NOT NULL);
"""


class SQLiteReadStore:
    """Read models in a SQLite file (or memory), each batch and its position in one transaction."""

    def __init__(self, path: str = ":memory:") -> None:
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
        if path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
            # No fsync at all: these read models are rebuilt from the log, which stays durable
            # (``backroom projections rebuild``). A crash may lose the last projected batches and
            # their position together, never one without the other, so the follower just projects
            # them again; an OS crash that corrupts the file calls for that rebuild.
            self._db.execute("PRAGMA synchronous=OFF")
        self._db.executescript(_SCHEMA)
        # Reads get a connection of their own: in WAL mode they then never wait for a batch being
        # written (the API's reads run on its event loop; waiting there stalls every request).
        # In memory there is only one database per connection, so reads share the writer's.
        self._reader, self._read_lock = self._db, self._lock
        if path != ":memory:":
            self._reader = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
            self._read_lock = threading.Lock()

    def position(self) -> int:
        with self._lock:
            return self._position()

    def _position(self) -> int:
        row = self._db.execute("SELECT value FROM read_position WHERE name = 'log'").fetchone()
        return int(row[0]) if row else 0

    def commit(self, expected: int, batch: Batch) -> bool:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                if self._position() != expected:
                    self._db.execute("ROLLBACK")
                    return False
                self._write(batch)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return True

    def _write(self, batch: Batch) -> None:
        self._db.execute(
            "INSERT INTO read_position VALUES ('log', ?)"
            " ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            (batch.position,),
        )
        self._db.executemany(
            "INSERT INTO read_documents VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET body = excluded.body",
            batch.documents.items(),
        )
        self._db.executemany("INSERT OR IGNORE INTO read_scored VALUES (?, ?, ?)", batch.scored)
        self._db.executemany("DELETE FROM read_scored WHERE key = ? AND score = ?", batch.dropped)
        self._db.executemany(
            "INSERT INTO read_counters VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = value + excluded.value",
            batch.counted.items(),
        )

    def get(self, key: str) -> bytes | None:
        with self._read_lock:
            row = self._reader.execute("SELECT body FROM read_documents WHERE key = ?", (key,)).fetchone()
        return bytes(row[0]) if row else None

    def get_many(self, keys: Sequence[str]) -> list[bytes | None]:
        found: dict[str, bytes] = {}
        with self._read_lock:
            for chunk in _chunks(keys, 500):
                marks = ",".join("?" * len(chunk))
                rows = self._reader.execute(
                    f"SELECT key, body FROM read_documents WHERE key IN ({marks})",
                    chunk,
                )
                found.update((key, bytes(body)) for key, body in rows)
        return [found.get(key) for key in keys]

    def scored(self, key: str, after: int = 0) -> list[bytes]:
        with self._read_lock:
            rows = self._reader.execute(
                "SELECT member FROM read_scored WHERE key = ? AND score > ? ORDER BY score", (key, after)
            ).fetchall()
        return [bytes(row[0]) for row in rows]

    def page(self, key: str, after: int, limit: int) -> list[tuple[int, bytes]]:
        with self._read_lock:
            rows = self._reader.execute(
                "SELECT score, member FROM read_scored WHERE key = ? AND score > ? ORDER BY score LIMIT ?",
                (key, after, limit),
            ).fetchall()
        return [(int(score), bytes(member)) for score, member in rows]

    def keep(self, key: str, body: bytes, seconds: int) -> None:
        now = time.time()  # the machine's clock: only when to sweep (the ticket carries its own)
        with self._lock:
            self._db.execute("DELETE FROM read_kept WHERE until < ?", (now,))
            self._db.execute("INSERT OR REPLACE INTO read_kept VALUES (?, ?, ?)", (key, body, now + seconds))

    def take(self, key: str) -> bytes | None:
        with self._lock:
            row = self._db.execute("DELETE FROM read_kept WHERE key = ? RETURNING body", (key,)).fetchone()
        return bytes(row[0]) if row else None

    def counter(self, key: str) -> int:
        with self._read_lock:
            row = self._reader.execute("SELECT value FROM read_counters WHERE key = ?", (key,)).fetchone()
        return int(row[0]) if row else 0

    def clear(self) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            for table in ("read_position", "read_documents", "read_scored", "read_counters"):
                self._db.execute(f"DELETE FROM {table}")
            self._db.execute("COMMIT")

    def dump(self) -> dict[str, bytes]:
        with self._lock:
            documents = self._db.execute("SELECT key, body FROM read_documents").fetchall()
            scored = self._db.execute("SELECT key, score, member FROM read_scored ORDER BY key, score")
            lists: dict[str, list[bytes]] = {}
            for key, score, member in scored:
                lists.setdefault(key, []).append(b"%d:%s" % (score, bytes(member)))
            position = self._position()
            counters = self._db.execute("SELECT key, value FROM read_counters WHERE value != 0").fetchall()
        dumped = {key: bytes(body) for key, body in documents}
        dumped.update((f"counter:{key}", str(value).encode()) for key, value in counters)
        dumped.update((key, b"\n".join(members)) for key, members in lists.items())
        return dumped | {"position": str(position).encode()}

    def close(self) -> None:
        with self._lock:
            self._db.close()
        with self._read_lock:
            self._reader.close()


def _chunks(keys: Sequence[str], size: int) -> Iterable[Sequence[str]]:
    for start in range(0, len(keys), size):
        yield keys[start : start + size]
