"""A projection worker with nothing to read waits for the log's NOTIFY, and polls without PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from api.service.application import Tables
from domain.game import registered
from tests.support.projecting import POSTGRES_DSN, open_game, postgres_schema, scale_settings
from workers.nudges import Nudges

pytestmark = [pytest.mark.postgres]


@pytest.fixture
def tables() -> Iterator[Tables]:
    with postgres_schema() as schema:
        service = Tables(scale_settings(schema, "unused").eventsourcing_env(), games=registered())
        yield service
        service.close()


def test_a_commit_wakes_a_waiting_worker(tables: Tables) -> None:
    """The library's recorder notifies its channel with every commit: a worker listening there wakes."""
    nudges = Nudges(POSTGRES_DSN, tables.recorder.channel_name)  # type: ignore[attr-defined]  # PostgreSQL's
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
