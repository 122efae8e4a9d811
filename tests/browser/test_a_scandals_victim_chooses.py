"""A Scandal's victim answers on its own page: the table is brought to the Scandal through the API, then
the victim's page asks it to choose. (The whole Campaign Trail clicked through the pages, with every check
it had here, is the phone game of ``test_campaign_trail_by_tapping.py``: issue 48 plays each game once.)"""

from __future__ import annotations

import random
from collections.abc import Callable

import httpx
import pytest

from api.service.application import Tables
from tests.browser.players import Player, open_table
from tests.browser.whole_games import Match, sit_by_seat_links, trail_secrets
from tests.support.server import Served

pytestmark = pytest.mark.browser

SCANDAL = 107
"""The Dirty Politics card whose first action is the Scandal dirty trick."""


def _until_a_scandal_is_open(base: str, game_id: str, tokens: list[str], rng: random.Random) -> None:
    """Random legal play through the API, playing the Scandal's dirty trick as soon as it is legal,
    until a victim must choose."""
    with httpx.Client(base_url=base, timeout=10) as client:
        for _ in range(400):
            state = client.get(f"/api/games/{game_id}").json()
            assert state["status"] == "playing", "the game ended before the Scandal was played"
            auth = {"Authorization": f"Bearer {tokens[state['to_act'][0]]}"}
            legal = client.get(f"/api/games/{game_id}/legal", headers=auth).json()["commands"]
            if any(command["type"] == "Choose" for command in legal):
                return
            scandal = [c for c in legal if c.get("card") == SCANDAL and c.get("action") == 0]
            sent = client.post(
                f"/api/games/{game_id}/commands",
                headers=auth,
                json=scandal[0] if scandal else rng.choice(legal),
            )
            assert sent.status_code == 200, sent.text
    raise AssertionError("no Scandal was played")


def test_a_scandals_victim_is_told_to_choose_and_answers_on_its_own_page(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """ "Each opponent must pay $60M or lose 3 registered voters and 1 voter in each ethically minded
    state": the victim's page says so and offers exactly its options; the other page waits."""
    names = ["Lauren", "Ben"]
    game_id, tokens = open_table(server.base, "campaign-trail", names, "trail-scandal")
    _until_a_scandal_is_open(server.base, game_id, tokens, random.Random(2))
    seats = sit_by_seat_links(player, names, game_id, tokens)
    match = Match(seats, service, game_id, trail_secrets, random.Random(3)).begin()
    before = match.state
    victim = before.choice.seats[0]
    (page, other) = (seats[victim].page, seats[1 - victim].page)
    assert "You must choose" in (page.text_content(".ct-board .prompt.scandal") or "")
    assert f"waiting for {names[victim]} to choose" in (other.text_content(".ct-board .prompt.scandal") or "")
    offered = page.eval_on_selector_all(
        "button.move", "bs => bs.map(b => JSON.parse(b.dataset.command).option)"
    )
    assert sorted(offered) == sorted(before.choice.options) and match.movers == [victim]
    seats[victim].shot("campaign-trail-scandal-choice")
    assert match.step()
    chosen = match.sent[-1]["option"]
    after = match.state
    if chosen == "pay":
        assert after.money[victim] == before.money[victim] - 60
    else:
        assert after.registered[victim] == max(0, before.registered[victim] - 3)
    assert page.locator(".ct-board .prompt.scandal").count() == 0
