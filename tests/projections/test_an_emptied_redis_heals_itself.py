"""At scale: a Redis replaced by an empty one is rebuilt without anyone moving (issue 49, item 3).

The audit replaced Redis under a running deployment and sent no command: the lobby stayed empty and
every read stale for 30 s and for 90 s, and the workers' lag metric said 0, so no alert would fire. One
command brought every game back. Here a projection worker runs on a thread of the test over a log of a
few games; every key of its prefix is deleted (leases and positions too, as a new empty Redis holds
none) and no command is sent.
"""

from __future__ import annotations

import dataclasses
import random
import threading
import time
from collections.abc import Iterator

import pytest
import redis

from api.service.application import Tables
from domain.games import registered
from projections.documents import lobby_key
from projections.redis_store import RedisReadStore
from store.settings import Settings
from tests.support.projecting import REDIS_URL, deployment_env, open_game, play
from workers.partitioned import ProjectionWorker
from workers.projections import log_recorder

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

GAMES = 4
HEALED_WITHIN = 10.0
"""The issue's bound: an empty Redis rebuilt within this many seconds, with no command."""


@pytest.fixture
def deployment() -> Iterator[tuple[Settings, Tables]]:
    with deployment_env() as env:
        settings = dataclasses.replace(Settings.from_env(env), partitions=2)
        tables = Tables(settings.eventsourcing_env(), games=registered())
        yield settings, tables
        tables.close()


def _lobby(store: RedisReadStore) -> set[bytes]:
    return set(store.scored(lobby_key(None, None)))


def _until(condition: object, within: float) -> float:
    """Seconds until ``condition()`` holds (failing past ``within``)."""
    began = time.monotonic()
    while not condition():  # type: ignore[operator]  # a callable
        assert time.monotonic() - began < within, "not within the time allowed"
        time.sleep(0.02)
    return time.monotonic() - began


def test_an_emptied_redis_is_rebuilt_with_no_command_and_its_lag_is_told_meanwhile(
    deployment: tuple[Settings, Tables],
) -> None:
    """Every key deleted under a running worker: its lag metric is non-zero at once, and within 10 s
    the lobby lists every game again and each game's summary and views are back, no command sent."""
    settings, tables = deployment
    ids = set()
    for seed in range(GAMES):
        game_id, tokens = open_game(tables, "slush-fund-2", 2, f"heal {seed}")
        play(tables, game_id, tokens, random.Random(seed), 6)
        ids.add(game_id.encode())
    worker = ProjectionWorker(log_recorder(settings), settings, registered())
    store = RedisReadStore(settings.redis_url or "", settings.redis_prefix)
    stop = threading.Event()
    running = threading.Thread(target=worker.run, args=(stop,), daemon=True)
    running.start()
    try:
        _until(lambda: _lobby(store) == ids and worker.lag() == 0, 60.0)
        client = redis.Redis.from_url(REDIS_URL)
        client.unlink(*client.scan_iter(match=f"{settings.redis_prefix}:*", count=1000))
        client.close()
        lag_meanwhile = worker.lag()
        healed = _until(lambda: _lobby(store) == ids, HEALED_WITHIN)
        for game_id in ids:
            assert store.get(f"summary:{game_id.decode()}") is not None
            assert store.get(f"view:{game_id.decode()}:0") is not None
        _until(lambda: worker.lag() == 0, HEALED_WITHIN)
    finally:
        stop.set()
        running.join(timeout=30)
        store.close()
    print(f"lag right after the flush: {lag_meanwhile:.0f} entries; lobby back in {healed:.2f} s")
    assert lag_meanwhile > 0
