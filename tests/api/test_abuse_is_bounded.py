"""What one client or one seat may cost is bounded, and a request past a bound changes nothing.

Bodies are cut at a few KB (413), a client address opens a limited number of tables a minute, a seat
a limited number of refused commands and take-backs a minute (429): each refusal is a 4xx with a
stable code, and the store holds exactly what it held before.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from store.settings import Settings
from tests.api.test_refusals import refused
from tests.support.service import GAMES, bearer

NOW = datetime(2026, 3, 1, 12, 0, 5, tzinfo=UTC)
TAKE = {"type": "Take", "count": 1}


def stored(client: TestClient) -> int:
    """The position of the last row the event store holds (game events and attempts alike)."""
    return int(client.app.state.tables.store.recorder.max_notification_id() or 0)  # type: ignore[attr-defined]


def bounded(tmp_path: Path, **policies: Any) -> Iterator[TestClient]:
    settings = Settings(sqlite_path=str(tmp_path / "backroom.sqlite"), snapshot_interval=3)
    app = create_app(dataclasses.replace(settings, **policies), games=GAMES, clock=lambda: NOW)
    with TestClient(app) as client:
        yield client


@pytest.fixture
def strict(tmp_path: Path) -> Iterator[TestClient]:
    yield from bounded(
        tmp_path, creations_per_minute=2, refusals_per_minute=2, takebacks_per_minute=1, command_bytes=256
    )


def opened(client: TestClient) -> dict[str, Any]:
    body = client.post("/api/games", json={"game": "pile", "players": ["ann", "bob"]}).json()
    tokens = {entry["seat"]: bearer(entry["token"]) for entry in body["tokens"]}
    return {"id": body["id"], "ann": tokens[0], "bob": tokens[1]}


def test_a_command_longer_than_its_limit_is_413_and_appends_nothing(strict: TestClient) -> None:
    """A command body past BACKROOM_COMMAND_BYTES is refused before it is read, declared or not."""
    game = opened(strict)
    before = stored(strict)
    long = b'{"type": "Take", "count": 1, "pad": "' + b"x" * 300 + b'"}'
    refused(
        strict.post(f"/api/games/{game['id']}/commands", headers=game["ann"], content=long),
        413,
        "request/too_large",
    )
    streamed = strict.post(
        f"/api/games/{game['id']}/commands", headers=game["ann"], content=iter([long[:200], long[200:]])
    )  # chunked: no Content-Length to go by
    refused(streamed, 413, "request/too_large")
    assert stored(strict) == before


def test_an_opening_longer_than_its_limit_is_413_and_opens_nothing(client: TestClient) -> None:
    """A 200 KB ``POST /api/games`` is refused (the default limit for other bodies is 16 KB)."""
    before = client.get("/api/games").json()["total"]
    body = b'{"game": "pile", "players": ["ann", "bob"], "options": {"x": "' + b"y" * 200_000 + b'"}}'
    refused(client.post("/api/games", content=body), 413, "request/too_large")
    assert client.get("/api/games").json()["total"] == before


def test_a_client_address_opens_only_so_many_tables_a_minute(strict: TestClient) -> None:
    """Past BACKROOM_CREATIONS_PER_MINUTE the answer is 429 with when to come back, and no table."""
    opened(strict), opened(strict)
    before = stored(strict)
    answer = strict.post("/api/games", json={"game": "pile", "players": ["ann", "bob"]})
    refused(answer, 429, "rate/limited")
    assert answer.json()["error"]["details"]["retry_after"] == 55
    assert stored(strict) == before


def test_a_seat_is_refused_only_so_often_a_minute_and_the_rest_is_not_stored(strict: TestClient) -> None:
    """Refused attempts are audited up to BACKROOM_REFUSALS_PER_MINUTE; past it 429, nothing appended."""
    game = opened(strict)
    url = f"/api/games/{game['id']}/commands"
    for _ in range(2):
        refused(strict.post(url, headers=game["bob"], json=TAKE), 409, "rule/not_your_turn")
    before = stored(strict)
    refused(strict.post(url, headers=game["bob"], json=TAKE), 429, "rate/limited")
    refused(strict.post(url, headers=game["bob"], content=b"[[["), 429, "rate/limited")
    assert stored(strict) == before
    audit = strict.get(f"/api/games/{game['id']}/audit", headers=game["bob"]).json()["attempts"]
    assert [entry["outcome"] for entry in audit if entry["seat"] == 1] == ["refused", "refused"]
    assert strict.post(url, headers=game["ann"], json=TAKE).status_code == 200  # another seat still plays


def test_a_seat_takes_back_only_so_often_a_minute(strict: TestClient) -> None:
    """Past BACKROOM_TAKEBACKS_PER_MINUTE a take-back command is 429 and appends nothing."""
    game = opened(strict)
    url = f"/api/games/{game['id']}/commands"
    assert strict.post(url, headers=game["ann"], json=TAKE).status_code == 200
    assert strict.post(url, headers=game["ann"], json={"type": "RequestTakeBack"}).status_code == 200
    assert strict.post(url, headers=game["bob"], json={"type": "RefuseTakeBack"}).status_code == 200
    before = stored(strict)
    refused(strict.post(url, headers=game["ann"], json={"type": "RequestTakeBack"}), 429, "rate/limited")
    assert stored(strict) == before


def test_a_method_a_route_does_not_answer_is_405_with_allow(client: TestClient) -> None:
    """``DELETE /api/games`` says which methods the path has."""
    answer = client.delete("/api/games")
    refused(answer, 405, "http/405")
    assert answer.headers["allow"] == "GET, POST"


def test_the_stream_openings_thread_is_let_go_when_the_server_stops(tmp_path: Path) -> None:
    """A server that stops leaves no thread behind for reading stream openings: its reader takes
    nothing more once the application's lifespan has ended."""
    serving = bounded(tmp_path)
    client = next(serving)
    reader = client.app.state.streams.reader  # type: ignore[attr-defined]  (the app's state is untyped)
    assert reader.submit(sum, (1, 2)).result() == 3
    serving.close()  # the lifespan ends
    with pytest.raises(RuntimeError, match="shutdown"):
        reader.submit(sum, (1, 2))
