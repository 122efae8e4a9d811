"""What every test run shares: its files in memory, and the wall-times report.

**Files in memory.** Every test's store (the SQLite log, the reads file, a served process's files) lives
under pytest's temporary root, which this file puts on ``/dev/shm`` (a RAM file system, on every Linux
machine) unless ``PYTEST_DEBUG_TEMPROOT`` or ``--basetemp`` already names one. There an fsync costs
nothing: on this machine's disk each commit's fsync took 6.5 ms, and most tests commit hundreds of
times without asking whether the commit reached a disk. The product's default is untouched (``serve``
fsyncs every commit, ``synchronous=FULL``), and no test here could tell a lost power supply from a
killed process anyway: a killed process loses nothing the kernel holds, in RAM or on a disk alike.
``BACKROOM_TEST_ON_DISK=1`` keeps the files on the disk instead.

**Compiled modules kept.** A machine may set ``PYTHONDONTWRITEBYTECODE`` (this one does): then every
Python process the run starts (each xdist worker, each ``backroom serve``, worker and CLI a test runs)
compiled the ~700 modules it imports from source again, 0.8 s of the 1.65 s of CPU a ``backroom serve``
took to answer /health (the same start reading them compiled: 0.83 s). The run lets Python write them
(``__pycache__``, ignored by git), so each module is compiled once, by the first process that loads it.

**One TLS context.** Every ``httpx`` client (and ``httpx.get``, ``httpx.post``: a client each) made
its own TLS context with the default verification, reading certifi's whole CA bundle: 17 of the 26 ms
of CPU a client cost, for requests that all go to plain ``http://127.0.0.1``, and the tests make
thousands of them (a wait for a server's health asks it every few tens of milliseconds). A sampled run
found more of the workers' CPU there than in any test. Every test process shares one such context
instead (an ``SSLContext`` is made to be shared); a client given its own verification still makes its
own. Servers the tests start are untouched.

**Wall times.** :mod:`tests.support.wall_times` prints the slowest tests and each folder's time in real
seconds at the end of the run (``--wall-times N``).
"""

from __future__ import annotations

import os
import ssl
import sys
from pathlib import Path
from typing import Any

import pytest

pytest_plugins = ("tests.support.wall_times",)

IN_MEMORY = Path("/dev/shm")


def pytest_configure(config: pytest.Config) -> None:
    keep_compiled_modules()
    share_one_tls_context()
    if fast_tier(config):  # every operation of the OpenAPI generated for, with fewer examples each
        os.environ.setdefault("BACKROOM_TEST_EXAMPLES", str(FAST_EXAMPLES))
    on_disk = os.environ.get("BACKROOM_TEST_ON_DISK") == "1"
    if on_disk or config.option.basetemp or not IN_MEMORY.is_dir() or not os.access(IN_MEMORY, os.W_OK):
        return
    # Read by pytest's temporary-path factory when it first makes its root (and inherited by the xdist
    # workers and every server a test starts).
    os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", str(IN_MEMORY))


def keep_compiled_modules() -> None:
    """Let this process and every process it starts write the modules they compile (module docstring)."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False


def share_one_tls_context() -> None:
    """Let every ``httpx`` client of this process made with the default verification share one TLS
    context (module docstring). ``httpx`` makes a client's context in its default transport."""
    from httpx._transports import default

    make = default.create_ssl_context
    if getattr(make, "shared", None) is not None:
        return
    shared = make()

    def create_ssl_context(verify: Any = True, cert: Any = None, trust_env: bool = True) -> ssl.SSLContext:
        if verify is True and cert is None and trust_env:
            return shared
        return make(verify=verify, cert=cert, trust_env=trust_env)

    create_ssl_context.shared = shared  # type: ignore[attr-defined]
    default.create_ssl_context = create_ssl_context


# -- the fast tier -----------------------------------------------------------------------------------

FAST_EXAMPLES = 1
"""Generated requests per operation in the fast tier (the full run: 25, ``tests/api``'s schema tests)."""
SLOW_FOLDERS = ("tests/browser/", "tests/operations/", "tests/benchmarks/")
"""Folders whose every test starts real processes (a browser, servers, deployments, benchmarks)."""
SLOW_MARKERS = ("postgres", "redis", "faults")
"""Markers of tests that start servers of their own or talk to the shared PostgreSQL and Redis."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark ``slow`` every test the fast tier leaves to the full run: those in :data:`SLOW_FOLDERS`
    and those with a marker in :data:`SLOW_MARKERS` (``-m "not slow"`` is the fast tier: README, *Test it*).
    A single test that is slow on its own says so with ``@pytest.mark.slow`` where it is written."""
    root = config.rootpath
    for item in items:
        where = item.path.relative_to(root).as_posix() if item.path.is_relative_to(root) else ""
        if where.startswith(SLOW_FOLDERS) or any(item.get_closest_marker(name) for name in SLOW_MARKERS):
            item.add_marker(pytest.mark.slow)
    # The slow tests first: the workers start on the long ones and steal the short ones at the end,
    # instead of one worker finishing a whole browser game alone while the other waits. The ``long``
    # browser tests (whole games, real deadlines) lead: xdist's work stealing hands each worker a
    # run of the list and takes from the runs' ends, so what leads is started first, and a whole game
    # begun last held the run's end alone. A ``long`` test of the fast tier starts with the slow ones.
    items.sort(key=_order)


def _order(item: pytest.Item) -> tuple[bool, bool, bool]:
    """Where a test comes in the run: the long browser tests, the browser tests, the slow and the long
    ones, then the rest (each in collection order)."""
    browser, long, slow = (item.get_closest_marker(name) is not None for name in ("browser", "long", "slow"))
    return not (browser and long), not browser, not (long or slow)


def fast_tier(config: pytest.Config) -> bool:
    """Whether this run is the fast tier: its marker selection leaves the slow tests out."""
    expression = " ".join((config.option.markexpr or "").split())
    return "not slow" in expression
