"""Projection work split by table across worker processes: killed and added workers, exact read models."""

from __future__ import annotations

import dataclasses
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator

import pytest
import redis

from api.service.application import Tables
from domain.games import registered
from projections.partitions import position_key
from projections.redis_store import RedisReadStore
from tests.support.projecting import (
    REDIS_URL,
    open_game,
    play,
    postgres_schema,
    process,
    redis_prefix,
    scale_env,
    scale_settings,
)
from workers.projections import rebuild_all

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

GAMES = registered()
PARTITIONS = 4


class Partitioned:
    """A deployment of this test alone whose projection is split into :data:`PARTITIONS` partitions."""

    def __init__(self, schema: str, prefix: str) -> None:
        self.schema, self.prefix = schema, prefix
        self.env = scale_env(schema, prefix) | {
            "BACKROOM_PARTITIONS": str(PARTITIONS),
            "BACKROOM_LEASE_SECONDS": "1",
        }
        self.tables = Tables(scale_settings(schema, prefix).eventsourcing_env(), games=GAMES)
        self.store = RedisReadStore(REDIS_URL, prefix)
        self.redis = redis.Redis.from_url(REDIS_URL)

    def positions(self) -> list[int]:
        keys = [f"{self.prefix}:{position_key(n, PARTITIONS)}" for n in range(PARTITIONS)]
        return [int(found or 0) for found in self.redis.mget(keys)]

    def holders(self) -> list[bytes | None]:
        """Which worker holds each partition now (``None``: nobody)."""
        return self.redis.mget([f"{self.prefix}:lease:{n}" for n in range(PARTITIONS)])  # type: ignore[return-value]

    def until(self, condition: str, check: Callable[[], bool], timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while not check():
            assert time.monotonic() < deadline, f"not reached in {timeout} s: {condition}"
            time.sleep(0.05)

    def projected(self) -> dict[str, bytes]:
        """The read models once every partition has caught up with the whole log."""
        head = self.tables.store.recorder.max_notification_id() or 0
        self.until("every partition at the head", lambda: min(self.positions()) >= head)
        return self.store.dump()

    def rebuilt_elsewhere(self) -> dict[str, bytes]:
        with redis_prefix() as other:
            settings = scale_settings(self.schema, other)
            rebuild_all(dataclasses.replace(settings, partitions=PARTITIONS), GAMES)
            return RedisReadStore(REDIS_URL, other).dump()

    def close(self) -> None:
        self.tables.close()
        self.store.close()
        self.redis.close()


@pytest.fixture
def deployment() -> Iterator[Partitioned]:
    with postgres_schema() as schema, redis_prefix() as prefix:
        found = Partitioned(schema, prefix)
        yield found
        found.close()


def _flowing(deployment: Partitioned, count: int, rounds: int, seed: int) -> threading.Thread:
    games = [open_game(deployment.tables, "politrickers", 3, seed=f"part-{seed}-{n}") for n in range(count)]
    rng = random.Random(seed)

    def commands() -> None:
        for _ in range(rounds):
            for game_id, tokens in games:
                play(deployment.tables, game_id, tokens, rng, moves=1)

    return threading.Thread(target=commands)


def test_a_killed_workers_partitions_are_taken_over_and_projected_exactly_once(
    deployment: Partitioned,
) -> None:
    """Two workers share the partitions; SIGKILL one mid-stream: the other takes its share, and the
    read models equal a rebuild from scratch byte for byte."""
    flowing = _flowing(deployment, 6, 40, seed=1)
    with (
        process("worker", "projections", env=deployment.env) as first,
        process("worker", "projections", env=deployment.env),
    ):
        deployment.until("both workers hold partitions", lambda: _shares(deployment) == [2, 2])
        flowing.start()
        start = min(deployment.positions())
        deployment.until("projection under way", lambda: min(deployment.positions()) > start + 20)
        victim = first.pid
        held_by_victim = _held_by_pid(deployment, victim)
        os.kill(victim, signal.SIGKILL)
        first.wait()
        flowing.join()
        deployment.until(
            "the survivor holds every partition",
            lambda: None not in deployment.holders() and len(set(deployment.holders())) == 1,
        )
        assert held_by_victim not in deployment.holders()
        incremental = deployment.projected()
    assert incremental == deployment.rebuilt_elsewhere()


def _held_by_pid(deployment: Partitioned, pid: int) -> bytes:
    """The lease name of the worker process ``pid`` (``host:pid:random``)."""
    return next(h for h in deployment.holders() if h is not None and h.split(b":")[1] == str(pid).encode())


def test_a_worker_added_takes_a_share_and_the_models_stay_exact(deployment: Partitioned) -> None:
    """One worker holds all four partitions; a second joins and takes half; projection stays exact."""
    flowing = _flowing(deployment, 4, 30, seed=2)
    with process("worker", "projections", env=deployment.env):
        deployment.until("one worker holds all", lambda: None not in deployment.holders())
        assert len(set(deployment.holders())) == 1
        flowing.start()
        with process("worker", "projections", env=deployment.env):
            deployment.until("two workers share", lambda: _shares(deployment) == [2, 2])
            flowing.join()
            incremental = deployment.projected()
    assert incremental == deployment.rebuilt_elsewhere()


def _shares(deployment: Partitioned) -> list[int]:
    holders = deployment.holders()
    return sorted(holders.count(holder) for holder in set(holders) if holder is not None)
