"""At scale: a finished game's read models leave Redis after a while and come back from the log.

A projection worker (with ``BACKROOM_FINISHED_SECONDS=5``) projects a game played to its end; an API
process serves it. The game's own keys in Redis (record, version, views, feed) carry an expiry, and
are gone once it passes, while its summary stays for the lobby; a read then answers exactly what it
answered before, rebuilt from the log, and the keys are back, expiring again.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import httpx
import pytest
import redis

from api.service.application import Tables
from domain.games import registered
from store.settings import Settings
from tests.support.projecting import (
    REDIS_URL,
    api_process,
    deployment_env,
    open_game,
    play,
    process,
)
from tests.support.waiting import until

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


@pytest.fixture
def env() -> Iterator[dict[str, str]]:
    with deployment_env(**{"BACKROOM_FINISHED_SECONDS": "5"}) as env:
        yield env


def test_a_finished_games_read_models_expire_and_a_read_rebuilds_them_from_the_log(
    env: dict[str, str],
) -> None:
    """The view, the feed and the summary answer the same before and after the game's keys expired;
    only the summary was kept meanwhile, and the rebuilt keys expire again."""
    settings = Settings.from_env(env)
    tables = Tables(settings.eventsourcing_env(), games=registered())
    client = redis.Redis.from_url(REDIS_URL)
    prefix = env["BACKROOM_REDIS_PREFIX"]
    try:
        game_id, tokens = open_game(tables, "slush-fund-2", 2, "to the end")
        play(tables, game_id, tokens, random.Random(35), 5000)
        finished = tables.store.load(game_id)
        assert finished.over
        own = [f"{prefix}:record:{game_id}", f"{prefix}:version:{game_id}", f"{prefix}:feed:{game_id}"]
        own.append(f"{prefix}:view:{game_id}:0")
        with (
            process("worker", "projections", env=env),
            api_process(env) as base,
            httpx.Client(base_url=base) as http,
        ):
            bearer = {"Authorization": f"Bearer {tokens[0]}"}
            wanted = {"min_version": finished.version}
            before = [
                http.get(f"/api/games/{game_id}/view", params=wanted, headers=bearer).json(),
                http.get(f"/api/games/{game_id}/events", params={"limit": 1000}, headers=bearer).json(),
                http.get(f"/api/games/{game_id}").json(),
            ]
            assert before[0]["stale"] is False and before[0]["version"] == finished.version
            assert all(0 < client.pttl(key) <= 5000 for key in own), [client.pttl(key) for key in own]
            until("the finished game's read models never expired", lambda: not client.exists(*own))
            assert (
                client.exists(f"{prefix}:summary:{game_id}") == 1
                and client.ttl(f"{prefix}:summary:{game_id}") == -1
            )
            after = [
                http.get(f"/api/games/{game_id}/view", params=wanted, headers=bearer).json(),
                http.get(f"/api/games/{game_id}/events", params={"limit": 1000}, headers=bearer).json(),
                http.get(f"/api/games/{game_id}").json(),
            ]
            rebuilt = [client.pttl(key) for key in own]  # milliseconds left (-2: gone, -1: for ever)
        assert after == before
        assert all(0 < left <= 5000 for left in rebuilt), rebuilt
    finally:
        client.close()
        tables.close()


def test_a_seat_link_asked_after_the_game_expired_appends_nothing_and_the_feed_rebuilds_whole(
    env: dict[str, str],
) -> None:
    """A finished game's log is closed (table rule 5b): a seat link asked once its read models have
    left Redis is refused 409 ``rule/game_over`` and appends nothing, and a read rebuilds the whole
    feed from the log, the same as before it expired."""
    settings = Settings.from_env(env)
    tables = Tables(settings.eventsourcing_env(), games=registered())
    client = redis.Redis.from_url(REDIS_URL)
    prefix = env["BACKROOM_REDIS_PREFIX"]
    try:
        game_id, tokens = open_game(tables, "slush-fund-2", 2, "to the end")
        play(tables, game_id, tokens, random.Random(35), 5000)
        finished = tables.store.load(game_id)
        record = f"{prefix}:record:{game_id}"
        with (
            process("worker", "projections", env=env),
            api_process(env) as base,
            httpx.Client(base_url=base) as http,
        ):
            bearer = {"Authorization": f"Bearer {tokens[0]}"}
            before = http.get(f"/api/games/{game_id}/events", params={"limit": 1000}, headers=bearer).json()
            assert [entry["version"] for entry in before["events"]][-1] == finished.version
            until("the finished game's read models never expired", lambda: not client.exists(record))
            linked = http.post(f"/api/games/{game_id}/seat-link", headers=bearer)
            assert linked.status_code == 409, linked.text
            assert linked.json()["error"]["code"] == "rule/game_over"
            after = http.get(f"/api/games/{game_id}/events", params={"limit": 1000}, headers=bearer).json()
        assert tables.store.load(game_id).version == finished.version
        assert after["events"] == before["events"]
    finally:
        client.close()
        tables.close()
