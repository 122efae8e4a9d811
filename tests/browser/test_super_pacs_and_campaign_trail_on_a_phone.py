"""Super PACS and Campaign Trail on a phone, mid-game: the hand and the moves sit in the dock at the
bottom of the screen, nothing scrolls sideways, and axe-core finds nothing serious."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from tests.browser.access import serious_violations
from tests.browser.players import Player, open_table, summary
from tests.support.server import Served

pytestmark = pytest.mark.browser

PHONE_WIDTH = 390
COMMANDS = 30
"""Random legal commands sent through the API first, to bring the table to the middle of a game."""


def _part_played(base: str, game: str, names: list[str]) -> tuple[str, list[str]]:
    import httpx

    game_id, tokens = open_table(base, game, names, seed=f"phone-{game}")
    rng = random.Random(9)
    with httpx.Client(base_url=base, timeout=10) as client:
        for _ in range(COMMANDS):
            seat = summary(base, game_id)["to_act"][0]
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = client.get(f"/api/games/{game_id}/legal", headers=auth).json()["commands"]
            legal = [c for c in legal if "TakeBack" not in c["type"]] or legal  # play on, never ask back
            assert (
                client.post(
                    f"/api/games/{game_id}/commands", headers=auth, json=rng.choice(legal)
                ).status_code
                == 200
            )
    return game_id, tokens


@pytest.mark.parametrize("game", ["super-pacs", "campaign-trail"])
def test_mid_game_on_a_phone_the_hand_is_in_the_dock_and_nothing_scrolls_sideways(
    player: Callable[..., Player], server: Served, game: str
) -> None:
    """At 390 by 844 the dock holds the hand (or says whose move it is) and the page fits the width."""
    names = ["Ann", "Bob"]
    game_id, tokens = _part_played(server.base, game, names)
    seat = summary(server.base, game_id)["to_act"][0]
    phone = player(names[seat], phone=True)
    phone.open(f"/games/{game_id}#seat={tokens[seat]}")
    phone.page.wait_for_selector(".dock .controls button.move")
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH + 2, f"the {game} table scrolls sideways on a phone ({width}px)"
    dock = phone.page.eval_on_selector(".dock", "d => [d.scrollWidth, d.clientWidth]")
    assert dock[0] <= dock[1] + 1, f"the dock is wider than the screen ({dock})"
    assert phone.in_view(".dock .own-hand"), "the hand is out of reach"
    assert phone.in_view(".dock .controls button.move"), "the moves are out of reach"
    found = serious_violations(phone.page)
    assert not found, json.dumps(found, indent=1)
    phone.shot(f"{game}-phone", full_page=False)


TILE_OVERFLOW = """() => [...document.querySelectorAll('.ct-board [data-state]')].flatMap((tile) => {
  const box = tile.getBoundingClientRect();
  return [...tile.querySelectorAll('.voters:not(.none), .pawn, .code')]
    .filter((mark) => { const r = mark.getBoundingClientRect();
      return r.right > box.right + 1 || r.bottom > box.bottom + 1; })
    .map((mark) => `${tile.dataset.state} ${mark.className} ${mark.textContent}`); })"""
"""Every mark that sticks out of its tile (a count, a pawn, a state's code)."""


def test_three_parties_tiles_on_a_phone_keep_every_count_inside_its_own_tile(
    player: Callable[..., Player], server: Served
) -> None:
    """At 390 px and three parties each tile holds its counts and pawns (none spills into the next)."""
    names = ["Ann", "Bob", "Cy"]
    game_id, tokens = _part_played(server.base, "campaign-trail", names)
    phone = player("Ann", phone=True)
    phone.open(f"/games/{game_id}#seat={tokens[0]}")
    phone.page.wait_for_selector(".ct-board [data-state='CA']")
    assert phone.page.evaluate(TILE_OVERFLOW) == []
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH + 2
    phone.page.locator(".ct-map").scroll_into_view_if_needed()
    phone.shot("campaign-trail-three-parties-phone", full_page=False)
