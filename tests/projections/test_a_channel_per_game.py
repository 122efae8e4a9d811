"""At scale: each game's changes go out on a channel of its own, and a process hears only its games.

Two API processes and a projection worker share a Redis prefix of this test's own. Redis itself says
who listens where (``PUBSUB NUMSUB``): nobody listens on the deployment-wide ``<prefix>:changes``; the
process B, where a stream of one game is open, is subscribed to that game's channel and to no other
game's, and its stream still hears every move made through A.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
import redis

from tests.support.projecting import (
    REDIS_URL,
    Stream,
    api_process,
    deployment_env,
    process,
)
from tests.support.waiting import until

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


@pytest.fixture
def env() -> Iterator[dict[str, str]]:
    with deployment_env() as env:
        yield env


def listeners(channel: str) -> int:
    """How many connections are subscribed to ``channel`` (by name, not by pattern)."""
    client = redis.Redis.from_url(REDIS_URL)
    try:
        return int(dict(client.pubsub_numsub(channel))[channel.encode()])
    finally:
        client.close()


def test_a_process_subscribes_to_the_games_it_serves_and_its_stream_hears_each_move(
    env: dict[str, str],
) -> None:
    """No process listens on one channel for the whole deployment; B listens on the game its stream
    follows and not on the other game, and the stream receives the moves A takes."""
    changes = f"{env['BACKROOM_REDIS_PREFIX']}:changes"
    with (
        process("worker", "projections", env=env),
        api_process(env) as a,
        api_process(env) as b,
        httpx.Client(base_url=a) as http_a,
    ):
        games = []
        for _ in "xy":
            body = http_a.post("/api/games", json={"game": "slush-fund-2", "players": ["ann", "bob"]}).json()
            games.append((body["id"], {entry["seat"]: entry["token"] for entry in body["tokens"]}))
        (followed, tokens), (other, _) = games
        stream = Stream(f"{b}/api/games/{followed}/stream", {"Authorization": f"Bearer {tokens[0]}"})
        try:
            until(
                "B never listened on the followed game's channel",
                lambda: listeners(f"{changes}:{followed}") == 1,
            )
            version = stream.wait_for(2)[-1][0]
            for seat, token in tokens.items():  # whoever is to act moves once
                bearer = {"Authorization": f"Bearer {token}"}
                moves = http_a.get(f"/api/games/{followed}/legal", headers=bearer).json()["commands"]
                if moves:
                    sent = http_a.post(f"/api/games/{followed}/commands", json=moves[0], headers=bearer)
                    assert sent.status_code == 200, (seat, sent.text)
                    version = sent.json()["version"]
                    break
            assert version > 2
            assert stream.wait_for(version)[-1][0] >= version
            assert listeners(changes) == 0
            assert listeners(f"{changes}:{other}") == 0
        finally:
            stream.close()
