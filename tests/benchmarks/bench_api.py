"""Commands per second through the HTTP API, against the library's raw save rate on the same SQLite file.

A real ``backroom serve`` process; 32 concurrent Slush Fund 2 games, each driven by its own task over
one lean keep-alive connection (raw HTTP/1.1 on uvloop, spread over ``--clients`` processes, so that
the client is not what is measured): for the seat to act, take the legal commands its own last answer
carried if that answer is the game's latest version, else ask ``/legal?min_version=N`` (``N`` the
version the last answer gave, so the read sees the game's own writes); POST a random legal command,
repeat (a finished game is replaced by a new one). Only the POSTs count as commands; their latency is what
p50/p99 report. The raw rate is the eventsourcing library saving one small event per ``save`` to the
same file, sequentially, in this process, before the server starts: those foreign events stay in the
log on purpose, and the server's projection passes over them. Goal: API commands/s >= 0.7 x raw
saves/s.

Run: ``.venv/bin/python tests/benchmarks/bench_api.py [--seconds 10] [--games 32]``.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import msgspec
import uvloop

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script from the repo root

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from tests.benchmarks.bench_service import Bot, Connection, Tally, base_parts, legal_for
from tests.support.server import serving

GOAL = 0.7
GAME = "slush-fund-2"
NEW_GAME = msgspec.json.encode({"game": GAME, "players": ["a", "b"]})


class Counter(Aggregate):
    """The smallest useful aggregate: one event per save, like one command's worth of events."""

    def __init__(self) -> None:
        self.count = 0

    @event("Counted")
    def count_one(self, seat: int, command_id: str) -> None:
        self.count += 1


def raw_save_rate(sqlite: Path, seconds: float) -> float:
    """Saves per second of the bare library (SQLite, default JSON transcoder) on ``sqlite``."""
    app: Application = Application(
        env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(sqlite)}
    )
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


async def play(connection: Connection, seed: int, until: float, tally: Tally) -> None:
    """Play games back to back until ``until``, counting the commands recorded in ``tally``."""
    rng = random.Random(seed)
    while time.perf_counter() < until:
        status, body = await connection.request("POST", "/api/games", NEW_GAME)
        if status != 201:
            raise RuntimeError(body.decode())
        opened = msgspec.json.decode(body)
        game = f"/api/games/{opened['id']}"
        bots = {t["seat"]: Bot(t["token"]) for t in opened["tokens"]}
        version, to_act = opened["game"]["version"], opened["game"]["to_act"]
        while to_act and time.perf_counter() < until:
            bot = bots[rng.choice(to_act)]
            command = rng.choice(await legal_for(connection, game, bot, version, tally))
            sent = time.perf_counter()
            status, body = await connection.request(
                "POST", f"{game}/commands", msgspec.json.encode(command), bot.token
            )
            tally.latencies.append(time.perf_counter() - sent)
            if status != 200:
                raise RuntimeError(body.decode())
            tally.moves += 1
            answer = msgspec.json.decode(body)
            version, to_act = answer["version"], answer["to_act"]
            bot.legal, bot.version = answer.get("legal", []), version if "legal" in answer else -1


async def game_task(base: str, seed: int, until: float, tally: Tally) -> None:
    """One game after another on one connection of its own."""
    connection = Connection(*base_parts(base))
    try:
        await play(connection, seed, until, tally)
    finally:
        connection.close()


async def drive(base: str, seeds: range, seconds: float) -> Tally:
    """What one concurrent game per seed recorded in ``seconds``."""
    tally = Tally()
    until = time.perf_counter() + seconds
    await asyncio.gather(*(game_task(base, seed, until, tally) for seed in seeds))
    return tally


def client_process(job: tuple[str, range, float]) -> tuple[Tally, float]:
    """One client process: its tally and CPU seconds."""
    base, seeds, seconds = job
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(drive(base, seeds, min(1.0, seconds)))  # warm up: connections, caches
        before = time.process_time()
        tally = runner.run(drive(base, seeds, seconds))
    return tally, time.process_time() - before


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds a process and its children have used (from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return own + sum(cpu_seconds(int(child)) for child in children)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=32)
    parser.add_argument("--clients", type=int, default=2, help="client processes sharing the games")
    parser.add_argument("--workers", type=int, default=1, help="server processes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        sqlite = Path(folder) / "bench.sqlite"
        raw = raw_save_rate(sqlite, args.seconds / 2)
        serve_flags = ("--workers", str(args.workers))
        with serving(sqlite, *serve_flags) as served, multiprocessing.Pool(args.clients) as pool:
            share = -(-args.games // args.clients)
            jobs = [
                (served.base, range(n, min(n + share, args.games)), args.seconds)
                for n in range(0, args.games, share)
            ]
            time.sleep(0.2)
            server_before, started = cpu_seconds(served.pid), time.perf_counter()
            results = pool.map(client_process, jobs)
            elapsed = time.perf_counter() - started
            server_cpu = cpu_seconds(served.pid) - server_before
    commands = sum(tally.moves for tally, _ in results)
    reads = sum(tally.reads for tally, _ in results)
    latencies = [latency for tally, _ in results for latency in tally.latencies]
    rate = commands / args.seconds
    cuts = statistics.quantiles(latencies, n=100)
    ratio = rate / raw
    print(f"raw library saves/s (SQLite, same file, one writer): {raw:,.0f}")
    print(
        f"API commands/s ({args.games} concurrent {GAME} games, {args.clients} client processes): {rate:,.0f}"
    )
    print(f"ratio: {ratio:.2f} (goal >= {GOAL}) {'MET' if ratio >= GOAL else 'NOT MET'}")
    print(f"command latency p50: {cuts[49] * 1000:.1f} ms, p99: {cuts[98] * 1000:.1f} ms")
    client_cpu = sum(cpu for _, cpu in results)
    print(
        f"CPU per command: server {server_cpu / commands * 1000:.2f} ms "
        f"(one POST and {reads / commands:.2f} GET /legal), clients {client_cpu / commands * 1000:.2f} ms; "
        f"wall {elapsed:.1f} s incl. warm-up"
    )


if __name__ == "__main__":
    main()
