"""Super PACS through HTTP to the end, and a whole game in two browsers through the pages alone: the
table renderer draws what the issue asks for, and no page ever shows the other seat's secrets."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from api.service.application import Tables
from domain.games.super_pacs.cards import COLOUR, ELECTIONS, TOKEN_NAMES, name
from tests.browser.access import serious_violations
from tests.browser.players import Player, open_table, play_randomly, summary
from tests.browser.whole_games import Match, pacs_secrets, reason_for_a_dimmed_card, sit_by_seat_links
from tests.support.server import Served

pytestmark = pytest.mark.browser

COLUMNS = {"red": "▲ R", "gray": "● G", "blue": "■ B", "green": "◆ N", "gold": "★ Y"}
"""Each colour column's head: a shape and a letter beside the colour's name (for colour-blind players)."""
MIDGAME_ROUND = 5


def test_a_whole_game_is_played_through_http_to_its_outcome(server: Served) -> None:
    """Random legal commands through the API play a 3-player game to its end."""
    game_id, tokens = open_table(server.base, "super-pacs", ["Ann", "Bob", "Cy"], seed="http-game")
    play_randomly(server.base, game_id, tokens, random.Random(5), limit=3000)
    assert summary(server.base, game_id)["status"] == "over"


def _seat_box(page: Any, seat: int) -> Any:
    return page.locator(".sp-board ol.seats > li.seat").nth(seat)


def assert_the_table_is_drawn(page: Any, state: Any, seat: int) -> None:
    """Colour columns with a mark each, the sneaked zone face down, the event deck and the next
    election, the investments row and the tokens, all as the state has them."""
    for each in range(state.seat_count):
        box = _seat_box(page, each)
        for colour, mark in COLUMNS.items():
            column = box.locator(f".coalition .column.{colour}")
            assert (column.locator(".column-head").text_content() or "").split() == [*mark.split(), colour]
            held = [card for card in state.coalitions[each] if COLOUR[card] == colour]
            assert column.locator("[data-card]").count() == len(held)
        sneaked = box.locator(".sneaked")
        if each == seat:
            assert sneaked.locator("[data-card]").count() == len(state.sneaked[each])
        else:
            assert sneaked.locator("[data-card]").count() == 0
            assert sneaked.locator(".card.back").count() == len(state.sneaked[each])
            if not state.sneaked[each]:
                assert (sneaked.text_content() or "").split() == ["Sneaked:", "none"]
        assert box.locator(".investments .investment").count() == len(state.investments[each])
    board = page.locator(".sp-board")
    assert not re.search(r"\b1 (cards|factions)\b", board.text_content() or ""), "one card, not one cards"
    left = len(state.event_pool) + len(state.elections_left)
    assert board.locator(".event-deck").text_content() == str(left)
    upcoming = [name(card) for card in ELECTIONS if card in state.elections_left]
    assert board.locator(".next-election").text_content() == (upcoming[0] if upcoming else "none")
    assert board.locator(".market .investment").count() == len(state.market)
    assert board.locator(".tokens .token-name").count() == len(TOKEN_NAMES)


def assert_the_chooser_is_asked(page: Any) -> None:
    """The seat choosing a target is told so, and its moves name the players, not seat numbers."""
    assert "Choose a target" in (page.text_content(".sp-board .prompt.choice") or "")
    labels = page.eval_on_selector_all(".controls button.move", "moves => moves.map(m => m.textContent)")
    assert labels and not [label for label in labels if "seat " in label], labels


REASONS = {
    "First take your initial action: campaign or embezzle.",
    "Only a surprise can be played now, and this faction is no surprise.",
    "This surprise does not answer what is being played now.",
    "Your main action is taken: buy, use your superpower or end your turn.",
    "Choose the target of the card being played first.",
    "Factions are played in the turns, after every leader is picked.",
}
"""What a dimmed faction says when clicked: the game's own reasons, never the generic one."""


def _window_seats(state: Any) -> tuple[int, ...]:
    opened = (state.pending and state.pending.window) or (state.election and state.election.window)
    return tuple(opened.seats) if opened else ()


def test_a_whole_two_player_game_is_played_through_the_pages_and_no_page_shows_the_others_secrets(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Leader picks, turns, surprise windows and choices are all clicked on the pages; at every step
    neither page shows the other's hand, leader pick, sneaked faces or the decks; the end is shown."""
    names = ["Ann", "Bob"]
    game_id, tokens = open_table(server.base, "super-pacs", names, seed="whole-pacs")
    seats = sit_by_seat_links(player, names, game_id, tokens)
    ann, bob = seats[0], seats[1]
    match = Match(seats, service, game_id, pacs_secrets, random.Random(12)).begin()
    seen: set[str] = set()
    while match.step():
        state = match.state
        if state.phase == "turn" and state.round >= MIDGAME_ROUND and "midgame" not in seen:
            seen.add("midgame")
            for seat, each in seats.items():
                assert_the_table_is_drawn(each.page, state, seat)
                found = serious_violations(each.page)
                assert not found, json.dumps(found, indent=1)
            ann.shot("super-pacs-mid-game-ann")
        if "reason" not in seen and (said := reason_for_a_dimmed_card(seats, match.movers)):
            seen.add("reason")
            assert said in REASONS, said
        for seat in _window_seats(state):
            prompt = seats[seat].page.locator(".sp-board .prompt.surprise").text_content() or ""
            assert "You may play a surprise now" in prompt
            assert seats[seat].page.locator("button.move:has-text('Pass (no surprise)')").count() == 1
            if "window" not in seen:
                seen.add("window")
                seats[seat].shot("super-pacs-surprise-prompt")
        if state.pending and state.pending.choice:
            assert_the_chooser_is_asked(seats[state.pending.choice.seats[0]].page)
            if "choice" not in seen:
                seen.add("choice")
                seats[state.pending.choice.seats[0]].shot("super-pacs-choosing-a-target")
    assert {"midgame", "window", "reason"} <= seen, seen
    final = service.store.load(game_id).game_state
    assert final.phase == "over" and match.commands > 50
    for each in seats.values():
        finished = each.page.text_content(".sp-board .finished") or ""
        if final.winners:
            assert f"{' and '.join(names[s] for s in final.winners)} wins." in finished
        else:
            assert "civil war" in finished
        rows = each.page.locator(".finished table.score tbody tr")
        assert [rows.nth(s).locator(".power").text_content() for s in range(2)] == [
            str(x) for x in final.scores
        ]
        assert "over" in (each.page.text_content(".table-head .status") or "")
    assert match.checked > 0 and match.picked_cards > 0
    ann.shot("super-pacs-the-end-ann")
    bob.shot("super-pacs-the-end-bob")
