"""``GET /api/games/{id}/table``: what a table page reads after each move, in one read (issue 44).

It answers the summary, ``/view``, ``/legal`` and ``/events?after=`` exactly as each answers the same
caller, at one version, with the same token checks and errors; a seat also gets the signed head its
summary shows (``/head``), which its page keeps.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.test_refusals import refused
from tests.support.service import bearer


def parts(client: TestClient, game_id: str, headers: dict[str, str], after: int = 0) -> dict[str, Any]:
    """What the four reads answer one caller, as the table read names them."""
    url = f"/api/games/{game_id}"
    return {
        "summary": client.get(url).json(),
        "view": client.get(f"{url}/view", headers=headers).json(),
        "legal": client.get(f"{url}/legal", headers=headers).json(),
        "feed": client.get(f"{url}/events?after={after}", headers=headers).json(),
    }


def test_each_part_is_what_its_own_read_answers_the_same_caller(
    client: TestClient, pile: dict[str, Any]
) -> None:
    """Ann, Bob and a spectator each read the summary, their view, their legal list and their feed."""
    client.post(f"/api/games/{pile['id']}/commands", json={"type": "Take", "count": 1}, headers=pile["ann"])
    for headers in (pile["ann"], pile["bob"], {}):
        for after in (0, 1):
            seen = client.get(f"/api/games/{pile['id']}/table?after={after}", headers=headers)
            assert seen.status_code == 200, seen.text
            answer = seen.json()
            assert {name: answer[name] for name in ("summary", "view", "legal", "feed")} == parts(
                client, pile["id"], headers, after
            )
            assert answer["version"] == answer["summary"]["version"] == answer["view"]["version"]


def test_a_seat_never_sees_the_other_seats_card_through_it(client: TestClient, pile: dict[str, Any]) -> None:
    """Ann's read holds her card and never Bob's; a spectator's holds neither."""
    table = client.app.state.tables.store.load(pile["id"])  # type: ignore[attr-defined]
    anns, bobs = table.game_state.cards
    client.post(f"/api/games/{pile['id']}/commands", json={"type": "Take", "count": 1}, headers=pile["ann"])
    for headers, own in ((pile["ann"], anns), (pile["bob"], bobs), ({}, None)):
        answer = client.get(f"/api/games/{pile['id']}/table", headers=headers).json()
        assert answer["view"]["view"]["my_card"] == own
        dealt = answer["feed"]["events"][1]["event"]["cards"]
        assert sorted(card for card in dealt if card is not None) == ([] if own is None else [own])


def test_a_seat_gets_the_signed_head_its_summary_shows_and_a_spectator_none(
    client: TestClient, pile: dict[str, Any]
) -> None:
    """The head is ``/head``'s, at the summary's version; a spectator's page keeps no receipts."""
    answer = client.get(f"/api/games/{pile['id']}/table", headers=pile["ann"]).json()
    assert answer["head"] == client.get(f"/api/games/{pile['id']}/head").json()
    assert answer["head"]["version"] == answer["summary"]["version"]
    assert "head" not in client.get(f"/api/games/{pile['id']}/table").json()


def test_it_refuses_as_the_reads_it_gathers_refuse(client: TestClient, pile: dict[str, Any]) -> None:
    """A stranger's token 403, a token not sent as a bearer 401, no such game 404, a bad number 422."""
    url = f"/api/games/{pile['id']}/table"
    refused(client.get(url, headers=bearer("made-up")), 403, "auth/invalid_token")
    refused(client.get(url, headers={"Authorization": "Basic abc"}), 401, "auth/missing_token")
    refused(client.get("/api/games/00000000-0000-4000-8000-000000000000/table"), 404, "game/not_found")
    refused(client.get(f"{url}?after=-1", headers=pile["ann"]), 422, "request/invalid")


def test_a_replaced_token_reads_nothing_through_it(client: TestClient, pile: dict[str, Any]) -> None:
    """After a seat link the old token is refused here too, and the new one reads the seat."""
    relinked = client.post(f"/api/games/{pile['id']}/seat-link", headers=pile["ann"])
    assert relinked.status_code == 200, relinked.text
    refused(client.get(f"/api/games/{pile['id']}/table", headers=pile["ann"]), 403, "auth/invalid_token")
    fresh = client.get(f"/api/games/{pile['id']}/table", headers=bearer(relinked.json()["token"]))
    assert fresh.json()["view"]["seat"] == 0
