"""Play again: a finished table's players are offered one rematch, opened by the first to ask."""

from __future__ import annotations

from fastapi.testclient import TestClient

from domain.table import rematch_id
from tests.takeback.helpers import Game


def test_a_rematch_opens_once_with_the_same_game_and_options_and_seats_each_player_who_asks(
    finished_slush_fund: Game,
) -> None:
    """The summary names the rematch before anyone opens it; the first ask opens it and seats the
    asker, the second seats the other player; nobody is seated twice and a stranger is refused."""
    game, base = finished_slush_fund, f"/api/games/{finished_slush_fund.id}"
    named = game.client.get(base).json()["rematch"]
    assert named == str(rematch_id(game.id))
    assert game.client.get(f"/api/games/{named}").status_code == 404  # nobody has asked yet
    first = game.client.post(f"{base}/rematch", headers=game.auth(1))
    assert first.status_code == 201, first.text
    assert first.json()["game"]["id"] == named and first.json()["game"]["status"] == "waiting"
    again = game.client.post(f"{base}/rematch", headers=game.auth(1))
    assert again.status_code == 409, again.text  # already sitting there
    stranger = game.client.post(f"{base}/rematch", headers={"Authorization": "Bearer nope"})
    assert stranger.status_code == 403
    second = game.client.post(f"{base}/rematch", headers=game.auth(0))
    assert second.status_code == 201, second.text
    table = game.client.get(f"/api/games/{named}").json()
    assert table["status"] == "playing" and table["game"] == "slush-fund-2"
    assert table["options"] == game.client.get(base).json()["options"]


def test_a_game_still_in_play_offers_no_rematch(client: TestClient) -> None:
    """Play again is offered at the end: asking before is refused, and the summary names none."""
    game = Game(client, "slush-fund-2", 2)
    asked = client.post(f"/api/games/{game.id}/rematch", headers=game.auth(0))
    assert asked.status_code == 409 and asked.json()["error"]["code"] == "table/not_over"
    assert "rematch" not in client.get(f"/api/games/{game.id}").json()
