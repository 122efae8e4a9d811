"""Load at scale: ``--tables`` tables of random bots for ``--seconds``, through 1 and 2 API processes and
1 and 2 projection workers (PostgreSQL + Redis, started by ``backroom up``), and the embedded default.

Each table is one keep-alive connection playing Politrickers (4 random bots) game after game, as
``bench_service`` plays them: a bot uses the legal commands its last answer carried when current,
else ``GET /legal?min_version=N`` (at scale that read waits for the projection workers). Printed per
set-up: commands/s, p50/p99 of the commands, p50/p99 of commit-to-view lag (from a command's answer
arriving here to the workers' ``<game> <version>`` message on ``<prefix>:changes``, which their commit
script publishes with the views; embedded, the projection is applied before the answer, so there is no
lag to measure), the CPU seconds per second of the Backroom processes, of every PostgreSQL process and
of the Redis server over the run (PostgreSQL and Redis are shared with whatever else runs on the
machine), and memory per live table (RSS of the Backroom processes after the run, less before it,
divided by the tables).

With two or more API processes each set-up runs twice on one deployment, one after the other:
*pinned* (each table's requests all go to one process, as a load balancer routing by game id sends
them) and *random* (each request to a process picked at random, as a round-robin balancer does): a
process's kept table is then often behind the log, and each time it is the command meets the save's
conflict or is checked against the log's tail before anything is refused. The last line compares them.
``refused`` counts commands answered 4xx (a legal list read from a projection still behind, say),
``stale`` the ``GET /legal`` answers marked stale, ``reconn`` the requests sent again on a new
connection (the server had closed an idle one); the client then reads the game again and goes on, so
a slow projection slows the run but never ends it.

Run: ``.venv/bin/python tests/benchmarks/bench_scale.py [--tables 500] [--seconds 15]``
(``--setups embedded,a1p1,a1p2,a2p1,a2p2`` picks the set-ups: aNpM is N API processes, M workers;
``--routing pinned,random`` the routings of set-ups with several API processes).
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script from the repo root

from tests.benchmarks.bench_service import (
    NEW_GAME,
    TAKEBACKS,
    Bot,
    Connection,
    Tally,
    base_parts,
    rss_kb,
)
from tests.operations.up import backroom_up
from tests.support.projecting import REDIS_URL, postgres_schema, redis_prefix, scale_env
from tests.support.server import UNLIMITED, serving


@dataclass
class Commits:
    """When each command's answer arrived, and when each game version's views were published."""

    answered: list[tuple[str, int, float]] = field(default_factory=list)
    published: dict[str, list[tuple[int, float]]] = field(default_factory=dict)

    def lags(self) -> list[float]:
        """Per answered command: the time to the first publication of its game at or past its version."""
        found = []
        for game, version, at in self.answered:
            later = [t for v, t in self.published.get(game, ()) if v >= version]
            if later:
                found.append(max(0.0, min(later) - at))
        return found


@dataclass
class Misses:
    """What went wrong for the clients, and was gone round: commands refused, legal lists stale."""

    refused: int = 0
    stale: int = 0
    reconnected: int = 0


class Route:
    """One table's way to the API processes: every request to the same one (pinned), or each to one
    picked at random (``random``), each process over a keep-alive connection of the table's own."""

    def __init__(
        self, bases: list[str], first: int, routing: str, rng: random.Random, misses: Misses
    ) -> None:
        chosen = bases if routing == "random" else [bases[first % len(bases)]]
        self.connections = [Connection(*base_parts(base)) for base in chosen]
        self.rng, self.misses = rng, misses

    async def request(self, method: str, path: str, body: bytes = b"", token: str = "") -> tuple[int, bytes]:
        """One request; sent again on a new connection when the server had closed the one picked (a
        keep-alive connection left idle past the server's timeout, as a random table's may be)."""
        connection = self.connections[0] if len(self.connections) == 1 else self.rng.choice(self.connections)
        try:
            return await connection.request(method, path, body, token)
        except (ConnectionError, asyncio.IncompleteReadError):
            connection.close()
            connection.reader = connection.writer = None
            self.misses.reconnected += 1
            return await connection.request(method, path, body, token)

    def close(self) -> None:
        for connection in self.connections:
            connection.close()


AGAIN = 0.05
"""Seconds a client waits before asking again after a stale or failed read."""
GIVE_UP = 60.0
"""Seconds a client asks again at most before the run fails (a hang guard: reads answer within 2 s)."""


def asked_again(since: float, body: bytes) -> None:
    """Fail once a client has asked again for :data:`GIVE_UP` seconds (``body``: the last answer)."""
    if time.perf_counter() - since > GIVE_UP:
        raise RuntimeError(f"no usable answer in {GIVE_UP:.0f} s: {body.decode()[:300]}")


async def legal_at(  # noqa: PLR0917  (a bot's read, and what it tallies)
    route: Route, game: str, bot: Bot, version: int, tally: Tally, misses: Misses
) -> list[Any]:
    """The bot's legal commands at ``version``: from its last answer if current, else ``GET /legal``
    until an answer is at ``version`` at least (a stale one behind it is asked again: the read waits up
    to 2 s for the projection each time; one read from the log, not projected yet, is current)."""
    if bot.version == version:
        return bot.legal
    since = time.perf_counter()
    while True:
        status, body = await route.request("GET", f"{game}/legal?min_version={version}", token=bot.token)
        tally.reads += 1
        answer = msgspec.json.decode(body) if status == 200 else {}
        if answer.get("stale", False):
            misses.stale += 1
        if status == 200 and answer["version"] >= version:
            found: list[Any] = answer["commands"]
            return found
        asked_again(since, body)
        await asyncio.sleep(AGAIN)


async def where_it_is(route: Route, game: str, version: int) -> tuple[int, list[int]]:
    """The game's version and who acts, read from its summary (at ``version`` at least)."""
    since = time.perf_counter()
    while True:
        status, body = await route.request("GET", f"{game}?min_version={version}")
        summary = msgspec.json.decode(body) if status == 200 else {}
        if status == 200 and summary["version"] >= version:
            return summary["version"], summary["to_act"]
        asked_again(since, body)
        await asyncio.sleep(AGAIN)


async def play_table(  # noqa: PLR0917  (one table's part of the run)
    route: Route, rng: random.Random, tally: Tally, commits: Commits, misses: Misses, until: float
) -> None:
    """Games of four random bots through ``route`` until ``until`` (perf_counter)."""
    try:
        while time.perf_counter() < until:
            status, body = await route.request("POST", "/api/games", NEW_GAME)
            assert status == 201, body
            opened = msgspec.json.decode(body)
            game_id, game = opened["id"], f"/api/games/{opened['id']}"
            bots = {t["seat"]: Bot(t["token"]) for t in opened["tokens"]}
            version, to_act = opened["game"]["version"], opened["game"]["to_act"]
            while to_act and time.perf_counter() < until:
                bot = bots[rng.choice(to_act)]
                legal = [
                    c
                    for c in await legal_at(route, game, bot, version, tally, misses)
                    if c["type"] not in TAKEBACKS
                ]
                sent = time.perf_counter()
                status, body = await route.request(
                    "POST", f"{game}/commands", msgspec.json.encode(rng.choice(legal)), bot.token
                )
                done = time.perf_counter()
                if status != 200:  # chosen from a list behind the game: read where it is and go on
                    misses.refused += 1
                    bot.version = -1
                    version, to_act = await where_it_is(route, game, version)
                    continue
                answer = msgspec.json.decode(body)
                tally.moves += 1
                tally.latencies.append(done - sent)
                commits.answered.append((game_id, answer["version"], done))
                bot.legal, bot.version = (
                    answer.get("legal", []),
                    answer["version"] if "legal" in answer else -1,
                )
                version, to_act = answer["version"], answer["to_act"]
    finally:
        route.close()


def listen(prefix: str, commits: Commits, stop: threading.Event) -> threading.Thread:
    """Record every ``<game> <version>`` the workers publish, with its arrival time."""
    client = redis.Redis.from_url(REDIS_URL)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.psubscribe(f"{prefix}:changes:*")  # every game's channel

    def run() -> None:
        while not stop.is_set():
            message = pubsub.get_message(timeout=0.2)
            if message is not None:
                game, _, version = message["data"].decode().partition(" ")
                commits.published.setdefault(game, []).append((int(version), time.perf_counter()))
        pubsub.close()
        client.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def service_pids(name: str) -> list[int]:
    """Every process whose command name is ``name`` (PostgreSQL's backends, the Redis server)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == name:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def cpu_of(pids: list[int]) -> dict[int, float]:
    """User plus system CPU seconds of each process itself (PostgreSQL's backends are each counted once)."""
    found = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        found[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


def spent(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds spent between two readings by the processes alive at the second (new ones: all of it)."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


@dataclass
class Run:
    name: str
    tally: Tally
    commits: Commits
    seconds: float
    cpu: dict[str, float]
    kb_per_table: float
    misses: Misses = field(default_factory=Misses)


def drive(
    name: str,
    bases: list[str],
    pids: list[int],
    *,
    tables: int,
    seconds: float,
    commits: Commits,
    routing: str = "pinned",
) -> Run:
    """Play ``tables`` tables across ``bases`` for ``seconds``; what it took."""
    groups = {
        "backroom": lambda: pids,
        "postgres": lambda: service_pids("postgres"),
        "redis": lambda: service_pids("redis-server"),
    }
    before = {group: cpu_of(find()) for group, find in groups.items()}
    rss_before = sum(rss_kb(pid) for pid in pids)
    tally, misses = Tally(), Misses()
    until = time.perf_counter() + seconds
    started = time.perf_counter()

    async def everything() -> None:
        await asyncio.gather(
            *(
                play_table(
                    Route(bases, n, routing, random.Random(-n - 1), misses),
                    random.Random(n),
                    tally,
                    commits,
                    misses,
                    until,
                )
                for n in range(tables)
            )
        )

    asyncio.run(everything())
    elapsed = time.perf_counter() - started
    cpu = {group: spent(before[group], cpu_of(find())) / elapsed for group, find in groups.items()}
    kb = (sum(rss_kb(pid) for pid in pids) - rss_before) / tables
    return Run(name, tally, commits, elapsed, cpu, kb, misses)


def embedded(tables: int, seconds: float) -> Run:
    with tempfile.TemporaryDirectory() as folder, serving(Path(folder) / "bench.sqlite") as served:
        name, bases, pids = "embedded (SQLite, 1 process)", [served.base], [served.pid]
        return drive(name, bases, pids, tables=tables, seconds=seconds, commits=Commits())


@contextmanager
def at_scale(apis: int, workers: int) -> Iterator[tuple[list[str], list[int], str]]:
    with postgres_schema() as schema, redis_prefix() as prefix:
        env = scale_env(schema, prefix) | UNLIMITED | {"BACKROOM_PARTITIONS": "4"}
        with backroom_up(f"api={apis},projections={workers}", env) as up:
            up.wait_ready()
            urls, pids = up.urls(), up.pids()
            yield [url for name, url in urls.items() if name.startswith("api.")], list(pids.values()), prefix


def scaled(  # noqa: PLR0917  (the set-up and the load)
    apis: int, workers: int, tables: int, seconds: float, routings: list[str], rounds: int = 1
) -> list[Run]:
    """One deployment; with several API processes, one run per routing on it, one after the other,
    ``rounds`` times over (alternating, so that the machine's load of the moment falls on both)."""
    runs = []
    with at_scale(apis, workers) as (bases, pids, prefix):
        for routing in (routings if apis > 1 else ["pinned"]) * rounds:
            commits, stop = Commits(), threading.Event()
            listener = listen(prefix, commits, stop)
            try:
                name = f"{apis} API, {workers} worker(s)" + (f", {routing}" if apis > 1 else "")
                found = drive(
                    name, bases, pids, tables=tables, seconds=seconds, commits=commits, routing=routing
                )
            finally:
                stop.set()
                listener.join(timeout=5)
            runs.append(found)
            report(found)
    return runs


def quantile(values: list[float], percent: int) -> float:
    return statistics.quantiles(values, n=100)[percent - 1] * 1000 if len(values) >= 2 else math.nan


def report(found: Run) -> None:
    lags = found.commits.lags()
    lag = f"{quantile(lags, 50):7.1f} {quantile(lags, 99):7.1f}" if lags else f"{'-':>7} {'-':>7}"
    latencies, cpu = found.tally.latencies, found.cpu
    print(
        f"{found.name:34} {found.tally.moves / found.seconds:7.1f} {quantile(latencies, 50):7.1f}"
        f" {quantile(latencies, 99):7.1f} {lag} {cpu['backroom']:7.2f} {cpu['postgres']:7.2f}"
        f" {cpu['redis']:7.2f} {found.kb_per_table:7.1f} {found.misses.refused:7d} {found.misses.stale:7d}"
        f" {found.misses.reconnected:7d}",
        flush=True,
    )


def compare(runs: list[Run]) -> None:
    """Random routing against pinned, from the runs of one deployment (commands/s and p99 ratios)."""
    pinned = [run for run in runs if run.name.endswith(", pinned")]
    for other in (run for run in runs if run.name.endswith(", random")):
        setup = other.name.removesuffix(", random")
        base = next(run for run in pinned if run.name.removesuffix(", pinned") == setup)
        pinned.remove(base)  # each random run against the pinned run of its own round
        rate = (other.tally.moves / other.seconds) / max(base.tally.moves / base.seconds, 1e-9)
        p99 = quantile(other.tally.latencies, 99) / quantile(base.tally.latencies, 99)
        print(
            f"{setup}: random against pinned: cmd/s x{rate:.2f}"
            f" ({abs(1 - rate) * 100:.0f}% {'fewer' if rate < 1 else 'more'}), p99 x{p99:.2f}",
            flush=True,
        )


SETUPS = {"embedded": None, "a1p1": (1, 1), "a2p1": (2, 1), "a1p2": (1, 2), "a2p2": (2, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--setups", default="embedded,a1p1,a1p2,a2p1,a2p2")
    parser.add_argument("--routing", default="pinned,random", help="routings of set-ups with 2+ APIs")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each routing, alternating")
    options = parser.parse_args()
    routings = options.routing.split(",")
    print(f"{options.tables} tables of 4 random Politrickers bots, {options.seconds:.0f} s each, 127.0.0.1")
    heads = ("cmd/s", "p50 ms", "p99 ms", "lag p50", "lag p99", "CPU br", "CPU pg", "CPU rd", "KB/table")
    heads = (*heads, "refused", "stale", "reconn")
    print(f"{'set-up':34} " + " ".join(f"{head:>7}" for head in heads))
    runs = []
    for name in options.setups.split(","):
        setup = SETUPS[name]
        if setup is None:
            runs.append(embedded(options.tables, options.seconds))
            report(runs[-1])
        else:
            runs += scaled(*setup, options.tables, options.seconds, routings, options.rounds)
    print("CPU: CPU-seconds per second (1.0 = one core) of Backroom, every PostgreSQL process, Redis")
    compare(runs)


if __name__ == "__main__":
    main()
