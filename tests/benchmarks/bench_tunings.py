"""What each fenced tuning buys, against its plain alternative in the same run (issue 43 item 2).

- ``ids`` (:mod:`api.ids`): :func:`~api.ids.fresh_id` against ``uuid4().hex``, µs an id.
- ``one statement`` (:mod:`store.one_statement`): a commit of three events to a SQLite log on disk,
  by :class:`~store.one_statement.OneStatement` against the library's own ``insert_events``, with one
  thread spinning Python beside it as a busy server's event loop does (p50 and p99 ms a commit; the log
  in /dev/shm where there is one, so that the disk's fsync does not hide the difference).
- ``memos`` (:mod:`domain.memos`): each registered memo's call answered from memory against its function
  computing afresh (``__wrapped__``), µs a call, on the arguments a table's commands bring.

Run: ``.venv/bin/python -m tests.benchmarks.bench_tunings [--commits N]`` (about 20 s).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import statistics
import tempfile
import threading
import time
import timeit
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from uuid import uuid4

from eventsourcing.persistence import StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteDatastore

from api.ids import fresh_id
from domain.memos import MEMOS

GAME_ID = "6f1c2a9b-e07d-4386-a1f0-5e2c9b7d1e60"
SAMPLES: dict[str, tuple[Any, ...]] = {
    "api.service.application.lock_key": (GAME_ID,),
    "domain.tokens.digest": ("x" * 43,),
    "domain.dealing.pads": (bytes(range(32)),),
    "domain.table.rules._key": ("4f1c2a9be07d3386a1f05e2c9b7d1e60", (None, None, None, None)),
    "domain.table.state._salting": ("ab" * 32,),
    "domain.table.table.parsed_id": (GAME_ID,),
    "projections.queries.canonical_id": (GAME_ID,),
    "domain.games.campaign_trail.rules.legal._removals_at": (4, 2, (2, 1), 0, False),
    "domain.games.campaign_trail.rules.turns.within": (4, 2),
    "domain.games.campaign_trail.views._change": (("fundraise", 10),),
    "domain.games.slush_fund_2.rules.placing._ways": ((False, True, False),),
}
"""A call each memo answers on a table's hot path (a memo without one here fails the run: add it)."""


def per_call(call: Callable[[], Any], number: int = 20_000) -> float:
    """µs a call, the best of five runs (the least disturbed by the machine's other work)."""
    return min(timeit.repeat(call, number=number, repeat=5)) / number * 1e6


def ids() -> str:
    return f"ids: fresh_id {per_call(fresh_id):.2f} µs, uuid4().hex {per_call(lambda: uuid4().hex):.2f} µs"


def memos(number: int = 20_000) -> list[str]:
    for module in {name.rsplit(".", 1)[0] for name in SAMPLES}:
        importlib.import_module(module)  # each memo registers itself when its module is loaded
    missing = sorted(set(MEMOS) - set(SAMPLES))
    assert not missing, f"memos without a sample call: {missing}"
    lines = []
    for name, (remembered, why) in sorted(MEMOS.items()):
        arguments = SAMPLES[name]
        remembered(*arguments)
        kept = per_call(functools.partial(remembered, *arguments), number)
        fresh = per_call(functools.partial(remembered.__wrapped__, *arguments), number)
        lines.append(f"memo {name}: {kept:.2f} µs remembered, {fresh:.2f} µs afresh ({why})")
    return lines


@contextmanager
def spinning() -> Iterator[None]:
    """One thread running Python all along, as a busy server's event loop does."""
    stop = threading.Event()

    def spin() -> None:
        while not stop.is_set():
            sum(range(200))

    thread = threading.Thread(target=spin, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def commits(recorder: SQLiteApplicationRecorder, count: int) -> list[float]:
    """ms each of ``count`` commits of three events takes, one after another."""
    taken = []
    for _ in range(count):
        originator = uuid4()
        rows = [StoredEvent(originator, version, "t:T", b"{}") for version in (1, 2, 3)]
        started = time.perf_counter()
        recorder.insert_events(rows)
        taken.append((time.perf_counter() - started) * 1e3)
    return taken


def one_statement(count: int) -> list[str]:
    """The library's recorder and ours, alternating five times over fresh logs on disk."""
    from store.one_statement import OneStatement

    times: dict[str, list[float]] = {"library": [], "one statement": []}
    memory = Path("/dev/shm")  # the disk's own wait (an fsync, milliseconds) would hide the difference
    where = "a log in /dev/shm" if memory.is_dir() else "a log on disk"
    with tempfile.TemporaryDirectory(dir=memory if memory.is_dir() else None) as folder, spinning():
        for turn in range(10):
            kind = OneStatement if turn % 2 else SQLiteApplicationRecorder
            datastore = SQLiteDatastore(str(Path(folder) / f"log{turn}.sqlite"))
            recorder = kind(datastore)
            recorder.create_table()
            times["one statement" if turn % 2 else "library"] += commits(recorder, count)
            datastore.close()
    return [
        f"{name}: p50 {statistics.median(ms):.3f} ms, "
        f"p99 {statistics.quantiles(ms, n=100)[98]:.3f} ms a commit ({where})"
        for name, ms in times.items()
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=200, help="commits a round of each recorder")
    args = parser.parse_args()
    print(ids())
    for line in one_statement(args.commits):
        print(line)
    for line in memos():
        print(line)


if __name__ == "__main__":
    main()
