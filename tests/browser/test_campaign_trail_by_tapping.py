"""Whole Campaign Trail games (Dirty Politics on) played by tapping alone, as a new player would: a
candidate from the choice, a card from the hand and one of its moves, and every step that names a
state on that state's tile. After every move each page's numbers equal the omniscient state's and no
page shows another party's secret; on a phone at least 90% of the taps need no scrolling, and the taps
each dirty trick took are counted (their median is printed)."""

from __future__ import annotations

import json
import random
import re
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from api.service.application import Tables
from domain.games.campaign_trail.cards.board import ABBREVIATIONS, ELECTORAL_VOTES, STATE_COUNT
from domain.games.campaign_trail.cards.catalogue import CARDS
from domain.games.campaign_trail.rules.months import electoral_votes, leader, leaders_of
from domain.games.campaign_trail.state import Campaigning, Drafting, Finished, at
from tests.browser.access import serious_violations
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.players import CHOOSER, Player, chose_a_chooser, open_table, through_a_chooser
from tests.browser.whole_games import (
    COMMANDS_OF,
    MOVES,
    Match,
    listed_or_moved,
    note_figures,
    reason_for_a_dimmed_card,
    sit_by_seat_links,
    trail_secrets,
)
from tests.support.server import Served

pytestmark = [pytest.mark.browser, pytest.mark.long]

LETTERS = ("D", "R", "L")
NO_SCROLL_SHARE = 0.9
"""At least this share of a phone game's taps hit something already on the screen."""
ON_THE_MAP = 0.5
"""How often a picked card whose play lights states is played by a tap on one of them."""
SWEEP_FIRST = 0.7
"""How often a seat that may sweep every state at once does (else it taps the lit states one by one)."""
IN_REACH = """el => { const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return false;
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return !!hit && (hit === el || el.contains(hit)); }"""
"""Whether a tap on the element's centre reaches it as the screen is now: on the screen, inside its
scrolling boxes, under no bar."""
NUMBERS = """() => { const all = (s, f) => [...document.querySelectorAll(s)].map(f); return {
  tiles: all('.ct-board [data-state]', (t) => [t.dataset.state, t.dataset.leader,
    Number(t.querySelector('.ev').textContent),
    Object.fromEntries([...t.querySelectorAll('.voters')]
      .map((v) => [v.dataset.party, Number(v.textContent)])),
    [...t.querySelectorAll('.pawn')].map((p) => p.dataset.party).sort().join('')]),
  track: all('.ct-board .ev-total', (b) => Number(b.textContent)),
  money: all('.ct-board .seats .money', (m) => m.textContent),
  registered: all('.ct-board .seats .registered', (m) => Number(m.textContent)),
}; }"""
WIDER = """() => document.documentElement.scrollWidth > innerWidth + 2
  ? [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 2)
      .slice(0, 5).map((e) => e.tagName + '.' + e.className) : []"""
"""What sticks out of the screen's width (nothing, on a page that never scrolls sideways)."""
TILES = ".ct-board button.ct-tile.target"
KEEP = ".ct-candidate button.keep"


def assert_the_numbers_are_the_states(page: Any, state: Any) -> None:
    """Every tile's voters, leader, electoral votes and pawns, the track, war chests and registered
    voters read as the omniscient state has them."""
    shown = page.evaluate(NUMBERS)
    count = state.seat_count
    leaders = state.leaders if isinstance(state, Finished) else leaders_of(state.voters, count)
    pawns = state.pawns if isinstance(state, Campaigning) else ()
    for place in range(STATE_COUNT):
        code, leader, ev, voters, here = shown["tiles"][place]
        assert code == ABBREVIATIONS[place] and ev == ELECTORAL_VOTES[place]
        assert leader == LETTERS[leaders[place]], code
        assert voters == {LETTERS[p]: at(state.voters, place, p) for p in range(count)}, code
        assert here == "".join(sorted(LETTERS[s] for s, p in enumerate(pawns) if p == place)), code
    track = state.electoral if isinstance(state, Finished) else electoral_votes(state.voters, count, leaders)
    assert shown["track"] == list(track)
    if not isinstance(state, Drafting):
        assert shown["money"] == [f"${m}M" for m in state.money]
        assert shown["registered"] == list(state.registered)


@dataclass
class Tapping(Match):
    """A match played by taps, each checked for being in reach before it is made."""

    taps: int = 0
    scrolled: int = 0
    on_tiles: int = 0
    by_list: list[str] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)
    trick: tuple[int, int] | None = None
    """The dirty trick in progress: its seat and the taps so far."""
    kinds: dict[str, list[int]] = field(default_factory=dict)
    """The taps of each dirty trick, by the Dirty Politics action it took."""
    kind: str = ""
    last: tuple[int, int] = (-1, 0)
    """The seat that tapped last, and the taps its last command took."""

    def tap(self, each: Player, target: Any) -> None:
        if not target.evaluate(IN_REACH):
            self.scrolled += 1
        self.taps += 1
        self.last = (self.last[0], self.last[1] + 1)
        target.click()

    def click_a_move(self, each: Player) -> dict[str, Any] | None:
        self.last = (next(seat for seat, player in self.seats.items() if player is each), 0)
        page = each.page
        commands = page.eval_on_selector_all(MOVES, COMMANDS_OF)
        left_to_cards = page.locator(".controls .elsewhere:has-text('card in your hand')").count() > 0
        if not commands and not left_to_cards and not page.locator(CHOOSER).count():
            return None
        keep, tiles = page.locator(KEEP), page.locator(TILES)
        everywhere = {"type": "Sweep", "state": -1} in commands
        if keep.count():
            return self._tap_command(each, keep.nth(self.rng.randrange(keep.count())))
        if tiles.count() and not (everywhere and self.rng.random() < SWEEP_FIRST):
            self.on_tiles += 1
            return self._tap_command(each, tiles.nth(self.rng.randrange(tiles.count())))
        hand = page.locator(".dock .own-hand button[data-card]:not(.unplayable)")
        plays = [c for c in commands if "card" in c]
        if hand.count() and (plays or left_to_cards) and not everywhere:
            card = hand.nth(self.rng.randrange(hand.count()))
            if not listed_or_moved(each, lambda: self.tap(each, card)):
                return None  # the table moved on under the tap
            reached = page.locator(TILES)
            if reached.count() and self.rng.random() < ON_THE_MAP:
                self.on_tiles += 1  # the picked card's Advertise or smear, played on one of its states
                return self._tap_command(each, reached.nth(self.rng.randrange(reached.count())))
        buttons = page.locator(MOVES)
        listed = page.eval_on_selector_all(MOVES, COMMANDS_OF)
        if chose_a_chooser(page, self.rng, len(listed)):  # a mudslinging: its issues one by one
            return through_a_chooser(page, self.rng, lambda target: self.tap(each, target))
        if not listed:
            return None
        index = next((i for i, c in enumerate(listed) if c == {"type": "Sweep", "state": -1}), None)
        if index is None:  # (a seat that may sweep everything and chose not to tapped a tile above)
            index = self.rng.randrange(len(listed))
        command = listed[index]
        self.by_list.append(command["type"])
        self.tap(each, buttons.nth(index))
        return command  # type: ignore[no-any-return]

    def _tap_command(self, each: Player, target: Any) -> dict[str, Any]:
        command = json.loads(target.get_attribute("data-command") or "{}")
        self.tap(each, target)
        return command  # type: ignore[no-any-return]

    def after(self) -> None:
        """The numbers on every page, and the end of a dirty trick (the turn moved on)."""
        state = self.state
        for each in self.seats.values():
            assert_the_numbers_are_the_states(each.page, state)
        seat, taps = self.last
        command = self.sent[-1] if self.sent else {}
        if command.get("type") == "PlayCard" and CARDS[command["card"]].dirty:
            self.trick = (seat, taps)
            self.kind = str(CARDS[command["card"]].actions[command["action"]].kind)
        elif self.trick is not None and self.trick[0] == seat:
            self.trick = (seat, self.trick[1] + taps)
        self.last = (-1, 0)
        quiet = not isinstance(state, Campaigning) or (
            state.pending is None and state.window is None and state.choice is None
        )
        if self.trick is not None and quiet:
            self.tricks.append(self.trick[1])
            self.kinds.setdefault(self.kind, []).append(self.trick[1])
            self.trick = None


def _figures(match: Tapping, shots: set[str]) -> str:
    """What the closing note reports: commands, taps, taps on tiles and in reach, taps per dirty trick."""
    share = 1 - match.scrolled / match.taps
    median = statistics.median(match.tricks) if match.tricks else "n/a"
    return (
        f"{match.commands} commands, {match.taps} taps, {match.on_tiles} on map tiles, "
        f"{match.scrolled} needed a scroll ({share:.1%} did not); most buttons at once {match.most_buttons}; "
        f"taps per dirty trick {sorted(match.tricks)}, median {median} "
        f"(by action: {', '.join(f'{k} {sorted(v)}' for k, v in sorted(match.kinds.items()))}); "
        f"shots {sorted(shots)}"
    )


def _play(match: Tapping, seen: Callable[[Tapping], None]) -> None:
    while match.step():
        match.after()
        seen(match)


SOLID_BLUE = "rgb(31, 78, 156)"
"""The Democrats' fill: solid blue; the Republicans' is red stripes (a pattern, not only a hue)."""
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
        voters = [
            f"{letter}{at(state.voters, place, party)}"
            for party, letter in enumerate(LETTERS[: state.seat_count])
        ]
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


def _checked_on_the_way(m: Tapping, seats: dict[int, Player], seen: set[str]) -> None:
    """After a move: nothing wider than the phone; at mid-game the map drawn as the state has it, axe,
    the printed actions named (and the page at desktop width); a dimmed card's reason; the screens of a
    Mudslinging's removal and of a debate."""
    for each in seats.values():
        assert not each.page.evaluate(WIDER), each.page.evaluate(WIDER)
    state = m.state
    if not isinstance(state, Campaigning):
        return
    if state.month >= MIDGAME_MONTH and "midgame" not in seen:
        seen.add("midgame")
        for each in seats.values():
            assert_the_map_is_drawn(each.page, state)
            found = serious_violations(each.page)
            assert not found, json.dumps(found, indent=1)
        seats[0].shot("campaign-trail-mid-game-lauren", full_page=False)
        _at_desktop_width(seats[0], "campaign-trail-desktop-mid-game-lauren")
        if m.movers:
            assert_moves_name_the_printed_actions(seats[m.movers[0]].page)
    if "reason" not in seen and (said := reason_for_a_dimmed_card(seats, m.movers)):
        seen.add("reason")
        assert said.startswith(REASONS), said
    pending = state.pending
    if pending is not None and pending.kind == "Mudslinging" and not pending.pays and "mud" not in seen:
        seen.add("mud")  # removing: the lit states are those still owing voters
        seats[pending.seat].shot("ct-phone-mudslinging", full_page=False)
    if state.debate is not None and "debate" not in seen:
        seen.add("debate")
        seats[0].shot("ct-phone-debate", full_page=False)


def _at_desktop_width(each: Player, name: str) -> None:
    """The same page at 1280 by 900, full length, then back to the phone."""
    each.page.set_viewport_size(DESKTOP)
    each.shot(name)
    each.page.set_viewport_size(PHONE)


def assert_the_end_is_told(page: Any, final: Finished, names: list[str]) -> None:
    """The sheet names the winner (or the tie), its rows are the electoral votes, the committed voters
    (the first tie-break) and the states won; the map is the final one."""
    winners = " and ".join(names[s] for s in final.winners)
    sheet = page.text_content(".ct-board .finished") or ""
    assert f"{winners} {'wins' if len(final.winners) == 1 else 'tie'} the election" in sheet
    rows = page.eval_on_selector_all(
        ".finished table.score tbody tr", "rows => rows.map(r => [...r.children].map(c => c.textContent))"
    )
    assert [int(row[2]) for row in rows] == list(final.electoral)
    assert [int(row[3]) for row in rows] == list(final.committed)
    assert [int(row[4]) for row in rows] == [final.leaders.count(seat) for seat in range(2)]
    assert_the_map_is_drawn(page, final)


def test_a_whole_two_party_game_on_phones_is_played_by_taps_mostly_on_the_map(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Two phones (390 by 844) play a whole game with Dirty Politics; every step naming a state is a
    tap on its tile, 90% of all taps need no scrolling, and the pages always read the true numbers and
    show neither the other's hand, offer nor a month deck's cards. On the way: the map drawn, axe, the
    printed actions named, a dimmed card's reason; at the end the sheet. (This one game holds the
    checks of the former desktop whole games, two and three parties: issue 48 plays each game once.)"""
    names = ["Lauren", "Ben"]
    game_id, tokens = open_table(server.base, "campaign-trail", names, "taps-2")
    seats = sit_by_seat_links(lambda who: player(who, phone=True), names, game_id, tokens)
    match = Tapping(seats, service, game_id, trail_secrets, random.Random(21)).begin()
    seats[0].shot("ct-phone-candidate-choice", full_page=False)
    match.after()
    seen: set[str] = set()
    _play(match, lambda m: _checked_on_the_way(m, seats, seen))
    assert {"midgame", "reason"} <= seen, seen
    final = service.store.load(game_id).game_state
    assert isinstance(final, Finished) and final.winners
    assert match.commands > 100 and match.picked_cards >= 0 and match.checked > 0
    for seat, each in seats.items():
        assert_the_end_is_told(each.page, final, names)
        each.shot(f"ct-phone-the-end-{names[seat].lower()}", full_page=False)
    _at_desktop_width(seats[0], "campaign-trail-desktop-the-end-lauren")
    share = 1 - match.scrolled / match.taps
    hand = ", ".join(f"{names[s]} {match.hand_passes.get(s, 0)} of {match.moves.get(s, 0)}" for s in seats)
    note_figures("campaign-trail", f"{_figures(match, seen)}; passes by hand {hand}")
    named = {"Move", "TravelTo", "Place", "Pay", "Remove"}
    assert not named & set(match.by_list), "a step naming a state was taken from the list, not the map"
    assert share >= NO_SCROLL_SHARE, f"{match.scrolled} of {match.taps} taps needed a scroll"
    assert match.tricks, "no dirty trick was played"
