"""The timer and bot workers at scale: each tends its share of the table partitions, held by lease.

``backroom worker timers`` (the referee) and ``backroom worker bots`` split the tables as the
projection workers do (:class:`projections.partitions.Leases`, under a lease key of their role): each
worker acts only on the tables of the partitions it holds, renews them every third of
``BACKROOM_LEASE_SECONDS``, and a dead worker's partitions lapse and are taken by the others. Exactly
once never rests on the leases: a deadline closed or a bot move made twice clashes in the log's
optimistic concurrency (:mod:`workers.timers`), so a partition briefly held twice still acts once.
Without Redis (the embedded log) there are no leases: the worker tends every table.

Each worker reports ``/health``, ``/ready`` (once it has caught up with the log, from where the read
side stood when it started: :func:`resume_watch`) and ``/metrics``: its partitions held, its acts, its
backlog (tables past their deadline, bot seats waiting to move) and what it read of the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from prometheus_client import CollectorRegistry, Counter, Gauge

from projections.partitions import Leases, lowest_position
from store.settings import Settings
from workers.projections import read_store
from workers.timers import Clock, Steward, Watch, tend, until_next

log = logging.getLogger(__name__)

RETRY = 0.5
"""Seconds to wait after a failed look (PostgreSQL or Redis away) before trying again."""


class TendingWorker:
    """One timer or bot worker's loop, with what its probes and metrics report."""

    def __init__(self, watch: Watch, steward: Steward, clock: Clock, settings: Settings, role: str) -> None:
        self.watch, self.steward, self.clock, self.role = watch, steward, clock, role
        self.roles = {"referee": role == "timers", "bots": role == "bots"}
        self.lease_seconds = settings.lease_seconds
        self.outage_seconds = settings.worker_outage_seconds
        self.leases = None
        if settings.redis_url:
            self.leases = Leases(
                settings.redis_url, settings.redis_prefix, settings.partitions, settings.lease_seconds, role
            )
            watch.held = frozenset()  # nothing is acted on before a lease is held
        self.last_ok = time.monotonic()
        self.caught_up = False
        self.resumed_at = 0
        self.registry = CollectorRegistry()
        self._metrics()

    def _metrics(self) -> None:
        registry = self.registry
        self.acts = Counter("backroom_tending_acts", "Acts recorded by this worker", registry=registry)
        held = Gauge("backroom_tending_partitions_held", "Partitions this worker tends", registry=registry)
        held.set_function(lambda: self.watch.partitions if self.watch.held is None else len(self.watch.held))
        timers = Gauge("backroom_timer_backlog", "Tables overdue at the last look", registry=registry)
        timers.set_function(lambda: self.watch.backlog.overdue)
        bots = Gauge("backroom_bot_backlog", "Bot seats waiting to move at the last look", registry=registry)
        bots.set_function(lambda: self.watch.backlog.bot_turns)
        read = Gauge("backroom_tending_log_read", "Log entries this worker has read", registry=registry)
        read.set_function(lambda: self.watch.read)
        start = Gauge(
            "backroom_tending_resumed_at",
            "The log position this worker started reading after",
            registry=registry,
        )
        start.set_function(lambda: self.resumed_at)

    async def run(self, stop: asyncio.Event) -> None:
        """Tend every :data:`TICK` seconds until ``stop`` is set; give the partitions back on the way out."""
        renew_at = 0.0
        try:
            while not stop.is_set():
                try:
                    if self.leases is not None and time.monotonic() >= renew_at:
                        self.watch.held = frozenset(await asyncio.to_thread(self.leases.refresh))
                        renew_at = time.monotonic() + self.lease_seconds / 3
                    self.acts.inc(await tend(self.watch, self.steward, self.clock, **self.roles))
                except Exception:  # a store hiccup must not end the worker
                    log.exception("Tending failed; trying again")
                    await _pause(stop, RETRY)
                    continue
                self.last_ok, self.caught_up = time.monotonic(), True
                await _pause(stop, until_next(self.watch, self.clock))  # TICK, or sooner for a pass
        finally:
            if self.leases is not None:
                await asyncio.to_thread(self._give_back, self.leases)

    @staticmethod
    def _give_back(leases: Leases) -> None:
        with contextlib.suppress(Exception):  # Redis away: the leases lapse on their own
            leases.release_all()
        leases.close()

    def healthy(self) -> bool:
        """True while looks succeed (the last one within two lease times), or while the watch reads the
        log or adopts tables on its way there (a long catch-up is progress, not a hang)."""
        latest = max(self.last_ok, self.watch.stirred)
        return time.monotonic() - latest < max(2 * self.lease_seconds, 2.0)

    def alive(self) -> bool:
        """Liveness (``/health``): healthy, or its last success within ``BACKROOM_WORKER_OUTAGE_SECONDS``
        (a database outage shorter than that is waited out, not restarted; :mod:`workers.health`)."""
        return self.healthy() or time.monotonic() - self.last_ok < self.outage_seconds

    def ready(self) -> bool:
        """Healthy, and has once caught up with the log."""
        return self.caught_up and self.healthy()


async def _pause(stop: asyncio.Event, seconds: float) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)


def resume_watch(watch: Watch, settings: Settings) -> int:
    """Start ``watch`` from the read side when there is one (its live tables, then the log after the
    furthest-behind partition's position), so that starting costs what is live, not the log's length;
    the position it reads on from (0 without a read side, or one that holds nothing yet)."""
    index = read_store(settings)
    try:
        position = lowest_position(index, settings.partitions) if settings.partitions > 1 else None
        return watch.resume(index, position)
    finally:
        index.close()
