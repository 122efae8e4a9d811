"""The projection worker: follows the log and keeps the read models (Redis at scale) up to date.

It resumes from the position the read store holds (written with every batch), so a worker killed at
any moment and started again ends with exactly the read models a rebuild from scratch makes.
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Callable, Mapping
from types import FrameType

from api.service.application import Tables
from api.service.tables import AnyGame
from api.settings import Settings
from projections.following import Progress, follower_for, rebuild
from projections.games import GameProjection
from projections.read_side import reads_path
from projections.redis_store import RedisReadStore
from projections.stores import ReadStore, SQLiteReadStore

log = logging.getLogger(__name__)

POLL = 0.02
"""Seconds between looks at a log without subscriptions (SQLite), whose commits happen elsewhere."""


def read_store(settings: Settings) -> ReadStore:
    """The read store ``settings`` name: Redis when a URL is set, else the embedded SQLite file."""
    if settings.redis_url:
        return RedisReadStore(settings.redis_url, settings.redis_prefix)
    return SQLiteReadStore(reads_path(settings))


def run(settings: Settings, games: Mapping[str, AnyGame], stop: threading.Event | None = None) -> None:
    """Project until ``stop`` is set (or SIGTERM / SIGINT arrives when run as the main thread)."""
    stop = stop or _stop_on_signals()
    tables = Tables(settings.eventsourcing_env(), games=games)
    store = read_store(settings)
    projection = GameProjection(store, games)
    follower = follower_for(tables, projection, poll=POLL).start()
    log.info("Projecting from position %d", projection.position)
    try:
        stop.wait()
    finally:
        follower.stop()
        store.close()
        tables.close()


def rebuild_all(settings: Settings, games: Mapping[str, AnyGame], progress: Progress | None = None) -> int:
    """Forget the read models and project the whole log again; the position reached."""
    tables = Tables(settings.eventsourcing_env(), games=games)
    store = read_store(settings)
    try:
        return rebuild(tables, GameProjection(store, games), progress)
    finally:
        store.close()
        tables.close()


def _stop_on_signals() -> threading.Event:
    stop = threading.Event()

    def handle(_: int, __: FrameType | None) -> None:
        stop.set()

    handler: Callable[[int, FrameType | None], None] = handle
    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGINT, handler)
    return stop
