"""``backroom up`` as a real process for tests: its output read on a thread, its processes found."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from tests.support.projecting import BACKROOM

READY_WITHIN = 180.0
"""Seconds every process gets to answer /ready (seven engineers share two cores here)."""


class Up:
    """A running ``backroom up``: its lines, each process's URL and pid once all are ready."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.lines: list[str] = []
        self.ready = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip())
            if " processes ready " in line:
                self.ready.set()
        self.ready.set()  # it ended: whoever waits looks at the lines

    def urls(self) -> dict[str, str]:
        """``{"api.1": "http://127.0.0.1:port", ...}`` from the ``ready`` lines."""
        found = [line.split() for line in self.lines if line.startswith("up: ready ")]
        return {words[2]: words[3] for words in found}

    def pids(self) -> dict[str, int]:
        """Each process's pid, from the ``started`` lines."""
        found = [line.split() for line in self.lines if line.startswith("up: started ")]
        return {words[2]: int(words[4].rstrip(")")) for words in found}

    def wait_ready(self) -> None:
        assert self.ready.wait(READY_WITHIN + 10), "backroom up did not report ready:\n" + "\n".join(
            self.lines
        )
        assert any(" processes ready " in line for line in self.lines), "\n".join(self.lines)

    def until(self, text: str, timeout: float = 180) -> None:
        """Wait for a line containing ``text``."""
        deadline = time.monotonic() + timeout
        while not any(text in line for line in self.lines):
            assert time.monotonic() < deadline, f"no line with {text!r}:\n" + "\n".join(self.lines)
            time.sleep(0.05)


@contextmanager
def backroom_up(scale: str, env: dict[str, str]) -> Iterator[Up]:
    """Run ``backroom up --scale <scale> --port 0`` with ``env`` until the block ends."""
    command = [str(BACKROOM), "up", "--scale", scale, "--port", "0", "--ready-timeout", str(READY_WITHIN)]
    running = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    up = Up(running)
    try:
        yield up
    finally:
        if running.poll() is None:
            running.terminate()
            try:
                running.wait(timeout=60)
            except subprocess.TimeoutExpired:
                running.kill()
                running.wait()
