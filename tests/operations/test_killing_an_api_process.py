"""Faults with real processes under `backroom up`: an API process SIGKILLed mid-load."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator

import httpx
import pytest

from tests.operations.up import backroom_up
from tests.projections.test_partitioned_workers import Partitioned
from tests.support.load import Acknowledged, bot, each_once_in_the_log, opened, ready, until
from tests.support.projecting import Stream, postgres_schema, redis_prefix
from tests.support.service import bearer

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


@pytest.fixture
def deployment() -> Iterator[Partitioned]:
    with postgres_schema() as schema, redis_prefix() as prefix:
        found = Partitioned(schema, prefix)
        yield found
        found.close()


def test_a_killed_api_process_loses_no_acknowledged_command_and_its_streams_miss_nothing(
    deployment: Partitioned,
) -> None:
    """SIGKILL one of two API processes mid-load: every acknowledged command is in the log exactly once,
    its stream's client reconnects with Last-Event-ID and misses nothing, the read models equal a rebuild."""
    with backroom_up("api=2,projections=2", deployment.env) as up:
        up.wait_ready()
        urls = up.urls()
        apis = [urls["api.1"], urls["api.2"]]
        bodies = [{"game": "politrickers", "players": ["a", "b", "c"], "seed": n} for n in range(3)]
        games = [opened(apis[0], body) for body in bodies]
        watched, watcher = games[0][0], games[0][1][0]
        stream = Stream(f"{apis[0]}/api/games/{watched}/stream", bearer(watcher))
        seen: Acknowledged = []
        stop = threading.Event()
        bots = [
            threading.Thread(target=bot, args=(apis, game, seen, stop, body), daemon=True)
            for game, body in zip(games, bodies, strict=True)
        ]
        for thread in bots:
            thread.start()
        try:  # the bots play table after table until stopped here (tests.support.load)
            until("commands flowing", lambda: len(seen) >= 12)
            os.kill(up.pids()["api.1"], signal.SIGKILL)
            killed_at = len(seen)
            up.until("api.1 exited")
            until("api.1 started again", lambda: ready(apis[0]), timeout=300)
            until("commands flowing after the restart", lambda: len(seen) >= killed_at + 12)
        finally:
            stop.set()
            for thread in bots:
                thread.join(timeout=60)
        last = max(version for game, _, version in seen if game == watched)
        try:
            streamed = stream.wait_for(last)
        finally:
            stream.close()
        feed = httpx.get(
            f"{apis[1]}/api/games/{watched}/events", params={"min_version": last}, headers=bearer(watcher)
        ).json()
        incremental = deployment.projected()
    ids = [version for version, _ in streamed]
    assert ids == list(range(ids[0], ids[-1] + 1)) and ids[-1] >= last  # no gap, no repeat
    shared = min(len(streamed), len(feed["events"]))
    assert [data for _, data in streamed][:shared] == feed["events"][:shared]
    each_once_in_the_log(deployment.tables, seen)
    assert incremental == deployment.rebuilt_elsewhere()
