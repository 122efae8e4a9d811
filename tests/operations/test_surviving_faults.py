"""Faults survived, with real processes: ``backroom up`` on a PostgreSQL and a Redis of this run alone
(:mod:`tests.support.private_servers`), under a bounded bot load, while PostgreSQL restarts, Redis is
flushed and restarted, and an API process, a projection worker and a timer worker are SIGKILLed.

Select with ``-m faults``. The shared servers are never touched: every fault here hits the private ones.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

import httpx
import psycopg
import pytest
from prometheus_client.parser import text_string_to_metric_families

from api.service.application import Tables
from domain.games import registered
from domain.table import GameEventRecorded
from projections.redis_store import RedisReadStore
from store.settings import Settings
from tests.operations.up import Up, backroom_up
from tests.support.load import Acknowledged, Game, bot, each_once_in_the_log, opened, ready, until
from tests.support.private_servers import PrivatePostgres, PrivateRedis, private_servers
from tests.support.projecting import Stream, process, scale_env, unique
from tests.support.server import UNLIMITED
from tests.support.service import bearer
from workers.projections import rebuild_all

pytestmark = [pytest.mark.faults, pytest.mark.slow]

GAMES = registered()
PARTITIONS = 4
CLOCKED = {"game": "slush-fund-2", "players": ["a", "b"], "clock": {"kind": "move", "seconds": 1}}
"""A table nobody moves at, one second a move: the referee plays every move, once a second."""


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[PrivatePostgres, PrivateRedis]]:
    with private_servers() as found:
        yield found


@dataclasses.dataclass
class Private:
    """One deployment's log schema and key prefix on the private servers, and a reader of both."""

    postgres: PrivatePostgres
    store: PrivateRedis
    schema: str = dataclasses.field(default_factory=lambda: unique("pg"))
    prefix: str = dataclasses.field(default_factory=lambda: unique("redis"))

    def __post_init__(self) -> None:
        with psycopg.connect(self.postgres.dsn, autocommit=True) as connection:
            connection.execute(f'CREATE SCHEMA "{self.schema}"')

    @property
    def env(self) -> dict[str, str]:
        return (
            scale_env(self.schema, self.prefix)
            | UNLIMITED
            | {
                "BACKROOM_POSTGRES_DSN": self.postgres.dsn,
                "BACKROOM_REDIS_URL": self.store.url,
                "BACKROOM_PARTITIONS": str(PARTITIONS),
                "BACKROOM_LEASE_SECONDS": "1",
            }
        )

    def settings(self, prefix: str | None = None) -> Settings:
        return Settings.from_env(self.env | {"BACKROOM_REDIS_PREFIX": prefix or self.prefix})

    def tables(self) -> Tables:
        return Tables(self.settings().eventsourcing_env(), games=GAMES)

    def projected(self, tables: Tables) -> dict[str, bytes]:
        """The read models once every partition has caught up with the whole log."""
        head = tables.store.recorder.max_notification_id() or 0
        store = RedisReadStore(self.store.url, self.prefix)
        keys = [f"{self.prefix}:position:{n}" for n in range(PARTITIONS)]
        try:
            until(
                "every partition at the head",
                lambda: min(int(p or 0) for p in store.redis.mget(keys)) >= head,
            )
            return store.dump()
        finally:
            store.close()

    def rebuilt(self) -> dict[str, bytes]:
        """The read models a rebuild from the whole log makes, under a prefix of their own."""
        other = unique("rebuild")
        rebuild_all(self.settings(other), GAMES)
        store = RedisReadStore(self.store.url, other)
        try:
            return store.dump()
        finally:
            store.clear()
            store.close()


@pytest.fixture
def private(servers: tuple[PrivatePostgres, PrivateRedis]) -> Private:
    return Private(*servers)


class Load:
    """Bots playing Politrickers games through every API process, and clocked tables the referee plays;
    as a context manager, the bots play until its block ends (each opens a new table when its own is
    over: :mod:`tests.support.load`)."""

    def __init__(self, up: Up, games: int = 3) -> None:
        urls = up.urls()
        self.apis = [url for name, url in sorted(urls.items()) if name.startswith("api.")]
        bodies = [{"game": "politrickers", "players": ["a", "b", "c"], "seed": n} for n in range(games)]
        self.games = [opened(self.apis[0], body) for body in bodies]
        self.clocked = [opened(self.apis[0], CLOCKED | {"seed": f"clock-{n}"}) for n in range(2)]
        self.seen: Acknowledged = []
        self.stop = threading.Event()
        self.threads = [
            threading.Thread(target=bot, args=(self.apis, game, self.seen, self.stop, body), daemon=True)
            for game, body in zip(self.games, bodies, strict=True)
        ]
        for thread in self.threads:
            thread.start()

    def __enter__(self) -> Load:
        return self

    def __exit__(self, *_: object) -> None:
        self.end()

    def flows(self, what: str, more: int = 10, timeout: float = 300) -> None:
        """Wait until ``more`` further commands were acknowledged."""
        start = len(self.seen)
        until(f"commands flowing {what}", lambda: len(self.seen) >= start + more, timeout)

    def end(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=60)


def _each_deadline_closed_once(tables: Tables, game: Game) -> int:
    """Every referee act came once its wait had run its second, and each wait was closed by one act
    (the act's events follow the wait's start; the next wait begins with them); how many acts."""
    events = tables.store.events_of(tables.store.load(game[0]))
    assert [event.version for event in events] == list(range(1, len(events) + 1))
    acts, since, previous = 0, None, None
    for event in events:
        first = previous is None or getattr(event, "command_id", "") != getattr(previous, "command_id", "")
        if isinstance(event, GameEventRecorded) and event.by_referee and first:
            acts += 1
            assert since is not None and event.at - since >= timedelta(seconds=1), (since, event)
            since = None  # that wait is closed: a second act on it would find no wait begun
        timing = getattr(event, "timing", None)
        if timing is not None:
            since = timing.since
        previous = event
    return acts


def _kill(up: Up, name: str) -> None:
    os.kill(up.pids()[name], signal.SIGKILL)
    up.until(f"{name} exited")


@contextmanager
def _quiet_log(private: Private) -> Iterator[Tables]:
    """Once ``backroom up`` has stopped (the log no longer grows): the write side, and one projection
    worker left to catch the read models up with the whole log."""
    tables = private.tables()
    try:
        with process("worker", "projections", env=private.env):
            yield tables
    finally:
        tables.close()


def test_postgres_restarting_and_workers_killed_lose_nothing_and_fire_no_timer_twice(
    private: Private,
) -> None:
    """PostgreSQL crashes and restarts, a projection worker and a timer worker are SIGKILLed (two of
    each run): every acknowledged command is in the log once, the read models equal a rebuild byte for
    byte, and each clocked table's waits are each closed once, none early."""
    with backroom_up("api=2,projections=2,timers=2", private.env) as up:
        up.wait_ready()
        with Load(up) as load:
            load.flows("at first")
            _kill(up, "projections.1")
            load.flows("with one projection worker killed")
            _kill(up, "timers.1")
            load.flows("with one timer worker killed")
            private.postgres.restart()
            load.flows("after PostgreSQL restarted")
        tables = private.tables()
        try:
            acted = [_referee_acts(tables, game) for game in load.clocked]
            until("the referee still keeps time", lambda: _referee_acts(tables, load.clocked[0]) > acted[0])
        finally:
            tables.close()
    with _quiet_log(private) as tables:
        each_once_in_the_log(tables, load.seen)
        assert all(_each_deadline_closed_once(tables, game) for game in load.clocked)
        assert private.projected(tables) == private.rebuilt()


def _referee_acts(tables: Tables, game: Game) -> int:
    events = tables.store.events_of(tables.store.load(game[0]))
    return sum(1 for event in events if isinstance(event, GameEventRecorded) and event.by_referee)


def test_redis_flushed_and_an_api_process_killed_lose_nothing_and_streams_miss_nothing(
    private: Private,
) -> None:
    """Redis loses everything and restarts, and the API process a stream reads from is SIGKILLed: the
    read models are projected again to equal a rebuild, the stream's client reconnects with
    Last-Event-ID and receives every version once, and every acknowledged command is in the log once."""
    with backroom_up("api=2,projections=2,timers=1", private.env) as up:
        up.wait_ready()
        with Load(up) as load:
            watched, tokens = load.games[0]
            stream = Stream(f"{load.apis[0]}/api/games/{watched}/stream", bearer(tokens[0]))
            try:
                load.flows("at first")
                private.store.flush_and_restart()
                load.flows("after Redis was flushed")
                _kill(up, "api.1")
                until("api.1 started again", lambda: ready(load.apis[0]), timeout=300)
                load.flows("after api.1 was killed")
                load.end()
                last = max(version for game, _, version in load.seen if game == watched)
                streamed = stream.wait_for(last)
            finally:
                stream.close()
        scraped = _scraped(up.urls()["timers.1"])
    with _quiet_log(private) as tables:
        each_once_in_the_log(tables, load.seen)
        assert private.projected(tables) == private.rebuilt()
    ids = [version for version, _ in streamed]
    assert ids == list(range(ids[0], ids[-1] + 1)) and ids[-1] >= last  # no gap, no repeat
    assert scraped["backroom_tending_partitions_held"] == PARTITIONS  # the one timer worker holds all
    assert scraped["backroom_timer_backlog"] >= 0 and scraped["backroom_bot_backlog"] == 0


def _scraped(url: str) -> dict[str, float]:
    text = httpx.get(f"{url}/metrics", timeout=10).text
    return {
        sample.name: sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }
