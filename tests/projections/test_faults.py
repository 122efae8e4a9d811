"""Faults with real processes on PostgreSQL and Redis: a killed worker, a flushed prefix, two APIs."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import threading
import time
from collections.abc import Iterator

import httpx
import pytest

from api.service.application import Tables
from domain.games import registered
from projections.redis_store import RedisReadStore
from tests.support.projecting import (
    BACKROOM,
    REDIS_URL,
    Stream,
    api_process,
    open_game,
    play,
    postgres_schema,
    process,
    redis_prefix,
    scale_env,
    scale_settings,
)
from tests.support.service import bearer
from workers.projections import rebuild_all

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

GAMES = registered()


class Deployment:
    """A PostgreSQL schema and a Redis prefix of this test alone, with the write side and the read store."""

    def __init__(self, schema: str, prefix: str) -> None:
        self.schema, self.prefix = schema, prefix
        self.env = scale_env(schema, prefix)
        self.tables = Tables(scale_settings(schema, prefix).eventsourcing_env(), games=GAMES)
        self.store = RedisReadStore(REDIS_URL, prefix)

    def projected(self, timeout: float = 90) -> dict[str, bytes]:
        """The read models once the worker has caught up with the whole log."""
        deadline = time.monotonic() + timeout
        while self.store.position() < (self.tables.store.recorder.max_notification_id() or 0):
            assert time.monotonic() < deadline, "the projection worker did not catch up"
            time.sleep(0.05)
        return self.store.dump()

    def rebuilt_elsewhere(self) -> dict[str, bytes]:
        """The read models a rebuild from scratch makes, under another prefix."""
        with redis_prefix() as other:
            rebuild_all(scale_settings(self.schema, other), GAMES)
            return RedisReadStore(REDIS_URL, other).dump()


@pytest.fixture
def deployment() -> Iterator[Deployment]:
    with postgres_schema() as schema, redis_prefix() as prefix:
        found = Deployment(schema, prefix)
        yield found
        found.tables.close()
        found.store.close()


def _games(deployment: Deployment, count: int) -> list[tuple[str, dict[int, str]]]:
    return [open_game(deployment.tables, "politrickers", 3, seed=f"fault-{n}") for n in range(count)]


def test_a_worker_killed_mid_stream_resumes_to_exactly_a_rebuild(deployment: Deployment) -> None:
    """SIGKILL the worker while commands flow, start it again: the read models equal a rebuild."""
    games = _games(deployment, 3)
    rng = random.Random(1)

    def commands() -> None:
        for _ in range(60):
            for game_id, tokens in games:
                play(deployment.tables, game_id, tokens, rng, moves=1)

    with process("worker", "projections", env=deployment.env) as worker:
        start = deployment.projected() and deployment.store.position()
        flowing = threading.Thread(target=commands)
        flowing.start()
        deadline = time.monotonic() + 30
        while deployment.store.position() < start + 40 and time.monotonic() < deadline:
            time.sleep(0.005)
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait()
        killed_at = deployment.store.position()
        flowing.join()
    assert start < killed_at < (deployment.tables.store.recorder.max_notification_id() or 0)
    with process("worker", "projections", env=deployment.env):
        incremental = deployment.projected()
    assert incremental == deployment.rebuilt_elsewhere()


def test_a_flushed_prefix_is_restored_by_a_rebuild(deployment: Deployment) -> None:
    """Delete every key under the prefix; `backroom projections rebuild` restores them exactly."""
    for game_id, tokens in _games(deployment, 2):
        play(deployment.tables, game_id, tokens, random.Random(2), moves=25)
    with process("worker", "projections", env=deployment.env):
        before = deployment.projected()
    deployment.store.clear()
    assert deployment.store.dump() == {}
    rebuild = [str(BACKROOM), "projections", "rebuild"]
    done = subprocess.run(rebuild, env=deployment.env, capture_output=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr.decode()
    assert deployment.store.dump() == before


def test_commands_through_one_api_process_appear_on_anothers_stream(deployment: Deployment) -> None:
    """Two API processes and one worker: B's stream carries what A recorded, as B's feed has it."""
    env = deployment.env
    with (
        process("worker", "projections", env=env),
        api_process(env) as a,
        api_process(env) as b,
        httpx.Client(base_url=a) as http_a,
        httpx.Client(base_url=b) as http_b,
    ):
        body = http_a.post("/api/games", json={"game": "slush-fund-2", "players": ["a", "b"], "seed": 4})
        game_id = body.json()["id"]
        tokens = {entry["seat"]: entry["token"] for entry in body.json()["tokens"]}
        assert http_b.get(f"/api/games/{game_id}", params={"min_version": 2}).json()["stale"] is False
        stream = Stream(f"{b}/api/games/{game_id}/stream", bearer(tokens[1]))
        try:
            version = 0
            rng = random.Random(3)
            for _ in range(10):
                summary = http_a.get(f"/api/games/{game_id}", params={"min_version": version}).json()
                seat = rng.choice(summary["to_act"])
                asking = {"params": {"min_version": version}, "headers": bearer(tokens[seat])}
                legal = http_a.get(f"/api/games/{game_id}/legal", **asking).json()  # type: ignore[arg-type]
                command = rng.choice(legal["commands"])
                answer = http_a.post(
                    f"/api/games/{game_id}/commands", json=command, headers=bearer(tokens[seat])
                )
                version = answer.json()["version"]
            seen = stream.wait_for(version)
            feed = http_b.get(
                f"/api/games/{game_id}/events", params={"min_version": version}, headers=bearer(tokens[1])
            ).json()
            assert feed["stale"] is False
            assert [data for _, data in seen] == feed["events"]
        finally:
            stream.close()
