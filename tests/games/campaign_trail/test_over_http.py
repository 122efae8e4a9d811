"""Campaign Trail through the HTTP API: a whole game from `/legal` alone, and bad input refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from domain.game import registered
from tests.support.service import bearer, client_for, play_randomly
from workers.settings import Settings


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_for(
        Settings(sqlite_path=str(tmp_path / "ct.sqlite"), snapshot_interval=100), registered()
    )


def _open(client: TestClient, players: list[str], **extra: object) -> tuple[str, dict[int, str]]:
    body = {"game": "campaign-trail", "players": players, "seed": "13", **extra}
    opened = client.post("/api/games", json=body).json()
    return opened["id"], {entry["seat"]: entry["token"] for entry in opened["tokens"]}


def test_a_3_party_game_plays_to_election_day_from_legal_alone(client: TestClient) -> None:
    """Random legal commands end the game; the outcome gives 538 electoral votes; every event is told."""
    game_id, tokens = _open(client, ["ben", "jordan", "lauren"])
    assert play_randomly(client, game_id, tokens, seed=13) > 100
    summary = client.get(f"/api/games/{game_id}").json()
    assert summary["status"] == "over" and sum(summary["outcome"]["scores"]) == 538
    feed = client.get(f"/api/games/{game_id}/events", headers=bearer(tokens[1])).json()["events"]
    assert all(entry["description"] for entry in feed)


def test_a_card_played_before_choosing_a_candidate_is_a_4xx_with_a_stable_code_and_changes_nothing(
    client: TestClient,
) -> None:
    """Bad input is refused with a stable code; the game's version does not move."""
    game_id, tokens = _open(client, ["ann", "bob"], options={"dirty_politics": False})
    before = client.get(f"/api/games/{game_id}").json()["version"]
    offer = client.get(f"/api/games/{game_id}/legal", headers=bearer(tokens[0])).json()["commands"]
    keep = offer[0]
    assert (
        client.post(f"/api/games/{game_id}/commands", json=keep, headers=bearer(tokens[0])).status_code == 200
    )
    refused = client.post(
        f"/api/games/{game_id}/commands",
        json={"type": "PlayCard", "card": 107, "action": 0},
        headers=bearer(tokens[1]),
    )
    assert 400 <= refused.status_code < 500 and refused.json()["error"]["code"] == "rule/wrong_step"
    unknown = client.post(
        f"/api/games/{game_id}/commands",
        json={"type": "PlayCard", "card": 1, "turbo": True},
        headers=bearer(tokens[1]),
    )
    assert unknown.status_code == 422
    assert client.get(f"/api/games/{game_id}").json()["version"] == before + 1
