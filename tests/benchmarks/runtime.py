"""What a benchmark ran on (a build of CPython with or without PGO and LTO differs by about 12%), the
steps that install a peer into a venv of its own, and the peer's measuring process."""

from __future__ import annotations

import json
import os
import platform
import select
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def interpreter() -> str:
    """This venv's interpreter: its implementation, version and real path."""
    python = f"{platform.python_implementation()} {platform.python_version()}"
    return f"{python} ({os.path.realpath(sys.executable)})"


def run_step(command: list[str], seconds: float, budget: float) -> str:
    """Run one install step quietly within ``seconds`` (what is left of a ``budget``); an empty string
    when it succeeded, else what failed (a peer that cannot be installed is reported, not raised)."""
    if seconds <= 0:
        return f"no time left of the {budget:.0f} s install budget"
    try:
        done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=seconds)
    except subprocess.TimeoutExpired:
        return f"gave up after {budget:.0f} s"
    except OSError as error:
        return str(error)
    return "" if done.returncode == 0 else f"exit {done.returncode}: {last_line(done.stderr or done.stdout)}"


def last_line(text: str) -> str:
    """The last line of a peer's output that says anything."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no output"


def turns(slices: int) -> Iterator[bool]:
    """Whose turn it is when two sides take ``slices`` turns each (``True``: the peer's): the peer first
    in the first pair, ours first in the next, and so on, so that neither side always meets the machine
    first. A benchmark measures each side over its own turns and holds one against the other."""
    for index in range(slices):
        yield from (True, False) if index % 2 == 0 else (False, True)


class PeerFailed(Exception):
    """Raised when a peer's measuring process stops answering."""


class PeerProcess:
    """A peer's measuring process, kept running beside the benchmark: its first line says what it runs
    (:attr:`hello`); each line written asks for one run, and each answer is one JSON line."""

    def __init__(self, python: Path, script: Path, start_seconds: float) -> None:
        self.start_seconds = start_seconds
        """What an answer may take beyond the seconds asked for (the first: starting and importing)."""
        self.process = subprocess.Popen(
            [str(python), str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.hello: Any = self._answer(start_seconds)

    def ask(self, line: str, seconds: float) -> Any:
        """The answer to ``line``, a run of about ``seconds``."""
        assert self.process.stdin is not None
        self.process.stdin.write(f"{line}\n")
        self.process.stdin.flush()
        return self._answer(seconds + self.start_seconds)

    def _answer(self, seconds: float) -> Any:
        assert self.process.stdout is not None
        ready = select.select([self.process.stdout], [], [], seconds)[0]
        line = self.process.stdout.readline() if ready else ""
        if not line:
            raise PeerFailed(f"the peer's process gave no answer within {seconds:.0f} s")
        return json.loads(line)

    def close(self) -> None:
        """End the process (it ends when its input does)."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=self.start_seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
