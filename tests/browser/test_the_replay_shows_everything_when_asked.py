"""The replay shows everything when asked (issue 33, item 4): "Seen by: Everything (omniscient)" draws
every seat's hand, card by card, in every game; another seat's perspective says whose hand it is."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.browser.players import Player, board_at, open_table, play_randomly, summary
from tests.support.server import Served

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob"]
HANDS = {
    "slush-fund-2": "players",
    "politrickers": "seats",
    "super-pacs": "seats",
    "campaign-trail": "seats",
}
"""Where each game's view lists the seats whose hands it holds."""


def hands_at(base: str, game_id: str, version: int, game: str) -> list[list[int]]:
    """Each seat's hand at ``version`` as the omniscient view holds it (the game is over: anyone may ask)."""
    answer = httpx.get(f"{base}/api/games/{game_id}/at/{version}", params={"perspective": "omniscient"})
    answer.raise_for_status()
    seats: list[dict[str, Any]] = answer.json()["view"][HANDS[game]]
    assert all(entry["hand"]["type"] == "OwnHand" for entry in seats)
    return [list(entry["hand"]["cards"]) for entry in seats]


@pytest.mark.parametrize("game", sorted(HANDS))
def test_the_omniscient_replay_draws_every_hand_and_a_seat_s_perspective_names_its_owner(
    game: str, player: Callable[..., Player], server: Served
) -> None:
    """At a version where both seats hold cards, "Everything" draws each hand under its owner's name
    with every card; Bob's perspective, read by Ann, says "Bob's hand" and never "Your hand"."""
    players = [*NAMES, "Cy"] if game == "politrickers" else NAMES
    game_id, tokens = open_table(server.base, game, players, seed=f"omniscient-{game}")
    play_randomly(server.base, game_id, tokens, random.Random(2), limit=4000)
    last = summary(server.base, game_id)["version"]
    version = next(
        v for v in range(last // 2, last) if all(hands_at(server.base, game_id, v, game)) or v == last - 1
    )
    hands = hands_at(server.base, game_id, version, game)
    assert all(hands), hands
    ann = player("Ann", phone=True)
    ann.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})
    ann.open(f"/games/{game_id}/replay?v={version}&as=omniscient")
    board_at(ann.page, version)
    for seat, cards in enumerate(hands):
        box = ann.page.locator(f'.board [aria-label="{players[seat]}\'s hand"]')
        box.first.wait_for()
        shown = box.first.locator("[data-card]").evaluate_all(
            "cards => cards.map((c) => Number(c.dataset.card))"
        )
        assert sorted(shown) == sorted(cards), (seat, shown, cards)
    box.first.screenshot(path=str(ann.artifacts / f"replay-omniscient-{game}-last-seat-s-hand.png"))
    assert "Your hand" not in (ann.page.text_content(".board") or "")
    ann.page.locator(".board").scroll_into_view_if_needed()
    ann.shot(f"replay-omniscient-every-hand-{game}-on-a-phone")

    ann.page.select_option("#perspective", "1")
    board_at(ann.page, version)
    ann.page.wait_for_selector('.board [aria-label="Bob\'s hand"]')
    assert "Your hand" not in (ann.page.text_content(".board") or "")
    assert ann.page.locator(".board [aria-label='Your hand']").count() == 0
