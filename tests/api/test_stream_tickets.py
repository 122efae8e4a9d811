"""A stream ticket stands in for a seat token in the live stream's address: once, for 30 s, one seat.

``POST /api/games/{id}/stream-ticket`` (the token in the header) answers a ticket that
``/stream?ticket=`` takes: it opens that seat's stream of that game once, expires after 30 s by the
service's clock, and is never written to the access log.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from freezegun import freeze_time

from api.http import tickets
from api.http.app import create_app
from api.http.serving import AccessLog
from store.settings import Settings
from tests.api.test_refusals import refused
from tests.clocks.helpers import frozen_clock
from tests.support.projecting import Stream
from tests.support.server import serving
from tests.support.service import GAMES, bearer

SLUSH = {"game": "slush-fund-2", "players": ["ann", "bob"], "seed": 9}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """One ``backroom serve --access-log`` for the module: its address and its access log."""
    folder = tmp_path_factory.mktemp("tickets")
    with (
        (folder / "access.log").open("wb") as log,
        serving(folder / "backroom.sqlite", "--access-log", stdout=log) as server,
    ):
        yield server.base, folder / "access.log"


def opened(http: Any, body: dict[str, Any]) -> tuple[str, dict[int, dict[str, str]]]:
    answer = http.post("/api/games", json=body).json()
    return answer["id"], {entry["seat"]: bearer(entry["token"]) for entry in answer["tokens"]}


def ticket_for(http: Any, game_id: str, seat: dict[str, str]) -> str:
    answer = http.post(f"/api/games/{game_id}/stream-ticket", headers=seat)
    assert answer.status_code == 201, answer.text
    assert answer.json()["seconds"] == 30
    return str(answer.json()["ticket"])


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_a_ticket_opens_its_seats_stream_once_and_is_never_logged(served: tuple[str, Path]) -> None:
    """The stream a ticket opens is exactly its seat's feed; the same ticket again is 403, and
    neither the ticket nor the token reaches the access log (``ticket=REDACTED``)."""
    base, log = served
    with httpx.Client(base_url=base) as http:
        game_id, seats = opened(http, SLUSH)
        ticket = ticket_for(http, game_id, seats[1])
        feed = http.get(f"/api/games/{game_id}/events", headers=seats[1]).json()["events"]
        stream = Stream(f"{base}/api/games/{game_id}/stream?ticket={ticket}")
        try:
            assert [event for _, event in stream.wait_for(feed[-1]["version"])] == feed
        finally:
            stream.close()
        again = http.get(f"/api/games/{game_id}/stream", params={"ticket": ticket})
        refused(again, 403, "auth/invalid_ticket")
    written = log.read_text()
    assert "ticket=REDACTED" in written
    assert ticket not in written and seats[1]["Authorization"].split()[1] not in written


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_a_ticket_is_for_its_game_and_its_seat_only(served: tuple[str, Path]) -> None:
    """Presented at another game, a ticket is refused (and spent); it never names another seat."""
    base, _ = served
    with httpx.Client(base_url=base) as http:
        game_id, seats = opened(http, SLUSH)
        other, _ = opened(http, SLUSH)
        ticket = ticket_for(http, game_id, seats[0])
        for game in (other, game_id):
            asked = http.get(f"/api/games/{game}/stream", params={"ticket": ticket})
            refused(asked, 403, "auth/invalid_ticket")
        answer = http.post(f"/api/games/{game_id}/stream-ticket", headers=seats[1]).json()
        assert answer["seat"] == 1


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The service on a clock freezegun drives (the access log's own clock is the machine's)."""
    settings = Settings(sqlite_path=str(tmp_path / "backroom.sqlite"))
    with TestClient(create_app(settings, games=GAMES, clock=frozen_clock)) as client:
        yield client


@pytest.fixture
def logged(tmp_path: Path) -> Iterator[TestClient]:
    """The service behind its access log, as ``backroom serve --access-log`` runs it."""
    settings = Settings(sqlite_path=str(tmp_path / "backroom.sqlite"))
    with TestClient(AccessLog(create_app(settings, games=GAMES))) as client:
        yield client


def test_a_ticket_expires_thirty_seconds_after_it_was_issued(client: TestClient) -> None:
    """At 29 s by the service's clock a ticket is still good; at 31 s it opens nothing (403)."""
    with freeze_time("2026-06-01 12:00:00", real_asyncio=True) as frozen:
        game_id, seats = opened(client, {"game": "pile", "players": ["ann", "bob"]})
        early, ticket = ticket_for(client, game_id, seats[0]), ticket_for(client, game_id, seats[0])
        frozen.tick(29)
        reads = client.app.state.reads  # type: ignore[attr-defined]
        assert tickets.redeem(reads, game_id, early, frozen_clock()) == 0  # what the stream asks
        frozen.tick(2)
        refused(client.get(f"/api/games/{game_id}/stream?ticket={ticket}"), 403, "auth/invalid_ticket")


def test_only_a_seat_gets_a_ticket(client: TestClient) -> None:
    """No token is 401, a token of no seat here 403: a spectator streams without either."""
    game_id, _ = opened(client, {"game": "pile", "players": ["ann", "bob"]})
    refused(client.post(f"/api/games/{game_id}/stream-ticket"), 401, "auth/missing_token")
    foreign = client.post(f"/api/games/{game_id}/stream-ticket", headers=bearer("x" * 32))
    refused(foreign, 403, "auth/invalid_token")


def test_a_ticket_and_a_token_together_are_refused(client: TestClient) -> None:
    """One credential per stream: a ticket with a token is 422, before the ticket is looked at."""
    game_id, seats = opened(client, {"game": "pile", "players": ["ann", "bob"]})
    ticket = ticket_for(client, game_id, seats[0])
    both = client.get(f"/api/games/{game_id}/stream", params={"ticket": ticket}, headers=seats[0])
    refused(both, 422, "request/invalid")


def test_an_unknown_ticket_is_refused_and_not_logged(logged: TestClient, caplog: Any) -> None:
    """A made-up ticket is 403; the access log writes it REDACTED."""
    game_id, _ = opened(logged, {"game": "pile", "players": ["ann", "bob"]})
    with caplog.at_level(logging.INFO, logger="backroom.access"):
        made_up = "made-up-ticket-1234567890"
        refused(logged.get(f"/api/games/{game_id}/stream?ticket={made_up}"), 403, "auth/invalid_ticket")
    assert "ticket=REDACTED" in caplog.text and made_up not in caplog.text
