"""The secret seed, token digests and other seats' hidden cards never appear in any response."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.support.service import bearer


def every_response(client: TestClient, game_id: str, headers: dict[str, str]) -> list[str]:
    """The text of every read route for one caller."""
    paths = ["", "/view", "/legal", "/events", "/events?after=1", "/table", "/table?after=1"]
    texts = [client.get(f"/api/games/{game_id}{path}", headers=headers).text for path in paths]
    return [*texts, client.get("/api/games").text]


def test_the_seed_and_token_digests_stay_in_the_log(client: TestClient) -> None:
    """No response, to anyone, contains the secret seed or a token's digest."""
    seed = "a-very-secret-seed-4711"
    opened = client.post("/api/games", json={"game": "pile", "players": ["ann", "bob"], "seed": seed})
    body = opened.json()
    table = client.app.state.tables.store.load(body["id"])  # type: ignore[attr-defined]
    assert table.state.secret == seed
    tokens = [entry["token"] for entry in body["tokens"]]
    answer = client.post(
        f"/api/games/{body['id']}/commands", json={"type": "Take", "count": 1}, headers=bearer(tokens[0])
    )
    texts = [opened.text, answer.text]
    for headers in ({}, bearer(tokens[0]), bearer(tokens[1])):
        texts += every_response(client, body["id"], headers)
    for text in texts:
        assert seed not in text
        assert all(digest not in text for digest in table.state.token_digests if digest)


def test_a_seat_never_sees_the_other_seats_card(client: TestClient, pile: dict[str, Any]) -> None:
    """Bob's card is in no response Ann or a spectator can read."""
    table = client.app.state.tables.store.load(pile["id"])  # type: ignore[attr-defined]
    anns_card = table.game_state.cards[0]
    client.post(f"/api/games/{pile['id']}/commands", json={"type": "Take", "count": 1}, headers=pile["ann"])
    for headers, card in (({}, None), (pile["ann"], anns_card)):
        view = client.get(f"/api/games/{pile['id']}/view", headers=headers).json()["view"]
        assert view["my_card"] == card
        feed = client.get(f"/api/games/{pile['id']}/events", headers=headers).json()["events"]
        assert feed[1]["event"]["cards"] == [card, None]


def test_a_token_in_the_list_or_summary_never_appears(client: TestClient, pile: dict[str, Any]) -> None:
    """Tokens are given once, at seating, and never shown again."""
    texts = every_response(client, pile["id"], {}) + every_response(client, pile["id"], pile["ann"])
    for text in texts:
        assert all(token not in text for token in pile["tokens"].values())
