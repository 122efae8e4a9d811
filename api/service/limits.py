"""Allowances: how often one client or one seat may do something costly, per minute.

An :class:`Allowance` counts uses per key in fixed one-minute windows of the service's clock and
refuses the use past its limit with :class:`domain.errors.RateLimited` (429, ``retry_after`` the
seconds left in the window). The refused use changes nothing: the caller raises before any write.
Counts live in this process (with ``serve --workers N`` each worker counts its own), and windows of
keys not seen in the current minute are dropped once there are many.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from datetime import datetime

from domain.errors import RateLimited

WINDOW = 60.0
KEPT = 50_000
"""Keys kept before the windows of earlier minutes are swept."""


class Allowance:
    """``per_minute`` uses per key and window (0: unlimited)."""

    def __init__(self, per_minute: int, clock: Callable[[], datetime], what: str) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.what = what
        self.windows: dict[Hashable, tuple[int, int]] = {}  # key -> (window, uses in it)

    def spend(self, key: Hashable) -> None:
        """Count one use by ``key``; ``RateLimited`` (and nothing counted) once its window is spent."""
        if self.per_minute <= 0:
            return
        now = self.clock().timestamp()
        window = int(now // WINDOW)
        started, used = self.windows.get(key, (window, 0))
        used = used if started == window else 0
        if used >= self.per_minute:
            wait = math.ceil(WINDOW - now % WINDOW)
            raise RateLimited(
                f"At most {self.per_minute} {self.what} a minute; try again in {wait} s.",
                {"retry_after": wait, "limit": self.per_minute},
            )
        if len(self.windows) >= KEPT and key not in self.windows:
            self.windows = {k: v for k, v in self.windows.items() if v[0] == window}
        self.windows[key] = (window, used + 1)
