"""The lobby is read a page at a time from an index per filter, with counts kept as games move, and
open tables nobody joins expire."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from store.settings import Settings
from tests.api.test_abuse_is_bounded import stored
from tests.api.test_refusals import refused
from tests.support.service import GAMES, bearer


def open_tables(client: TestClient, count: int, **seats: Any) -> list[str]:
    body = seats or {"players": ["ann", "bob"]}
    return [client.post("/api/games", json={"game": "pile", **body}).json()["id"] for _ in range(count)]


def every_page(client: TestClient, limit: int, **filters: Any) -> list[list[str]]:
    """Follow ``next`` from the first page to the last."""
    pages, after = [], 0
    while True:
        page = client.get("/api/games", params={"limit": limit, "after": after, **filters}).json()
        pages.append([game["id"] for game in page["games"]])
        if page["next"] is None:
            return pages
        after = page["next"]


def test_the_lobby_pages_by_key_in_opening_order(client: TestClient) -> None:
    """Each page names the next; together they list every game once, oldest first."""
    opened = open_tables(client, 5)
    pages = every_page(client, 2)
    assert pages == [opened[:2], opened[2:4], opened[4:]]


def test_counts_follow_games_from_status_to_status(client: TestClient) -> None:
    """A table that fills moves from ``waiting`` to ``playing``: its list and its count move with it."""
    waiting = open_tables(client, 3, seats=2)
    playing = open_tables(client, 1)
    for name in ("ann", "bob"):
        assert client.post(f"/api/games/{waiting[0]}/join", json={"name": name}).status_code == 200
    lobby = {
        status: client.get("/api/games", params={"status": status}).json()
        for status in ("waiting", "playing")
    }
    assert [g["id"] for g in lobby["waiting"]["games"]] == waiting[1:] and lobby["waiting"]["total"] == 2
    assert [g["id"] for g in lobby["playing"]["games"]] == [waiting[0], *playing]
    assert lobby["playing"]["total"] == 2
    assert client.get("/api/games", params={"game": "pile"}).json()["total"] == 4
    assert client.get("/api/games", params={"game": "nothing-like-it"}).json() | {"limit": 0} == {
        "games": [],
        "total": 0,
        "limit": 0,
        "offset": 0,
        "next": None,
    }


class Clock:
    """A clock that stands still until moved."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def expiring(tmp_path: Path, clock: Clock) -> Iterator[TestClient]:
    settings = Settings(sqlite_path=str(tmp_path / "backroom.sqlite"), open_table_seconds=600)
    with TestClient(create_app(settings, games=GAMES, clock=clock)) as client:
        yield client


def test_an_open_table_nobody_joins_expires(expiring: TestClient, clock: Clock) -> None:
    """Past BACKROOM_OPEN_TABLE_SECONDS without a newcomer a join is 410 ``table/expired`` (nothing
    appended), and the lobby lists the table as expired, no longer as waiting."""
    (stale,) = open_tables(expiring, 1, seats=2)
    clock.now += timedelta(seconds=500)
    (fresh,) = open_tables(expiring, 1, seats=2)
    clock.now += timedelta(seconds=200)
    before = stored(expiring)
    refused(expiring.post(f"/api/games/{stale}/join", json={"name": "cy"}), 410, "table/expired")
    assert stored(expiring) == before
    assert expiring.post(f"/api/games/{fresh}/join", json={"name": "cy"}).status_code == 200
    waiting = expiring.get("/api/games", params={"status": "waiting"}).json()
    expired = expiring.get("/api/games", params={"status": "expired"}).json()
    assert [g["id"] for g in waiting["games"]] == [fresh] and waiting["total"] == 1
    assert [g["id"] for g in expired["games"]] == [stale] and expired["total"] == 1
    assert expiring.get(f"/api/games/{stale}").json()["status"] == "expired"


def test_a_table_someone_joins_in_time_waits_on(expiring: TestClient, clock: Clock) -> None:
    """Each newcomer restarts the wait."""
    (table,) = open_tables(expiring, 1, seats=2)
    clock.now += timedelta(seconds=500)
    seated = expiring.post(f"/api/games/{table}/join", json={"name": "ann"})
    clock.now += timedelta(seconds=500)
    assert expiring.post(f"/api/games/{table}/join", json={"name": "bob"}).status_code == 200
    token = bearer(seated.json()["token"])
    assert expiring.get(f"/api/games/{table}/view", headers=token).json()["status"] == "playing"
