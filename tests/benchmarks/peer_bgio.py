"""boardgame.io's Politrickers harness, installed and run once for ``bench_service``'s comparison.

The harness lives in ``../shared/peers/bgio-politrickers`` (its README says what it measures).
:func:`run_peer` copies it into a temporary folder, runs ``npm ci`` there (bounded in time), then
``node load.js --games N --concurrency C --port P --spawn --json``, a fresh boardgame.io server for the
run, and reads the JSON summary line ``load.js`` prints last. It never raises because Node, npm or the
registry is missing or failing: it answers a :class:`PeerRun` whose ``figures`` is ``None`` and whose
``reason`` says why, so the benchmark can print "peer unavailable" and go on with Backroom alone.

The fields read from ``load.js``'s summary: ``moves_per_s`` (acknowledged moves over the wall time
from the first Lobby ``create`` to the last game's end), ``latency_ms.p50``/``p99`` (a move call until
the server's next state reaches the same client), ``server_cpu_s`` (utime + stime of the server over
the run), ``loadgen_cpu_s``, ``total_moves``, ``moves_by_type.spendTokenToSwitch`` (a switch is a move
of its own there; in Backroom it is a flag on the card played), ``games_completed`` and ``errors``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.support.server import free_port

HARNESS = Path(__file__).resolve().parents[3] / "shared" / "peers" / "bgio-politrickers"
INSTALL_SECONDS = 240.0
RUN_SECONDS = 900.0


@dataclass(frozen=True)
class PeerFigures:
    """What one ``load.js`` run measured."""

    version: str
    games_requested: int
    games_completed: int
    errors: int
    moves: int
    switches: int
    wall_s: float
    moves_per_s: float
    p50_ms: float
    p99_ms: float
    server_cpu_s: float | None
    loadgen_cpu_s: float

    @property
    def server_cpu_ms_per_move(self) -> float | None:
        """Server CPU per acknowledged move, if ``load.js`` could sample the server."""
        if self.server_cpu_s is None or not self.moves:
            return None
        return self.server_cpu_s / self.moves * 1000


@dataclass(frozen=True)
class PeerRun:
    """The peer's figures, or why there are none."""

    figures: PeerFigures | None
    reason: str = ""


def run_peer(games: int, concurrency: int, harness: Path = HARNESS) -> PeerRun:
    """Install the harness in a temporary folder and play ``games`` games, ``concurrency`` at a time."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if not harness.joinpath("load.js").is_file():
        return PeerRun(None, f"no harness at {harness}")
    if node is None or npm is None:
        return PeerRun(None, "node or npm is not on PATH")
    with tempfile.TemporaryDirectory(prefix="bgio-politrickers-") as folder:
        copy_harness(harness, Path(folder))
        failure = _bounded(
            [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], folder, INSTALL_SECONDS
        )
        if failure:
            return PeerRun(None, f"npm ci failed: {failure}")
        return _load(node, folder, games, concurrency)


def copy_harness(harness: Path, folder: Path) -> None:
    """Copy the harness's own files (not its modes: the shared folder is read-only)."""
    for source in harness.iterdir():
        if source.is_file():
            shutil.copyfile(source, folder / source.name)


def _load(node: str, folder: str, games: int, concurrency: int) -> PeerRun:
    port = free_port()
    command = [node, "load.js", "--games", str(games), "--concurrency", str(concurrency)]
    command += ["--port", str(port), "--spawn", "--json"]
    try:
        out = _run(command, folder, RUN_SECONDS)
    except subprocess.TimeoutExpired:
        return PeerRun(None, f"load.js did not finish within {RUN_SECONDS:.0f} s")
    summary = next((line for line in reversed(out.stdout.splitlines()) if line.startswith("{")), None)
    if summary is None:
        return PeerRun(None, f"load.js printed no JSON summary (exit {out.returncode}): {_tail(out.stderr)}")
    return PeerRun(figures_from(json.loads(summary), out.stdout))


def figures_from(summary: dict[str, Any], printed: str) -> PeerFigures:
    """The figures of ``load.js``'s JSON summary line (and the version from its first printed line)."""
    found = re.search(r"boardgame\.io (\S+) Politrickers", printed)
    return PeerFigures(
        version=found.group(1) if found else "?",
        games_requested=int(summary["games_requested"]),
        games_completed=int(summary["games_completed"]),
        errors=int(summary["errors"]),
        moves=int(summary["total_moves"]),
        switches=int(summary.get("moves_by_type", {}).get("spendTokenToSwitch", 0)),
        wall_s=float(summary["wall_s"]),
        moves_per_s=float(summary["moves_per_s"]),
        p50_ms=float(summary["latency_ms"]["p50"]),
        p99_ms=float(summary["latency_ms"]["p99"]),
        server_cpu_s=None if summary.get("server_cpu_s") is None else float(summary["server_cpu_s"]),
        loadgen_cpu_s=float(summary["loadgen_cpu_s"]),
    )


def _bounded(command: list[str], folder: str, seconds: float) -> str:
    """Run ``command``; an empty string if it succeeded, else what went wrong."""
    try:
        out = _run(command, folder, seconds)
    except subprocess.TimeoutExpired:
        return f"no answer within {seconds:.0f} s"
    except OSError as error:
        return str(error)
    return "" if out.returncode == 0 else f"exit {out.returncode}: {_tail(out.stderr or out.stdout)}"


def _run(command: list[str], folder: str, seconds: float) -> subprocess.CompletedProcess[str]:
    """Run ``command`` in its own process group, so a timeout also stops the server it spawned."""
    process = subprocess.Popen(
        command, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        stdout, stderr = process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise
    finally:
        _stop_group(process.pid)
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


def _stop_group(leader: int) -> None:
    """Stop whatever is left of a process group started here (a server ``load.js`` failed to stop)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(leader, signal.SIGTERM)


def _tail(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return " / ".join(lines[-3:]) or "(nothing printed)"
