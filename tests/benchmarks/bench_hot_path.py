"""The hot path's CPU a move without sockets: the ASGI application called directly, in one process.

Run: ``.venv/bin/python -m tests.benchmarks.bench_hot_path`` (about 10 s; ``--seconds 8 --tables 8
--runs 1``). It builds the application ``backroom serve`` runs (a SQLite log in a temporary folder,
the embedded projection, the group committer and follower threads), opens Politrickers tables of 4
random bots, and plays them as ``bench_service`` does (``GET /legal?min_version=N`` when the answer in
hand is not the latest, then ``POST /commands``), ``--tables`` at once, each request handed to the
application as an ASGI call. After a 1 s warm-up it prints moves/s and the process's CPU a move (all
threads: the event loop, the committer, the follower; the callers' own work is a few per cent of it).

No HTTP server, no client process, no kernel networking: what is left is the application's own cost,
and it repeats within about 1% from run to run on a quiet machine, where the socket benchmark's figures
move by several per cent. Use it to compare two versions of the command path; ``bench_service`` stays
the figure the goals are measured by.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import random
import sys
import tempfile
import time
from typing import Any

import msgspec
import uvloop

from tests.benchmarks.bench_service import NEW_GAME, TAKEBACKS

UNLIMITED_POLICIES = (
    "creations_per_minute",
    "refusals_per_minute",
    "takebacks_per_minute",
    "lobby_reads_per_minute",
    "history_reads_per_minute",
)
"""The allowances random players from one address would run into (as ``tests.support.server.UNLIMITED``)."""


async def ask(
    app: Any, method: str, path: str, *, body: bytes = b"", token: str = "", query: bytes = b""
) -> Any:
    """One request through the application as an ASGI call; its decoded JSON answer (2xx only)."""
    head = [(b"host", b"bench"), (b"content-type", b"application/json")]
    head.append((b"content-length", b"%d" % len(body)))
    if token:
        head.append((b"authorization", f"Bearer {token}".encode()))
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query,
        "root_path": "",
        "headers": head,
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    messages = [{"type": "http.request", "body": body, "more_body": False}]
    answer: dict[str, Any] = {"body": b""}

    async def receive() -> dict[str, Any]:
        if messages:
            return messages.pop()
        await asyncio.Event().wait()  # nothing more is sent: wait like a quiet connection
        raise AssertionError("unreachable")

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
        else:
            answer["body"] += message.get("body", b"")

    await app(scope, receive, send)
    if not 200 <= answer["status"] < 300:
        raise RuntimeError(answer["body"].decode())
    return msgspec.json.decode(answer["body"])


async def play(app: Any, rng: random.Random, until: float, tally: list[int]) -> None:
    """Whole games of four random bots until ``until``; ``tally`` counts moves and legal reads."""
    while time.perf_counter() < until:
        opened = await ask(app, "POST", "/api/games", body=NEW_GAME)
        game = f"/api/games/{opened['id']}"
        tokens = {seat["seat"]: seat["token"] for seat in opened["tokens"]}
        held: dict[int, tuple[int, list[Any]]] = {}
        version, to_act = opened["game"]["version"], opened["game"]["to_act"]
        while to_act and time.perf_counter() < until:
            seat = rng.choice(to_act)
            known, commands = held.get(seat, (-1, []))
            if known != version:
                query = f"min_version={version}".encode()
                found = await ask(app, "GET", f"{game}/legal", token=tokens[seat], query=query)
                commands = found["commands"]
                tally[1] += 1
            moves = [command for command in commands if command["type"] not in TAKEBACKS]
            sent = msgspec.json.encode(rng.choice(moves))
            answer = await ask(app, "POST", f"{game}/commands", body=sent, token=tokens[seat])
            tally[0] += 1
            version, to_act = answer["version"], answer["to_act"]
            held[seat] = (version, answer["legal"])


async def measure(tables: int, seconds: float, warmup: float = 1.0) -> tuple[int, int, float, float]:
    """Moves, legal reads, wall seconds and process CPU seconds of ``seconds`` of play after a warm-up."""
    from api.http.app import create_app
    from store.settings import Settings

    unlimited = {name: 0 for name in UNLIMITED_POLICIES}
    with tempfile.TemporaryDirectory() as folder:
        settings = dataclasses.replace(Settings.from_env(), sqlite_path=f"{folder}/bench.sqlite", **unlimited)
        app = create_app(settings)
        async with app.router.lifespan_context(app):
            start = time.perf_counter()
            warming = start + warmup
            await asyncio.gather(*(play(app, random.Random(n), warming, [0, 0]) for n in range(tables)))
            tally = [0, 0]
            cpu, start = time.process_time(), time.perf_counter()
            until = start + seconds
            await asyncio.gather(*(play(app, random.Random(100 + n), until, tally) for n in range(tables)))
            return tally[0], tally[1], time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    sys.setswitchinterval(0.002)  # as ``backroom serve`` sets it (api.cli.share_the_lock)
    for _ in range(args.runs):
        moves, reads, wall, cpu = uvloop.run(measure(args.tables, args.seconds))
        print(
            f"{args.tables} tables, {moves:,} moves in {wall:.1f} s: {moves / wall:,.0f} moves/s, "
            f"{cpu / moves * 1000:.3f} ms of CPU a move, {reads / moves:.2f} GET /legal a move"
        )


if __name__ == "__main__":
    main()
