"""The live stream: each seat's redacted events as Server-Sent Events, resumable, from a real server."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import httpx
import pytest

from tests.support.projecting import Stream, api_process
from tests.support.service import bearer


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One embedded ``backroom serve`` (SQLite, in-process projections) for the module."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("BACKROOM_")}
    sqlite = tmp_path_factory.mktemp("live") / "backroom.sqlite"
    with api_process(env, "--sqlite", str(sqlite)) as url:
        yield url


def _play(http: httpx.Client, game_id: str, tokens: dict[int, str], moves: int, seed: int) -> int:
    rng = random.Random(seed)
    version = 0
    for _ in range(moves):
        summary = http.get(f"/api/games/{game_id}", params={"min_version": version}).json()
        if not summary["to_act"]:
            break
        seat = rng.choice(summary["to_act"])
        offered = http.get(f"/api/games/{game_id}/legal", headers=bearer(tokens[seat])).json()["commands"]
        command = rng.choice(offered)
        answer = http.post(f"/api/games/{game_id}/commands", json=command, headers=bearer(tokens[seat]))
        version = answer.json()["version"]
    return version


def _open(http: httpx.Client) -> tuple[str, dict[int, str]]:
    body = http.post("/api/games", json={"game": "slush-fund-2", "players": ["ann", "bob"], "seed": 9}).json()
    return body["id"], {entry["seat"]: entry["token"] for entry in body["tokens"]}


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_a_seat_streams_exactly_its_own_feed_as_commands_arrive(base: str) -> None:
    """Every event reaches the stream with its version as id, redacted and described as in the seat's feed."""
    with httpx.Client(base_url=base) as http:
        game_id, tokens = _open(http)
        stream = Stream(f"{base}/api/games/{game_id}/stream", bearer(tokens[0]))
        spectator = Stream(f"{base}/api/games/{game_id}/stream")
        try:
            assert stream.status == 200
            last = _play(http, game_id, tokens, moves=12, seed=1)
            seen = stream.wait_for(last)
            feed = http.get(f"/api/games/{game_id}/events", headers=bearer(tokens[0])).json()["events"]
            assert [data for _, data in seen] == feed
            assert [event_id for event_id, _ in seen] == [entry["version"] for entry in feed]
            public = http.get(f"/api/games/{game_id}/events").json()["events"]
            assert [data for _, data in spectator.wait_for(last)] == public
            sentences = [data["description"] for _, data in seen]
            assert any(s.startswith(("ann ", "bob ")) for s in sentences), "a line names the player"
            assert not any(s.startswith(("Red ", "Blue ")) for s in sentences)
        finally:
            stream.close()
            spectator.close()


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_a_stream_resumes_after_the_last_event_id(base: str) -> None:
    """With Last-Event-ID: n the stream starts at version n + 1; ``?token=`` serves browsers."""
    with httpx.Client(base_url=base) as http:
        game_id, tokens = _open(http)
        last = _play(http, game_id, tokens, moves=6, seed=2)
        url = f"{base}/api/games/{game_id}/stream?token={tokens[1]}"
        resumed = Stream(url, {"Last-Event-ID": "3"})
        try:
            seen = resumed.wait_for(last)
            assert [event_id for event_id, _ in seen] == list(range(4, last + 1))
            feed = http.get(f"/api/games/{game_id}/events", params={"after": 3}, headers=bearer(tokens[1]))
            assert [data for _, data in seen] == feed.json()["events"]
        finally:
            resumed.close()
