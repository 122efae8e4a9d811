"""Environment throughput beside PettingZoo's own card games: random masked play, single process.

A step is one action an agent sends (``env.step`` with an action; the ``None`` steps that retire agents
at the end are not counted): ``env.last()`` (the observation with its action mask), choosing uniformly
among the masked-in actions, and ``env.step``. Backroom's side is :func:`env.backroom_env` for every
game and seat count; the peers are PettingZoo's classic ``gin_rummy_v4`` and ``leduc_holdem_v4``
(RLCard-backed), through the same loop, character for character (:data:`LOOP`), for the same seconds.
Rates are steps a second of the process's own CPU time, both sides alike: the machine is shared by
several jobs, and its wall-clock speed changes by the minute (wall seconds are printed too).

The peers are installed on demand (``pip install`` of :data:`PEER_PACKAGES` into a ``venv`` made in a
temporary folder with this interpreter, bounded in time; ``gin_rummy`` left PettingZoo after 1.24, so
the peer is PettingZoo 1.24.3, and RLCard never enters our lock) and run in one subprocess that
measures what it is asked to. The runs alternate: gin_rummy, a Backroom game, gin_rummy, the next
game, ..., gin_rummy; each row is held against the mean of the two gin_rummy runs beside it (a machine
shared with other work changes speed by the minute), and leduc_holdem is measured first and last. The
goal is every game and seat count at least ``PEER_RATIO`` times its gin_rummy. When the peers cannot be
installed or run, the benchmark says why and prints Backroom's figures with "peer unavailable".
Run: ``.venv/bin/python -m tests.benchmarks.bench_env``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from tests.benchmarks.runtime import PeerFailed, PeerProcess, interpreter, run_step

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
    name, seconds = line.split()
    print(json.dumps(random_masked_play(made[name], float(seconds), 0)), flush=True)
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
    """One timed run of one environment."""

    steps: int
    games: int
    seconds: float
    cpu: float

    @property
    def rate(self) -> float:
        """Steps a second of the process's CPU (this machine is shared: wall time counts the waits)."""
        return self.steps / self.cpu


Row = tuple[str, int, Figures]
"""Game id, seats, figures."""


def backroom_rows(seconds: float, only: list[str] | None = None, between: Any = None) -> list[Row]:
    """Random masked play through Backroom's environment for every game and seat count; ``between()``
    is called before the first and after each (the alternating peer runs)."""
    from env import backroom_env, tables

    rows = []
    if between is not None:
        between()
    for game, seats in tables():
        if not only or game in only:
            make = partial(backroom_env, game, seats)
            rows.append((game, seats, Figures(*random_masked_play(make, seconds, 0))))
            if between is not None:
                between()
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

    def measure(self, name: str, seconds: float) -> Figures:
        """``name``'s figures over ``seconds`` (kept in ``runs``), printed as they come."""
        found = Figures(*self.process.ask(f"{name} {seconds}", seconds))
        self.runs[name].append(found)
        print(f"  {name}: {found.rate:,.0f} steps/s of CPU ({found.steps:,} steps, {found.games:,} games "
              f"in {found.cpu:.1f} s of CPU, {found.seconds:.1f} s wall)", flush=True)  # fmt: skip
        return found

    def close(self) -> None:
        self.process.close()


def beside(rows: list[Row], gin: list[Figures]) -> list[float]:
    """For each row, the mean gin_rummy rate of the runs just before and just after it."""
    return [(gin[index].rate + gin[index + 1].rate) / 2 for index in range(len(rows))]


def print_table(rows: list[Row], gin: list[float] | None, leduc: float | None) -> None:
    """Backroom's rows, each with its ratio to the gin_rummy beside it and to leduc_holdem's mean, and
    whether it meets the goal."""
    print()
    print(f"{'game':<16}{'seats':>6}{'steps/s':>10}{'games/s':>10}{'games':>7}{'gin':>8}{'x gin':>8}"
          f"{'x leduc':>9}  goal {PEER_RATIO:g}x gin_rummy")  # fmt: skip
    for index, (game, seats, found) in enumerate(rows):
        per_second = found.games / found.cpu
        figures = f"{game:<16}{seats:>6}{found.rate:>10,.0f}{per_second:>10,.1f}{found.games:>7}"
        if gin is None or leduc is None:
            print(f"{figures}{'-':>8}{'-':>8}{'-':>9}  peer unavailable")
            continue
        ratio = found.rate / gin[index]
        print(f"{figures}{gin[index]:>8,.0f}{ratio:>8.2f}{found.rate / leduc:>9.2f}  "
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
    print(f"both sides run on {interpreter()}", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-env-pettingzoo-") as folder:
        python: Path | str = "not run (--no-peer)"
        if not args.no_peer:
            print(f"installing {' '.join(PEER_PACKAGES)} into a temporary venv in {folder} ...", flush=True)
            python = install_peer(Path(folder))
        if isinstance(python, str):
            print(f"PettingZoo: peer unavailable: {python}", flush=True)
            print_table(backroom_rows(args.seconds, args.game), None, None)
            return
        try:
            peers = Peers(python)
        except PeerFailed as failure:
            print(f"PettingZoo: peer unavailable: {failure}", flush=True)
            print_table(backroom_rows(args.seconds, args.game), None, None)
            return
        try:
            print(", ".join(f"{name} {version}" for name, version in peers.versions.items()), flush=True)
            peers.measure("leduc_holdem_v4", args.seconds)
            gin_run = partial(peers.measure, "gin_rummy_v4", args.seconds)
            rows = backroom_rows(args.seconds, args.game, gin_run)
            peers.measure("leduc_holdem_v4", args.seconds)
        finally:
            peers.close()
    gin, leduc = peers.runs["gin_rummy_v4"], peers.runs["leduc_holdem_v4"]
    print(f"PettingZoo mean steps/s: gin_rummy_v4 {mean_rate(gin):,.0f} ({len(gin)} runs), "
          f"leduc_holdem_v4 {mean_rate(leduc):,.0f} ({len(leduc)} runs)")  # fmt: skip
    print_table(rows, beside(rows, gin), mean_rate(leduc))


if __name__ == "__main__":
    main()
