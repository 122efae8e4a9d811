"""Super PACS for someone who has never played it: whole games clicked and tapped through the pages,
and after every move each page says what every card it draws does (no hover needed), shows the
totals the omniscient state has, and shows no other seat's secret; on a phone, the moves and the cards
they involve are in view for at least 90% of the taps."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from msgspec.structs import replace

from api.service.application import Tables
from domain.games.super_pacs.cards import (
    EVENT_BASE,
    EVENTS,
    FACTIONS,
    INVESTMENT_BASE,
    INVESTMENTS,
    LEADER_BASE,
    LEADERS,
    POWER,
    WEALTH,
)
from domain.games.super_pacs.rules import rounds
from tests.browser.players import Player, open_table
from tests.browser.whole_games import COMMANDS_OF, MOVES, Match, pacs_secrets, sit_by_seat_links
from tests.support.server import Served

pytestmark = pytest.mark.browser

DRAWN_CARDS = """() => [...document.querySelectorAll('.sp-board [data-card], .dock .own-hand [data-card]')]
  .filter((e) => !e.closest('.raw')).map((e) => [Number(e.dataset.card), e.textContent])"""
"""Every card the Super PACS page draws, with all the text it holds (a closed <details> holds it too)."""
PLAYABLE = ".dock .own-hand button[data-card]:not(.unplayable)"
"""The cards of the hand that some move plays (on a phone a tap lists their moves)."""
HOVER_ONLY = "() => document.querySelectorAll('.sp-board [title], .dock [title]').length"
WIDEST = """() => [...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().width && e.getBoundingClientRect().right > innerWidth + 2)
  .slice(0, 3).map((e) => `${e.tagName}.${e.className}: ${e.textContent.slice(0, 60)}`).join(' | ')"""
"""What sticks out past the right edge of the screen, when something does."""
SHARE = 0.9
"""At least this share of a phone game's taps find the moves and the cards they involve in view."""
IN_VIEW = """(e) => {
  const r = e.getBoundingClientRect();
  if (!r.width || r.top < -1 || r.left < -1) return false;
  if (r.bottom > innerHeight + 1 || r.right > innerWidth + 1) return false;
  for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (!/(auto|scroll|hidden)/.test(s.overflowX + s.overflowY)) continue;
    const q = p.getBoundingClientRect();
    if (r.top < q.top - 1 || r.bottom > q.bottom + 1) return false;
    if (r.left < q.left - 1 || r.right > q.right + 1) return false;
  }
  return true;
}"""
"""True when the element is wholly on the screen and inside every box that scrolls around it."""


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
        for each in self.seats.values():
            self.cards_drawn += assert_every_card_says_what_it_does(each.page)
            assert_the_totals_are_the_states(each.page, self.state)
            if self.width:
                wide = each.page.evaluate("document.documentElement.scrollWidth")
                assert wide <= self.width + 2, each.page.evaluate(WIDEST)

    def _tap(self, page: Any, selector: str) -> None:
        """Tap ``selector``, noting first whether everything a move may be made with now (the moves
        listed, the cards of the hand that have a move) is in view without a scroll."""
        tappable = page.locator(f"{MOVES}, {PLAYABLE}")
        seen = all(tappable.nth(i).evaluate(IN_VIEW) for i in range(tappable.count()))
        self.taps += 1
        self.scrolled += not seen
        if not seen:
            self.missed.append(f"v{self.version}: {tappable.count()} to tap")
        page.locator(selector).first.click()

    def click_a_move(self, each: Player) -> dict[str, Any] | None:
        """A card in the hand first (then one of its moves), or a move outright, as a person taps."""
        page = each.page
        commands = page.eval_on_selector_all(MOVES, COMMANDS_OF)
        hand = page.eval_on_selector_all(
            ".dock .own-hand button[data-card]:not(.unplayable)",
            "cards => cards.map(c => Number(c.dataset.card))",
        )
        if hand and (not commands or self.rng.random() < 0.5):
            card = self.rng.choice(hand)
            self._tap(page, f".dock .own-hand button[data-card='{card}']")
            page.wait_for_selector(".controls button.linkish:has-text('Show all')")
            self.picked_cards += 1
            commands = page.eval_on_selector_all(MOVES, COMMANDS_OF)
        if not commands:
            return None
        index = self.rng.randrange(len(commands))
        self._tap(page, f"{MOVES} >> nth={index}")
        return commands[index]  # type: ignore[no-any-return]


def _shoot(match: Watched, label: str, seats: dict[int, Player], device: str) -> None:
    if label not in match.shots:
        match.shots[label] = True
        for seat, each in seats.items():
            each.shot(
                f"super-pacs-{device}-{label}-{match.names[seat].lower()}", full_page=device == "desktop"
            )


def _play(match: Watched, seats: dict[int, Player], device: str) -> None:
    _shoot(match, "start", seats, device)
    while match.step():
        state = match.state
        if state.round >= 5 and state.phase == "turn":
            _shoot(match, "mid-game", seats, device)
        if state.election is not None:
            _shoot(match, "election", seats, device)
    _shoot(match, "end", seats, device)


def test_a_whole_three_player_game_on_desktop_says_what_every_card_does(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Three people click a whole game: after every move every card drawn says what it does without
    hover, the totals are the state's, no page shows another seat's secret, and the end sheet breaks
    the power down and names each election's winner."""
    names = ["Ann", "Bob", "Cy"]
    game_id, tokens = open_table(server.base, "super-pacs", names, seed="new-player-desktop")
    seats = sit_by_seat_links(player, names, game_id, tokens)
    match = Watched(seats, service, game_id, pacs_secrets, random.Random(31), names=names).begin()
    _play(match, seats, "desktop")
    final = service.store.load(game_id).game_state
    print(f"desktop: {match.commands} commands, {match.cards_drawn} cards' words checked on 3 pages")
    assert final.phase == "over" and match.commands > 100 and match.cards_drawn > 1000
    for each in seats.values():
        assert_the_end_sheet_breaks_power_down(each.page, final, names)


def test_a_whole_two_player_game_on_a_phone_keeps_the_moves_in_view(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Two people tap a whole game on 390 by 844 phones: the same checks as on desktop after every
    move, no page scrolls sideways, and at least 90% of the taps find every move and every card a
    move plays in view."""
    names = ["Ann", "Bob"]
    game_id, tokens = open_table(server.base, "super-pacs", names, seed="new-player-phone")
    seats = sit_by_seat_links(lambda who: player(who, phone=True), names, game_id, tokens)
    match = Watched(seats, service, game_id, pacs_secrets, random.Random(32), names=names, width=390).begin()
    _play(match, seats, "phone")
    final = service.store.load(game_id).game_state
    assert final.phase == "over" and match.commands > 50
    print(f"phone: {match.commands} commands, {match.cards_drawn} cards' words checked on 2 pages")
    share = 1 - match.scrolled / match.taps
    print(
        f"phone taps: {match.taps}, needing a scroll: {match.scrolled}, in view: {share:.1%}, "
        f"most buttons at once: {match.most_buttons}"
    )
    print("needing a scroll:", "; ".join(match.missed))
    assert share >= SHARE, f"{match.scrolled} of {match.taps} taps needed a scroll"


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
