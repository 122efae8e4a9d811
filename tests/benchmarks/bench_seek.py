"""Seek time through the API: ``GET /api/games/{id}/at/{version}`` at versions 10, 1,000 and 2,000.

The game is a Slush Fund 2 table made long by take-backs: after each draw, the seat stashes and takes
the stash back many times (two events each), then plays its turn; so the stream holds thousands of
events and snapshots every ``--interval`` versions (the service default is 50). Each seek loads the
nearest snapshot at or before the version and folds the rest. Server-side time is the route's own
``Server-Timing`` figure (load, seek and view, no HTTP); the round trip adds the in-process HTTP stack.

Run: ``.venv/bin/python -m tests.benchmarks.bench_seek``. Goal: p50 under 2 ms server-side at every
version, and the p50 at 2,000 under twice the p50 at 10.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from api.http.app import create_app
from api.service.application import Tables
from domain.codec import encode
from domain.games import registered
from domain.seats import Seat
from domain.takeback import TAKEBACK_COMMANDS, TakeBack
from store.settings import Settings
from tests.support.service import run

GOAL_MS = 2.0
GOAL_RATIO = 2.0
VERSIONS = (10, 1000, 2000)
WORST = (1049, 2049)  # just before a snapshot: the longest fold (reported, not part of the goal)


def build(tables: Tables, events: int, seed: int = 1) -> tuple[str, dict[int, str]]:
    """A Slush Fund 2 game with at least ``events`` versions, made long by stash-and-take-back."""
    opening = run(tables.open("slush-fund-2", ["ann", "bob"], seed="bench"))
    game_id, tokens = str(opening.game_id), opening.tokens
    rng = random.Random(seed)
    while tables.store.load(game_id).version < events:
        table = tables.store.load(game_id)
        rules = table.game
        assert rules is not None and not rules.is_over(table.game_state)
        seat = Seat(sorted(rules.to_act(table.game_state))[0])
        offered = rules.legal_commands(table.game_state, seat)
        stashes = [command for command in offered if type(command).__name__ == "StashInSlushFund"]
        if stashes:
            for _ in range(min(100, (events - table.version) // 2 + 1)):
                run(tables.submit(game_id, tokens[seat], encode(stashes[0])))
                run(tables.submit(game_id, tokens[seat], encode(TakeBack())))
        command = rng.choice([c for c in offered if not isinstance(c, TAKEBACK_COMMANDS)])
        run(tables.submit(game_id, tokens[seat], encode(command)))
    return game_id, tokens


def seek(
    client: TestClient, game_id: str, token: str, version: int, rounds: int
) -> tuple[list[float], list[float]]:
    """(server-side ms, round-trip ms) of ``rounds`` seeks to ``version``."""
    server, trip = [], []
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(rounds):
        started = time.perf_counter()
        answer = client.get(f"/api/games/{game_id}/at/{version}", headers=headers)
        trip.append((time.perf_counter() - started) * 1000)
        assert answer.status_code == 200, answer.text
        server.append(float(answer.headers["Server-Timing"].split("dur=")[1]))
    return server, trip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=2100, help="at least this many versions")
    parser.add_argument("--rounds", type=int, default=300, help="seeks per version")
    parser.add_argument("--interval", type=int, default=50, help="snapshot every N versions")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            sqlite_path=str(Path(folder) / "seek.sqlite"),
            snapshot_interval=args.interval,
            takebacks_per_minute=0,  # the game is made long by take-backs, far faster than a person would
            refusals_per_minute=0,
        )
        app = create_app(settings, games=registered())
        with TestClient(app) as client:
            tables: Tables = app.state.tables
            started = time.perf_counter()
            game_id, tokens = build(tables, args.events)
            latest = tables.store.load(game_id).version
            print(
                f"built a Slush Fund 2 game of {latest:,} versions in {time.perf_counter() - started:.1f} s"
            )
            seek(client, game_id, tokens[0], latest, 50)  # warm up
            medians: dict[int, float] = {}
            for version in VERSIONS + WORST:
                server, trip = seek(client, game_id, tokens[0], version, args.rounds)
                cuts = statistics.quantiles(server, n=100)
                medians[version] = statistics.median(server)
                print(
                    f"version {version:>5}: server p50 {medians[version]:.3f} ms, p90 {cuts[89]:.3f} ms, "
                    f"p99 {cuts[98]:.3f} ms; round trip p50 {statistics.median(trip):.3f} ms"
                )
    worst = max(medians[version] for version in VERSIONS)
    ratio = medians[VERSIONS[-1]] / medians[VERSIONS[0]]
    print(f"worst p50 {worst:.3f} ms (goal < {GOAL_MS} ms) {'MET' if worst < GOAL_MS else 'NOT MET'}")
    print(
        f"p50 ratio 2,000/10: {ratio:.2f} (goal < {GOAL_RATIO}) {'MET' if ratio < GOAL_RATIO else 'NOT MET'}"
    )


if __name__ == "__main__":
    main()
