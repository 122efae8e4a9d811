"""What a benchmark ran on: a build of CPython with or without PGO and LTO differs by about 12%."""

from __future__ import annotations

import os
import platform
import sys


def interpreter() -> str:
    """This venv's interpreter: its implementation, version and real path."""
    python = f"{platform.python_implementation()} {platform.python_version()}"
    return f"{python} ({os.path.realpath(sys.executable)})"
