"""Opening tables, taking seats, and playing through the HTTP API."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.support.service import bearer, stored_count


def play_from_legal(client: TestClient, game_id: str, tokens: dict[int, str], pick: int = 0) -> int:
    """Play until the game is over, each time sending a command `/legal` offered; the commands sent."""
    sent = 0
    while True:
        summary = client.get(f"/api/games/{game_id}").json()
        if summary["status"] == "over":
            return sent
        seat = summary["to_act"][0]
        offered = client.get(f"/api/games/{game_id}/legal", headers=bearer(tokens[seat])).json()["commands"]
        command = offered[pick % len(offered)]
        answer = client.post(f"/api/games/{game_id}/commands", json=command, headers=bearer(tokens[seat]))
        assert answer.status_code == 200, answer.text
        sent += 1


def test_a_table_with_every_player_named_starts_at_once(client: TestClient) -> None:
    """Naming every player opens the table, deals, and returns every seat's token."""
    answer = client.post("/api/games", json={"game": "pile", "players": ["ann", "bob"]})
    body = answer.json()
    assert answer.status_code == 201 and answer.headers["Location"] == f"/api/games/{body['id']}"
    assert [entry["seat"] for entry in body["tokens"]] == [0, 1]
    assert all(len(entry["token"]) >= 32 for entry in body["tokens"])
    assert body["game"]["status"] == "playing"
    assert body["game"]["to_act"] == [0]
    assert body["game"]["seeded"] is False


def test_open_seats_fill_by_joining_and_the_game_starts_when_full(client: TestClient) -> None:
    """A table with open seats waits; each join returns that seat's token; the last join deals."""
    opened = client.post("/api/games", json={"game": "pile", "seats": 2}).json()
    game_id = opened["id"]
    assert opened["tokens"] == [] and opened["game"]["status"] == "waiting"
    first = client.post(f"/api/games/{game_id}/join", json={"name": "ann"}).json()
    assert first["seat"] == 0 and first["game"]["status"] == "waiting"
    second = client.post(f"/api/games/{game_id}/join", json={"name": "bob"}).json()
    assert second["seat"] == 1 and second["game"]["status"] == "playing"
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(second["token"])).json()
    assert view["seat"] == 1 and view["view"]["my_card"] is not None


def test_a_seat_sees_its_own_card_and_a_spectator_sees_none(client: TestClient, pile: dict[str, Any]) -> None:
    """The view with a token is that seat's; without one it is the spectator's."""
    ann = client.get(f"/api/games/{pile['id']}/view", headers=pile["ann"]).json()
    spectator = client.get(f"/api/games/{pile['id']}/view").json()
    assert ann["seat"] == 0 and isinstance(ann["view"]["my_card"], int)
    assert spectator["seat"] is None and spectator["view"]["my_card"] is None
    assert ann["version"] == spectator["version"] == 2
    assert ann["to_act"] == spectator["to_act"] == [0]


def test_legal_lists_commands_ready_to_post(client: TestClient, pile: dict[str, Any]) -> None:
    """`/legal` lists the caller's commands as JSON; other seats and spectators have none."""
    ann = client.get(f"/api/games/{pile['id']}/legal", headers=pile["ann"]).json()
    bob = client.get(f"/api/games/{pile['id']}/legal", headers=pile["bob"]).json()
    assert ann["commands"] == [{"type": "Take", "count": 1}, {"type": "Take", "count": 2}]
    assert bob["commands"] == [] and client.get(f"/api/games/{pile['id']}/legal").json()["commands"] == []


def test_a_command_answers_with_version_described_events_and_the_new_view(
    client: TestClient, pile: dict[str, Any]
) -> None:
    """The answer holds the new version, the sender's events described, and its new view."""
    answer = client.post(
        f"/api/games/{pile['id']}/commands", json={"type": "Take", "count": 2}, headers=pile["ann"]
    )
    body = answer.json()
    assert answer.status_code == 200 and answer.headers["ETag"] == '"3"'
    assert body["version"] == 3
    assert body["events"] == [
        {
            "version": 3,
            "seat": 0,
            "at": body["events"][0]["at"],
            "event": {"type": "StonesTaken", "seat": 0, "count": 2},
            "description": "ann took 2.",  # the table knows its players: sentences name them
        }
    ]
    assert body["view"]["stones"] == 5 and body["to_act"] == [1]


def test_the_event_feed_is_redacted_for_each_caller(client: TestClient, pile: dict[str, Any]) -> None:
    """Each caller reads the log with only its own card; `after` skips what it has seen."""
    client.post(f"/api/games/{pile['id']}/commands", json={"type": "Take", "count": 1}, headers=pile["ann"])
    ann = client.get(f"/api/games/{pile['id']}/events", headers=pile["ann"]).json()
    spectator = client.get(f"/api/games/{pile['id']}/events").json()
    dealt_for_ann = ann["events"][1]["event"]["cards"]
    assert dealt_for_ann[0] is not None and dealt_for_ann[1] is None
    assert spectator["events"][1]["event"]["cards"] == [None, None]
    later = client.get(f"/api/games/{pile['id']}/events?after=2").json()["events"]
    assert [entry["version"] for entry in later] == [3]
    assert later[0]["description"] == "ann took 1."


def test_a_finished_game_reports_its_outcome(client: TestClient, pile: dict[str, Any]) -> None:
    """Played to the end from `/legal` alone, the summary says over and names the winner."""
    sent = play_from_legal(client, pile["id"], pile["tokens"], pick=1)
    summary = client.get(f"/api/games/{pile['id']}").json()
    assert sent == 4  # 2, 2, 2, then seat 1 takes the last stone
    assert summary["status"] == "over" and summary["to_act"] == []
    assert summary["outcome"]["winners"] == [1]
    assert stored_count(client, pile["id"]) == 2 + sent


def test_a_seed_makes_the_deal_reproducible_and_the_summary_says_so(client: TestClient) -> None:
    """Two tables opened with the same seed deal the same cards (a number seeds as its digits do)."""
    cards = []
    for seed in ("1234", 1234):
        body = client.post("/api/games", json={"game": "pile", "players": ["a", "b"], "seed": seed}).json()
        assert body["game"]["seeded"] is True
        token = body["tokens"][0]["token"]
        cards.append(
            client.get(f"/api/games/{body['id']}/view", headers=bearer(token)).json()["view"]["my_card"]
        )
    assert cards[0] == cards[1]


def test_games_are_listed_filtered_and_paginated(client: TestClient) -> None:
    """The list filters by game and status and pages with limit and offset."""
    for _ in range(3):
        client.post("/api/games", json={"game": "pile", "players": ["a", "b"]})
    client.post("/api/games", json={"game": "pile", "seats": 2})
    assert client.get("/api/games").json()["total"] == 4
    assert client.get("/api/games?status=waiting").json()["total"] == 1
    assert client.get("/api/games?game=other").json()["total"] == 0
    page = client.get("/api/games?status=playing&limit=2&offset=2").json()
    assert page["total"] == 3 and len(page["games"]) == 1


def test_the_catalogue_lists_games_with_seat_ranges_and_option_schemas(client: TestClient) -> None:
    """The catalogue names each game, its seat range and its options' JSON schema."""
    (pile,) = client.get("/api/games/catalogue").json()["games"]
    assert (pile["id"], pile["min_seats"], pile["max_seats"]) == ("pile", 2, 2)
    assert "stones" in pile["options_schema"]["$defs"]["PileOptions"]["properties"]


def test_options_are_applied(client: TestClient) -> None:
    """Options given at opening reach the game's setup."""
    body = client.post(
        "/api/games", json={"game": "pile", "players": ["a", "b"], "options": {"stones": 3}}
    ).json()
    assert client.get(f"/api/games/{body['id']}/view").json()["view"]["stones"] == 3


def test_openapi_documents_every_games_commands_from_msgspec(client: TestClient) -> None:
    """The OpenAPI schema holds each game's command union, generated from its msgspec types."""
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert schemas["Take"]["properties"]["type"]["enum"] == ["Take"]
    assert schemas["Command"]["anyOf"] == [{"$ref": "#/components/schemas/pile.Command"}]
    assert schemas["Command"]["x-commands-by-game"] == {"pile": {"$ref": "#/components/schemas/pile.Command"}}
    assert "NewGame" in schemas and "Join" in schemas


def test_health_answers_when_the_store_is_reachable(client: TestClient) -> None:
    """`/health` is 200 while the store answers, 503 once it cannot."""
    assert client.get("/health").json() == {"status": "ok", "store": "sqlite", "reads": "embedded"}
    client.app.state.tables.close()  # type: ignore[attr-defined]
    answer = client.get("/health")
    assert answer.status_code == 503 and answer.json()["error"]["code"] == "store/unavailable"
