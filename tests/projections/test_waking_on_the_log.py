"""A projection worker with nothing to read waits for the log's NOTIFY, and polls without PostgreSQL."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterator

import psycopg
import pytest

from api.service.application import Tables
from domain.games import registered
from tests.support.projecting import POSTGRES_DSN, open_game, scale_settings, unique
from workers.nudges import Nudges

pytestmark = [pytest.mark.postgres]


@pytest.fixture
def database() -> Iterator[str]:
    """A database of this test alone: the channel the library notifies is named after the events table,
    not its schema, so the other tests' commits in the shared database would wake a listener there."""
    name = unique("nudge")
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    yield POSTGRES_DSN.rsplit("/", 1)[0] + f"/{name}"
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


@pytest.fixture
def tables(database: str) -> Iterator[Tables]:
    settings = dataclasses.replace(scale_settings("public", "unused"), postgres_dsn=database)
    service = Tables(settings.eventsourcing_env(), games=registered())
    yield service
    service.close()


def test_a_commit_wakes_a_waiting_worker(tables: Tables, database: str) -> None:
    """The library's recorder notifies its channel with every commit: a worker listening there wakes."""
    nudges = Nudges(database, tables.store.recorder.channel_name)  # type: ignore[attr-defined]  # PostgreSQL's
    try:
        assert not nudges.wait(0.05)  # listening now; nothing was committed
        woken: list[bool] = []
        waiting = threading.Thread(target=lambda: woken.append(nudges.wait(60)))
        waiting.start()
        open_game(tables, "slush-fund-2", 2, seed="nudge")
        waiting.join(timeout=90)
        assert woken == [True]
    finally:
        nudges.close()


def test_without_postgresql_the_wait_is_a_poll() -> None:
    """No DSN (the SQLite log): waiting is a plain sleep that reports no commit."""
    assert Nudges(None, None).wait(0.01) is False


def test_a_stopped_worker_does_not_wait() -> None:
    """Once the worker's stop is set, a wait without a listening connection returns at once."""
    stop = threading.Event()
    stop.set()
    assert Nudges("postgresql://nobody@127.0.0.1:1/none", "nothing", stop).wait(60) is False
