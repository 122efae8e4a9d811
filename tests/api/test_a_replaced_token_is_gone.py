"""A seat link replaces a token for good: what the old token opened ends, a retry gets the same link.

A new seat link ends every live stream the old token opened (by header, ``?token=`` or a ticket) with
a last ``revoked`` event, and a ticket issued to the old token opens nothing. A link asked with an
``Idempotency-Key`` can be asked again with the same key (its answer lost): the same new token comes
back, no second link is made. A seat takes only so many links a minute.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.throttle import Gate
from store.settings import Settings
from tests.api.test_refusals import refused
from tests.support.server import UNLIMITED, serving
from tests.support.service import GAMES, StepClock, bearer
from tests.support.waiting import until

SLUSH = {"game": "slush-fund-2", "players": ["ann", "bob"]}


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One ``backroom serve`` for the module."""
    with serving(tmp_path_factory.mktemp("revoked") / "backroom.sqlite") as server:
        yield server.base


def opened(http: Any, body: dict[str, Any] = SLUSH) -> tuple[str, dict[int, str]]:
    answer = http.post("/api/games", json=body).json()
    return answer["id"], {entry["seat"]: entry["token"] for entry in answer["tokens"]}


class RawStream:
    """A live stream read line by line as it comes (no reconnection: the end is seen as the end)."""

    def __init__(self, stack: contextlib.ExitStack, url: str, headers: dict[str, str] | None = None) -> None:
        client = stack.enter_context(httpx.Client(timeout=httpx.Timeout(5.0)))
        self.response = stack.enter_context(client.stream("GET", url, headers=headers or {}))
        assert self.response.status_code == 200, self.response.read()
        self.lines = self.response.iter_lines()
        self.ended = False

    def until(self, wanted: str) -> list[str]:
        """The lines read up to and including ``wanted`` (fails if the stream ends first)."""
        seen = []
        for line in self.lines:
            seen.append(line)
            if line == wanted:
                return seen
        raise AssertionError(f"the stream ended before {wanted!r}: {seen!r}")

    def rest(self) -> list[str]:
        """Every line until the server ends the stream (a read timeout fails the test)."""
        return list(self.lines)


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_a_new_link_ends_every_stream_and_ticket_the_old_token_opened(base: str) -> None:
    """Streams opened by header, by ``?token=`` and by a ticket each get ``revoked`` and end; a ticket
    issued before the link opens nothing; the new token's stream goes on."""
    with httpx.Client(base_url=base) as http, contextlib.ExitStack() as stack:
        game_id, tokens = opened(http)
        old = bearer(tokens[1])
        last = http.get(f"/api/games/{game_id}/events", headers=old).json()["events"][-1]["version"]
        stream = f"{base}/api/games/{game_id}/stream"
        ticket = http.post(f"/api/games/{game_id}/stream-ticket", headers=old).json()["ticket"]
        unused = http.post(f"/api/games/{game_id}/stream-ticket", headers=old).json()["ticket"]
        streams = [
            RawStream(stack, stream, old),
            RawStream(stack, f"{stream}?token={tokens[1]}"),
            RawStream(stack, f"{stream}?ticket={ticket}"),
        ]
        for opened_stream in streams:
            opened_stream.until(f"id: {last}")
        relinked = http.post(f"/api/games/{game_id}/seat-link", headers=old)
        assert relinked.status_code == 200
        new = bearer(relinked.json()["token"])
        for opened_stream in streams:
            rest = opened_stream.rest()
            assert "event: revoked" in rest, rest
            assert not any(line.startswith("event: game") for line in rest[rest.index("event: revoked") :])
        refused(http.get(stream, params={"ticket": unused}), 403, "auth/invalid_ticket")
        fresh = RawStream(stack, stream, new)
        assert f"id: {last + 1}" in fresh.until(f"id: {last + 1}")  # the link's own line, and on


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_a_stream_resumes_after_its_last_event_id_without_the_feed_before(base: str) -> None:
    """``Last-Event-ID: n`` sends the entries after version n, never the feed from the start."""
    with httpx.Client(base_url=base) as http, contextlib.ExitStack() as stack:
        game_id, _ = opened(http)
        last = http.get(f"/api/games/{game_id}/events").json()["events"][-1]["version"]
        resumed = RawStream(stack, f"{base}/api/games/{game_id}/stream", {"Last-Event-ID": str(last - 1)})
        ids = [line for line in resumed.until(f"id: {last}") if line.startswith("id:")]
        assert ids == [f"id: {last}"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(sqlite_path=str(tmp_path / "backroom.sqlite"), seat_links_per_minute=2)
    with TestClient(create_app(settings, games=GAMES, clock=StepClock())) as client:
        yield client


def test_a_retry_with_the_same_key_gets_the_same_new_token(client: TestClient) -> None:
    """The answer to a link is lost; asked again with the old token and the same Idempotency-Key,
    the same new token comes back (200), and no second link is made."""
    game_id, tokens = opened(client, {"game": "pile", "players": ["ann", "bob"]})
    link = f"/api/games/{game_id}/seat-link"
    asked = bearer(tokens[0]) | {"Idempotency-Key": "link-1"}
    first = client.post(link, headers=asked)
    assert first.status_code == 200
    version = first.json()["game"]["version"]
    again = client.post(link, headers=asked)
    assert again.status_code == 200
    assert again.json()["token"] == first.json()["token"]
    assert again.json()["game"]["version"] == version
    other_key = client.post(link, headers=bearer(tokens[0]) | {"Idempotency-Key": "link-2"})
    refused(other_key, 403, "auth/invalid_token")
    new = bearer(first.json()["token"])
    assert client.get(f"/api/games/{game_id}/view", headers=new).json()["seat"] == 0
    onward = client.post(link, headers=new | {"Idempotency-Key": "link-1"})
    assert onward.status_code == 200 and onward.json()["token"] not in {first.json()["token"], tokens[0]}


def test_a_seat_takes_only_so_many_links_a_minute(client: TestClient) -> None:
    """Past BACKROOM_SEAT_LINKS_PER_MINUTE a link is 429 and nothing is appended; another seat is free.
    The OpenAPI lists that 429 (the schema's fuzzing, its cases at a real seat within one minute, met it
    unlisted)."""
    game_id, tokens = opened(client, {"game": "pile", "players": ["ann", "bob"]})
    link = f"/api/games/{game_id}/seat-link"
    token = tokens[0]
    for _ in range(2):
        token = client.post(link, headers=bearer(token)).json()["token"]
    version = client.get(f"/api/games/{game_id}").json()["version"]
    refused(client.post(link, headers=bearer(token)), 429, "rate/limited")
    assert client.get(f"/api/games/{game_id}").json()["version"] == version
    assert client.post(link, headers=bearer(tokens[1])).status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    answers = paths["/api/games/{game_id}/seat-link"]["post"]["responses"]
    assert "429" in answers and "Retry-After" in answers["429"]["headers"]


PAUSE = 0.4
"""The refused pause of the test below (``BACKROOM_REFUSED_PAUSE_SECONDS``)."""


def test_a_link_or_a_recovery_past_its_budget_is_refused_after_the_gates_pause(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat asking for links in a loop, or an address trying codes, is answered 429 only after the
    pause a read past its budget waits: at most one refusal a pause per connection. A link within the
    budget is answered at once (the gate holds nothing back)."""
    held: list[float] = []
    pausing = Gate.held_back

    async def counted(gate: Gate) -> None:
        held.append(gate.pause)
        await pausing(gate)

    monkeypatch.setattr(Gate, "held_back", counted)
    settings = Settings(
        sqlite_path=str(tmp_path / "backroom.sqlite"), seat_links_per_minute=1, refused_pause_seconds=PAUSE
    )
    with TestClient(create_app(settings, games=GAMES, clock=StepClock())) as client:
        game_id, tokens = opened(client, {"game": "pile", "players": ["ann", "bob"]})
        link = f"/api/games/{game_id}/seat-link"
        token = client.post(link, headers=bearer(tokens[0])).json()["token"]
        assert held == []
        started = time.perf_counter()
        refused(client.post(link, headers=bearer(token)), 429, "rate/limited")
        assert time.perf_counter() - started >= PAUSE and held == [PAUSE]
        recover = f"/api/games/{game_id}/recover-seat"
        refused(client.post(recover, json={"code": "not-the-code"}), 403, "auth/invalid_recovery_code")
        assert held == [PAUSE]
        started = time.perf_counter()
        refused(client.post(recover, json={"code": "not-the-code"}), 429, "rate/limited")
        assert time.perf_counter() - started >= PAUSE and held == [PAUSE, PAUSE]


def test_the_suite_servers_take_links_without_limit() -> None:
    """The harness's servers turn the links' allowance off too (random play relinks often)."""
    assert UNLIMITED["BACKROOM_SEAT_LINKS_PER_MINUTE"] == "0"


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_live_streams_are_capped_per_address_and_per_game(tmp_path: Path) -> None:
    """One stream past BACKROOM_STREAMS_PER_ADDRESS from an address, or past BACKROOM_STREAMS_PER_GAME
    of a game, is 429 ``rate/limited`` with Retry-After before it starts; a stream that ends frees its
    place."""
    caps = UNLIMITED | {"BACKROOM_STREAMS_PER_ADDRESS": "2", "BACKROOM_STREAMS_PER_GAME": "3"}
    with serving(tmp_path / "backroom.sqlite", policies=caps) as server, contextlib.ExitStack() as stack:
        with httpx.Client(base_url=server.base) as http:
            game_id, _ = opened(http)
            other, _ = opened(http)

        def streaming(source: str, game: str = game_id) -> Any:
            transport = httpx.HTTPTransport(local_address=source)
            client = stack.enter_context(httpx.Client(transport=transport, timeout=5))
            return stack.enter_context(client.stream("GET", f"{server.base}/api/games/{game}/stream"))

        first = [streaming("127.0.0.1"), streaming("127.0.0.1")]
        assert [response.status_code for response in first] == [200, 200]
        by_address = streaming("127.0.0.1", other)
        by_address.read()
        refused(by_address, 429, "rate/limited")
        assert by_address.headers["Retry-After"] == "10"
        assert "from one address" in by_address.json()["error"]["message"]
        assert streaming("127.0.0.2").status_code == 200
        by_game = streaming("127.0.0.3")
        by_game.read()
        refused(by_game, 429, "rate/limited")
        assert "of one game" in by_game.json()["error"]["message"]
        assert streaming("127.0.0.3", other).status_code == 200
        first[0].close()
        until("a closed stream never freed its place", lambda: streaming("127.0.0.4").status_code == 200)
