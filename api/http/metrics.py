"""``/metrics``: one API process's numbers in the Prometheus text format (prometheus-client).

Each process has its own registry and answers for itself (a scraper asks every process, as
``backroom up`` and the Kubernetes manifests expose each one). With ``serve --workers N`` several
processes share one port and a scrape reaches one of them at random: run one worker per process at scale.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from starlette.responses import Response

from projections.partitions import lowest_position
from projections.read_side import ReadSide

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class Metrics:
    """The counters the command path and the streams move, and gauges read when scraped."""

    def __init__(self, tables: Any, reads: ReadSide, partitions: int) -> None:
        self.registry = registry = CollectorRegistry()
        self.tables, self.reads, self.partitions = tables, reads, partitions
        self.commands = Counter(
            "backroom_commands", "Commands answered, by outcome", ["outcome"], registry=registry
        )
        self._by_outcome: dict[str, Any] = {}
        self.refusals = Counter("backroom_refusals", "Commands refused, by code", ["code"], registry=registry)
        self.latency = Histogram(
            "backroom_command_seconds", "Time to answer a command", buckets=LATENCY_BUCKETS, registry=registry
        )
        self.in_flight = Gauge(
            "backroom_commands_in_flight", "Commands received and not answered yet", registry=registry
        )
        self.streams = Gauge("backroom_open_streams", "Live streams open on this process", registry=registry)
        live = Gauge("backroom_live_tables", "Tables kept loaded in this process", registry=registry)
        live.set_function(lambda: len(tables.kept))
        lag = Gauge(
            "backroom_projection_lag_events",
            "Log entries the read models do not reflect yet (the furthest-behind partition)",
            registry=registry,
        )
        lag.set_function(self.lag)
        self.watch: Any = None
        """The referee's and bots' watch when they act in this process (embedded); at scale their
        workers report the backlog on their own ``/metrics`` (:mod:`workers.tending`)."""
        timers = Gauge("backroom_timer_backlog", "Tables overdue at the last look", registry=registry)
        timers.set_function(lambda: 0 if self.watch is None else self.watch.backlog.overdue)
        bots = Gauge("backroom_bot_backlog", "Bot seats waiting to move at the last look", registry=registry)
        bots.set_function(lambda: 0 if self.watch is None else self.watch.backlog.bot_turns)

    def begin(self) -> None:
        """A command arrived (counted in flight until :meth:`end`)."""
        self.in_flight.inc()

    def end(self, status: int, code: str | None, seconds: float) -> None:
        """Count one answered command: accepted (2xx), refused (4xx, with its code) or failed."""
        self.in_flight.dec()
        outcome = "accepted" if status < 400 else "refused" if status < 500 else "failed"
        counted = self._by_outcome.get(outcome)
        if counted is None:  # ``labels`` takes a lock and checks its arguments: asked once per outcome
            counted = self._by_outcome[outcome] = self.commands.labels(outcome)
        counted.inc()
        if code is not None and outcome == "refused":
            self.refusals.labels(code).inc()
        self.latency.observe(seconds)

    @contextlib.contextmanager
    def stream_open(self) -> Iterator[None]:
        """Count a live stream while it is open."""
        self.streams.inc()
        try:
            yield
        finally:
            self.streams.dec()

    def lag(self) -> float:
        head = self.tables.recorder.max_notification_id() or 0
        if self.reads.projection is not None:
            return float(max(0, head - self.reads.projection.position))
        return float(max(0, head - lowest_position(self.reads.store, self.partitions)))

    def response(self) -> Response:
        """The registry in the Prometheus text format."""
        return Response(generate_latest(self.registry), media_type=CONTENT_TYPE_LATEST)
