"""Environment throughput beside PettingZoo's own card games: random masked play, single process.

A step is one action an agent sends (``env.step`` with an action; the ``None`` steps that retire agents
at the end are not counted): ``env.last()`` (the observation with its action mask), choosing uniformly
among the masked-in actions, and ``env.step``. Backroom's side is :func:`env.backroom_env` for every
game and seat count; the peers are PettingZoo's classic ``gin_rummy_v4`` and ``leduc_holdem_v4``
(RLCard-backed), through the same loop, character for character (:data:`LOOP`), for the same seconds.
Rates are steps a second of the process's own CPU time, both sides alike: the machine is shared by
several jobs, and its wall-clock speed changes by the minute.

The peers are installed on demand (``pip install`` of :data:`PEER_PACKAGES` into a ``venv`` made in a
temporary folder with this interpreter, bounded in time; ``gin_rummy`` left PettingZoo after 1.24, so
the peer is PettingZoo 1.24.3, and RLCard never enters our lock) and run in one subprocess that
measures what it is asked to. Each game and seat count takes turns with gin_rummy in
:data:`SLICES` slices of its seconds (each side first in turn), and each row is held against gin_rummy's
rate in those very slices, as ``bench_engine`` does with RLCard (this machine's speed changes from second
to second: measured apart, the two sides meet different machines); leduc_holdem is measured first and
last. Both processes run on one CPU (this machine's two differ). The goal is every game and seat count
at least ``PEER_RATIO`` times its gin_rummy. When the peers cannot be installed or run, the benchmark
says why and prints Backroom's figures with "peer unavailable".
Run: ``.venv/bin/python -m tests.benchmarks.bench_env``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from tests.benchmarks.runtime import PeerFailed, PeerProcess, interpreter, run_step, turns

PEER_RATIO = 3.0
"""Every game and seat count must step at least this many times as fast as PettingZoo's gin_rummy
(issue 50's goal)."""
PEER_PACKAGES = ("pettingzoo==1.24.3", "rlcard==1.0.5", "pygame==2.6.1", "gymnasium==1.4.0", "numpy==2.4.6")
PEERS = ("gin_rummy_v4", "leduc_holdem_v4")
INSTALL_SECONDS = 300.0
PEER_START_SECONDS = 60.0

LOOP = '''\
def random_masked_play(make, seconds, seed):
    """(steps, games, wall s, CPU s): whole games of uniformly random masked actions for about ``seconds``."""
    env = make()
    rng = random.Random(seed)
    steps = games = 0
    started, cpu = time.perf_counter(), time.process_time()
    while not games or time.perf_counter() - started < seconds:  # one game at least, however late it starts
        env.reset(seed=seed + games)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        games += 1
    return steps, games, time.perf_counter() - started, time.process_time() - cpu
'''

PEER_SCRIPT = f'''\
"""PettingZoo's gin_rummy and leduc_holdem under the benchmark's loop: each line read names an
environment and seconds; each answer is one JSON line of figures."""
import json, random, sys, time
import numpy as np
import pettingzoo, rlcard
from pettingzoo.classic import gin_rummy_v4, leduc_holdem_v4

{LOOP}
made = {{"gin_rummy_v4": gin_rummy_v4.env, "leduc_holdem_v4": leduc_holdem_v4.env}}
print(json.dumps({{"pettingzoo": pettingzoo.__version__, "rlcard": rlcard.__version__,
                  "numpy": np.__version__}}), flush=True)
for line in sys.stdin:
    name, seconds, seed = line.split()
    print(json.dumps(random_masked_play(made[name], float(seconds), int(seed))), flush=True)
'''


def random_masked_play(make: Any, seconds: float, seed: int) -> tuple[int, int, float, float]:
    """The benchmark's loop (:data:`LOOP`), the very source the peer runs, compiled here."""
    import random

    import numpy as np

    scope: dict[str, Any] = {"random": random, "time": time, "np": np}
    exec(LOOP, scope)
    steps, games, elapsed, cpu = scope["random_masked_play"](make, seconds, seed)
    return int(steps), int(games), float(elapsed), float(cpu)


@dataclass(frozen=True)
class Figures:
    """What one environment played in one or more timed runs."""

    steps: int = 0
    games: int = 0
    seconds: float = 0.0
    cpu: float = 0.0

    def __add__(self, other: Figures) -> Figures:
        steps, games = self.steps + other.steps, self.games + other.games
        return Figures(steps, games, self.seconds + other.seconds, self.cpu + other.cpu)

    @property
    def rate(self) -> float:
        """Steps a second of the process's CPU (this machine is shared: wall time counts the waits)."""
        return self.steps / self.cpu


SLICES = 12
"""Slices a row's seconds are cut into, each beside a slice of gin_rummy's (each side first in turn)."""

Row = tuple[str, int, Figures, Figures | None]
"""Game id, seats, Backroom's figures, and gin_rummy's in the same row's slices (``None``: not run)."""


def backroom_rows(seconds: float, only: list[str] | None = None, peers: Peers | None = None) -> list[Row]:
    """Random masked play through Backroom's environment for every game and seat count, in
    :data:`SLICES` slices of ``seconds`` in all, taking turns with gin_rummy's when ``peers`` run."""
    from env import backroom_env, tables

    rows: list[Row] = []
    for game, seats in tables():
        if only and game not in only:
            continue
        make = partial(backroom_env, game, seats)
        ours, gin = Figures(), Figures()
        for peers_turn in turns(SLICES):
            if not peers_turn:
                ours += Figures(*random_masked_play(make, seconds / SLICES, ours.games))
            elif peers is not None:
                gin += peers.measure("gin_rummy_v4", seconds / SLICES, gin.games)
        rows.append((game, seats, ours, gin if peers is not None else None))
    return rows


def install_peer(folder: Path) -> Path | str:
    """The peers' interpreter in a venv made in ``folder`` (the script beside it), or why there is none."""
    venv, deadline = folder / "venv", time.monotonic() + INSTALL_SECONDS
    python = venv / "bin" / "python"
    steps = {
        "python -m venv": [sys.executable, "-m", "venv", str(venv)],
        "pip install": [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "--timeout", "20", "--retries", "1", *PEER_PACKAGES],
    }  # fmt: skip
    for step, command in steps.items():
        failure = run_step(command, deadline - time.monotonic(), INSTALL_SECONDS)
        if failure:
            return f"{step}: {failure}"
    (folder / "peers.py").write_text(PEER_SCRIPT)
    return python


class Peers:
    """The peers' process, asked for one environment's figures at a time (:meth:`measure`)."""

    def __init__(self, python: Path) -> None:
        self.process = PeerProcess(python, python.parents[2] / "peers.py", PEER_START_SECONDS)
        self.versions: dict[str, str] = self.process.hello
        self.runs: dict[str, list[Figures]] = {name: [] for name in PEERS}

    def measure(self, name: str, seconds: float, seed: int = 0) -> Figures:
        """``name``'s figures over ``seconds`` from game ``seed`` on (kept in ``runs``)."""
        found = Figures(*self.process.ask(f"{name} {seconds} {seed}", seconds))
        self.runs[name].append(found)
        return found

    def close(self) -> None:
        self.process.close()


def print_table(rows: list[Row], leduc: float | None) -> None:
    """Backroom's rows, each with its ratio to gin_rummy in its own slices and to leduc_holdem's mean,
    and whether it meets the goal."""
    print()
    print(f"{'game':<16}{'seats':>6}{'steps/s':>10}{'games/s':>10}{'games':>7}{'gin':>8}{'x gin':>8}"
          f"{'x leduc':>9}  goal {PEER_RATIO:g}x gin_rummy")  # fmt: skip
    for game, seats, found, gin in rows:
        per_second = found.games / found.cpu
        figures = f"{game:<16}{seats:>6}{found.rate:>10,.0f}{per_second:>10,.1f}{found.games:>7}"
        if gin is None or leduc is None:
            print(f"{figures}{'-':>8}{'-':>8}{'-':>9}  peer unavailable")
            continue
        ratio = found.rate / gin.rate
        print(f"{figures}{gin.rate:>8,.0f}{ratio:>8.2f}{found.rate / leduc:>9.2f}  "
              f"{'met' if ratio >= PEER_RATIO else 'MISSED'}")  # fmt: skip


def mean_rate(runs: list[Figures]) -> float:
    """The mean steps/s of ``runs``."""
    return sum(found.rate for found in runs) / len(runs)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per environment and run")
    parser.add_argument("--game", action="append", help="only these game ids")
    parser.add_argument("--no-peer", action="store_true", help="do not install or run PettingZoo's games")
    args = parser.parse_args()
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})  # the peers' process, started from this one, runs on the same CPU
    print(f"both sides run on {interpreter()}, on CPU {cpu} of this machine's", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-env-pettingzoo-") as folder:
        python: Path | str = "not run (--no-peer)"
        if not args.no_peer:
            print(f"installing {' '.join(PEER_PACKAGES)} into a temporary venv in {folder} ...", flush=True)
            python = install_peer(Path(folder))
        if isinstance(python, str):
            print(f"PettingZoo: peer unavailable: {python}", flush=True)
            print_table(backroom_rows(args.seconds, args.game), None)
            return
        try:
            peers = Peers(python)
        except PeerFailed as failure:
            print(f"PettingZoo: peer unavailable: {failure}", flush=True)
            print_table(backroom_rows(args.seconds, args.game), None)
            return
        try:
            print(", ".join(f"{name} {version}" for name, version in peers.versions.items()), flush=True)
            peers.measure("leduc_holdem_v4", args.seconds)
            rows = backroom_rows(args.seconds, args.game, peers)
            peers.measure("leduc_holdem_v4", args.seconds)
        finally:
            peers.close()
    gin = sum((gin for *_, gin in rows if gin is not None), Figures())
    leduc = peers.runs["leduc_holdem_v4"]
    print(f"PettingZoo steps/s: gin_rummy_v4 {gin.rate:,.0f} over every slice ({gin.games:,} games), "
          f"leduc_holdem_v4 {mean_rate(leduc):,.0f} (mean of {len(leduc)} runs, first and last)")  # fmt: skip
    print_table(rows, mean_rate(leduc))


if __name__ == "__main__":
    main()
