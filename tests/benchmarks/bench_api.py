"""Commands per second through the HTTP API, against the library's raw save rate on the same SQLite file.

A real ``backroom serve`` process; 32 concurrent Slush Fund 2 games, each driven by its own task over
keep-alive httpx connections: ask `/legal` for the seat to act, POST a random legal command, repeat
(a finished game is replaced by a new one). Only the POSTs count as commands; their latency is what
p50/p99 report. The raw rate is the eventsourcing library saving one small event per ``save`` to the
same file, sequentially, in this process. Goal: API commands/s >= 0.7 x raw saves/s.

Run: ``.venv/bin/python tests/benchmarks/bench_api.py [--seconds 10] [--games 32]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script from the repo root

from eventsourcing.application import Application  # noqa: E402  (after the path fix above)
from eventsourcing.domain import Aggregate, event  # noqa: E402

from tests.support.server import serving  # noqa: E402

GOAL = 0.7
GAME = "slush-fund-2"


class Counter(Aggregate):
    """The smallest useful aggregate: one event per save, like one command's worth of events."""

    def __init__(self) -> None:
        self.count = 0

    @event("Counted")
    def count_one(self, seat: int, command_id: str) -> None:
        self.count += 1


def raw_save_rate(sqlite: Path, seconds: float) -> float:
    """Saves per second of the bare library (SQLite, default JSON transcoder) on ``sqlite``."""
    app: Application = Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(sqlite)})
    counter = Counter()
    app.save(counter)
    saves = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        counter.count_one(seat=saves % 2, command_id=f"c{saves}")
        app.save(counter)
        saves += 1
    elapsed = time.perf_counter() - started
    app.close()
    return saves / elapsed


async def play(client: httpx.AsyncClient, seed: int, until: float, latencies: list[float]) -> int:
    """Play games back to back until ``until``; the commands recorded."""
    rng = random.Random(seed)
    commands = 0
    while time.perf_counter() < until:
        opened = (await client.post("/api/games", json={"game": GAME, "players": ["a", "b"]})).json()
        game_id, tokens = opened["id"], {t["seat"]: {"Authorization": f"Bearer {t['token']}"} for t in opened["tokens"]}
        to_act = opened["game"]["to_act"]
        while to_act and time.perf_counter() < until:
            headers = tokens[rng.choice(to_act)]
            offered = (await client.get(f"/api/games/{game_id}/legal", headers=headers)).json()["commands"]
            sent = time.perf_counter()
            answer = await client.post(f"/api/games/{game_id}/commands", json=rng.choice(offered), headers=headers)
            latencies.append(time.perf_counter() - sent)
            if answer.status_code != 200:
                raise RuntimeError(answer.text)
            commands += 1
            to_act = answer.json()["to_act"]
    return commands


async def drive(base: str, games: int, seconds: float) -> tuple[float, list[float]]:
    """Commands/s over ``seconds`` with ``games`` concurrent games, and every command's latency."""
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games)
    latencies: list[float] = []
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30) as client:
        started = time.perf_counter()
        counts = await asyncio.gather(*(play(client, seed, started + seconds, latencies) for seed in range(games)))
        elapsed = time.perf_counter() - started
    return sum(counts) / elapsed, latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=32)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        sqlite = Path(folder) / "bench.sqlite"
        raw = raw_save_rate(sqlite, args.seconds / 2)
        with serving(sqlite) as base:
            asyncio.run(drive(base, args.games, 1.0))  # warm up: imports, caches, connections
            rate, latencies = asyncio.run(drive(base, args.games, args.seconds))
    cuts = statistics.quantiles(latencies, n=100)
    ratio = rate / raw
    print(f"raw library saves/s (SQLite, same file): {raw:,.0f}")
    print(f"API commands/s ({args.games} concurrent {GAME} games): {rate:,.0f}")
    print(f"ratio: {ratio:.2f} (goal >= {GOAL}) {'MET' if ratio >= GOAL else 'NOT MET'}")
    print(f"command latency p50: {cuts[49] * 1000:.1f} ms, p99: {cuts[98] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
