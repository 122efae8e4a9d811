"""The projection worker: follows the log and keeps the read models (Redis at scale) up to date.

It resumes from the position the read store holds (written with every batch), so a worker killed at
any moment and started again ends with exactly the read models a rebuild from scratch makes.
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Callable, Mapping
from datetime import timedelta
from types import FrameType

from eventsourcing.persistence import ApplicationRecorder, InfrastructureFactory
from eventsourcing.utils import Environment

from domain.table import AnyGame
from projections.partitions import rebuild_partitions
from projections.projection import (
    Expiry,
    GameProjection,
    Progress,
    ReadFormatOutdated,
    fit_format,
    follower_for,
    outdated,
    rebuild,
)
from projections.redis_store import RedisReadStore
from projections.stores import ReadStore, SQLiteReadStore
from store.ratings import RatingsLog
from store.settings import Settings, creating_schema
from workers.health import serve_probes
from workers.partitioned import ProjectionWorker

log = logging.getLogger(__name__)

LOG_NAME = "Backroom"
"""The name the write side's application has: the library names the log's tables after it."""
POLL = 0.02
"""Seconds between looks at a log without subscriptions (SQLite), whose commits happen elsewhere."""


def read_store(settings: Settings) -> ReadStore:
    """The read store ``settings`` name: Redis when a URL is set, else the embedded SQLite file."""
    if settings.redis_url:
        return RedisReadStore(
            settings.redis_url, settings.redis_prefix, finished_seconds=settings.finished_seconds
        )
    return SQLiteReadStore(settings.reads_path())


def log_recorder(settings: Settings) -> ApplicationRecorder:
    """The library's recorder of the log ``settings`` name (the projection reads nothing else)."""
    env = Environment(name=LOG_NAME, env=settings.eventsourcing_env())
    with creating_schema(settings.eventsourcing_env()):
        recorder: ApplicationRecorder = InfrastructureFactory.construct(env).application_recorder()
    return recorder


def run(settings: Settings, games: Mapping[str, AnyGame], stop: threading.Event | None = None) -> None:
    """Project until ``stop`` is set (or SIGTERM / SIGINT arrives when run as the main thread)."""
    stop = stop or _stop_on_signals()
    recorder = log_recorder(settings)
    if settings.redis_url:
        _refuse_outdated(settings)
        _run_share(ProjectionWorker(recorder, settings, games), settings, stop)
        return
    store = read_store(settings)
    expiry = Expiry(timedelta(seconds=settings.open_table_seconds))
    projection = GameProjection(store, games, expiry=expiry, rater=RatingsLog(recorder, games).rate)
    fit_format(recorder, projection)
    follower = follower_for(recorder, projection, poll=POLL).start()
    log.info("Projecting from position %d", projection.position)
    try:
        stop.wait()
    finally:
        follower.stop()
        store.close()


def _refuse_outdated(settings: Settings) -> None:
    """Workers sharing Redis never rebuild on their own: an outdated store stops them, saying what to do."""
    store = read_store(settings)
    try:
        if outdated(store):
            raise ReadFormatOutdated(
                "The read models in Redis are of an older format: run 'backroom projections rebuild' "
                "once (with the workers stopped), then start the workers again."
            )
    finally:
        store.close()


def _run_share(worker: ProjectionWorker, settings: Settings, stop: threading.Event) -> None:
    """At scale: this worker's share of the partitions, with its probes when a port is set."""
    probes = None
    if settings.worker_port is not None:
        probes = serve_probes(settings.worker_port, worker.alive, worker.ready, worker.registry)
    log.info("Projecting %d partition(s), shared with the other workers", settings.partitions)
    try:
        worker.run(stop)
    finally:
        if probes is not None:
            probes.shutdown()


def rebuild_all(settings: Settings, games: Mapping[str, AnyGame], progress: Progress | None = None) -> int:
    """Forget the read models and project the whole log again; the position reached."""
    store = read_store(settings)
    if settings.redis_url and settings.partitions > 1:
        store.clear()
        store.close()
        url, prefix = settings.redis_url, settings.redis_prefix
        recorder, seconds = log_recorder(settings), settings.finished_seconds
        reached = rebuild_partitions(recorder, url, prefix, settings.partitions, games, seconds)
        if progress is not None:
            progress(reached, reached)
        return reached
    try:
        recorder = log_recorder(settings)
        rater = RatingsLog(recorder, games).rate
        return rebuild(recorder, GameProjection(store, games, rater=rater), progress)
    finally:
        store.close()


def _stop_on_signals() -> threading.Event:
    stop = threading.Event()

    def handle(_: int, __: FrameType | None) -> None:
        stop.set()

    handler: Callable[[int, FrameType | None], None] = handle
    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGINT, handler)
    return stop
