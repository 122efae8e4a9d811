"""Rules-engine throughput beside RLCard's: random legal play, single process, for every registered game.

An action is one command: listing the acting seat's legal commands, choosing one, ``decide`` through the
referee, and ``evolve`` of its events. Run: ``.venv/bin/python -m tests.benchmarks.bench_engine``.

The peer is RLCard (pure Python), UNO with two random agents, through its own public API:
``rlcard.make("uno")``, ``env.set_agents([RandomAgent(num_actions=env.num_actions)] * 2)`` and
``env.run(is_training=False)`` game after game; its actions are the ``env.step`` calls, counted from the
trajectories ``run`` returns (each player's trajectory alternates states and actions and ends with a
state). Rates are actions a second of the process's own CPU time, both sides alike (as ``bench_env``
does): the machine is shared by several jobs, and on 2026-12-07 Campaign Trail at 2 seats read 6,902,
22,136 and 34,785 actions a wall second in three runs of the same tree within ten minutes (RLCard's wall
seconds are printed too). RLCard is installed on demand (``pip install rlcard==1.2.0`` into a ``venv``
made in a temporary folder with this interpreter, bounded in time) and measured for the same seconds in a
subprocess, once before Backroom's games and once after; the goal is the mean of the two times
``PEER_RATIO``, for every game and seat count. When RLCard cannot be installed or run, the benchmark says
why and prints Backroom's figures with "peer unavailable".
"""

from __future__ import annotations

import argparse
import json
import subprocess
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
from tests.benchmarks.runtime import interpreter, last_line, run_step

PEER_RATIO = 3.0
"""Every game and seat count must play at least this many times RLCard's UNO actions per second (issue 50)."""
RLCARD = "rlcard==1.2.0"
INSTALL_SECONDS = 240.0
"""Creating the venv and ``pip install`` together; past this the peer is unavailable."""
PEER_START_SECONDS = 60.0
"""What a peer run may take beyond its measured seconds (starting Python, importing numpy and RLCard)."""

PEER_SCRIPT = '''\
"""RLCard's UNO with random agents for SECONDS seconds: prints one JSON line of its figures."""
import json, sys, time
import numpy as np
import rlcard
from rlcard.agents import RandomAgent

seconds = float(sys.argv[1])
np.random.seed(0)
env = rlcard.make("uno", config={"seed": 0})
env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
actions = games = 0
started, cpu = time.perf_counter(), time.process_time()
while not games or time.perf_counter() - started < seconds:  # one game at least, however late it starts
    trajectories, _ = env.run(is_training=False)
    actions += sum((len(trajectory) - 1) // 2 for trajectory in trajectories)
    games += 1
elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
print(json.dumps({"actions": actions, "games": games, "seconds": elapsed, "cpu": cpu,
                  "players": env.num_players, "rlcard": rlcard.__version__, "numpy": np.__version__}))
'''


@dataclass(frozen=True)
class PeerFigures:
    """One timed run of RLCard's UNO."""

    actions: int
    games: int
    seconds: float
    cpu: float
    players: int
    versions: str

    @property
    def rate(self) -> float:
        """Actions a second of the process's CPU."""
        return self.actions / self.cpu


@dataclass(frozen=True)
class Peer:
    """RLCard installed in a temporary venv (``python`` is its interpreter), or why it is not."""

    python: Path | None
    reason: str = ""


def measure(game: GameDefinition[Any, Any, Any, Any], seats: int, seconds: float) -> tuple[float, float, int]:
    """(actions/s, games/s, games played) over about ``seconds`` of back-to-back seeded games, the rates a
    second of the process's CPU."""
    actions = games = 0
    started, cpu = time.perf_counter(), time.process_time()
    while not games or time.perf_counter() - started < seconds:  # one game at least, however late it starts
        actions += play_random_game(game, games, seats)[1]
        games += 1
    used = time.process_time() - cpu
    return actions / used, games / used, games


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


def measure_peer(peer: Peer, seconds: float) -> PeerFigures | str:
    """RLCard's figures over ``seconds``, or why there are none."""
    assert peer.python is not None
    script = peer.python.parents[2] / "rlcard_uno.py"
    try:
        done = subprocess.run(
            [str(peer.python), str(script), str(seconds)],
            check=False,
            capture_output=True,
            text=True,
            timeout=seconds + PEER_START_SECONDS,
        )
    except subprocess.TimeoutExpired:
        return f"RLCard's UNO run took over {seconds + PEER_START_SECONDS:.0f} s"
    if done.returncode != 0:
        return f"RLCard's UNO run failed: {last_line(done.stderr)}"
    try:
        found = json.loads(done.stdout.strip().splitlines()[-1])
        versions = f"rlcard {found['rlcard']}, numpy {found['numpy']}"
        figures = (found["actions"], found["games"], found["seconds"], found["cpu"], found["players"])
        return PeerFigures(*figures, versions)
    except (IndexError, KeyError, ValueError):
        return f"RLCard's UNO run printed no figures: {last_line(done.stdout)}"


def _peer_line(when: str, figures: PeerFigures | str) -> str:
    if isinstance(figures, str):
        return f"RLCard {when}: peer unavailable ({figures})"
    return (
        f"RLCard {when}: {figures.rate:,.0f} actions/s of CPU "
        f"({figures.actions:,} actions, {figures.games:,} games of {figures.players}-player UNO "
        f"in {figures.cpu:.1f} s of CPU, {figures.seconds:.1f} s wall; {figures.versions})"
    )


def _peer_rate(before: PeerFigures | str, after: PeerFigures | str) -> float | None:
    rates = [figures.rate for figures in (before, after) if isinstance(figures, PeerFigures)]
    return sum(rates) / len(rates) if rates else None


Row = tuple[str, int, float, float, int, float]
"""Game id, seats, actions/s, games/s, games played, peak KiB."""


def backroom_rows(seconds: float, only: list[str] | None = None) -> list[Row]:
    """(game id, seats, actions/s, games/s, games, peak KiB) for every registered game and seat count."""
    return [
        (game.id, seats, *measure(game, seats, seconds), peak_memory(game, seats) / 1024)
        for game in registered().values()
        if not only or game.id in only
        for seats in range(game.min_seats, game.max_seats + 1)
    ]


def _timed_peer(peer: Peer, when: str, seconds: float) -> PeerFigures | str:
    if peer.python is None:
        return peer.reason
    figures = measure_peer(peer, seconds)
    print(_peer_line(when, figures), flush=True)
    return figures


def _print_table(rows: list[Row], peer_rate: float | None) -> None:
    if peer_rate is not None:
        goal = PEER_RATIO * peer_rate
        said = f"goal {PEER_RATIO:g}x RLCard = {goal:,.0f} actions/s"
        print(f"RLCard mean: {peer_rate:,.0f} actions/s of CPU; {said}")
    print()
    print(f"{'game':<16}{'seats':>6}{'actions/s':>12}{'games/s':>10}{'games':>8}{'peak KiB':>10}"
          f"{'x RLCard':>10}  goal {PEER_RATIO:g}x RLCard")  # fmt: skip
    for game_id, seats, rate, game_rate, played, peak in rows:
        figures = f"{game_id:<16}{seats:>6}{rate:>12,.0f}{game_rate:>10,.1f}{played:>8}{peak:>10,.0f}"
        if peer_rate is None:
            print(f"{figures}{'-':>10}  peer unavailable")
        else:
            ratio = rate / peer_rate
            print(f"{figures}{ratio:>10.2f}  {'met' if ratio >= PEER_RATIO else 'MISSED'}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    seconds_help = "seconds per game and seat count, and per RLCard run"
    parser.add_argument("--seconds", type=float, default=3.0, help=seconds_help)
    parser.add_argument("--game", action="append", help="only these game ids")
    parser.add_argument("--no-peer", action="store_true", help="do not install or run RLCard")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-engine-rlcard-") as folder:
        if args.no_peer:
            peer = Peer(None, "not run (--no-peer)")
        else:
            print(f"installing {RLCARD} into a temporary venv in {folder} ...", flush=True)
            print(f"both sides run on {interpreter()}", flush=True)  # RLCard's venv is made from it
            peer = install_peer(Path(folder))
        if peer.python is None:
            print(f"RLCard: peer unavailable: {peer.reason}", flush=True)
        before = _timed_peer(peer, "before", args.seconds)
        rows = backroom_rows(args.seconds, args.game)
        after = _timed_peer(peer, "after", args.seconds)
    _print_table(rows, _peer_rate(before, after))


if __name__ == "__main__":
    main()
