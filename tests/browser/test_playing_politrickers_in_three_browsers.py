"""Three people open, join and play Politrickers from the web pages, each in a browser of their own."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from api.service.application import Tables
from tests.browser.players import (
    Player,
    join_by_link,
    open_from_lobby,
    play_through_pages,
    summary,
    unlabelled_controls,
    wait_for_change,
)
from tests.support.server import Served

pytestmark = pytest.mark.browser

COMMANDS = 10
"""Cards played through the pages: three tricks and a bit."""


def test_three_players_play_tricks_and_no_page_shows_another_seats_hand(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Every hand, and every face-down card, stays on its owner's page alone."""
    cleo, dan = player("Cleo"), player("Dan")
    game_id, link = open_from_lobby(cleo, "politrickers", seats=3)
    dan.open("/")  # the lobby lists the open table; its Join button leads to the join form
    dan.page.click(f"[data-list='waiting'] li[data-game='{game_id}'] a")
    dan.page.wait_for_url(link)
    join_by_link(dan, link)
    eve = player("Eve", phone=True)
    join_by_link(eve, link)
    for each in (cleo, dan, eve):
        each.page.wait_for_selector(".own-hand")
    seats = {each.seat(game_id)["seat"]: each for each in (cleo, dan, eve)}
    assert sorted(seats) == [0, 1, 2]

    chair = seats[summary(server.base, game_id)["to_act"][0]]
    before = summary(server.base, game_id)["version"]
    chair.page.focus(".own-hand button.card")  # the keyboard alone: pick a card, then play it
    chair.page.keyboard.press("Enter")
    chair.page.wait_for_selector(".own-hand button.card[aria-pressed='true']")
    chair.page.focus("button.move")
    chair.page.keyboard.press("Enter")
    wait_for_change(server.base, game_id, before)
    assert not unlabelled_controls(chair.page)

    checked = play_through_pages(
        seats, server.base, game_id, service, commands=COMMANDS, rng=random.Random(3)
    )
    assert checked > 0
    for each in seats.values():
        assert each.page.locator(".own-hand [data-card]").count() > 0
        assert each.page.locator(".libra .plate").count() == 2
    cleo.shot("politrickers-table-cleo")
    cleo.open(f"/games/{game_id}?developer=1")  # the developer option shows the view as data
    cleo.page.click("text=Show the view as data")  # the generic renderer draws any view as data
    assert "round number" in (cleo.page.text_content(".raw dl.tree") or "")
    generic = cleo.page.evaluate(
        """async () => {
            const games = await import('/static/games/index.js');
            const r = await games.rendererFor('a-game-with-no-board');
            return [r.own, r.label({type: 'PlayCard', card: 4, switch_party: true})];
        }"""
    )
    assert generic == [False, "Play card: card 4, switch party"]
    dan.shot("politrickers-table-dan")
    assert eve.page.evaluate("document.documentElement.scrollWidth") <= 392
    eve.shot("politrickers-table-eve-phone")
