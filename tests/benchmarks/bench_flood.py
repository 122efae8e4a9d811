"""One table plays while others flood table creation and history reads: the player's p99, before and during.

A real ``backroom serve`` with its default policies (``BACKROOM_*`` unset). First ``--tables`` open
tables are opened from many loopback addresses (a lobby of that size), and one Slush Fund 2 game is
played to its end (the log the history readers read). Then one player (from 127.0.0.1) plays Slush
Fund 2 games back to back by random legal commands for ``--seconds`` alone ("before"), and again for
``--seconds`` while ``--flooders`` processes each hammer the service from the same address: opening
tables, polling the lobby (``limit=1`` and the open tables), and reading the finished game's
``/timeline``, ``/audit`` and ``/events`` ("during"). Printed: the player's command round trip p50 and
p99 in both phases and their ratio (goal: p99 during at most 2x before), and what the flood got back,
by status. Each of the player's tables is opened by a host of its own (127.0.1.x: a player opens a
table now and then, not 80 a minute), and then played from 127.0.0.1.

Run: ``.venv/bin/python -m tests.benchmarks.bench_flood`` (about a minute; ``--seconds``, ``--flooders``,
``--tables``).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

from tests.support.server import serving

GAME = {"game": "slush-fund-2", "players": ["ann", "bob"]}
GOAL = 2.0
TAKEBACKS = {"TakeBack", "RequestTakeBack", "ApproveTakeBack", "RefuseTakeBack"}
"""Not played: a seat may take back only so often a minute (the player plays on instead)."""


def client(base: str, address: str) -> httpx.Client:
    """A client whose connections come from ``address`` (any 127.x.y.z is this machine)."""
    return httpx.Client(base_url=base, timeout=30, transport=httpx.HTTPTransport(local_address=address))


def open_lobby(base: str, tables: int) -> None:
    """``tables`` open tables, from as many addresses as their allowance asks for (20 each)."""
    for start in range(0, tables, 20):
        with client(base, f"127.0.{10 + start // 5000}.{1 + start // 20 % 250}") as http:
            for _ in range(min(20, tables - start)):
                assert http.post("/api/games", json={"game": "slush-fund-2", "seats": 2}).status_code == 201


def play(http: httpx.Client, rng: random.Random, until: float) -> tuple[list[float], Counter[Any]]:
    """Play games back to back until ``until``; each command's round trip (ms), and the statuses of
    openings and of refused commands."""
    spent: list[float] = []
    openings: Counter[Any] = Counter()
    base = str(http.base_url).rstrip("/")
    while time.perf_counter() < until:
        with client(base, f"127.0.1.{1 + sum(openings.values()) % 250}") as host:
            opened = host.post("/api/games", json=GAME)  # each table opened by its own host
        openings[opened.status_code] += 1
        if opened.status_code != 201:
            time.sleep(1)
            continue
        body = opened.json()
        tokens = {entry["seat"]: {"Authorization": f"Bearer {entry['token']}"} for entry in body["tokens"]}
        answer: dict[str, Any] = {"to_act": body["game"]["to_act"], "status": "playing"}
        legal: dict[int, list[Any]] = {}
        stuck = 0
        while answer["status"] != "over" and time.perf_counter() < until:
            seat = rng.choice(answer["to_act"])
            offered = legal.get(seat)
            if offered is None:
                offered = http.get(f"/api/games/{body['id']}/legal", headers=tokens[seat]).json()["commands"]
            moves = [command for command in offered if command["type"] not in TAKEBACKS]
            if not moves:  # this seat may only take back: another seat moves, else a new game
                stuck += 1
                answer, legal = http.get(f"/api/games/{body['id']}").json(), {}
                answer["status"] = "over" if stuck > 20 else answer["status"]
                continue
            stuck = 0
            started = time.perf_counter()
            sent = http.post(
                f"/api/games/{body['id']}/commands", json=rng.choice(moves), headers=tokens[seat]
            )
            spent.append((time.perf_counter() - started) * 1000)
            if sent.status_code != 200:  # the clock moved the game on meanwhile: look again
                openings[f"{sent.status_code} {sent.json()['error']['code']}"] += 1
                answer, legal = http.get(f"/api/games/{body['id']}").json(), {}
                continue
            answer = sent.json()
            legal = {seat: answer["legal"]}
    return spent, openings


def finished_game(base: str) -> tuple[str, str]:
    """A Slush Fund 2 game played to its end: its id and a seat's token."""
    with client(base, "127.0.9.1") as http:
        body = http.post("/api/games", json=GAME).json()
        tokens = {entry["seat"]: {"Authorization": f"Bearer {entry['token']}"} for entry in body["tokens"]}
        rng = random.Random(1)
        while (summary := http.get(f"/api/games/{body['id']}").json())["status"] != "over":
            seat = rng.choice(summary["to_act"])
            offered = http.get(f"/api/games/{body['id']}/legal", headers=tokens[seat]).json()["commands"]
            http.post(f"/api/games/{body['id']}/commands", json=rng.choice(offered), headers=tokens[seat])
        return body["id"], body["tokens"][0]["token"]


def flood(base: str, game: tuple[str, str], until: float) -> Counter[str]:
    """Open tables, poll the lobby and read a finished game's history, as fast as answers come."""
    game_id, token = game
    seat = {"Authorization": f"Bearer {token}"}
    asks = [
        ("POST", "/api/games", {"json": GAME}),
        ("GET", "/api/games", {"params": {"limit": 1}}),
        ("GET", "/api/games", {"params": {"status": "waiting", "limit": 50}}),
        ("GET", f"/api/games/{game_id}/timeline", {"headers": seat}),
        ("GET", f"/api/games/{game_id}/audit", {"headers": seat}),
        ("GET", f"/api/games/{game_id}/events", {"headers": seat}),
    ]
    got: Counter[str] = Counter()
    with client(base, "127.0.0.1") as http:  # the playing table's own address
        while time.perf_counter() < until:
            for method, path, options in asks:
                status = http.request(method, path, **options).status_code
                got[f"{method} {path.split('/')[-1] or 'games'} {status}"] += 1
    return got


def _flood(args: tuple[str, tuple[str, str], float]) -> Counter[str]:
    return flood(*args)


def figures(label: str, spent: list[float]) -> float:
    cuts = statistics.quantiles(spent, n=100)
    print(f"{label}: {len(spent)} commands, p50 {statistics.median(spent):.2f} ms, p99 {cuts[98]:.2f} ms")
    return cuts[98]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=15.0, help="each phase")
    parser.add_argument("--flooders", type=int, default=4)
    parser.add_argument("--tables", type=int, default=1000, help="open tables in the lobby first")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as folder,
        serving(Path(folder) / "flood.sqlite", policies={}) as served,
    ):
        open_lobby(served.base, args.tables)
        game = finished_game(served.base)
        with client(served.base, "127.0.0.1") as http:
            before, opened = play(http, random.Random(7), time.perf_counter() + args.seconds)
            until = time.perf_counter() + args.seconds
            with multiprocessing.Pool(args.flooders) as pool:
                flooding = pool.map_async(_flood, [(served.base, game, until)] * args.flooders)
                during, opened_during = play(http, random.Random(8), until)
                got = sum(flooding.get(), Counter())
    print(f"lobby: {args.tables} open tables; the player's openings and refusals: before {dict(opened)},")
    print(f"  during {dict(opened_during)}")
    alone = figures("before", before)
    ratio = figures("during", during) / alone
    print(f"p99 during / before: {ratio:.2f}x (goal <= {GOAL:.0f}x: {'met' if ratio <= GOAL else 'NOT met'})")
    for asked, count in sorted(got.items()):
        print(f"  flood {asked}: {count}")


if __name__ == "__main__":
    main()
