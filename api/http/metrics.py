"""``/metrics``: one API process's numbers in the Prometheus text format (prometheus-client).

Each process has its own registry and answers for itself (a scraper asks every process, as
``backroom up`` and the Kubernetes manifests expose each one). With ``serve --workers N`` several
processes share one port and a scrape reaches one of them at random: run one worker per process at scale.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Gauge, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily, Metric
from starlette.responses import Response

from api.http.fast import LATENCY_BUCKETS, Tally
from projections.queries import ReadSide


class CommandTally(Tally):
    """The command path's numbers (:class:`api.http.fast.Tally`, counted as plain numbers where the
    commands are answered), read by the registry when scraped."""

    def collect(self) -> Iterator[Metric]:
        commands = CounterMetricFamily(
            "backroom_commands", "Commands answered, by outcome", labels=["outcome"]
        )
        for outcome, count in sorted(self.by_outcome.items()):
            commands.add_metric([outcome], count)
        yield commands
        refusals = CounterMetricFamily("backroom_refusals", "Commands refused, by code", labels=["code"])
        for code, count in sorted(self.refusals.items()):
            refusals.add_metric([code], count)
        yield refusals
        bounds = [*(str(bound) for bound in LATENCY_BUCKETS), "+Inf"]
        latency = HistogramMetricFamily("backroom_command_seconds", "Time to answer a command")
        cumulative = zip(bounds, itertools.accumulate(self.buckets), strict=True)
        latency.add_metric([], list(cumulative), self.seconds)
        yield latency
        yield GaugeMetricFamily(
            "backroom_commands_in_flight", "Commands received and not answered yet", value=self.in_flight
        )


class Metrics:
    """The counts the command path and the streams move, and gauges read when scraped."""

    def __init__(self, tables: Any, reads: ReadSide, partitions: int) -> None:
        self.registry = registry = CollectorRegistry()
        self.tables, self.reads, self.partitions = tables, reads, partitions
        self.commands = CommandTally()
        registry.register(self.commands)
        self.streams = Gauge("backroom_open_streams", "Live streams open on this process", registry=registry)
        live = Gauge("backroom_live_tables", "Tables kept loaded in this process", registry=registry)
        live.set_function(lambda: len(tables.store.kept))
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

    @contextlib.contextmanager
    def stream_open(self) -> Iterator[None]:
        """Count a live stream while it is open."""
        self.streams.inc()
        try:
            yield
        finally:
            self.streams.dec()

    def lag(self) -> float:
        head = self.tables.store.recorder.max_notification_id() or 0
        if self.reads.projection is not None:
            return float(max(0, head - self.reads.projection.position))
        from projections.partitions import lowest_position  # at scale: it loads the Redis client

        return float(max(0, head - lowest_position(self.reads.store, self.partitions)))

    def response(self) -> Response:
        """The registry in the Prometheus text format."""
        return Response(generate_latest(self.registry), media_type=CONTENT_TYPE_LATEST)
