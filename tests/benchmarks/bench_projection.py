"""The projection's own cost: CPU a log position to fold a log into every read model, per game.

For each registered game (at its most seats), ``--games`` seeded random games are played into a fresh
SQLite log through the write side (``Tables``), then the whole log is projected again, ``--runs`` times,
into an in-memory read store (``projections.projection.rebuild`` with the embedded projection: records,
summaries, lobby indexes and every perspective's feed; views are rendered on read there, so not here).
Printed per game: log positions, the best run's CPU seconds, and CPU µs a position and a game move.
This is the work an embedded server does for every commit beside deciding and answering it.

Run: ``.venv/bin/python -m tests.benchmarks.bench_projection [--games 10] [--runs 5] [--game ID]``.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from api.service.application import Tables
from domain.games import registered
from projections.projection import GameProjection, rebuild
from projections.stores import SQLiteReadStore
from store.settings import Settings
from tests.support.projecting import open_game, play

MOVES_AT_MOST = 2_000
"""Commands sent to one game at most (every game ends well before)."""


@dataclass(frozen=True)
class Projected:
    """One game's figures: positions in its log, game moves sent, the best run's CPU seconds."""

    game: str
    positions: int
    moves: int
    cpu: float

    def per_position_us(self) -> float:
        return self.cpu / self.positions * 1e6

    def per_move_us(self) -> float:
        return self.cpu / self.moves * 1e6


def played_log(folder: Path, game: str, seats: int, games: int, seed: int) -> tuple[Tables, int]:
    """A log of ``games`` whole random games of ``game``; the write side over it, and the moves sent."""
    settings = Settings(sqlite_path=str(folder / f"{game}.sqlite"))
    tables = Tables(settings.eventsourcing_env(), games=registered())
    rng, moves = random.Random(seed), 0
    for number in range(games):
        game_id, tokens = open_game(tables, game, seats, seed=f"{game}-{seed}-{number}")
        moves += play(tables, game_id, tokens, rng, MOVES_AT_MOST)
    return tables, moves


def project(tables: Tables, runs: int) -> tuple[int, float]:
    """Project the whole log ``runs`` times into a fresh in-memory store; positions and the best CPU."""
    best, positions = float("inf"), 0
    for _ in range(runs):
        store = SQLiteReadStore(":memory:")
        projection = GameProjection(store, registered(), views=False)
        started = time.process_time()
        positions = rebuild(tables.store.recorder, projection)
        best = min(best, time.process_time() - started)
        store.close()
    return positions, best


def measure(games: int, runs: int, seed: int, only: str | None = None) -> list[Projected]:
    """Every registered game (or ``only``), at its most seats."""
    found = []
    with tempfile.TemporaryDirectory() as folder:
        for rules in registered().values():
            if only is not None and rules.id != only:
                continue
            tables, moves = played_log(Path(folder), rules.id, rules.max_seats, games, seed)
            try:
                positions, cpu = project(tables, runs)
            finally:
                tables.close()
            found.append(Projected(rules.id, positions, moves, cpu))
    return found


def report(found: list[Projected], games: int, runs: int) -> None:
    print(f"== Projecting a whole log again: {games} random games a game, best of {runs} runs ==")
    print(f"{'game':<16} {'positions':>10} {'moves':>8} {'CPU s':>8} {'µs/position':>12} {'µs/move':>9}")
    for row in found:
        print(
            f"{row.game:<16} {row.positions:>10,} {row.moves:>8,} {row.cpu:>8.3f}"
            f" {row.per_position_us():>12.1f} {row.per_move_us():>9.1f}"
        )


def main(argv: Any = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="random games played into each game's log")
    parser.add_argument("--runs", type=int, default=5, help="projections of each log (the best is kept)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default=None, help="one game only (its id)")
    args = parser.parse_args(argv)
    report(measure(args.games, args.runs, args.seed, args.game), args.games, args.runs)


if __name__ == "__main__":
    main()
