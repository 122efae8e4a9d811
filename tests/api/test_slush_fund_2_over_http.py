"""A whole game of Slush Fund 2 played through the HTTP API, every command taken from `/legal`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from domain.games import registered
from store.settings import Settings
from tests.support.service import bearer, client_for, play_randomly, stored_count


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_for(
        Settings(sqlite_path=str(tmp_path / "sf2.sqlite"), snapshot_interval=50), registered()
    )


def test_a_game_of_slush_fund_2_plays_to_its_end_from_legal_alone(client: TestClient) -> None:
    """Random legal commands end the game; the outcome, the log and the views agree."""
    opened = client.post(
        "/api/games", json={"game": "slush-fund-2", "players": ["ann", "bob"], "seed": "7"}
    ).json()
    game_id = opened["id"]
    tokens = {entry["seat"]: entry["token"] for entry in opened["tokens"]}
    sent = play_randomly(client, game_id, tokens, seed=7)
    summary = client.get(f"/api/games/{game_id}").json()
    assert summary["status"] == "over" and summary["to_act"] == []
    assert len(summary["outcome"]["scores"]) == 2 and summary["outcome"]["winners"]
    assert sent > 10
    feed = client.get(f"/api/games/{game_id}/events", headers=bearer(tokens[0])).json()["events"]
    assert [entry["version"] for entry in feed] == list(range(1, summary["version"] + 1))
    assert all(entry["description"] for entry in feed)
    assert stored_count(client, game_id) == summary["version"]
    tables = client.app.state.tables  # type: ignore[attr-defined]
    snapshots = [
        snap.originator_version for snap in tables.store.snapshots.get(tables.store.load(game_id).id)
    ]
    # one snapshot per 50 versions, taken after the command that crossed the multiple
    assert [version // 50 for version in snapshots] == list(range(1, summary["version"] // 50 + 1))


def test_the_catalogue_and_openapi_cover_every_registered_game(client: TestClient) -> None:
    """Each registered game is in the catalogue and has its command union in the OpenAPI schema."""
    catalogue = {game["id"] for game in client.get("/api/games/catalogue").json()["games"]}
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert catalogue == set(registered())
    assert {f"{game}.Command" for game in catalogue} <= set(schemas)
