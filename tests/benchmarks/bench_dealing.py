"""The engine's speed with draws as a table makes them, under dealing scheme 1 and scheme 2, alternating.

``bench_engine`` plays each game with one generator for the whole game (as bots and simulations do);
a table instead draws each command's chance afresh from its position: scheme 1 seeds CPython's
generator with ``"{secret}:{position}"``, scheme 2 reads the HMAC-SHA-256 stream of the table's key at
that position (:mod:`domain.dealing`). This plays random legal games of every game at its fewest seats
where every command is decided with a table's chance of either scheme (the commands are chosen by a
generator of their own, so both schemes play alike), for ``--seconds`` a run, ``--rounds`` rounds of
scheme 1 then scheme 2, and prints actions a CPU second of each and the ratio of their medians.
Run: ``.venv/bin/python -m tests.benchmarks.bench_dealing``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from domain import dealing
from domain.chance import Step
from domain.games import registered
from domain.playout import chooser
from domain.referee import decide, fold, start

SECRET = "4f1c2a9be07d3386a1f05e2c9b7d1e60"


def chance(scheme: int, key: bytes, position: int) -> Step:
    """The chance a table of ``scheme`` hands the command at ``position`` (as ``chance_of`` makes it)."""
    if scheme == dealing.MERSENNE:
        return Step(seed=f"{SECRET}:{position}")
    return Step(seed=f"{SECRET}:{position}", key=key, position=position)


def play(game: Any, seats: int, scheme: int, seed: int) -> int:
    """One random game, each command drawing a table's chance; the commands it took."""
    key = dealing.table_key(SECRET, (None,) * seats)
    state, _ = start(game, game.options_type(), seats, chance(scheme, key, 1))
    choice = chooser(random.Random(seed))
    for actions in range(20_000):
        if game.is_over(state):
            return actions
        seat = choice(sorted(game.to_act(state)))
        command = choice(game.legal_commands(state, seat))
        state = fold(game, decide(game, state, seat, command, chance(scheme, key, actions + 2)), state)
    raise AssertionError("no end")


def rate(game: Any, seats: int, scheme: int, seconds: float) -> float:
    """Actions a CPU second (the process's own: steadier than the wall on a shared machine)."""
    actions = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        actions += play(game, seats, scheme, games)
        games += 1
    return actions / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game':<16}{'seats':>6}{'scheme 1 a/s':>14}{'scheme 2 a/s':>14}{'ratio':>8}")
    for game in registered().values():
        seats = game.min_seats
        runs: dict[int, list[float]] = {dealing.MERSENNE: [], dealing.HMAC_SHA256: []}
        for _ in range(args.rounds):
            for scheme, rates in runs.items():
                rates.append(rate(game, seats, scheme, args.seconds))
        one, two = (statistics.median(rates) for rates in runs.values())
        print(f"{game.id:<16}{seats:>6}{one:>14.0f}{two:>14.0f}{two / one:>8.3f}")


if __name__ == "__main__":
    main()
