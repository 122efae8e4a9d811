"""Allowances and paces: how often one client or one seat may do something costly, per minute.

An :class:`Allowance` counts uses per key in fixed one-minute windows of the service's clock and
refuses the use past its limit with :class:`domain.errors.RateLimited` (429, ``retry_after`` the
seconds left in the window). The refused use changes nothing: the caller raises before any write.
Counts live in this process (with ``serve --workers N`` each worker counts its own), and windows of
keys not seen in the current minute are dropped once there are many. A :class:`Pace` earns its uses
evenly instead (a token bucket): the reads' budgets, so that a flood past them is a trickle.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from datetime import UTC, datetime

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

    def spend(self, key: Hashable, *, refuse: bool = True, cost: int = 1) -> None:
        """Count ``cost`` uses by ``key``; ``RateLimited`` (and nothing counted) once its window is spent.

        ``refuse=False`` counts the use whatever is left (a use already made, charged afterwards).
        """
        if self.per_minute <= 0:
            return
        window, used = self._used(key)
        if refuse and used + min(cost, self.per_minute) > self.per_minute:
            self._refuse()
        if len(self.windows) >= KEPT and key not in self.windows:
            self.windows = {k: v for k, v in self.windows.items() if v[0] == window}
        self.windows[key] = (window, used + cost)

    def check(self, key: Hashable) -> None:
        """``RateLimited`` when ``key``'s window is spent; nothing counted either way."""
        if self.per_minute > 0 and self._used(key)[1] >= self.per_minute:
            self._refuse()

    def refills(self, key: Hashable) -> datetime | None:
        """When ``key``'s spent window ends (its uses come back), ``None`` while it has uses left."""
        if self.per_minute <= 0:
            return None
        window, used = self._used(key)
        return datetime.fromtimestamp((window + 1) * WINDOW, UTC) if used >= self.per_minute else None

    def _used(self, key: Hashable) -> tuple[int, int]:
        window = int(self.clock().timestamp() // WINDOW)
        started, used = self.windows.get(key, (window, 0))
        return window, used if started == window else 0

    def _refuse(self) -> None:
        wait = max(1, math.ceil(WINDOW - self.clock().timestamp() % WINDOW))
        raise RateLimited(
            f"At most {self.per_minute} {self.what} a minute; try again in {wait} s.",
            {"retry_after": wait, "limit": self.per_minute},
        )


class Pace:
    """``per_minute`` uses per key earned evenly (one every ``60 / per_minute`` s), at most ``burst``
    saved up (by default three seconds' worth; 0: unlimited): a token bucket.

    Unlike :class:`Allowance`'s windows, a client that spends its budget gets the next use only as it
    is earned, so a flood is let through at an even trickle instead of a burst at each minute's turn.
    """

    def __init__(self, per_minute: int, clock: Callable[[], datetime], what: str, burst: int = 0) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.what = what
        self.burst = burst or max(1, per_minute // 20)
        self.buckets: dict[Hashable, tuple[float, float]] = {}  # key -> (when, uses saved up then)

    def spend(self, key: Hashable, *, refuse: bool = True, cost: int = 1) -> None:
        """Spend ``cost`` uses by ``key`` (at most what can be saved up); ``RateLimited`` (and nothing
        spent) when fewer are saved up.

        ``refuse=False`` spends them whatever is left (a use already made, charged afterwards).
        """
        if self.per_minute <= 0:
            return
        cost = min(cost, self.burst)
        now, saved = self._saved(key)
        if refuse and saved < cost:
            self._refuse(saved - cost + 1)
        if len(self.buckets) >= KEPT and key not in self.buckets:
            self.buckets = {k: v for k, v in self.buckets.items() if now - v[0] < WINDOW}
        self.buckets[key] = (now, saved - cost)

    def check(self, key: Hashable) -> None:
        """``RateLimited`` when ``key`` has no use saved up; nothing spent either way."""
        if self.per_minute > 0 and (saved := self._saved(key)[1]) < 1:
            self._refuse(saved)

    def _saved(self, key: Hashable) -> tuple[float, float]:
        now = self.clock().timestamp()
        when, saved = self.buckets.get(key, (now, float(self.burst)))
        return now, min(float(self.burst), saved + (now - when) * self.per_minute / WINDOW)

    def _refuse(self, saved: float) -> None:
        wait = max(1, math.ceil((1 - saved) * WINDOW / self.per_minute))
        raise RateLimited(
            f"At most {self.per_minute} {self.what} a minute; try again in {wait} s.",
            {"retry_after": wait, "limit": self.per_minute},
        )


STREAM_RETRY = 10
"""Seconds a refused stream is told to wait before asking again."""


OPENING_AT_ONCE = 4
"""Streams being opened at once in a process (checked, and sent their feed so far); the rest wait."""


class Streams:
    """Live streams open at once in this process: at most ``per_address`` from one client address and
    ``per_game`` of one game (0: any). A stream holds its place from before it starts until it ends.

    Streams are opened :data:`OPENING_AT_ONCE` at a time (:attr:`opening`): a burst of a thousand
    spectators then delays a player's command by a few openings' work, not by a thousand. Measured by
    ``python -m tests.benchmarks.bench_floods`` on 2026-12-04 (a busy shared machine): before it and
    the stream's own byte writer (:mod:`api.http.reads`), with ``--seconds 5 --tables 100 --only
    streams-1000``, the player made 4 commands in 5 s while the streams opened (p99 490 ms against
    27 ms alone); with both, in the default run, 1,000 streams were answered in 3.0 s and the
    player's p99 was 40 ms while they opened (11.6 ms alone).
    """

    def __init__(self, per_address: int, per_game: int) -> None:
        self.per_address = per_address
        self.per_game = per_game
        self.open: Counter[tuple[str, str]] = Counter()
        self.opening = asyncio.Semaphore(OPENING_AT_ONCE)

    @contextlib.contextmanager
    def admit(self, address: str, game_id: str) -> Iterator[None]:
        """Hold a place for a stream from ``address`` of ``game_id``; ``RateLimited`` when either is full."""
        self._check(("address", address), self.per_address, "from one address")
        self._check(("game", game_id), self.per_game, "of one game")
        places = [("address", address), ("game", game_id)]
        self.open.update(places)
        try:
            yield
        finally:
            self.open.subtract(places)
            for place in places:
                if self.open[place] <= 0:
                    del self.open[place]

    def _check(self, place: tuple[str, str], limit: int, where: str) -> None:
        if limit > 0 and self.open[place] >= limit:
            raise RateLimited(
                f"At most {limit} live streams {where} at once; close one, or try again in {STREAM_RETRY} s.",
                {"retry_after": STREAM_RETRY, "limit": limit, "per": place[0]},
            )
