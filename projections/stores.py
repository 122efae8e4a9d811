"""Where read models live, always written together with the log position they reflect.

A read store holds keyed documents (``get``) and scored lists (``scored``: a perspective's feed by
version, the lobby by opening position) under one position. ``commit(expected, batch)`` applies a whole
:class:`Batch` and moves the position from ``expected`` to ``batch.position`` in one transaction, or
changes nothing and returns ``False`` when another writer moved it first; so a replayed event is never
applied twice and a restart resumes exactly where the last commit ended.

:class:`SQLiteReadStore` serves the embedded mode (a file beside the event store, or memory);
:mod:`projections.redis_store` serves deployments at scale.

A store and the news that it changed are one thing: a change is announced only once its read models are
written. :class:`Signals` wakes every local waiter on a game (from any thread). In the embedded mode the
projection calls :meth:`Signals.publish` after each commit; at scale the projection worker's commit
script publishes on each changed game's channel and each API process runs one
:class:`projections.redis_store.RedisRelay` that forwards the messages of the games it serves to its own
:class:`Signals`. A signal carries no game content: a woken reader reads its own perspective from the
read store (and the chat from the log). A seat link that replaced a seat's token is announced the same
way (``<game> <version> revoked <seat>``): every process's streams of that seat opened before that
version end at once (:meth:`Signals.revoked`).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
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


# -- telling live readers that a game changed -----------------------------------------------------

LATEST_KEPT = 100_000
"""Games whose last announced version :class:`Signals` remembers before it starts afresh."""
REVOKED_KEPT = 10_000
"""Games whose revocations are remembered (the oldest forgotten first): far more than streams are open
at once (at scale a read asks Redis too, :meth:`projections.redis_store.RedisRelay.revocations`)."""


class Waiter:
    """One reader's wake-up flag for one game, set from any thread."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.flag = asyncio.Event()

    def wake(self) -> None:
        self.loop.call_soon_threadsafe(self.flag.set)

    async def wait(self, timeout: float) -> bool:
        """Wait until woken (``True``) or ``timeout`` seconds pass (``False``); then re-arm."""
        try:
            async with asyncio.timeout(timeout):
                await self.flag.wait()
        except TimeoutError:
            return False
        finally:
            self.flag.clear()
        return True


class Signals:
    """Local waiters per game, woken when the game's read models change."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiters: dict[str, set[Waiter]] = {}
        self._latest: dict[str, int] = {}
        self._revoked: dict[str, dict[int, int]] = {}
        """Per game, each seat whose token was replaced and the version that replaced it."""

    def latest(self, game_id: str) -> int:
        """The highest version of ``game_id`` announced here (0: none seen), a lower bound of what the
        read store holds: a change is announced only once its read models are written."""
        return self._latest.get(game_id, 0)

    @contextlib.contextmanager
    def listen(self, game_id: str) -> Iterator[Waiter]:
        """A waiter for ``game_id``, registered before the caller reads (so no change slips between)."""
        waiter = Waiter()
        with self._lock:
            self._waiters.setdefault(game_id, set()).add(waiter)
        try:
            yield waiter
        finally:
            with self._lock:
                found = self._waiters.get(game_id)
                if found is not None:
                    found.discard(waiter)
                    if not found:
                        del self._waiters[game_id]

    def publish(self, changed: dict[str, int]) -> None:
        """Note each changed game's version and wake every waiter on it."""
        with self._lock:
            if len(self._latest) > LATEST_KEPT:
                self._latest.clear()  # a forgotten version costs one read of the store, never a wrong one
            for game_id, version in changed.items():
                self._latest[game_id] = max(version, self._latest.get(game_id, 0))
            woken = [w for game_id in changed for w in self._waiters.get(game_id, ())]
        for waiter in woken:
            waiter.wake()

    def forget(self, game_id: str) -> None:
        """Forget the version announced for ``game_id``: the read store was found behind it (Redis lost
        what it held), so :meth:`latest` is no lower bound of it any more until announced again."""
        with self._lock:
            self._latest.pop(game_id, None)

    def revoke(self, game_id: str, seat: int, version: int) -> None:
        """Note that ``seat``'s token at ``game_id`` was replaced at ``version``; wake its streams.

        The version is not noted as announced (:meth:`latest`): the link is answered before any worker
        wrote its views, and a read naming that version must wait for them (issue 49 item 1)."""
        with self._lock:
            seats = self._revoked.pop(game_id, {})
            seats[seat] = max(version, seats.get(seat, 0))
            self._revoked[game_id] = seats  # most recent last, so the oldest go first
            while len(self._revoked) > REVOKED_KEPT:
                del self._revoked[next(iter(self._revoked))]
            woken = list(self._waiters.get(game_id, ()))
        for waiter in woken:
            waiter.wake()

    def revoked(self, game_id: str, seat: int) -> int:
        """The version at which ``seat``'s token at ``game_id`` was last replaced (0: not heard of here).

        A stream (or ticket) whose token was checked at an earlier version holds a dead token.
        """
        return self._revoked.get(game_id, {}).get(seat, 0)

    def revocations(self, game_id: str) -> dict[int, int]:
        """Every seat of ``game_id`` whose token was replaced as heard of here, with the version."""
        return dict(self._revoked.get(game_id, {}))

    def watched(self) -> list[str]:
        """The games some reader waits on now."""
        with self._lock:
            return list(self._waiters)

    def listening(self) -> int:
        """How many readers wait now (for tests and health)."""
        with self._lock:
            return sum(len(found) for found in self._waiters.values())
