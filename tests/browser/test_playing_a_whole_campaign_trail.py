"""A whole two-party Campaign Trail played through the pages alone: the cartogram is read at a glance
(leader by colour and pattern, voters per party, electoral votes, the running total), a Scandal's
victim answers on its own page, and no page ever shows the other party's hand or the month decks."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from api.service.application import Tables
from domain.games.campaign_trail.cards.board import ABBREVIATIONS, ELECTORAL_VOTES, STATE_COUNT
from domain.games.campaign_trail.rules.months import electoral_votes, leader
from domain.games.campaign_trail.state import Campaigning, at
from tests.browser.access import serious_violations
from tests.browser.players import Player, open_table
from tests.browser.whole_games import Match, reason_for_a_dimmed_card, sit_by_seat_links, trail_secrets
from tests.support.server import Served

pytestmark = pytest.mark.browser

LETTERS = ("D", "R")
SOLID_BLUE = "rgb(31, 78, 156)"
"""The Democrats' fill: solid blue; the Republicans' is red stripes (a pattern, not only a hue)."""
DEFAULT: dict[str, bool] = {}
"""The table's default options: the Dirty Politics module is in the game."""
SCANDAL = 107
"""The Dirty Politics card whose first action is the Scandal dirty trick."""
MIDGAME_MONTH = 1
"""September: the map has moved from its opening."""

TILE_LOOK = """tile => { const s = getComputedStyle(tile);
  return { code: tile.querySelector(".code").textContent, ev: tile.querySelector(".ev").textContent,
    voters: [...tile.querySelectorAll(".voters")].map((v) => v.dataset.party + v.textContent),
    image: s.backgroundImage, colour: s.backgroundColor, leader: tile.dataset.leader }; }"""


def assert_the_map_is_drawn(page: Any, state: Any) -> None:
    """Every tile: its leader's letter, fill and pattern; its electoral votes; voters per party (a pill
    each, in the party's colour); and the track's running totals."""
    for place in range(STATE_COUNT):
        tile = page.eval_on_selector(f".ct-board [data-state='{ABBREVIATIONS[place]}']", TILE_LOOK)
        ahead = leader(state.voters, place, state.seat_count)
        assert tile["leader"] == LETTERS[ahead]
        if ahead == 0:
            assert tile["image"] == "none" and tile["colour"] == SOLID_BLUE
        else:
            assert tile["image"].startswith("repeating-linear-gradient")
        assert [tile["code"], tile["ev"]] == [ABBREVIATIONS[place], str(ELECTORAL_VOTES[place])]
        voters = [f"{letter}{at(state.voters, place, party)}" for party, letter in enumerate(LETTERS)]
        assert tile["voters"] == voters
    totals = electoral_votes(state.voters, state.seat_count)
    shown = page.eval_on_selector_all(".ct-board .ev-total", "bars => bars.map(b => Number(b.textContent))")
    assert shown == list(totals) and sum(totals) == sum(ELECTORAL_VOTES)


REASONS = (
    "Answer the Scandal first.",
    "Finish the ",
    "Only a debate card can be played now.",
    "Only a response to the ",
    "Waiting for the responses to the ",
    "Choose your candidate first.",
)
"""The game's own reasons a dimmed card gives when clicked (never the generic one)."""


def assert_moves_name_the_printed_actions(page: Any) -> None:
    """A move that plays a card says what the card's action does, as printed, numbered from 1."""
    labels = page.eval_on_selector_all(".controls button.move", "moves => moves.map(m => m.textContent)")
    plays = [label for label in labels if label.startswith("Play #")]
    assert plays and all(re.match(r"Play #\d+, action [1-4]: \S", label) for label in plays), plays


def test_a_whole_two_party_campaign_is_played_through_the_pages_and_no_page_shows_the_others_secrets(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Candidates, cards and their steps are clicked on the pages until Election Day; at every step
    neither page shows the other's hand, offer or a month deck's cards. (With Dirty Politics, as the
    table opens by default; the Scandal's choice is also driven on its own below.)"""
    names = ["Lauren", "Ben"]
    game_id, tokens = open_table(server.base, "campaign-trail", names, "whole-trail", DEFAULT)
    seats = sit_by_seat_links(player, names, game_id, tokens)
    match = Match(seats, service, game_id, trail_secrets, random.Random(13)).begin()
    seen: set[str] = set()
    while match.step():
        state = match.state
        if isinstance(state, Campaigning) and state.month >= MIDGAME_MONTH and "midgame" not in seen:
            seen.add("midgame")
            for each in seats.values():
                assert_the_map_is_drawn(each.page, state)
                found = serious_violations(each.page)
                assert not found, json.dumps(found, indent=1)
            seats[0].shot("campaign-trail-mid-game-lauren")
            assert_moves_name_the_printed_actions(seats[match.movers[0]].page)
        if "reason" not in seen and (said := reason_for_a_dimmed_card(seats, match.movers)):
            seen.add("reason")
            assert said.startswith(REASONS), said
    assert {"midgame", "reason"} <= seen, seen
    final = service.store.load(game_id).game_state
    assert final.winners and match.commands > 100 and match.picked_cards > 0 and match.checked > 0
    winners = " and ".join(names[s] for s in final.winners)
    for each in seats.values():
        sheet = each.page.text_content(".ct-board .finished") or ""
        assert f"{winners} {'wins' if len(final.winners) == 1 else 'tie'} the election" in sheet
        rows = each.page.eval_on_selector_all(
            ".finished table.score tbody tr", "rows => rows.map(r => [...r.children].map(c => c.textContent))"
        )
        assert [int(row[2]) for row in rows] == list(final.electoral)
        assert [int(row[3]) for row in rows] == list(final.committed)  # the first tie-break's totals
        assert [int(row[4]) for row in rows] == [final.leaders.count(seat) for seat in range(2)]
        assert_the_map_is_drawn(each.page, final)
    seats[0].shot("campaign-trail-the-end-lauren")
    seats[1].shot("campaign-trail-the-end-ben")


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
