"""What a benchmark ran on (a build of CPython with or without PGO and LTO differs by about 12%), and the
steps that install a peer into a venv of its own."""

from __future__ import annotations

import os
import platform
import subprocess
import sys


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
