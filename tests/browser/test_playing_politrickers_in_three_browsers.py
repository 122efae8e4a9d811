"""Three people open, join and play Politrickers from the web pages, each in a browser of their own."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from api.service.tables import Tables
from tests.browser.players import Player, join_by_link, open_from_lobby, play_through_pages
from tests.support.server import Served

pytestmark = pytest.mark.browser

COMMANDS = 10
"""Cards played through the pages: three tricks and a bit."""


def test_three_players_play_tricks_and_no_page_shows_another_seats_hand(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Every hand, and every face-down card, stays on its owner's page alone."""
    cleo, dan, eve = player("Cleo"), player("Dan"), player("Eve")
    game_id, link = open_from_lobby(cleo, "politrickers", seats=3)
    join_by_link(dan, link)
    join_by_link(eve, link)
    for each in (cleo, dan, eve):
        each.page.wait_for_selector(".pt-board .my-hand")
    seats = {each.seat(game_id)["seat"]: each for each in (cleo, dan, eve)}
    assert sorted(seats) == [0, 1, 2]

    checked = play_through_pages(
        seats, server.base, game_id, service, commands=COMMANDS, rng=random.Random(3)
    )
    assert checked > 0
    for each in seats.values():
        assert each.page.locator(".pt-board .my-hand [data-card]").count() > 0
        assert each.page.locator(".libra .plate").count() == 2
    cleo.shot("politrickers-table-cleo")
    dan.shot("politrickers-table-dan")
