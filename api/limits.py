"""Allowances and paces: how often one client or one seat may do something costly, per minute.

An :class:`Allowance` counts uses per key in fixed one-minute windows of the service's clock and
refuses the use past its limit with :class:`domain.errors.RateLimited` (429, ``retry_after`` the
seconds left in the window). The refused use changes nothing: the caller raises before any write.
A :class:`Pace` earns its uses evenly instead (a token bucket): the reads' budgets, so that a flood
past them is a trickle.

Where the counts live: at scale (``BACKROOM_REDIS_URL`` set) in Redis (:class:`SharedCounts`, one Lua
script a use), so one player's budget is the same whichever API process it reaches and several
processes never multiply it; embedded, in this process (with ``serve --workers N`` each worker counts
its own), where windows of keys not seen in the current minute are dropped once there are many. When
Redis does not answer, a process counts in its own memory (a budget per process rather than none, and
never a refused command because the counter is away) and asks Redis again after :data:`REDIS_REST`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import TypeVar

from domain.errors import RateLimited

R = TypeVar("R")
log = logging.getLogger(__name__)

WINDOW = 60.0
KEPT = 50_000
"""Keys kept before the windows of earlier minutes are swept."""
REDIS_REST = 5.0
"""Seconds a process counts in its own memory after Redis failed to answer, before asking it again."""
REDIS_TIMEOUT = 0.25
"""Seconds a use waits for Redis (to connect, or to answer) before it is counted in memory instead."""

_WINDOW = """
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local cost, limit = tonumber(ARGV[1]), tonumber(ARGV[2])
if ARGV[3] == '1' and used + math.min(cost, limit) > limit then return 0 end
redis.call('INCRBY', KEYS[1], cost)
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
"""
"""One use of a window (KEYS[1], that window's count): refused (0) or counted (1). ARGV: cost, limit,
refuse (``1``/``0``), seconds the count is kept."""

_BUCKET = """
local now, per_second = tonumber(ARGV[1]), tonumber(ARGV[2])
local burst, cost = tonumber(ARGV[3]), tonumber(ARGV[4])
local kept = redis.call('HMGET', KEYS[1], 'when', 'saved')
local saved = burst
if kept[1] then
  saved = math.min(burst, tonumber(kept[2]) + math.max(0, now - tonumber(kept[1])) * per_second)
end
if cost == 0 or (ARGV[5] == '1' and saved < cost) then return {0, tostring(saved)} end
redis.call('HSET', KEYS[1], 'when', ARGV[1], 'saved', tostring(saved - cost))
redis.call('EXPIRE', KEYS[1], ARGV[6])
return {1, tostring(saved - cost)}
"""
"""One use of a bucket (KEYS[1]): ``{spent (1) or not (0), uses saved up after it}``. ARGV: now (epoch
seconds), uses earned a second, burst, cost (0: only look), refuse (``1``/``0``), seconds it is kept."""


class SharedCounts:
    """Budgets kept in Redis under ``<prefix>:limit:``, shared by every API process of a deployment.

    Keys: ``<prefix>:limit:<budget>:<key>:<window>`` (an allowance's count in one clock minute, kept two
    minutes) and ``<prefix>:limit:<budget>:<key>`` (a pace's bucket, kept a minute past its last use).
    Each use is one script, so two processes spending one budget at once never both get its last use.
    """

    def __init__(self, url: str, prefix: str) -> None:
        import redis  # here, at scale: an embedded process never loads the Redis client

        self.prefix = prefix
        self.failed = redis.RedisError
        self.redis = redis.Redis.from_url(
            url, socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT
        )
        self._window = self.redis.register_script(_WINDOW)
        self._bucket = self.redis.register_script(_BUCKET)
        self.resting_until = 0.0
        """While ``time.monotonic()`` is below this, Redis is not asked (it failed just now)."""

    def key(self, budget: str, key: Hashable) -> str:
        """The Redis key of ``key``'s count in ``budget`` (a tuple key's parts joined by ``:``)."""
        parts = key if isinstance(key, tuple) else (key,)
        return ":".join((self.prefix, "limit", budget, *map(str, parts)))

    def window(self, key: str, cost: int, limit: int, *, refuse: bool) -> bool | None:
        """Count ``cost`` uses in the window ``key``: ``False`` when refused, ``None`` when Redis is away."""
        return self._ask(
            lambda: bool(self._window(keys=[key], args=[cost, limit, int(refuse), 2 * int(WINDOW)]))
        )

    def used(self, key: str) -> int | None:
        """The uses counted in the window ``key`` (``None`` when Redis is away)."""
        return self._ask(lambda: int(self.redis.get(key) or 0))

    def bucket(self, key: str, pace: Pace, cost: int, *, refuse: bool) -> tuple[bool, float] | None:
        """Spend ``cost`` from ``pace``'s bucket ``key`` (0: only look): whether it was spent, and what is
        saved up after; ``None`` when Redis is away."""
        now, per_second = repr(pace.clock().timestamp()), repr(pace.per_minute / WINDOW)
        args: list[str | int] = [now, per_second, pace.burst, cost, int(refuse), int(WINDOW) + 1]

        def spend() -> tuple[bool, float]:
            spent, saved = self._bucket(keys=[key], args=args)
            return bool(spent), float(saved)

        return self._ask(spend)

    def _ask(self, question: Callable[[], R]) -> R | None:
        if time.monotonic() < self.resting_until:
            return None
        try:
            return question()
        except self.failed as error:
            self.resting_until = time.monotonic() + REDIS_REST
            log.warning(
                "Budgets counted in this process for %.0f s: Redis did not answer (%s)", REDIS_REST, error
            )
            return None


class Allowance:
    """``per_minute`` uses per key and window (0: unlimited); in Redis when ``shared`` is given, under
    the budget's ``name``."""

    def __init__(
        self,
        per_minute: int,
        clock: Callable[[], datetime],
        what: str,
        *,
        shared: SharedCounts | None = None,
        name: str = "",
    ) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.what = what
        self.shared = shared
        self.name = name or what
        self.windows: dict[Hashable, tuple[int, int]] = {}  # key -> (window, uses in it)

    def spend(self, key: Hashable, *, refuse: bool = True, cost: int = 1) -> None:
        """Count ``cost`` uses by ``key``; ``RateLimited`` (and nothing counted) once its window is spent.

        ``refuse=False`` counts the use whatever is left (a use already made, charged afterwards).
        """
        if self.per_minute <= 0:
            return
        window, used = self._used(key)
        if self.shared is not None:
            counted = self.shared.window(self._shared_key(key, window), cost, self.per_minute, refuse=refuse)
            if counted is False:
                self._refuse()
            if counted:
                return
        if refuse and used + min(cost, self.per_minute) > self.per_minute:
            self._refuse()
        if len(self.windows) >= KEPT and key not in self.windows:
            self.windows = {k: v for k, v in self.windows.items() if v[0] == window}
        self.windows[key] = (window, used + cost)

    def check(self, key: Hashable) -> None:
        """``RateLimited`` when ``key``'s window is spent; nothing counted either way."""
        if self.per_minute <= 0:
            return
        window, used = self._used(key)
        counted = self.shared.used(self._shared_key(key, window)) if self.shared is not None else None
        if (used if counted is None else counted) >= self.per_minute:
            self._refuse()

    def _shared_key(self, key: Hashable, window: int) -> str:
        assert self.shared is not None
        return f"{self.shared.key(self.name, key)}:{window}"

    def refills(self, key: Hashable) -> datetime | None:
        """When ``key``'s spent window ends (its uses come back), ``None`` while it has uses left."""
        if self.per_minute <= 0:
            return None
        window, used = self._used(key)
        counted = self.shared.used(self._shared_key(key, window)) if self.shared is not None else None
        spent = (used if counted is None else counted) >= self.per_minute
        return datetime.fromtimestamp((window + 1) * WINDOW, UTC) if spent else None

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

    def __init__(
        self,
        per_minute: int,
        clock: Callable[[], datetime],
        what: str,
        burst: int = 0,
        *,
        shared: SharedCounts | None = None,
        name: str = "",
    ) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.what = what
        self.burst = burst or max(1, per_minute // 20)
        self.shared = shared
        self.name = name or what
        self.buckets: dict[Hashable, tuple[float, float]] = {}  # key -> (when, uses saved up then)

    def spend(self, key: Hashable, *, refuse: bool = True, cost: int = 1) -> None:
        """Spend ``cost`` uses by ``key`` (at most what can be saved up); ``RateLimited`` (and nothing
        spent) when fewer are saved up.

        ``refuse=False`` spends them whatever is left (a use already made, charged afterwards).
        """
        if self.per_minute <= 0:
            return
        cost = min(cost, self.burst)
        if self.shared is not None:
            answer = self.shared.bucket(self.shared.key(self.name, key), self, cost, refuse=refuse)
            if answer is not None:
                spent, saved_after = answer
                if not spent:
                    self._refuse(saved_after - cost + 1)
                return
        now, saved = self._saved(key)
        if refuse and saved < cost:
            self._refuse(saved - cost + 1)
        if len(self.buckets) >= KEPT and key not in self.buckets:
            self.buckets = {k: v for k, v in self.buckets.items() if now - v[0] < WINDOW}
        self.buckets[key] = (now, saved - cost)

    def check(self, key: Hashable) -> None:
        """``RateLimited`` when ``key`` has no use saved up; nothing spent either way."""
        if self.per_minute <= 0:
            return
        answer = None
        if self.shared is not None:
            answer = self.shared.bucket(self.shared.key(self.name, key), self, 0, refuse=False)
        saved = answer[1] if answer is not None else self._saved(key)[1]
        if saved < 1:
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


REST = 2.0
"""How long a stream's opening keeps the next one waiting once it is done, as a multiple of its own
time: 2.0 leaves the process at least two thirds of the time a burst of openings takes (:class:`Turns`)."""
LONGEST = 0.1
"""Seconds an opening holds the turn at most: one that takes longer (waiting on a store that does not
answer, say) passes the turn on then, with no rest, and goes on opening beside the next."""


class Turns:
    """The turns of streams' openings: one at a time, each followed by a rest as long as it took
    (:data:`REST` times), so that a burst of openings takes at most a third of the process's time and
    the rest is a playing table's.

    An opening is a burst of work on every thread of the process: its request parsed and checked on
    the event loop, its feed so far read and framed in the openings' thread, its bytes written to the
    socket, while the committer's thread waits on the same interpreter lock for a player's command.
    Open as fast as they came, a thousand spectators' streams kept the server busy for a second and
    more, and the player's p99 during that time was 2.2-3.6x its p99 alone whatever else was tried
    (four openings at once, or one; new connections accepted or first requests read a few a turn of
    the loop; the collector off; a 0.2 ms or 1 ms switch interval: 2026-12-05, see
    ``docs/architecture.md``). Paced by time, the rest of each second is the player's, and the rest
    follows the opening's own cost: a long feed's opening rests longer, a small one less, on any
    machine. An opening that waits rather than works past :data:`LONGEST` (its game read from the
    log, a store slow to answer) passes the turn on and rests nobody: it never holds the others' turns
    for as long as it waits, nor makes them rest for it.
    """

    def __init__(self, rest: float = REST, longest: float = LONGEST) -> None:
        self.rest, self.longest = rest, longest
        self.place = asyncio.Semaphore(1)

    async def take(self) -> Turn:
        """Wait for an opening's turn (the one before it done and rested, or passed on)."""
        await self.place.acquire()
        return Turn(self)


class Turn:
    """One opening's turn (:class:`Turns`): :meth:`done` gives it back after the rest."""

    __slots__ = ("passing", "since", "turns")

    def __init__(self, turns: Turns) -> None:
        loop = asyncio.get_running_loop()
        self.turns, self.since = turns, loop.time()
        self.passing: asyncio.TimerHandle | None = loop.call_later(turns.longest, self._passed)

    def done(self) -> None:
        """The opening is done: the next one's turn comes after the rest (at once if passed on)."""
        if self.passing is None:
            return  # passed on already
        self.passing.cancel()
        self.passing = None
        loop = asyncio.get_running_loop()
        loop.call_later((loop.time() - self.since) * self.turns.rest, self.turns.place.release)

    def _passed(self) -> None:
        self.passing = None
        self.turns.place.release()


class Streams:
    """Live streams open at once in this process: at most ``per_address`` from one client address and
    ``per_game`` of one game (0: any). A stream holds its place from before it starts until it ends.

    Streams are opened one at a time, each followed by a rest twice as long as it took
    (:attr:`opening`, :class:`Turns`): a burst of a thousand spectators then delays a player's command
    by one opening's work at most, and takes at most a third of the process's time while it lasts.
    Before any turns and the stream's own byte writer (:mod:`api.http.reads`), with ``python -m
    tests.benchmarks.bench_floods --seconds 5 --tables 100 --only streams-1000`` on a busy shared
    machine (2026-12-04), the player made 4 commands in 5 s while the streams opened (p99 490 ms
    against 27 ms alone).

    What an opening reads (its feed so far, its chat) is read in one thread of its own
    (:attr:`reader`), never on the event loop, and never by several threads at once: during
    ``bench_floods``' 3,000 openings the default pool's six threads, each contending for the
    interpreter lock with the loop and the committer's thread, spent 1.2-1.5 s of CPU on the reads
    one thread does in 0.4-0.6 s (three pairs of runs, 2026-12-05). One thread is enough: an
    opening's reads are a page of the feed and the chat, well under a millisecond each; a read that
    hangs (a store that does not answer) holds up the other openings, never the loop.
    """

    def __init__(self, per_address: int, per_game: int) -> None:
        self.per_address = per_address
        self.per_game = per_game
        self.open: Counter[tuple[str, str]] = Counter()
        self.opening = Turns()
        """Streams' turns to open (checked, and sent their feed so far): one at a time, then a rest."""
        self.reader = ThreadPoolExecutor(1, thread_name_prefix="stream-openings")
        """The thread that reads what a stream sends while it opens (its first pages, its chat)."""

    def close(self) -> None:
        """Let the openings' thread go once the server stops (a read still running is not waited for)."""
        self.reader.shutdown(wait=False, cancel_futures=True)

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
