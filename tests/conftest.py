"""What every test run shares: its files in memory, and the wall-times report.

**Files in memory.** Every test's store (the SQLite log, the reads file, a served process's files) lives
under pytest's temporary root, which this file puts on ``/dev/shm`` (a RAM file system, on every Linux
machine) unless ``PYTEST_DEBUG_TEMPROOT`` or ``--basetemp`` already names one. There an fsync costs
nothing: on this machine's disk each commit's fsync took 6.5 ms, and most tests commit hundreds of
times without asking whether the commit reached a disk. The product's default is untouched (``serve``
fsyncs every commit, ``synchronous=FULL``), and no test here could tell a lost power supply from a
killed process anyway: a killed process loses nothing the kernel holds, in RAM or on a disk alike.
``BACKROOM_TEST_ON_DISK=1`` keeps the files on the disk instead.

**Wall times.** :mod:`tests.support.wall_times` prints the slowest tests and each folder's time in real
seconds at the end of the run (``--wall-times N``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest_plugins = ("tests.support.wall_times",)

IN_MEMORY = Path("/dev/shm")


def pytest_configure(config: pytest.Config) -> None:
    on_disk = os.environ.get("BACKROOM_TEST_ON_DISK") == "1"
    if on_disk or config.option.basetemp or not IN_MEMORY.is_dir() or not os.access(IN_MEMORY, os.W_OK):
        return
    # Read by pytest's temporary-path factory when it first makes its root (and inherited by the xdist
    # workers and every server a test starts).
    os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", str(IN_MEMORY))
