"""The answer to a command carries what the sender may send next, as ``GET /legal`` would."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

TAKE = {"type": "Take", "count": 1}


def test_the_answer_lists_the_senders_next_legal_commands(client: TestClient, pile: dict[str, Any]) -> None:
    """After ann's move it is bob's turn: ann's answer lists what /legal lists for her at that version."""
    answer = client.post(f"/api/games/{pile['id']}/commands", json=TAKE, headers=pile["ann"]).json()
    legal = client.get(
        f"/api/games/{pile['id']}/legal", params={"min_version": answer["version"]}, headers=pile["ann"]
    ).json()
    assert answer["legal"] == legal["commands"]
    assert not any(command["type"] == "Take" for command in answer["legal"])


def test_a_seat_to_act_again_finds_its_moves_in_the_answer(client: TestClient, pile: dict[str, Any]) -> None:
    """Bob, to act after ann, reads his moves; after his own move his answer says he may not take."""
    client.post(f"/api/games/{pile['id']}/commands", json=TAKE, headers=pile["ann"])
    legal = client.get(f"/api/games/{pile['id']}/legal", headers=pile["bob"]).json()
    assert {"type": "Take", "count": 1} in legal["commands"]
    answer = client.post(f"/api/games/{pile['id']}/commands", json=TAKE, headers=pile["bob"]).json()
    ann = client.get(
        f"/api/games/{pile['id']}/legal", params={"min_version": answer["version"]}, headers=pile["ann"]
    ).json()
    assert {"type": "Take", "count": 1} in ann["commands"]
    assert (
        answer["legal"]
        == client.get(f"/api/games/{pile['id']}/legal", headers=pile["bob"]).json()["commands"]
    )


def test_the_openapi_says_the_answer_carries_the_next_legal_commands(client: TestClient) -> None:
    """The command route is documented, with what its answer carries."""
    post = client.get("/openapi.json").json()["paths"]["/api/games/{game_id}/commands"]["post"]
    assert "legal commands" in post["summary"]
