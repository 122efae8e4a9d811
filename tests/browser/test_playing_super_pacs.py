"""Super PACS through HTTP to the end. (The whole game clicked through the pages, with every check it
had here, is the phone game of ``test_super_pacs_for_a_new_player.py``: issue 48 plays each game once.)"""

from __future__ import annotations

import random

import pytest

from tests.browser.players import open_table, play_randomly, summary
from tests.support.server import Served

pytestmark = pytest.mark.browser


def test_a_whole_game_is_played_through_http_to_its_outcome(server: Served) -> None:
    """Random legal commands through the API play a 3-player game to its end."""
    game_id, tokens = open_table(server.base, "super-pacs", ["Ann", "Bob", "Cy"], seed="http-game")
    play_randomly(server.base, game_id, tokens, random.Random(5), limit=3000)
    assert summary(server.base, game_id)["status"] == "over"
