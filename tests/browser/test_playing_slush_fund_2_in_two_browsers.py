"""Two people open, join and play Slush Fund 2 from the web pages, each in a browser of their own."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from api.service.application import Tables
from tests.browser.players import (
    Player,
    assert_nothing_hidden_shown,
    join_by_link,
    open_from_lobby,
    play_through_pages,
    summary,
    unlabelled_controls,
)
from tests.support.server import Served

pytestmark = pytest.mark.browser

COMMANDS = 14
"""Commands played through the pages (several whole turns: draw, stash, play cards)."""


def test_two_players_open_join_and_play_while_neither_page_shows_the_others_hidden_cards(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """A table opened in the lobby is joined by its link; each page draws only what its seat may see."""
    ann, bob = player("Ann"), player("Bob")
    ann.open("/")
    ann.page.wait_for_selector(".catalogue li")
    assert not unlabelled_controls(ann.page)
    ann.shot("lobby")
    game_id, link = open_from_lobby(ann, "slush-fund-2", options={"starting_seat": "1"})  # from its schema
    ann_seat = ann.seat(game_id)
    assert ann_seat["token"] not in link and ann_seat["token"] not in ann.page.url
    ann.shot("slush-fund-2-waiting-for-a-player")

    join_by_link(bob, link)
    ann.page.wait_for_selector(".sf2")  # Ann's page hears of Bob over the stream
    assert bob.seat(game_id)["token"] not in bob.page.url

    seats = {ann_seat["seat"]: ann, bob.seat(game_id)["seat"]: bob}
    assert summary(server.base, game_id)["to_act"] == [1]
    checked = play_through_pages(
        seats, server.base, game_id, service, commands=COMMANDS, rng=random.Random(7)
    )
    assert checked > 0, "the test never had a hidden card to look for"
    assert ann.page.locator(".log-list li").count() > COMMANDS // 2
    assert not unlabelled_controls(ann.page)
    ann.shot("slush-fund-2-table-ann")
    bob.shot("slush-fund-2-table-bob")

    spectator = player("Sam")
    spectator.open(f"/games/{game_id}")
    spectator.page.wait_for_selector(".sf2")
    assert "You are watching" in (spectator.page.text_content(".table-head") or "")
    assert spectator.page.locator("button.move").count() == 0
    assert_nothing_hidden_shown([(spectator, None)], service, game_id)
    spectator.shot("slush-fund-2-spectator")

    phone = player("Bob on a phone", phone=True)
    phone.keep_seat(game_id, bob.seat(game_id))
    phone.open(f"/games/{game_id}")
    phone.page.wait_for_selector(".sf2 .player .deck")
    phone.page.wait_for_selector(".dock .own-hand")
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, f"the phone layout scrolls sideways ({width}px)"
    clipped = phone.page.evaluate(
        "() => [...document.querySelectorAll('.card .kind')]"
        ".filter(k => k.scrollWidth > k.clientWidth + 1).length"
    )
    assert clipped == 0, "a power card's name is clipped"
    phone.shot("slush-fund-2-phone")
