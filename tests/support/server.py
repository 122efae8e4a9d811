"""A real ``backroom serve`` process on a free port, for tests and the benchmark."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

import httpx

BACKROOM = Path(sys.executable).with_name("backroom")
UNLIMITED = {
    "BACKROOM_CREATIONS_PER_MINUTE": "0",
    "BACKROOM_REFUSALS_PER_MINUTE": "0",
    "BACKROOM_TAKEBACKS_PER_MINUTE": "0",
    "BACKROOM_LOBBY_READS_PER_MINUTE": "0",
    "BACKROOM_HISTORY_READS_PER_MINUTE": "0",
    "BACKROOM_SEAT_LINKS_PER_MINUTE": "0",
}
"""Random players open many tables from one address, take back and refuse often, and read a lot."""


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Served(NamedTuple):
    """A running server: its base URL and process id."""

    base: str
    pid: int


@contextmanager
def serving(
    sqlite: Path,
    *extra: str,
    startup: float = 120.0,
    policies: Mapping[str, str] = UNLIMITED,
    stdout: Any = subprocess.DEVNULL,
) -> Iterator[Served]:
    """Run ``backroom serve`` on ``sqlite`` until the block ends; yields it once healthy.

    ``policies``: ``BACKROOM_*`` variables for the server (by default no allowances: tests and
    benchmarks play many random games from one address).
    """
    port = free_port()
    command = [str(BACKROOM), "serve", "--port", str(port), "--sqlite", str(sqlite), *extra]
    env = {key: value for key, value in os.environ.items() if not key.startswith("BACKROOM_")}
    process = subprocess.Popen(command, env=env | dict(policies), stdout=stdout, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(base, process, startup)
        yield Served(base, process.pid)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_healthy(base: str, process: subprocess.Popen[bytes], startup: float) -> None:
    deadline = time.monotonic() + startup
    while time.monotonic() < deadline:
        if process.poll() is not None:
            errors = process.stderr.read().decode() if process.stderr else ""
            raise RuntimeError(f"backroom serve exited: {errors}")
        try:
            if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise RuntimeError("backroom serve did not become healthy in time")
