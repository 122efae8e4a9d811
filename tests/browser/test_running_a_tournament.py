"""Issue 46's browser "Done when", short: Olga (signed in, on a desktop) organises a one-round Slush Fund
2 tournament of Pia and a bot from the lobby, starts it and withdraws the bot from later rounds; Pia,
on a 390 px phone, follows the link to her table, plays a move there (clicked) and sees the standings.
The whole game and its end (results, "finished", replays) are played in process, cheaper
(tests/tournament). Both sign up with
a software passkey over HTTP; their browsers are handed the session cookie."""

from __future__ import annotations

import random
from collections.abc import Callable

import httpx
import pytest

from tests.browser.access import violations
from tests.browser.players import Player, summary
from tests.support.passkeys import SoftPasskey
from tests.support.server import Served
from tests.support.waiting import until

pytestmark = pytest.mark.browser


def signed_in(person: Player, local: str, handle: str) -> Player:
    """``handle`` signs up (a software passkey) and ``person``'s browser holds the session's cookie."""
    with httpx.Client(base_url=local, timeout=30) as client:
        begun = client.post("/api/players/signup/options", json={"handle": handle}).json()
        credential = SoftPasskey().create(begun["options"], origin=local)
        done = client.post(
            "/api/players/signup",
            json={"ceremony": begun["ceremony"], "credential": credential, "name": "laptop"},
        )
        assert done.status_code == 200, done.text
        session = client.cookies.get("backroom_session")
    person.base = local
    person.page.context.add_cookies([{"name": "backroom_session", "value": session, "url": local}])
    return person


def test_an_organiser_runs_a_tournament_and_a_phone_player_follows_the_link(
    player: Callable[..., Player], server: Served
) -> None:
    """The organiser creates and starts from the lobby, sees the table, withdraws an entrant; the
    player's link seats her, she moves, and the standings show on her phone without sideways scroll."""
    local = server.base.replace("127.0.0.1", "localhost")
    olga = signed_in(player("Olga"), local, "olga")
    pia = signed_in(player("Pia", phone=True), local, "pia")
    olga.open("/")
    olga.page.click("#organise")
    olga.page.wait_for_selector("#organise >> text=Create the tournament")
    assert violations(olga.page) == []  # axe finds nothing on the organiser's form
    olga.page.select_option("#game", "slush-fund-2")
    olga.page.fill("#rounds", "1")
    olga.page.fill("#seconds", "600")
    olga.page.fill("#players", "pia")
    olga.page.fill("#bots", "1")
    olga.page.click("#create")
    olga.page.wait_for_url(lambda url: "/tournaments/" in url and not url.endswith("/new"))
    name = olga.page.url.rsplit("/", 1)[1]
    olga.page.click("#start")
    olga.page.wait_for_selector("#round-1")
    olga.page.wait_for_selector("[data-table='1'] >> text=Watch")
    olga.page.click("button[aria-label='Withdraw bot-1']")
    olga.page.wait_for_selector("[data-entrant='bot-1'] .marks >> text=withdrawn")
    olga.shot("tournament-organiser")

    pia.open(f"/tournaments/{name}")
    pia.page.click("#my-table")
    pia.page.wait_for_url("**/games/*")
    game_id = pia.page.url.split("#")[0].rsplit("/", 1)[1]
    rng = random.Random(46)
    until(  # her page keeps the link's seat once it has loaded, and then it is her turn
        "Pia's turn",
        lambda: (kept := pia.kept_seat(game_id)) and kept["seat"] in summary(local, game_id)["to_act"],
    )
    pia.play_any(rng)
    pia.open(f"/tournaments/{name}")
    pia.page.wait_for_selector("[data-entrant='pia'] .points")
    assert pia.page.text_content("#tournament-status") is not None
    assert "round 1 of 1" in (pia.page.text_content("#tournament-status") or "")
    assert pia.page.evaluate("document.documentElement.scrollWidth") <= 390
    pia.shot("tournament-standings-390")
    assert violations(pia.page) == []  # nor on the tournament's page
