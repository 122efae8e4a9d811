"""Bad requests are refused with the one error shape and never append to the log."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.support.service import bearer, stored_count

TAKE = {"type": "Take", "count": 1}


def refused(answer: Any, status: int, code: str) -> None:
    """Assert the answer is the error shape with this status and code."""
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert error["code"] == code and isinstance(error["message"], str) and isinstance(error["details"], dict)


def command(client: TestClient, pile: dict[str, Any], headers: dict[str, str], **kwargs: Any) -> Any:
    return client.post(f"/api/games/{pile['id']}/commands", headers=headers, **kwargs)


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"{not json", "request/invalid"),
        (b'{"type": "Take"}', "request/invalid"),
        (b'{"type": "Take", "count": "two"}', "request/invalid"),
        (b'{"type": "Steal", "count": 1}', "request/invalid"),
        (b'{"type": "Take", "count": 1, "extra": true}', "request/invalid"),
        (b"", "request/invalid"),
    ],
)
def test_a_malformed_command_is_refused_and_appends_nothing(
    client: TestClient, pile: dict[str, Any], body: bytes, code: str
) -> None:
    """Malformed JSON or a body that is not one of the game's commands is a 422."""
    before = stored_count(client, pile["id"])
    refused(command(client, pile, pile["ann"], content=body), 422, code)
    assert stored_count(client, pile["id"]) == before


def test_a_command_out_of_turn_is_refused_with_the_rules_code(
    client: TestClient, pile: dict[str, Any]
) -> None:
    """Only the seat to act may send a command."""
    refused(command(client, pile, pile["bob"], json=TAKE), 409, "rule/not_your_turn")
    assert stored_count(client, pile["id"]) == 2


def test_an_illegal_move_is_refused_with_the_rules_code(client: TestClient, pile: dict[str, Any]) -> None:
    """Taking three stones breaks the rules."""
    refused(command(client, pile, pile["ann"], json={"type": "Take", "count": 3}), 422, "rule/illegal_move")
    assert stored_count(client, pile["id"]) == 2


def test_a_command_without_a_token_is_unauthorised(client: TestClient, pile: dict[str, Any]) -> None:
    """No token, or a header that is not a bearer token, is a 401."""
    refused(command(client, pile, {}, json=TAKE), 401, "auth/missing_token")
    refused(command(client, pile, {"Authorization": "Basic abc"}, json=TAKE), 401, "auth/missing_token")
    assert stored_count(client, pile["id"]) == 2


def test_a_token_acts_only_at_its_own_game(client: TestClient, pile: dict[str, Any]) -> None:
    """Another game's token, or a made-up one, is a 403 here (for commands and views alike)."""
    other = client.post("/api/games", json={"game": "pile", "players": ["c", "d"]}).json()
    foreign = bearer(other["tokens"][0]["token"])
    refused(command(client, pile, foreign, json=TAKE), 403, "auth/invalid_token")
    refused(command(client, pile, bearer("x" * 32), json=TAKE), 403, "auth/invalid_token")
    refused(client.get(f"/api/games/{pile['id']}/view", headers=foreign), 403, "auth/invalid_token")
    assert stored_count(client, pile["id"]) == 2


def test_a_stale_if_match_is_a_precondition_failure(client: TestClient, pile: dict[str, Any]) -> None:
    """A conditional command naming an old version is a 412 that reports the current version."""
    answer = command(client, pile, pile["ann"] | {"If-Match": "1"}, json=TAKE)
    refused(answer, 412, "version/stale")
    assert answer.json()["error"]["details"] == {"version": 2}
    assert command(client, pile, pile["ann"] | {"If-Match": '"2"'}, json=TAKE).status_code == 200
    assert stored_count(client, pile["id"]) == 3


def test_an_if_match_that_is_not_a_version_is_invalid(client: TestClient, pile: dict[str, Any]) -> None:
    """If-Match must be a version number."""
    refused(command(client, pile, pile["ann"] | {"If-Match": "abc"}, json=TAKE), 422, "request/invalid")
    assert stored_count(client, pile["id"]) == 2


@pytest.mark.parametrize("game_id", ["00000000-0000-0000-0000-000000000000", "not-a-uuid"])
def test_an_unknown_game_is_not_found(client: TestClient, pile: dict[str, Any], game_id: str) -> None:
    """Every route answers 404 for a game that does not exist."""
    refused(client.get(f"/api/games/{game_id}"), 404, "game/not_found")
    refused(client.get(f"/api/games/{game_id}/view"), 404, "game/not_found")
    refused(
        client.post(f"/api/games/{game_id}/commands", json=TAKE, headers=pile["ann"]), 404, "game/not_found"
    )
    refused(client.post(f"/api/games/{game_id}/join", json={"name": "x"}), 404, "game/not_found")


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "chess", "players": ["a", "b"]}, 404, "game/unknown_type"),
        ({"game": "pile", "players": ["a"]}, 422, "options/seat_count"),
        ({"game": "pile", "players": ["a", "b"], "options": {"stones": "many"}}, 422, "options/invalid"),
        ({"game": "pile", "players": ["a", "b"], "options": {"colour": 1}}, 422, "options/invalid"),
        ({"game": "pile", "players": ["a", "b"], "seats": 2}, 422, "request/invalid"),
        ({"game": "pile"}, 422, "request/invalid"),
        ({"game": "pile", "players": ["", "b"]}, 422, "request/invalid"),
        ({"game": "pile", "seats": 0}, 422, "request/invalid"),
    ],
)
def test_a_bad_table_is_refused_and_nothing_is_opened(
    client: TestClient, body: dict[str, Any], status: int, code: str
) -> None:
    """Unknown games, wrong seat counts, bad options and mixed-up seating open nothing."""
    refused(client.post("/api/games", json=body), status, code)
    assert client.get("/api/games").json()["total"] == 0


def test_joining_a_full_table_is_a_conflict(client: TestClient, pile: dict[str, Any]) -> None:
    """A table whose seats are all taken takes nobody else."""
    refused(client.post(f"/api/games/{pile['id']}/join", json={"name": "cid"}), 409, "game/full")
    refused(client.post(f"/api/games/{pile['id']}/join", json={"nom": "cid"}), 422, "request/invalid")
    assert stored_count(client, pile["id"]) == 2


def test_a_command_before_the_game_starts_is_a_conflict(client: TestClient) -> None:
    """While seats are open there is nothing to play."""
    game_id = client.post("/api/games", json={"game": "pile", "seats": 2}).json()["id"]
    token = client.post(f"/api/games/{game_id}/join", json={"name": "ann"}).json()["token"]
    refused(
        client.post(f"/api/games/{game_id}/commands", json=TAKE, headers=bearer(token)),
        409,
        "game/not_started",
    )
    assert stored_count(client, game_id) == 2


def test_a_command_after_the_game_is_over_is_refused(client: TestClient, pile: dict[str, Any]) -> None:
    """A finished game takes no more commands."""
    for headers in (pile["ann"], pile["bob"], pile["ann"]):
        assert command(client, pile, headers, json={"type": "Take", "count": 2}).status_code == 200
    assert command(client, pile, pile["bob"], json=TAKE).status_code == 200
    refused(command(client, pile, pile["ann"], json=TAKE), 409, "rule/game_over")
    assert stored_count(client, pile["id"]) == 6


def test_bad_query_parameters_and_unknown_routes_use_the_error_shape(client: TestClient) -> None:
    """Query validation and routing errors answer in the same shape."""
    refused(client.get("/api/games?limit=0"), 422, "request/invalid")
    refused(client.get("/api/games?status=sleeping"), 422, "request/invalid")
    refused(client.get("/api/nothing-here"), 404, "http/not_found")
