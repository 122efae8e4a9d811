"""Table talk at scale: a message said through one API process reaches a stream on another at once,
announced on the Redis channel the projection's commits use (the deployment's own prefix)."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import msgspec
import pytest
import redis

from tests.support.projecting import (
    REDIS_URL,
    api_process,
    deployment_env,
    process,
)
from tests.support.service import bearer

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

SETTLE = 30.0
"""Seconds a step may take before the test gives up on it (a hang guard, not a measure of speed)."""


class ChatHeard:
    """The ``chat`` events of one live stream, read on a thread as they come."""

    def __init__(self, url: str, headers: dict[str, str]) -> None:
        self.said: list[dict[str, Any]] = []
        self.opened, self.heard = threading.Event(), threading.Event()
        self._thread = threading.Thread(target=self._follow, args=(url, headers), daemon=True)
        self._thread.start()
        assert self.opened.wait(SETTLE), "the stream did not open"

    def _follow(self, url: str, headers: dict[str, str]) -> None:
        with (
            contextlib.suppress(httpx.HTTPError),
            httpx.Client(timeout=httpx.Timeout(SETTLE)) as client,
            client.stream("GET", url, headers=headers) as response,
        ):
            assert response.status_code == 200
            self.opened.set()
            kind = ""
            for line in response.iter_lines():
                if line.startswith("event:"):
                    kind = line.partition(":")[2].strip()
                elif line.startswith("data:") and kind == "chat":
                    self.said.append(msgspec.json.decode(line.partition(":")[2].strip()))
                    self.heard.set()
                    return


def _announced(listener: Any, wanted: str) -> bool:
    """Whether ``wanted`` comes on the channel within :data:`SETTLE` s (the projection's pass by)."""
    deadline = time.monotonic() + SETTLE
    while time.monotonic() < deadline:  # None also answers a confirmation: keep listening
        message = listener.get_message(timeout=1.0)
        if message is not None and message["data"] == wanted.encode():
            return True
    return False


@pytest.fixture
def env() -> Iterator[dict[str, str]]:
    with deployment_env() as env:
        yield env


def test_a_message_said_on_one_api_process_reaches_a_stream_on_another(env: dict[str, str]) -> None:
    """Bob's stream on B hears what Ann said on A, though no game event woke it; the change went out
    on ``<prefix>:changes:<game>`` as ``"<game> <version> chat"``, beside the projection commits' own."""
    listener = redis.Redis.from_url(REDIS_URL).pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
    listener.psubscribe(f"{env['BACKROOM_REDIS_PREFIX']}:changes:*")  # every game's channel
    with (
        process("worker", "projections", env=env),
        api_process(env) as a,
        api_process(env) as b,
        httpx.Client(base_url=a) as http_a,
        httpx.Client(base_url=b) as http_b,
    ):
        body = http_a.post("/api/games", json={"game": "slush-fund-2", "players": ["ann", "bob"]}).json()
        game_id = body["id"]
        tokens = {entry["seat"]: entry["token"] for entry in body["tokens"]}
        assert http_b.get(f"/api/games/{game_id}", params={"min_version": 2}).json()["stale"] is False
        version = http_b.get(f"/api/games/{game_id}").json()["version"]
        bob = ChatHeard(f"{b}/api/games/{game_id}/stream", bearer(tokens[1]))
        said = http_a.post(
            f"/api/games/{game_id}/chat", json={"text": "good luck"}, headers=bearer(tokens[0])
        )
        assert said.status_code == 201, said.text
        assert _announced(listener, f"{game_id} {version} chat")
        assert bob.heard.wait(SETTLE), "B's stream never heard the message"
        assert bob.said[0]["text"] == "good luck" and bob.said[0]["name"] == "ann"
        assert http_b.get(f"/api/games/{game_id}").json()["version"] == version  # no game event meanwhile
    listener.close()
