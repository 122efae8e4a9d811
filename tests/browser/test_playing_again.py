"""Play again (issue 48, item 7): at the end one tap opens a rematch of the same game and options and
seats the tapper; the other player's page offers the rematch, and a tap of their own seats them."""

from __future__ import annotations

import random
from collections.abc import Callable

import httpx
import pytest

from api.service.application import Tables
from tests.browser.players import Player
from tests.browser.positions import opened, played_on, served
from tests.support.server import Served

pytestmark = pytest.mark.browser

LADDERS = [[7, 4, 2], [6, 4, 1], [5, 3, 1], [4, 2, 1], [3, 2, 0]]


def test_one_tap_each_seats_the_same_players_at_a_rematch_of_the_same_game(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Ann taps Play again and sits at a new Slush Fund 2 table with the old options; Bob's page, still
    at the old table, offers to join it; his tap starts the rematch. A stranger's tap is refused."""
    game_id, tokens = opened(service, "slush-fund-2", ["Ann", "Bob"], "again", options={"ladders": LADDERS})
    served(server.base, game_id, played_on(service, game_id, tokens, random.Random(6)).version)
    ann, bob = player("Ann"), player("Bob")
    for each, seat in ((ann, 0), (bob, 1)):
        each.keep_seat(game_id, {"seat": seat, "token": tokens[seat], "name": each.name})
        each.open(f"/games/{game_id}")
    stranger = httpx.post(
        f"{server.base}/api/games/{game_id}/rematch", headers={"Authorization": "Bearer nope"}
    )
    assert stranger.status_code == 403, stranger.text

    ann.page.click("button.play-again:has-text('Play again')")
    rematch = httpx.get(f"{server.base}/api/games/{game_id}").json()["rematch"]
    assert rematch != game_id
    ann.page.wait_for_url(f"**/games/{rematch}")
    ann.page.wait_for_selector(".table-head .mine")
    first = httpx.get(f"{server.base}/api/games/{rematch}").json()
    assert (
        first["game"] == "slush-fund-2"
        and first["status"] == "waiting"
        and first["options"]["ladders"] == LADDERS
    )
    assert [s["name"] for s in first["seats"]].count("Ann") == 1

    bob.page.wait_for_selector("button.play-again:has-text('Join the rematch')")
    bob.shot("play-again-offered-to-the-other-player")
    bob.page.click("button.play-again")
    bob.page.wait_for_url(f"**/games/{rematch}")
    bob.page.wait_for_selector(".table-head .mine")
    ann.page.wait_for_selector(".status.playing")
    names = sorted(s["name"] for s in httpx.get(f"{server.base}/api/games/{rematch}").json()["seats"])
    assert names == ["Ann", "Bob"]
    ann.shot("play-again-the-rematch-begins")
