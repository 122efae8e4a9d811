"""Environment throughput beside PettingZoo's own card games: random masked play, single process.

A step is one action an agent sends (``env.step`` with an action; the ``None`` steps that retire agents
at the end are not counted): ``env.last()`` (the observation with its action mask), choosing uniformly
among the masked-in actions, and ``env.step``. Backroom's side is :func:`env.backroom_env` for every
game and seat count; the peers are PettingZoo's classic ``gin_rummy_v4`` and ``leduc_holdem_v4``
(RLCard-backed), through the same loop, character for character (:data:`LOOP`), for the same seconds.

The peers are installed on demand (``pip install`` of :data:`PEER_PACKAGES` into a ``venv`` made in a
temporary folder with this interpreter, bounded in time; ``gin_rummy`` left PettingZoo after 1.24, so
the peer is PettingZoo 1.24.3, and RLCard never enters our lock) and measured in a subprocess, once
before Backroom's games and once after; the goal is every game and seat count at least ``PEER_RATIO``
times the mean of gin_rummy's two runs. When the peers cannot be installed or run, the benchmark says
why and prints Backroom's figures with "peer unavailable".
Run: ``.venv/bin/python -m tests.benchmarks.bench_env``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from tests.benchmarks.runtime import interpreter

PEER_RATIO = 2.0
"""Every game and seat count must step at least this many times as fast as PettingZoo's gin_rummy."""
PEER_PACKAGES = ("pettingzoo==1.24.3", "rlcard==1.0.5", "pygame==2.6.1", "gymnasium==1.4.0", "numpy==2.4.6")
PEERS = ("gin_rummy_v4", "leduc_holdem_v4")
INSTALL_SECONDS = 300.0
PEER_START_SECONDS = 60.0

LOOP = '''\
def random_masked_play(make, seconds, seed):
    """(steps, games, seconds): whole games of uniformly random masked actions for about ``seconds``."""
    env = make()
    rng = random.Random(seed)
    steps = games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
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
    return steps, games, time.perf_counter() - started
'''

PEER_SCRIPT = f'''\
"""PettingZoo's gin_rummy and leduc_holdem under the benchmark's loop: one JSON line of figures."""
import json, random, sys, time
import numpy as np
import pettingzoo, rlcard
from pettingzoo.classic import gin_rummy_v4, leduc_holdem_v4

{LOOP}
seconds = float(sys.argv[1])
found = {{"pettingzoo": pettingzoo.__version__, "rlcard": rlcard.__version__, "numpy": np.__version__}}
for name, module in (("gin_rummy_v4", gin_rummy_v4), ("leduc_holdem_v4", leduc_holdem_v4)):
    found[name] = random_masked_play(module.env, seconds, 0)
print(json.dumps(found))
'''


def random_masked_play(make: Any, seconds: float, seed: int) -> tuple[int, int, float]:
    """The benchmark's loop (:data:`LOOP`), the very source the peer runs, compiled here."""
    import random

    import numpy as np

    scope: dict[str, Any] = {"random": random, "time": time, "np": np}
    exec(LOOP, scope)
    steps, games, elapsed = scope["random_masked_play"](make, seconds, seed)
    return int(steps), int(games), float(elapsed)


@dataclass(frozen=True)
class Figures:
    """One timed run of one environment."""

    steps: int
    games: int
    seconds: float

    @property
    def rate(self) -> float:
        """Steps a second."""
        return self.steps / self.seconds


Row = tuple[str, int, Figures]
"""Game id, seats, figures."""


def backroom_rows(seconds: float, only: list[str] | None = None) -> list[Row]:
    """Random masked play through Backroom's environment for every game and seat count."""
    from env import backroom_env, tables

    rows = []
    for game, seats in tables():
        if not only or game in only:
            make = partial(backroom_env, game, seats)
            rows.append((game, seats, Figures(*random_masked_play(make, seconds, 0))))
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
        failure = _run(command, deadline - time.monotonic())
        if failure:
            return f"{step}: {failure}"
    (folder / "peers.py").write_text(PEER_SCRIPT)
    return python


def measure_peers(python: Path, seconds: float) -> dict[str, Figures] | str:
    """Each peer's figures over ``seconds``, or why there are none."""
    script = python.parents[2] / "peers.py"
    limit = len(PEERS) * seconds + PEER_START_SECONDS
    try:
        done = subprocess.run(
            [str(python), str(script), str(seconds)],
            check=False,
            capture_output=True,
            text=True,
            timeout=limit,
        )
    except subprocess.TimeoutExpired:
        return f"the peers' run took over {limit:.0f} s"
    if done.returncode != 0:
        return f"the peers' run failed: {_last_line(done.stderr)}"
    try:
        found = json.loads(done.stdout.strip().splitlines()[-1])
        versions = f"pettingzoo {found['pettingzoo']}, rlcard {found['rlcard']}, numpy {found['numpy']}"
        print(f"  peers: {versions}")
        return {name: Figures(*found[name]) for name in PEERS}
    except (IndexError, KeyError, ValueError):
        return f"the peers' run printed no figures: {_last_line(done.stdout)}"


def _run(command: list[str], seconds: float) -> str:
    if seconds <= 0:
        return f"no time left of the {INSTALL_SECONDS:.0f} s install budget"
    try:
        done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=seconds)
    except subprocess.TimeoutExpired:
        return f"gave up after {INSTALL_SECONDS:.0f} s"
    except OSError as error:
        return str(error)
    return "" if done.returncode == 0 else f"exit {done.returncode}: {_last_line(done.stderr or done.stdout)}"


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no output"


def _timed_peers(python: Path | str, when: str, seconds: float) -> dict[str, Figures] | str:
    if isinstance(python, str):
        return python
    print(f"PettingZoo {when}:", flush=True)
    figures = measure_peers(python, seconds)
    if isinstance(figures, str):
        print(f"  peer unavailable ({figures})", flush=True)
        return figures
    for name, found in figures.items():
        print(f"  {name}: {found.rate:,.0f} steps/s ({found.steps:,} steps, {found.games:,} games "
              f"in {found.seconds:.1f} s)", flush=True)  # fmt: skip
    return figures


def peer_rates(runs: list[dict[str, Figures] | str]) -> dict[str, float]:
    """Each peer's mean steps/s over the runs that gave figures."""
    measured = [run for run in runs if not isinstance(run, str)]
    return (
        {name: sum(run[name].rate for run in measured) / len(measured) for name in PEERS} if measured else {}
    )


def print_table(rows: list[Row], peers: dict[str, float]) -> None:
    """Backroom's rows, each with its ratio to each peer and whether it meets the goal."""
    if peers:
        means = ", ".join(f"{name} {rate:,.0f}" for name, rate in peers.items())
        print(f"PettingZoo mean steps/s: {means}; goal {PEER_RATIO:g}x gin_rummy = "
              f"{PEER_RATIO * peers['gin_rummy_v4']:,.0f} steps/s")  # fmt: skip
    print()
    print(f"{'game':<16}{'seats':>6}{'steps/s':>10}{'games/s':>10}{'games':>7}{'x gin':>8}{'x leduc':>9}"
          f"  goal {PEER_RATIO:g}x gin_rummy")  # fmt: skip
    for game, seats, found in rows:
        figures = (
            f"{game:<16}{seats:>6}{found.rate:>10,.0f}{found.games / found.seconds:>10,.1f}{found.games:>7}"
        )
        if not peers:
            print(f"{figures}{'-':>8}{'-':>9}  peer unavailable")
            continue
        gin, leduc = found.rate / peers["gin_rummy_v4"], found.rate / peers["leduc_holdem_v4"]
        print(f"{figures}{gin:>8.2f}{leduc:>9.2f}  {'met' if gin >= PEER_RATIO else 'MISSED'}")


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
        before = _timed_peers(python, "before", args.seconds)
        rows = backroom_rows(args.seconds, args.game)
        after = _timed_peers(python, "after", args.seconds)
    print_table(rows, peer_rates([before, after]))


if __name__ == "__main__":
    main()
