"""Super PACS for someone who has never played it: one whole game tapped through the pages on phones,
and after every move each page says what every card it draws does (no hover needed), shows the
totals the omniscient state has, and shows no other seat's secret; the moves and the cards they
involve are in view for at least 90% of the taps."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from msgspec.structs import replace

from api.service.application import Tables
from domain.games.super_pacs.cards import (
    COLOUR,
    ELECTIONS,
    EVENT_BASE,
    EVENTS,
    FACTIONS,
    INVESTMENT_BASE,
    INVESTMENTS,
    LEADER_BASE,
    LEADERS,
    POWER,
    TOKEN_NAMES,
    WEALTH,
    name,
)
from domain.games.super_pacs.rules import rounds
from tests.browser.access import serious_violations
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.players import Player, open_table
from tests.browser.whole_games import (
    COMMANDS_OF,
    IN_VIEW,
    IN_VIEW_SHARE,
    MOVES,
    OFFERED,
    Match,
    listed_or_moved,
    note_figures,
    pacs_secrets,
    reason_for_a_dimmed_card,
    sit_by_seat_links,
)
from tests.support.server import Served

pytestmark = pytest.mark.browser

DRAWN_CARDS = """() => [...document.querySelectorAll('.sp-board [data-card], .dock .own-hand [data-card]')]
  .filter((e) => !e.closest('.raw')).map((e) => [Number(e.dataset.card), e.textContent])"""
"""Every card the Super PACS page draws, with all the text it holds (a closed <details> holds it too)."""
PLAYABLE = ".dock .own-hand button[data-card]:not(.unplayable)"
"""The cards of the hand that some move plays (on a phone a tap lists their moves)."""
EVERY_IN_VIEW = f"(tappable) => [tappable.every({IN_VIEW}), tappable.length]"
"""Whether every one of the things a move may be made with is in view, and how many there are: one look
at the page, not one an element."""
HOVER_ONLY = "() => document.querySelectorAll('.sp-board [title], .dock [title]').length"
WIDEST = """() => [...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().width && e.getBoundingClientRect().right > innerWidth + 2)
  .slice(0, 3).map((e) => `${e.tagName}.${e.className}: ${e.textContent.slice(0, 60)}`).join(' | ')"""
"""What sticks out past the right edge of the screen, when something does."""
COLUMNS = {"red": "▲ R", "gray": "● G", "blue": "■ B", "green": "◆ N", "gold": "★ Y"}
"""Each colour column's head: a shape and a letter beside the colour's name (for colour-blind players)."""
MIDGAME_ROUND = 5


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


def words_of(card: int) -> list[str]:
    """What a card must say on the page: a faction's types and text, a leader's campaign action,
    superpower and cost, an event's text, an investment's text."""
    if card < LEADER_BASE:
        faction = FACTIONS[card]
        return [*faction.types, faction.text]
    if card < EVENT_BASE:
        leader = LEADERS[card - LEADER_BASE]
        return [leader.campaign_text, leader.superpower_text, "megabuck"]
    if card < INVESTMENT_BASE:
        event = EVENTS[card - EVENT_BASE]
        return [*event.types, event.text] if event.election else [event.text]
    return [INVESTMENTS[card - INVESTMENT_BASE].text]


def assert_every_card_says_what_it_does(page: Any) -> int:
    """Each card drawn holds its words in its own text (a tap on a table card opens them), and no
    element of the board or the dock keeps anything in a tooltip."""
    drawn = page.evaluate(DRAWN_CARDS)
    for card, text in drawn:
        missing = [word for word in words_of(card) if word not in text]
        assert not missing, f"card {card} does not say {missing}: {text!r}"
    assert page.evaluate(HOVER_ONLY) == 0, "something on the table is only in a tooltip"
    return len(drawn)


def _numbers(page: Any, selector: str) -> list[int]:
    return [
        int((text or "0").split()[0])
        for text in page.eval_on_selector_all(selector, "e => e.map(x => x.textContent)")
    ]


def assert_the_totals_are_the_states(page: Any, state: Any) -> None:
    """Each seat's votes, wealth and power, and the election's votes, as the omniscient state has them."""
    counted = rounds.votes(replace(state, election=None))
    seats = range(state.seat_count)
    boxes = ".sp-board ol.seats > li.seat .totals"
    assert _numbers(page, f"{boxes} .votes") == list(counted)
    assert _numbers(page, f"{boxes} .wealth") == [sum(WEALTH[c] for c in state.coalitions[s]) for s in seats]
    power = [
        rounds.power(state, s) if state.leaders[s] >= 0 else sum(POWER[c] for c in state.coalitions[s])
        for s in seats
    ]
    assert _numbers(page, f"{boxes} .power") == power
    if state.election is not None:
        assert _numbers(page, ".sp-board .playing .election-votes strong") == list(rounds.votes(state))


def assert_the_end_sheet_breaks_power_down(page: Any, state: Any, names: list[str]) -> None:
    """The end sheet: factions, elections won and investments add up to each power; who won each election."""
    rows = page.locator(".finished table.score tbody tr")
    for seat in range(state.seat_count):
        row = rows.nth(seat)
        parts = [
            int((row.locator(f".{part}").text_content() or "0").split()[0])
            for part in ("factions", "elections", "investments")
        ]
        assert sum(parts) == state.scores[seat] == int(row.locator(".power").text_content() or 0)
    said = page.text_content(".finished .elections-won") or ""
    for seat, cards in enumerate(state.coalitions):
        for card in cards:
            if card in (200, 201, 202):
                assert f"{EVENTS[card - EVENT_BASE].name}: {names[seat]}" in said


@dataclass
class Watched(Match):
    """A match whose pages are checked for card text and totals after every move, and whose taps are
    counted: how many found every move, and every card a move plays, in view without a scroll."""

    names: list[str] = field(default_factory=list)
    width: int = 0
    """On a phone, the screen's width: no page may scroll sideways."""
    taps: int = 0
    scrolled: int = 0
    missed: list[str] = field(default_factory=list)
    """Where a tap needed a scroll: the version, and how many things could be tapped there."""
    cards_drawn: int = 0
    shots: dict[str, Any] = field(default_factory=dict)

    def audit(self) -> None:
        super().audit()
        for seat, each in self.seats.items():
            self.cards_drawn += assert_every_card_says_what_it_does(each.page)
            assert_the_totals_are_the_states(each.page, self.state)
            if self.width:
                wide = self.widths[seat]  # as drawn when it caught up, just before this audit
                assert wide <= self.width + 2, each.page.evaluate(WIDEST)

    def _tap(self, page: Any, selector: str) -> None:
        """Tap ``selector``, noting first whether everything a move may be made with now (the moves
        listed, the cards of the hand that have a move) is in view without a scroll."""
        seen, count = page.eval_on_selector_all(f"{MOVES}, {PLAYABLE}", EVERY_IN_VIEW)
        self.taps += 1
        self.scrolled += not seen
        if not seen:
            self.missed.append(f"v{self.version}: {count} to tap")
        page.locator(selector).first.click()

    def click_a_move(self, each: Player) -> dict[str, Any] | None:
        """A card in the hand first (then one of its moves), or a move outright, as a person taps."""
        page = each.page
        commands, hand, _, offered = page.evaluate(OFFERED, [MOVES, PLAYABLE])
        if not offered:  # the table moved on by itself (a referee's pass, the leaders' reveal): no card
            return None  # is dimmed then, and a tap on one would do nothing
        if hand and (not commands or self.rng.random() < 0.5):
            card = self.rng.choice(hand)
            picked = f".dock .own-hand button[data-card='{card}']"
            if not listed_or_moved(each, lambda: self._tap(page, picked)):
                return None  # the table moved on under the tap
            self.picked_cards += 1
            commands = page.eval_on_selector_all(MOVES, COMMANDS_OF)
        if not commands:
            return None
        index = self.rng.randrange(len(commands))
        self._tap(page, f"{MOVES} >> nth={index}")
        return commands[index]  # type: ignore[no-any-return]


def _shoot(match: Watched, label: str, seats: dict[int, Player], desktop: bool = False) -> None:
    """What each phone shows (and, with ``desktop``, the same page at 1280 by 900, full length)."""
    if label in match.shots:
        return
    match.shots[label] = True
    for seat, each in seats.items():
        each.shot(f"super-pacs-phone-{label}-{match.names[seat].lower()}", full_page=False)
        if desktop:
            each.page.set_viewport_size(DESKTOP)
            each.shot(f"super-pacs-desktop-{label}-{match.names[seat].lower()}")
            each.page.set_viewport_size(PHONE)


def _checked_on_the_way(match: Watched, seats: dict[int, Player], seen: set[str]) -> None:
    """After a move: the table drawn and axe at mid-game, a dimmed card's reason, the surprise prompt
    to every seat a window asks, and the chooser of a target told so."""
    state = match.state
    if state.phase == "turn" and state.round >= MIDGAME_ROUND and "midgame" not in seen:
        seen.add("midgame")
        for seat, each in seats.items():
            assert_the_table_is_drawn(each.page, state, seat)
            found = serious_violations(each.page)
            assert not found, json.dumps(found, indent=1)
        _shoot(match, "mid-game", seats, desktop=True)
    if state.election is not None:
        _shoot(match, "election", seats)
    if "reason" not in seen and (said := reason_for_a_dimmed_card(seats, match.movers)):
        seen.add("reason")
        assert said in REASONS, said
    for seat in _window_seats(state):
        prompt = seats[seat].page.locator(".sp-board .prompt.surprise").text_content() or ""
        assert "You may play a surprise now" in prompt
        assert seats[seat].page.locator("button.move:has-text('Pass (no surprise)')").count() == 1
        if "window" not in seen:
            seen.add("window")
            seats[seat].shot("super-pacs-surprise-prompt", full_page=False)
    if state.pending and state.pending.choice:
        assert_the_chooser_is_asked(seats[state.pending.choice.seats[0]].page)
        if "choice" not in seen:
            seen.add("choice")
            seats[state.pending.choice.seats[0]].shot("super-pacs-choosing-a-target", full_page=False)


def assert_the_end_is_told(page: Any, final: Any, names: list[str]) -> None:
    """The end sheet names the winners (or the civil war), its power column is the state's scores and
    breaks each power down; the heading says the game is over."""
    finished = page.text_content(".sp-board .finished") or ""
    if final.winners:
        assert f"{' and '.join(names[s] for s in final.winners)} wins." in finished
    else:
        assert "civil war" in finished
    rows = page.locator(".finished table.score tbody tr")
    assert [rows.nth(s).locator(".power").text_content() for s in range(2)] == [str(x) for x in final.scores]
    assert "over" in (page.text_content(".table-head .status") or "")
    assert_the_end_sheet_breaks_power_down(page, final, names)


@pytest.mark.long
def test_a_whole_two_player_game_tapped_on_phones_says_what_every_card_does_and_keeps_the_moves_in_view(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Two people tap a whole game on 390 by 844 phones, asked in every window (passes by hand with the
    standing choices on are counted at domain speed: tests/table). After every move: every card drawn says
    what it does without hover, the totals are the state's, no page shows another seat's hand, leader
    pick, sneaked faces or the decks, no page scrolls sideways or shows more than 30 buttons; on the way
    the table is drawn as the state has it and passes axe, a dimmed card says why, a window's prompt and a
    target's chooser are asked; at the end the sheet breaks the power down; at least 90% of the taps find
    every move and every card a move plays in view. (This one game holds the checks of the former desktop
    whole games: issue 48 plays each game once.)"""
    names = ["Ann", "Bob"]
    game_id, tokens = open_table(server.base, "super-pacs", names, seed="new-player-phone")
    seats = sit_by_seat_links(lambda who: player(who, phone=True), names, game_id, tokens)
    match = Watched(seats, service, game_id, pacs_secrets, random.Random(32), names=names, width=390).begin()
    _shoot(match, "start", seats)
    seen: set[str] = set()
    while match.step():
        _checked_on_the_way(match, seats, seen)
    assert {"midgame", "window", "reason"} <= seen, seen
    final = service.store.load(game_id).game_state
    assert final.phase == "over" and match.commands > 50 and match.checked > 0 and match.picked_cards > 0
    for each in seats.values():
        assert_the_end_is_told(each.page, final, names)
    _shoot(match, "end", seats, desktop=True)
    share = 1 - match.scrolled / match.taps
    hand = ", ".join(f"{names[s]} {match.hand_passes.get(s, 0)} of {match.moves.get(s, 0)}" for s in seats)
    note_figures(
        "super-pacs",
        f"{match.commands} commands, {match.taps} taps, {match.scrolled} needing a scroll"
        f" ({share:.1%} in view), most buttons at once {match.most_buttons}, passes by hand {hand};"
        f" {match.cards_drawn} cards' words checked; needing a scroll: {'; '.join(match.missed)}",
    )
    assert share >= IN_VIEW_SHARE, f"{match.scrolled} of {match.taps} taps needed a scroll"


def test_the_lobby_says_super_pacs_options_in_words_and_names_a_bots_level(
    player: Callable[..., Player], server: Served
) -> None:
    """Words: no rule numbers or markup in the lobby's options; a bot's level is chosen in the lobby
    and named in words at the table."""
    ann = player("Ann")
    ann.open("/")
    ann.page.wait_for_selector(".catalogue li")
    ann.page.select_option("#new-game", "super-pacs")
    ann.page.click("text=Table options")
    options = ann.page.text_content(".options") or ""
    assert "first-time players" in options and not re.search(r"``|\bR\d+\b", options), options
    ann.page.click("text=Bots and clock")
    levels = ann.page.eval_on_selector_all("#bot-1 option", "found => found.map(o => o.textContent)")
    assert [text for text in levels if "thinking bot" in text] == [
        "thinking bot, easy",
        "thinking bot, medium",
        "thinking bot, hard (slowest)",
    ]
    ann.page.select_option("#bot-1", "ismcts:2")
    ann.page.fill("#new-name", "Ann")
    ann.page.click("text=Open the table and sit down")
    ann.page.wait_for_url("**/games/*")
    ann.page.wait_for_selector(".seat-list .bot-mark")
    assert "thinking bot (medium)" in (ann.page.text_content(".seat-list") or "")
    ann.shot("super-pacs-lobby-bot-level")
