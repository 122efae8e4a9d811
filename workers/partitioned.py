"""The projection worker at scale: its share of the partitions, renewed, projected page by page.

Any number of these run side by side (``backroom worker projections`` with ``BACKROOM_REDIS_URL`` set).
Each holds a fair share of the partitions (:class:`projections.partitions.Leases`) and projects them
from one read of the log; adding a worker moves partitions to it at the next renewal, a dead worker's
partitions lapse and are taken by the others. Exactness never depends on the leases: every batch is
committed against its partition's position, so a partition briefly held twice is still written once.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping

import redis
from eventsourcing.persistence import ApplicationRecorder
from prometheus_client import CollectorRegistry, Counter, Gauge

from domain.table import AnyGame
from projections.partitions import Leases, Share
from store.settings import Settings
from workers.nudges import Nudges

log = logging.getLogger(__name__)

POLL = 0.5
"""Seconds a worker with nothing to read waits at most for the log's notification before looking again
(the fallback poll: with PostgreSQL a commit's NOTIFY wakes it at once, :mod:`workers.nudges`)."""
GATHER = 0.01
"""Seconds a worker woken by a commit lets further commits land before it reads: under load, a wake per
commit made batches of one commit each (one Redis script per partition per commit), where the old
20 ms poll had gathered many (measured in docs/scaling.md)."""
RETRY = 0.5
"""Seconds to wait after a failed step (PostgreSQL or Redis away) before trying again."""
LOOK = 1.0
"""Seconds at least between an idle worker's looks at the positions Redis holds (one ``MGET``): a Redis
replaced by an empty one is noticed within this and a poll, and projected again from the log's start."""


class ProjectionWorker:
    """One worker's loop, with what its health, readiness and metrics report."""

    def __init__(
        self, recorder: ApplicationRecorder, settings: Settings, games: Mapping[str, AnyGame]
    ) -> None:
        url = settings.redis_url or ""
        self.recorder = recorder
        self.lease_seconds = settings.lease_seconds
        self.outage_seconds = settings.worker_outage_seconds
        self.leases = Leases(url, settings.redis_prefix, settings.partitions, settings.lease_seconds)
        self.share = Share(
            recorder, url, settings.redis_prefix, settings.partitions, games, settings.finished_seconds
        )
        self.nudges = Nudges(settings.direct_dsn, getattr(recorder, "channel_name", None))
        self.last_ok = time.monotonic()
        self.caught_up = False
        self.registry = CollectorRegistry()
        self._projected = Counter(
            "backroom_projection_notifications", "Log entries read by this worker", registry=self.registry
        )
        held = Gauge(
            "backroom_projection_partitions_held", "Partitions this worker holds", registry=self.registry
        )
        held.set_function(lambda: len(self.share.projections))
        lag = Gauge(
            "backroom_projection_lag_events",
            "Log entries not yet projected by the furthest-behind partition this worker holds",
            registry=self.registry,
        )
        lag.set_function(self.lag)

    def run(self, stop: threading.Event) -> None:
        """Project until ``stop`` is set; give the partitions back on the way out."""
        renew_at, look_at, self.nudges.stop = 0.0, 0.0, stop
        try:
            while not stop.is_set():
                try:
                    if time.monotonic() >= renew_at:
                        self.share.hold(self.leases.refresh())
                        renew_at = time.monotonic() + self.lease_seconds / 3
                    read = self.share.step()
                    if not read and time.monotonic() >= look_at:  # idle: did Redis lose what we wrote?
                        read, look_at = int(self.share.heal()), time.monotonic() + LOOK
                except Exception:  # keep going: PostgreSQL or Redis away must not end the worker
                    log.exception("Projection step failed; retrying")
                    stop.wait(RETRY)
                    continue
                self._beat(read)
                if not read and self.nudges.wait(max(0.0, min(POLL, renew_at - time.monotonic()))):
                    stop.wait(GATHER)
        finally:
            self.nudges.close()
            self.leases.release_all()
            self.share.close()
            self.leases.close()

    def _beat(self, read: int) -> None:
        self.last_ok = time.monotonic()
        self._projected.inc(read)
        if not read:
            self.caught_up = True

    def healthy(self) -> bool:
        """True while steps succeed (the last one within two lease times)."""
        return time.monotonic() - self.last_ok < max(2 * self.lease_seconds, 2.0)

    def alive(self) -> bool:
        """Liveness (``/health``): healthy, or its last success within ``BACKROOM_WORKER_OUTAGE_SECONDS``
        (a database outage shorter than that is waited out, not restarted; :mod:`workers.health`)."""
        return self.healthy() or time.monotonic() - self.last_ok < self.outage_seconds

    def ready(self) -> bool:
        """Healthy, and has once reached the end of the log for what it holds."""
        return self.caught_up and self.healthy()

    def lag(self) -> float:
        """How many log entries the furthest-behind held partition's read models lack, as Redis holds
        them (not as this worker remembers writing them: a Redis replaced by an empty one lacks all,
        and an alert must see that). Redis not answering: the whole log, as nothing can be read."""
        head = self.recorder.max_notification_id() or 0
        try:
            positions = self.share.stored().values()
        except redis.RedisError:
            return float(head)
        if not positions:
            return 0.0
        return float(max(0, head - min(positions)))
