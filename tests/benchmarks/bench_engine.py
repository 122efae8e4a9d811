"""Rules-engine throughput beside RLCard's: random legal play, single process, for every registered game.

An action is one command: listing the acting seat's legal commands, choosing one, ``decide`` through the
referee, and ``evolve`` of its events. Run: ``.venv/bin/python -m tests.benchmarks.bench_engine``.

The peer is RLCard (pure Python), UNO with two random agents, through its own public API:
``rlcard.make("uno")``, ``env.set_agents([RandomAgent(num_actions=env.num_actions)] * 2)`` and
``env.run(is_training=False)`` game after game; its actions are the ``env.step`` calls, counted from the
trajectories ``run`` returns (each player's trajectory alternates states and actions and ends with a
state). Rates are actions a second of the process's own CPU time, both sides alike (as ``bench_env``
does). RLCard is installed on demand (``pip install rlcard==1.2.0`` into a ``venv`` made in a temporary
folder with this interpreter, bounded in time) and runs in one process kept beside the benchmark, which
plays UNO for the seconds it is asked.

The two sides take turns in slices, on one CPU: each game and seat count is :data:`SLICES` slices of
its seconds and as many of RLCard's, alternating (RLCard first in the first slice, Backroom first in the
second, and so on), and the row's ratio is Backroom's rate over RLCard's in those very slices; the
benchmark pins itself to one CPU, and RLCard's process with it. This machine's speed changes from one
second to the next and from one CPU to the other (on 2026-12-07 the same tree's Campaign Trail at 3 seats
read 75,177, 98,844 and 92,742 actions a CPU second in three runs within three minutes, and RLCard's UNO
26,053 and 34,662 in two runs a minute apart): measured apart, the two sides met different machines,
and a row's ratio moved by a fifth from run to run. In turns of four slices, unpinned, it still moved by
a fifth; in twelve, on one CPU, by about a tenth (Campaign Trail at 2 seats 2.81, 2.69 and 2.77 in three
runs, against 2.57, 2.87 and 3.03 on both CPUs). The goal is every row at least ``PEER_RATIO`` times RLCard.
When RLCard cannot be installed or run, the benchmark says why and prints Backroom's figures with "peer
unavailable".
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from domain.game import GameDefinition
from domain.games import registered
from domain.playout import play_random_game
from tests.benchmarks.runtime import PeerFailed, PeerProcess, interpreter, run_step, turns

PEER_RATIO = 3.0
"""Every game and seat count must play at least this many times RLCard's UNO actions per second (issue 50)."""
RLCARD = "rlcard==1.2.0"
INSTALL_SECONDS = 240.0
"""Creating the venv and ``pip install`` together; past this the peer is unavailable."""
PEER_START_SECONDS = 60.0
"""What a peer run may take beyond its measured seconds (starting Python, importing numpy and RLCard)."""

SLICES = 12
"""Slices a row's seconds are cut into, each beside a slice of RLCard's (an even count: each side goes
first in half of them)."""

PEER_SCRIPT = '''\
"""RLCard's UNO with random agents: each line read is seconds to play; each answer one JSON line."""
import json, sys, time
import numpy as np
import rlcard
from rlcard.agents import RandomAgent

np.random.seed(0)
env = rlcard.make("uno", config={"seed": 0})
env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
print(json.dumps({"players": env.num_players, "rlcard": rlcard.__version__, "numpy": np.__version__}),
      flush=True)
for line in sys.stdin:
    seconds = float(line)
    actions = games = 0
    started, cpu = time.perf_counter(), time.process_time()
    while not games or time.perf_counter() - started < seconds:  # one game at least, however late it starts
        trajectories, _ = env.run(is_training=False)
        actions += sum((len(trajectory) - 1) // 2 for trajectory in trajectories)
        games += 1
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(json.dumps([actions, games, elapsed, cpu]), flush=True)
'''


@dataclass(frozen=True)
class Played:
    """What one side played in some slices: actions, games, and the seconds of CPU they took."""

    actions: int = 0
    games: int = 0
    cpu: float = 0.0

    def __add__(self, other: Played) -> Played:
        return Played(self.actions + other.actions, self.games + other.games, self.cpu + other.cpu)

    @property
    def rate(self) -> float:
        """Actions a second of the process's CPU."""
        return self.actions / self.cpu


@dataclass(frozen=True)
class Peer:
    """RLCard installed in a temporary venv (``python`` is its interpreter), or why it is not."""

    python: Path | None
    reason: str = ""


def play(game: GameDefinition[Any, Any, Any, Any], seats: int, seconds: float, first_seed: int = 0) -> Played:
    """Back-to-back seeded games (``first_seed`` on) for about ``seconds``, one at least."""
    actions = games = 0
    started, cpu = time.perf_counter(), time.process_time()
    while not games or time.perf_counter() - started < seconds:  # one game at least, however late it starts
        actions += play_random_game(game, first_seed + games, seats)[1]
        games += 1
    return Played(actions, games, time.process_time() - cpu)


def measure(game: GameDefinition[Any, Any, Any, Any], seats: int, seconds: float) -> tuple[float, float, int]:
    """(actions/s, games/s, games played) over about ``seconds`` of back-to-back seeded games, the rates a
    second of the process's CPU."""
    played = play(game, seats, seconds)
    return played.rate, played.games / played.cpu, played.games


def peak_memory(game: GameDefinition[Any, Any, Any, Any], seats: int) -> int:
    """Peak bytes allocated while playing one game (states are immutable and shared between steps)."""
    tracemalloc.start()
    play_random_game(game, 0, seats)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def install_peer(folder: Path) -> Peer:
    """A venv in ``folder`` with RLCard installed and the measuring script beside it; never raises."""
    venv = folder / "venv"
    deadline = time.monotonic() + INSTALL_SECONDS
    steps = {
        "python -m venv": [sys.executable, "-m", "venv", str(venv)],
        f"pip install {RLCARD}": [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                                  "--disable-pip-version-check", "--timeout", "20", "--retries", "1", RLCARD],
    }  # fmt: skip
    for step, command in steps.items():
        failure = run_step(command, deadline - time.monotonic(), INSTALL_SECONDS)
        if failure:
            return Peer(None, f"{step}: {failure}")
    (folder / "rlcard_uno.py").write_text(PEER_SCRIPT)
    return Peer(venv / "bin" / "python")


def start_peer(peer: Peer) -> PeerProcess | str:
    """RLCard's measuring process, or why there is none."""
    if peer.python is None:
        return peer.reason
    try:
        return PeerProcess(peer.python, peer.python.parents[2] / "rlcard_uno.py", PEER_START_SECONDS)
    except (PeerFailed, OSError, ValueError) as failure:
        return f"RLCard's UNO process did not start: {failure}"


def peer_slice(process: PeerProcess, seconds: float) -> Played:
    """RLCard's UNO for about ``seconds``."""
    actions, games, _, cpu = process.ask(f"{seconds}", seconds)
    return Played(int(actions), int(games), float(cpu))


Row = tuple[str, int, Played, float, Played | None]
"""Game id, seats, what Backroom played, peak KiB, and what RLCard played in the same row's slices."""


def backroom_rows(
    seconds: float, only: list[str] | None = None, peer: PeerProcess | None = None
) -> list[Row]:
    """Every registered game and seat count, each :data:`SLICES` slices of ``seconds`` in all, taking
    turns with as many slices of RLCard's UNO when ``peer`` runs."""
    rows: list[Row] = []
    for game in registered().values():
        if only and game.id not in only:
            continue
        for seats in range(game.min_seats, game.max_seats + 1):
            ours, theirs = Played(), Played()
            for peers_turn in turns(SLICES):
                if not peers_turn:
                    ours += play(game, seats, seconds / SLICES, ours.games)
                elif peer is not None:
                    theirs += peer_slice(peer, seconds / SLICES)
            peak = peak_memory(game, seats) / 1024
            rows.append((game.id, seats, ours, peak, theirs if peer is not None else None))
    return rows


def _print_table(rows: list[Row], versions: str) -> None:
    print()
    print(f"RLCard in the same slices: {versions}")
    print(f"{'game':<16}{'seats':>6}{'actions/s':>12}{'games/s':>10}{'games':>8}{'peak KiB':>10}"
          f"{'RLCard':>10}{'x RLCard':>10}  goal {PEER_RATIO:g}x RLCard")  # fmt: skip
    for game_id, seats, ours, peak, theirs in rows:
        figures = f"{game_id:<16}{seats:>6}{ours.rate:>12,.0f}{ours.games / ours.cpu:>10,.1f}{ours.games:>8}"
        figures += f"{peak:>10,.0f}"
        if theirs is None:
            print(f"{figures}{'-':>10}{'-':>10}  peer unavailable")
            continue
        ratio = ours.rate / theirs.rate
        print(f"{figures}{theirs.rate:>10,.0f}{ratio:>10.2f}  {'met' if ratio >= PEER_RATIO else 'MISSED'}")
    peer_rows = [theirs for *_, theirs in rows if theirs is not None]
    if peer_rows:
        total = sum(peer_rows, Played())
        lowest, highest = min(p.rate for p in peer_rows), max(p.rate for p in peer_rows)
        print(f"RLCard over every slice: {total.rate:,.0f} actions/s of CPU ({total.actions:,} actions, "
              f"{total.games:,} games in {total.cpu:.1f} s of CPU; rows {lowest:,.0f} to {highest:,.0f})")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    seconds_help = "seconds per game and seat count, and as many of RLCard's beside them"
    parser.add_argument("--seconds", type=float, default=3.0, help=seconds_help)
    parser.add_argument("--game", action="append", help="only these game ids")
    parser.add_argument("--no-peer", action="store_true", help="do not install or run RLCard")
    args = parser.parse_args()
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})  # RLCard's process, started from this one, runs on the same CPU
    print(f"both sides run on {interpreter()}, on CPU {cpu} of this machine's", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-engine-rlcard-") as folder:
        if args.no_peer:
            process: PeerProcess | str = "not run (--no-peer)"
        else:
            print(f"installing {RLCARD} into a temporary venv in {folder} ...", flush=True)
            process = start_peer(install_peer(Path(folder)))
        if isinstance(process, str):
            print(f"RLCard: peer unavailable: {process}", flush=True)
            _print_table(backroom_rows(args.seconds, args.game), "peer unavailable")
            return
        try:
            hello = process.hello
            versions = f"{hello['players']}-player UNO, rlcard {hello['rlcard']}, numpy {hello['numpy']}"
            rows = backroom_rows(args.seconds, args.game, process)
        except PeerFailed as failure:
            print(f"RLCard: peer unavailable: {failure}", flush=True)
            rows, versions = backroom_rows(args.seconds, args.game), "peer unavailable"
        finally:
            process.close()
    _print_table(rows, versions)


if __name__ == "__main__":
    main()
