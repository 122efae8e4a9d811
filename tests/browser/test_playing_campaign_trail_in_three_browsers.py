"""Three parties play Campaign Trail from the web pages: a map read at a glance, no hand shown to others."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from api.service.application import Tables
from tests.browser.players import Player, open_table, play_through_pages, summary, unlabelled_controls
from tests.support.server import Served

pytestmark = pytest.mark.browser

COMMANDS = 12
"""Commands clicked through the pages: the three candidates, then a few turns and their steps."""


def test_three_parties_see_the_map_the_track_and_only_their_own_hand(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Every tile shows its leader by colour and pattern, voters per party and electoral votes."""
    names = ["Lauren", "Ben", "Jordan"]
    game_id, tokens = open_table(server.base, "campaign-trail", names, seed="trail-5")
    seats = {seat: player(name) for seat, name in enumerate(names)}
    first = summary(server.base, game_id)
    for seat, each in seats.items():
        each.keep_seat(game_id, {"seat": seat, "token": tokens[seat], "name": names[seat]})
        each.open(f"/games/{game_id}")
        each.wait_version(first["version"])
        each.page.wait_for_selector(".ct-board [data-state='CA']")
    board = seats[0].page
    assert board.locator(".ct-board [data-state]").count() == 51
    california = board.get_attribute(".ct-board [data-state='CA']", "aria-label") or ""
    assert "55 electoral votes" in california and "led by the Democrats" in california
    assert "179" in (board.text_content(".ct-board [aria-label='Electoral votes']") or "")
    checked = play_through_pages(
        seats, server.base, game_id, service, commands=COMMANDS, rng=random.Random(5)
    )
    assert checked > 0
    for seat, each in seats.items():
        assert each.page.locator(".dock .own-hand [data-card]").count() in (4, 5)  # 4 while acting
        assert not unlabelled_controls(each.page)
        assert each.errors == [], each.errors
        each.shot(f"campaign-trail-{names[seat].lower()}")
