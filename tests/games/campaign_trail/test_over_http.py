"""Campaign Trail through the HTTP API: a whole game from `/legal` alone, and bad input refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from domain.games import registered
from domain.games.campaign_trail.cards import Kind
from domain.games.campaign_trail.cards.catalogue import ANSWERING, CARDS
from store.settings import Settings
from tests.support.service import bearer, client_for, play_randomly


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


def _legal(client: TestClient, game_id: str, token: str) -> list[dict[str, object]]:
    commands: list[dict[str, object]] = client.get(
        f"/api/games/{game_id}/legal", headers=bearer(token)
    ).json()["commands"]
    return commands


def test_a_bad_answer_to_a_reaction_window_is_a_4xx_with_a_stable_code_and_changes_nothing(
    client: TestClient,
) -> None:
    """Answering with a card not held, or out of turn, is refused; the window stays open as it was."""
    game_id, tokens = _open(client, ["ann", "bob"])
    for seat in (0, 1):
        keep = _legal(client, game_id, tokens[seat])[0]
        client.post(f"/api/games/{game_id}/commands", json=keep, headers=bearer(tokens[seat]))
    travel = next(
        c
        for c in _legal(client, game_id, tokens[0])
        if c["type"] == "PlayCard" and CARDS[int(c["card"])].actions[int(c["action"])].kind is Kind.TRAVEL
    )
    played = client.post(f"/api/games/{game_id}/commands", json=travel, headers=bearer(tokens[0]))
    assert played.status_code == 200
    before = client.get(f"/api/games/{game_id}").json()["version"]
    assert {"type": "Pass"} in _legal(client, game_id, tokens[1])
    assert [c for c in _legal(client, game_id, tokens[0]) if c["type"] != "RequestTakeBack"] == []
    held = {c["card"] for c in _legal(client, game_id, tokens[1]) if c["type"] == "PlayResponse"}
    missing = next(card for card in sorted(ANSWERING[Kind.TRAVEL]) if card not in held)
    for token, command, code in (
        (tokens[1], {"type": "PlayResponse", "card": missing}, "rule/card_not_in_hand"),
        (tokens[0], {"type": "Pass"}, "rule/not_your_turn"),
    ):
        refused = client.post(f"/api/games/{game_id}/commands", json=command, headers=bearer(token))
        assert 400 <= refused.status_code < 500 and refused.json()["error"]["code"] == code
    assert client.get(f"/api/games/{game_id}").json()["version"] == before
    assert (
        client.post(
            f"/api/games/{game_id}/commands", json={"type": "Pass"}, headers=bearer(tokens[1])
        ).status_code
        == 200
    )
