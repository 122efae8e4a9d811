"""How fast ``backroom balance`` plays: games per second for every game, on one job and on two.

Run: ``.venv/bin/python -m tests.benchmarks.bench_balance [--games 200]``. Each game and job count
plays the same seeded random games (no strategies) through the command's own batches and worker
processes, and prints games/s and how long 5,000 such games would take. On a shared machine the figures
depend on the load; the seat count is the game's minimum.
"""

from __future__ import annotations

import argparse
import time

from api.cli.balance import run, tasks
from domain.games import registered


def games_per_second(game_id: str, seats: int, games: int, jobs: int) -> float:
    """Random games per wall-clock second for one game on ``jobs`` processes."""
    started = time.perf_counter()
    records = run(tasks(game_id, 0, games, seats, []), jobs)
    assert len(records) == games
    return games / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per game and job count")
    games = parser.parse_args().games
    print(f"{'game':<16}{'seats':>6}{'jobs':>6}{'games/s':>10}{'5,000 games':>14}")
    for game_id, game in sorted(registered().items()):
        for jobs in (1, 2):
            rate = games_per_second(game_id, game.min_seats, games, jobs)
            print(f"{game_id:<16}{game.min_seats:>6}{jobs:>6}{rate:>10.1f}{5000 / rate:>12.0f} s")


if __name__ == "__main__":
    main()
