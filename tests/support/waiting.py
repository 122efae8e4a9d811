"""Waiting in tests: for a condition, with a deadline no busy machine should reach.

A test that waits a fixed time, or gives a condition a few seconds, passes on a quiet machine and fails
beside other work (a server that starts in 2 s alone took over 20 s at a load average of 20). So a
test waits for what it needs, polling, and fails only after :data:`DEADLINE`: a deadline is the
verdict "it will never happen", never a measure of speed (benchmarks measure speed).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from api.limits import WINDOW

T = TypeVar("T")

DEADLINE = 120.0
"""Seconds a condition may take before a test calls it never met."""


def until(what: str, check: Callable[[], T], timeout: float = DEADLINE, every: float = 0.05) -> T:
    """Poll ``check`` until it answers something truthy, and return that; fail with ``what`` after
    ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not (answer := check()):
        assert time.monotonic() < deadline, f"{what} within {timeout:g} s"
        time.sleep(every)
    return answer


def in_one_window(counted: Callable[[int], None]) -> None:
    """``counted(attempt)``, and again (``attempt`` 1, 2) when it failed while a clock minute turned.

    Allowances count in the windows of the service's clock: a window that turns mid-test hands out a
    fresh budget, so the test's counted requests must fall in one. A failure within one minute stands;
    nothing waits for the minute to turn.
    """
    for attempt in range(3):
        began = time.time() // WINDOW
        try:
            counted(attempt)
            return
        except Exception:  # an assertion, or a page that waited for what a fresh window never shows
            if time.time() // WINDOW == began or attempt == 2:
                raise
