"""Two people open, join and play Slush Fund 2 from the web pages, each in a browser of their own."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

from api.service.tables import Tables
from tests.browser.players import Player, assert_nothing_hidden_shown, summary
from tests.support.server import Served

pytestmark = pytest.mark.browser

TURNS = 14
"""Commands played through the pages (several full turns: draw, stash, play cards)."""


def test_two_players_open_join_and_play_while_neither_page_shows_the_others_hidden_cards(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """A table opened in the lobby is joined by its link; each page draws only what its seat may see."""
    ann, bob = player("Ann"), player("Bob")
    ann.open("/")
    ann.page.select_option("#new-game", "slush-fund-2")
    ann.page.fill("#new-name", "Ann")
    ann.shot("lobby")
    ann.page.click("text=Open the table and sit down")
    ann.page.wait_for_url("**/games/*")
    link = ann.page.input_value("#join-link")
    game_id = link.rsplit("/", 1)[1]
    ann_seat = ann.seat(game_id)
    assert ann_seat["token"] not in link and ann_seat["token"] not in ann.page.url
    ann.shot("table-waiting-for-players")

    bob.page.goto(link)
    bob.page.fill("#join-name", "Bob")
    bob.page.click("text=Take a seat")
    bob.page.wait_for_selector(".sf2")
    ann.page.wait_for_selector(".sf2")  # Ann's page hears of Bob over the stream
    assert bob.seat(game_id)["token"] not in bob.page.url

    seats = {ann_seat["seat"]: ann, bob.seat(game_id)["seat"]: bob}
    rng = random.Random(7)
    hidden_checked = 0
    for _ in range(TURNS):
        before = summary(server.base, game_id)
        if before["status"] != "playing":
            break
        mover = seats[before["to_act"][0]]
        mover.wait_version(before["version"])
        mover.play_any(rng)
        after = _wait_for_change(server.base, game_id, before["version"])
        for each in seats.values():
            each.wait_version(after)
        hidden_checked += assert_nothing_hidden_shown(
            [(each, seat) for seat, each in seats.items()], service, game_id
        )
    assert hidden_checked > 0, "the test never had a hidden card to look for"

    assert ann.page.locator(".log-list li").count() > TURNS // 2
    ann.shot("slush-fund-2-table-ann")
    bob.shot("slush-fund-2-table-bob")

    spectator = player("Sam")
    spectator.open(f"/games/{game_id}")
    spectator.page.wait_for_selector(".sf2")
    assert "You are watching" in spectator.page.text_content(".table-head")
    assert spectator.page.locator("button.move").count() == 0
    assert_nothing_hidden_shown([(spectator, None)], service, game_id)
    spectator.shot("slush-fund-2-spectator")

    phone = player("Bob on a phone", phone=True)
    phone.keep_seat(game_id, bob.seat(game_id))
    phone.open(f"/games/{game_id}")
    phone.page.wait_for_selector(".sf2")
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 2, f"the phone layout scrolls sideways ({width}px)"
    phone.shot("slush-fund-2-phone")


def _wait_for_change(base: str, game_id: str, version: int, tries: int = 100) -> int:
    for _ in range(tries):
        now = summary(base, game_id)["version"]
        if now > version:
            return int(now)
        time.sleep(0.05)
    raise AssertionError(f"the game stayed at version {version}")
