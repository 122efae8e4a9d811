"""Moves per second of Politrickers through a real ``backroom serve``, beside boardgame.io's figures.

The peer: boardgame.io 0.50.2 runs Politrickers with 4 random bots at about 600-800 moves/s with a
p99 of about 25 ms, keeping its games in memory only. Here every move is durably in the log before it
is answered (SQLite WAL, ``synchronous=FULL``, in-process projections: the default ``backroom serve``).
Goal: 1.5x the peer's moves/s and half its p99.

Many tables play at once, each with 4 random bots. A bot knows its seat token; when it may act it uses
the legal commands its last ``POST`` answered (``"legal"``) if that answer is the latest version, else
asks ``GET /legal?min_version=N`` (``N`` from the last answer, so the read sees the table's own writes),
and ``POST``s a random legal game command (take-backs are left alone, as the peer's bots have none).
Accepted moves and their ``POST`` latency are counted over ``--seconds``; a finished game is replaced.
The clients are lean (raw HTTP/1.1 keep-alive on uvloop) and spread over ``--clients`` processes; the
server's and the clients' CPU per move are reported apart, since they share the machine's cores.

Run: ``.venv/bin/python -m tests.benchmarks.bench_service [--seconds 10] [--tables 12] [--clients 1]``.
One client process is enough (about 0.1 ms of CPU per move) and leaves the server the most of the two
cores. More tables raise moves/s a little and the p99 a lot: at 16 tables p99 is near the goal, at 48
it is several times over (each table waits its turn on the server).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import uvloop

from tests.support.server import serving

PEER_MOVES = (600, 800)
PEER_P99_MS = 25.0
GOAL_MOVES = 1050.0  # 1.5x the middle of the peer's range
GOAL_P99_MS = PEER_P99_MS / 2
NEW_GAME = msgspec.json.encode({"game": "politrickers", "players": ["ann", "bob", "cy", "dee"]})
TAKEBACKS = {"TakeBack", "RequestTakeBack", "ApproveTakeBack", "RefuseTakeBack"}


class Connection:
    """One keep-alive HTTP/1.1 connection, just enough for this service's JSON answers."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: bytes = b"", token: str = "") -> tuple[int, bytes]:
        """Send one request and read its answer (the server always sends Content-Length)."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        auth = f"Authorization: Bearer {token}\r\n" if token else ""
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n{auth}"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        self.writer.write(head.encode() + body)
        header = await self.reader.readuntil(b"\r\n\r\n")
        status = int(header[9:12])
        length = 0
        for line in header.split(b"\r\n"):
            if line[:15].lower() == b"content-length:":
                length = int(line[15:])
        return status, await self.reader.readexactly(length)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def base_parts(base: str) -> tuple[str, int]:
    """Host and port of ``http://host:port``."""
    host, _, port = base.removeprefix("http://").partition(":")
    return host, int(port)


@dataclass
class Bot:
    """One seat's random bot: its token and the legal commands its last answer gave, at which version."""

    token: str
    legal: list[Any] = field(default_factory=list)
    version: int = -1


@dataclass
class Tally:
    """What one client process saw."""

    moves: int = 0
    reads: int = 0
    latencies: list[float] = field(default_factory=list)


async def play_table(base: str, seed: int, until: float, tally: Tally) -> None:
    """Play Politrickers games at one table, back to back, until ``until``."""
    rng = random.Random(seed)
    connection = Connection(*base_parts(base))
    try:
        while time.perf_counter() < until:
            await play_game(connection, rng, until, tally)
    finally:
        connection.close()


async def play_game(connection: Connection, rng: random.Random, until: float, tally: Tally) -> None:
    """One game with four random bots; stops early at ``until``."""
    status, body = await connection.request("POST", "/api/games", NEW_GAME)
    opened = msgspec.json.decode(body)
    if status != 201:
        raise RuntimeError(body.decode())
    game = f"/api/games/{opened['id']}"
    bots = {t["seat"]: Bot(t["token"]) for t in opened["tokens"]}
    version, to_act = opened["game"]["version"], opened["game"]["to_act"]
    while to_act and time.perf_counter() < until:
        bot = bots[rng.choice(to_act)]
        commands = await legal_for(connection, game, bot, version, tally)
        moves = [command for command in commands if command["type"] not in TAKEBACKS]
        sent = time.perf_counter()
        status, body = await connection.request(
            "POST", f"{game}/commands", msgspec.json.encode(rng.choice(moves)), bot.token
        )
        tally.latencies.append(time.perf_counter() - sent)
        if status != 200:
            raise RuntimeError(body.decode())
        tally.moves += 1
        answer = msgspec.json.decode(body)
        version, to_act = answer["version"], answer["to_act"]
        # A server without the legal list in its answer (an older one) is asked with GET /legal.
        bot.legal, bot.version = answer.get("legal", []), version if "legal" in answer else -1


async def legal_for(connection: Connection, game: str, bot: Bot, version: int, tally: Tally) -> list[Any]:
    """The bot's legal commands at ``version``: from its last answer if current, else ``GET /legal``."""
    if bot.version == version:
        return bot.legal
    status, body = await connection.request("GET", f"{game}/legal?min_version={version}", token=bot.token)
    if status != 200:
        raise RuntimeError(body.decode())
    tally.reads += 1
    found: list[Any] = msgspec.json.decode(body)["commands"]
    return found


async def drive(base: str, seeds: range, seconds: float) -> Tally:
    """The tally of one table per seed, playing for ``seconds``."""
    tally = Tally()
    until = time.perf_counter() + seconds
    await asyncio.gather(*(play_table(base, seed, until, tally) for seed in seeds))
    return tally


_STARTING: Any = None  # a barrier every client process and the parent pass once warmed up


def _share_barrier(barrier: Any) -> None:
    global _STARTING  # noqa: PLW0603  (a pool initializer can only hand the barrier over this way)
    _STARTING = barrier


def client_process(job: tuple[str, range, float]) -> tuple[Tally, float]:
    """One client process: its tally and CPU seconds (after a short warm-up)."""
    base, seeds, seconds = job
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(drive(base, seeds, min(1.0, seconds)))
        _STARTING.wait()
        before = time.process_time()
        tally = runner.run(drive(base, seeds, seconds))
    return tally, time.process_time() - before


def run_clients(base: str, pid: int, tables: int, clients: int, seconds: float) -> tuple[Tally, float, float]:
    """The tables spread over ``clients`` processes: their summed tally, their CPU and the server's."""
    share = -(-tables // clients)
    jobs = [(base, range(n, min(n + share, tables)), seconds) for n in range(0, tables, share)]
    starting = multiprocessing.Barrier(len(jobs) + 1)
    with multiprocessing.Pool(len(jobs), initializer=_share_barrier, initargs=(starting,)) as pool:
        pending = pool.map_async(client_process, jobs)
        starting.wait()
        server_before = cpu_seconds(pid)
        results = pending.get()
        server_cpu = cpu_seconds(pid) - server_before
    total = Tally()
    for tally, _ in results:
        total.moves += tally.moves
        total.reads += tally.reads
        total.latencies += tally.latencies
    return total, sum(cpu for _, cpu in results), server_cpu


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of a process and its children (from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return own + sum(cpu_seconds(int(child)) for child in children)


def report(tally: Tally, seconds: float, server_cpu: float, client_cpu: float, tables: int) -> None:
    """Print the figures beside the peer's and the goal."""
    rate = tally.moves / seconds
    cuts = statistics.quantiles(tally.latencies, n=100)
    p50, p99 = cuts[49] * 1000, cuts[98] * 1000
    met = rate >= GOAL_MOVES and p99 <= GOAL_P99_MS
    print(f"Politrickers, 4 random bots per table, {tables} tables, every move durable (SQLite FULL)")
    print(
        f"moves/s: {rate:,.0f}   (peer, boardgame.io in memory: {PEER_MOVES[0]}-{PEER_MOVES[1]}; "
        f"goal >= {GOAL_MOVES:,.0f})"
    )
    print(
        f"POST latency p50: {p50:.1f} ms, p99: {p99:.1f} ms   (peer p99 ~{PEER_P99_MS:.0f} ms; goal <= 12.5)"
    )
    print(f"GET /legal per move: {tally.reads / max(tally.moves, 1):.2f}")
    print(
        f"CPU per move: server {server_cpu / tally.moves * 1000:.2f} ms, "
        f"clients {client_cpu / tally.moves * 1000:.2f} ms"
    )
    print("goal", "MET" if met else "NOT MET")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--clients", type=int, default=1, help="client processes sharing the tables")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, serving(Path(folder) / "bench.sqlite") as served:
        tally, client_cpu, server_cpu = run_clients(
            served.base, served.pid, args.tables, args.clients, args.seconds
        )
    report(tally, args.seconds, server_cpu, client_cpu, args.tables)


if __name__ == "__main__":
    main()
