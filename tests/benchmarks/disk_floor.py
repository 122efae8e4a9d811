"""The disk's floor under every command: how long one durable SQLite commit takes here, now.

Every command Backroom accepts waits for its transaction to reach the disk (SQLite WAL,
``synchronous=FULL``: one fsync a commit, shared by a batch). The peer keeps its games in memory and
waits for no disk, so on a machine whose fsync is slow the closed-loop throughput is bounded by the
disk, not by the code: with ``C`` moves in flight and group commit, a move waits at least one commit,
so at most about ``C / commit`` moves a second get through. :func:`durable_commits` measures that commit
in the benchmark's own folder, with the same pragmas and a row the size of an event, so the report can
print the floor beside the figures of the same run.
"""

from __future__ import annotations

import sqlite3
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

ROW = b"x" * 400
"""About one Politrickers event as stored."""


@dataclass(frozen=True)
class Floor:
    """Durable-commit latencies, in ms."""

    p50_ms: float
    p99_ms: float

    def bound(self, in_flight: int) -> float:
        """The most moves a second ``in_flight`` closed loops could get through if each waited one commit."""
        return in_flight / self.p50_ms * 1000


def durable_commits(folder: Path, commits: int = 300) -> Floor:
    """Time ``commits`` one-row WAL commits with ``synchronous=FULL`` in ``folder`` (after 30 to warm up)."""
    path = folder / "floor.sqlite"
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, body BLOB)")
        timings = []
        for number in range(commits + 30):
            started = time.perf_counter()
            db.execute("BEGIN")
            db.execute("INSERT INTO events (body) VALUES (?)", (ROW,))
            db.execute("COMMIT")
            if number >= 30:
                timings.append((time.perf_counter() - started) * 1000)
    finally:
        db.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    cuts = statistics.quantiles(timings, n=100)
    return Floor(p50_ms=statistics.median(timings), p99_ms=cuts[98])


def describe(floor: Floor, in_flight: int) -> str:
    """One line for the report: the floor, and the throughput it allows."""
    return (
        f"disk floor (same folder, same run): one durable commit p50 {floor.p50_ms:.2f} ms, "
        f"p99 {floor.p99_ms:.2f} ms; {in_flight} moves in flight waiting one commit each: "
        f"at most ~{floor.bound(in_flight):,.0f} moves/s"
    )
