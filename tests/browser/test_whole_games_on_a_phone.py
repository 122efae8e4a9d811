"""Politrickers and Slush Fund 2 played whole on 390 by 844 phones by tapping alone (issue 48): after
every move no page shows another seat's hidden cards or the record's secrets, no page shows more than
30 move buttons, nothing scrolls sideways; at least 90% of the taps find what they tap, and the card its
move plays, in view without a scroll. (Super PACS's and Campaign Trail's phone games are in
``test_super_pacs_for_a_new_player.py`` and ``test_campaign_trail_by_tapping.py``.)"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from api.service.application import Tables
from tests.browser.players import Player, open_table
from tests.browser.whole_games import Tapped, note_figures, sit_by_seat_links, view_secrets
from tests.support.server import Served

pytestmark = [pytest.mark.browser, pytest.mark.long]

PHONE_WIDTH = 390


PLAYERS = {"politrickers": (["Cleo", "Dan", "Eve"], 7), "slush-fund-2": (["Ann", "Bob"], 8)}
"""Each game's players (the fewest it allows) and the seed of their taps."""


PLAYERS = {"politrickers": (["Cleo", "Dan", "Eve"], 7), "slush-fund-2": (["Ann", "Bob"], 8)}
"""Each game's players (the fewest it allows) and the seed of their taps."""


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_whole_game_tapped_on_phones_keeps_the_moves_and_their_cards_in_view(
    player: Callable[..., Player], server: Served, service: Tables, game: str
) -> None:
    """The fewest seats the game allows, each on a phone, tap a whole game through."""
    names, seed = PLAYERS[game]
    game_id, tokens = open_table(server.base, game, names, f"phone-{game}")
    seats = sit_by_seat_links(lambda who: player(who, phone=True), names, game_id, tokens)
    match = Tapped(seats, service, game_id, view_secrets(service, game_id), random.Random(seed)).begin()
    seats[0].shot(f"phone-{game}-start", full_page=False)
    shot_middle = False
    while match.step():
        for seat, each in seats.items():
            wide = match.widths[seat]
            assert wide <= PHONE_WIDTH + 2, f"{each.name}'s page scrolls sideways ({wide}px)"
        if not shot_middle and match.commands >= 30:
            shot_middle = True
            for each in seats.values():
                each.shot(f"phone-{game}-middle-{each.name.lower()}", full_page=False)
    final = service.store.load(game_id)
    assert final.over and match.checked > 0
    seats[0].shot(f"phone-{game}-end", full_page=False)
    note_figures(game, f"{match.figures()}; needing a scroll: {'; '.join(match.missed)}")
    match.assert_in_view()
    for each in seats.values():
        assert each.errors == [], each.errors
