"""Projection lag: from a command's commit to its updated view, p50 and p99, at 200 commands/s.

Two set-ups, each for ``--seconds``:

* **Redis + worker**: the log in PostgreSQL (a schema of its own), a ``backroom worker projections``
  process following it through the library's subscription and writing the read models to Redis (a key
  prefix of its own). The lag of a command is the time from its ``submit`` returning (committed) to
  the arrival here of the ``<game> <version>`` message that the worker's commit script publishes in
  the same atomic step that writes the views.
* **Embedded**: the log in SQLite and the projection in this process (as in ``backroom serve``), woken
  by each local commit; the lag runs to the projection's ``changed`` callback after its commit.

The load generator paces Slush Fund 2 commands (random legal ones; a finished game is replaced) over
``--threads`` threads to ``--rate`` commands/s in total. Goal: p99 under 50 ms.

Run: ``.venv/bin/python tests/benchmarks/bench_projection_lag.py [--seconds 10] [--rate 200]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script from the repo root

from api.http.app import read_side
from api.service.application import Tables
from domain.codec import encode
from domain.games import registered
from domain.seats import Seat
from store.settings import Settings
from tests.support.projecting import (
    REDIS_URL,
    postgres_schema,
    process,
    redis_prefix,
    scale_env,
    scale_settings,
)
from tests.support.service import run

GAMES = registered()
GAME = "slush-fund-2"
GOAL_MS = 50.0


class Lags:
    """Commit times of each (game, version), and when the read models first reached each game version.

    A change to version ``v`` of a game also serves every earlier commit of that game (one batch may
    cover several commands), so a commit's lag runs to the first change at or beyond its version.
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.committed: list[tuple[str, int, float]] = []
        self.changed: dict[str, list[tuple[int, float]]] = {}

    def commit(self, game_id: str, version: int) -> None:
        at = time.perf_counter()
        with self.lock:
            self.committed.append((game_id, version, at))

    def change(self, game_id: str, version: int) -> None:
        at = time.perf_counter()
        with self.lock:
            self.changed.setdefault(game_id, []).append((version, at))

    def milliseconds(self) -> list[float]:
        with self.lock:
            found = []
            for game_id, version, at in self.committed:
                seen = [when for reached, when in self.changed.get(game_id, ()) if reached >= version]
                if seen:
                    found.append(max(0.0, min(seen) - at) * 1000)
            return found

    def missing(self) -> int:
        return len(self.committed) - len(self.milliseconds())


def generate(tables: Tables, lags: Lags, rate: float, seconds: float, threads: int) -> int:
    """Send paced random commands from ``threads`` threads; how many were sent."""
    sent = [0] * threads

    def one_thread(index: int) -> None:
        rng = random.Random(index)
        opening = run(tables.open(GAME, ["a", "b"]))
        game_id, tokens = str(opening.game_id), opening.tokens
        interval = threads / rate
        started = time.perf_counter()
        deadline = started + seconds
        while (now := time.perf_counter()) < deadline:
            due = started + sent[index] * interval
            if now < due:
                time.sleep(due - now)
            table = tables.store.load(game_id)
            rules = table.game
            assert rules is not None
            acting = sorted(rules.to_act(table.game_state))
            if not acting:
                opening = run(tables.open(GAME, ["a", "b"]))
                game_id, tokens = str(opening.game_id), opening.tokens
                continue
            seat = rng.choice(acting)
            command = rng.choice(rules.legal_commands(table.game_state, Seat(seat)))
            ruling = run(tables.submit(game_id, tokens[seat], encode(command)))
            lags.commit(game_id, ruling.last)
            sent[index] += 1

    workers = [threading.Thread(target=one_thread, args=(n,)) for n in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return sum(sent)


def report(name: str, lags: Lags, sent: int, seconds: float) -> None:
    found = sorted(lags.milliseconds())
    if not found:
        print(f"{name}: no lags measured")
        return
    p50 = statistics.median(found)
    p99 = found[min(len(found) - 1, int(len(found) * 0.99))]
    verdict = "meets" if p99 < GOAL_MS else "misses"
    print(
        f"{name:>16}: {sent / seconds:6.1f} commands/s, lag p50 {p50:6.2f} ms, p99 {p99:6.2f} ms, "
        f"max {found[-1]:6.2f} ms over {len(found)} commands ({lags.missing()} unseen); "
        f"{verdict} the p99 < {GOAL_MS:.0f} ms goal"
    )


def at_scale(rate: float, seconds: float, threads: int) -> None:
    """PostgreSQL log, projection worker process, Redis read models."""
    with postgres_schema() as schema, redis_prefix() as prefix:
        settings = scale_settings(schema, prefix)
        tables = Tables(settings.eventsourcing_env(), games=GAMES)
        lags = Lags()
        listening = _listen(prefix, lags)
        with process("worker", "projections", env=scale_env(schema, prefix)):
            time.sleep(2.0)  # the worker starts and subscribes
            sent = generate(tables, lags, rate, seconds, threads)
            time.sleep(0.5)
        listening()
        tables.close()
    report("Redis + worker", lags, sent, seconds)


def _listen(prefix: str, lags: Lags) -> Callable[[], None]:
    client = redis.Redis.from_url(REDIS_URL)
    pubsub = client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
    pubsub.psubscribe(f"{prefix}:changes:*")  # every game's channel
    stopping = threading.Event()

    def run() -> None:
        while not stopping.is_set():
            message = pubsub.get_message(timeout=0.2)
            if message is not None:
                game_id, _, version = message["data"].decode().partition(" ")
                lags.change(game_id, int(version))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()

    def stop() -> None:
        stopping.set()
        thread.join()
        pubsub.close()
        client.close()

    return stop


def embedded(rate: float, seconds: float, threads: int) -> None:
    """SQLite log, in-process projection woken by local commits, SQLite read models."""
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(sqlite_path=str(Path(folder) / "log.sqlite"))
        tables = Tables(settings.eventsourcing_env(), games=GAMES)
        reads = read_side(settings, tables, GAMES)
        lags = Lags()
        assert reads.projection is not None
        reads.projection.changed = lambda changed: [lags.change(g, v) for g, v in changed.items()] and None
        reads.start()
        sent = generate(tables, lags, rate, seconds, threads)
        time.sleep(0.5)
        reads.close()
        tables.close()
    report("embedded", lags, sent, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rate", type=float, default=200.0, help="commands per second in total")
    parser.add_argument("--threads", type=int, default=4, help="load generator threads (games at once)")
    parser.add_argument("--only", choices=["scale", "embedded"], default=None)
    args = parser.parse_args()
    print(f"Projection lag at {args.rate:.0f} commands/s for {args.seconds:.0f} s each")
    if args.only in (None, "scale"):
        at_scale(args.rate, args.seconds, args.threads)
    if args.only in (None, "embedded"):
        embedded(args.rate, args.seconds, args.threads)


if __name__ == "__main__":
    main()
