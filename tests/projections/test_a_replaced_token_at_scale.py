"""A seat link at scale: the streams the old token opened on every API process end at once.

The process that made the link announces it on the channel the projection's commits use, as
``"<game> <version> revoked <seat>"``; every process's relay ends that seat's streams opened before
that version, without waiting for a keepalive to look at the record.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx
import pytest
import redis

from api.http.reads import KEEPALIVE
from tests.projections.test_a_channel_per_game import listeners
from tests.projections.test_table_talk_at_scale import SETTLE, _announced, env  # noqa: F401  (the fixture)
from tests.support.projecting import REDIS_URL, api_process, process
from tests.support.service import bearer
from tests.support.waiting import until

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


class Ended:
    """One live stream read on a thread: whether it said ``revoked`` and when the server ended it."""

    def __init__(self, url: str, headers: dict[str, str]) -> None:
        self.kinds: list[str] = []
        self.opened, self.ended = threading.Event(), threading.Event()
        self._thread = threading.Thread(target=self._follow, args=(url, headers), daemon=True)
        self._thread.start()
        assert self.opened.wait(SETTLE), "the stream did not open"

    def _follow(self, url: str, headers: dict[str, str]) -> None:
        with (
            httpx.Client(timeout=httpx.Timeout(SETTLE)) as client,
            client.stream("GET", url, headers=headers) as r,
        ):
            assert r.status_code == 200
            self.opened.set()
            for line in r.iter_lines():
                if line.startswith("event:"):
                    self.kinds.append(line.partition(":")[2].strip())
        self.ended.set()


def test_a_link_made_on_one_process_ends_the_old_tokens_stream_on_another(env: dict[str, str]) -> None:  # noqa: F811
    """Bob's stream on B, opened with his old token, says ``revoked`` and ends well before B's next
    keepalive once Bob takes a new link through A."""
    listener: Any = redis.Redis.from_url(REDIS_URL).pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
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
        bob = Ended(f"{b}/api/games/{game_id}/stream", bearer(tokens[1]))
        channel = f"{env['BACKROOM_REDIS_PREFIX']}:changes:{game_id}"
        until("B's stream never waited on its game's channel", lambda: listeners(channel) == 1)
        asked = time.monotonic()
        linked = http_a.post(f"/api/games/{game_id}/seat-link", headers=bearer(tokens[1]))
        assert linked.status_code == 200, linked.text
        version = linked.json()["game"]["version"]
        assert bob.ended.wait(SETTLE), "B's stream never ended"
        assert time.monotonic() - asked < KEEPALIVE / 2, "B's stream waited for a keepalive to end"
        assert bob.kinds[-1] == "revoked"
        assert _announced(listener, f"{game_id} {version} revoked 1")
    listener.close()
