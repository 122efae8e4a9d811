"""The clock is a table option: shown in every view, in ``/legal`` and in the summary; refused when bad."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from store.settings import Settings
from tests.support.service import bearer, client_for


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_for(Settings(sqlite_path=str(tmp_path / "clock.sqlite")))


def test_every_read_shows_the_deadline_of_the_seat_to_act(client: TestClient) -> None:
    """The view (seat and spectator), /legal and the summary all carry the same clock."""
    clock = {"kind": "move", "seconds": 45}
    opened = client.post(
        "/api/games", json={"game": "pile", "players": ["ann", "bob"], "clock": clock}
    ).json()
    game_id, token = opened["id"], opened["tokens"][1]["token"]
    reads = [
        client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json(),
        client.get(f"/api/games/{game_id}/view").json(),
        client.get(f"/api/games/{game_id}/legal", headers=bearer(token)).json(),
        client.get(f"/api/games/{game_id}").json(),
    ]
    shown = [read["clock"] for read in reads]
    assert all(found == shown[0] for found in shown)
    assert shown[0]["kind"] == "move" and [d["seat"] for d in shown[0]["deadlines"]] == [0]


def test_a_table_without_a_clock_shows_none(client: TestClient) -> None:
    """No clock is the default, and reads say nothing about one."""
    opened = client.post("/api/games", json={"game": "pile", "players": ["ann", "bob"]}).json()
    assert "clock" not in client.get(f"/api/games/{opened['id']}/view").json()


@pytest.mark.parametrize(
    "clock",
    [
        {"kind": "hourglass"},
        {"kind": "move", "seconds": 0},
        {"kind": "seat", "seconds": 60, "increment": -1},
        {"kind": "move", "timeout": "resign"},
        {"kind": "move", "tick": 1},
    ],
    ids=["kind", "seconds", "increment", "timeout", "unknown-field"],
)
def test_a_bad_clock_is_a_4xx_and_opens_nothing(client: TestClient, clock: dict[str, Any]) -> None:
    """An unknown kind or timeout rule, a time out of range or an unknown field: 422, no table."""
    answer = client.post("/api/games", json={"game": "pile", "players": ["ann", "bob"], "clock": clock})
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "request/invalid"
    assert client.get("/api/games").json()["games"] == []
