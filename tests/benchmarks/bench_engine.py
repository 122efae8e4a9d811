"""Rules-engine throughput: random legal play, single process, for every registered game.

An action is one command: listing the acting seat's legal commands, choosing one, ``decide`` through the
referee, and ``evolve`` of its events. Run: ``.venv/bin/python -m tests.benchmarks.bench_engine``.
Goal: at least 20,000 actions/s on every game (RLCard plays UNO at about 12,000 on this machine).
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from typing import Any

from domain.game import GameDefinition, registered
from domain.playout import play_random_game

GOAL = 20_000


def measure(game: GameDefinition[Any, Any, Any, Any], seats: int, seconds: float) -> tuple[float, float, int]:
    """(actions/s, games/s, games played) over about ``seconds`` of back-to-back seeded games."""
    actions = games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        actions += play_random_game(game, games, seats)[1]
        games += 1
    elapsed = time.perf_counter() - started
    return actions / elapsed, games / elapsed, games


def peak_memory(game: GameDefinition[Any, Any, Any, Any], seats: int) -> int:
    """Peak bytes allocated while playing one game (states are immutable and shared between steps)."""
    tracemalloc.start()
    play_random_game(game, 0, seats)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game and seat count")
    parser.add_argument("--game", action="append", help="only these game ids")
    args = parser.parse_args()
    print(f"{'game':<16}{'seats':>6}{'actions/s':>12}{'games/s':>10}{'games':>8}{'peak KiB':>10}  goal")
    for game in registered().values():
        if args.game and game.id not in args.game:
            continue
        for seats in range(game.min_seats, game.max_seats + 1):
            rate, game_rate, played = measure(game, seats, args.seconds)
            peak = peak_memory(game, seats) / 1024
            verdict = "met" if rate >= GOAL else "MISSED"
            figures = f"{rate:>12,.0f}{game_rate:>10,.1f}{played:>8}{peak:>10,.0f}"
            print(f"{game.id:<16}{seats:>6}{figures}  {verdict}")


if __name__ == "__main__":
    main()
