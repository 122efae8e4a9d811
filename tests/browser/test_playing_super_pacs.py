"""Super PACS through HTTP to the end, and in two browsers: the table renderer and no leak on a page."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from api.service.application import Tables
from tests.browser.players import (
    Player,
    join_by_link,
    open_from_lobby,
    open_table,
    play_randomly,
    play_through_pages,
    summary,
)
from tests.support.server import Served

pytestmark = pytest.mark.browser

COMMANDS = 12
"""Commands sent through the pages: both leader picks and the first turns."""


def test_a_whole_game_is_played_through_http_to_its_outcome(server: Served) -> None:
    """Random legal commands through the API play a 3-player game to its end."""
    game_id, tokens = open_table(server.base, "super-pacs", ["Ann", "Bob", "Cy"], seed="http-game")
    play_randomly(server.base, game_id, tokens, random.Random(5), limit=3000)
    assert summary(server.base, game_id)["status"] == "over"


def test_two_players_pick_leaders_and_play_and_no_page_shows_another_hand(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """The board draws colour columns with a mark per colour, the sneaked zone and a hand; no page leaks."""
    ann, bob = player("Ann"), player("Bob")
    game_id, link = open_from_lobby(ann, "super-pacs", seats=2)
    join_by_link(bob, link)
    for each in (ann, bob):
        each.page.wait_for_selector(".sp-board .my-hand")
    seats = {each.seat(game_id)["seat"]: each for each in (ann, bob)}
    assert sorted(seats) == [0, 1]
    board = ann.page.text_content(".sp-board") or ""
    assert "▲" in board and "★" in board and "next election" in board and "Investments" in board
    checked = play_through_pages(
        seats, server.base, game_id, service, commands=COMMANDS, rng=random.Random(7)
    )
    assert checked > 0
    assert ann.page.locator(".sp-board .sneaked").count() == 2
