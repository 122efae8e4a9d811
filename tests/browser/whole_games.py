"""Whole games played through the pages alone, and what each page must never draw on the way.

Each seat is a page at its own seat; whoever's page offers moves clicks one of the things it shows (a
card in the hand, then one of that card's moves; or a move button), chosen with a seeded RNG. After
every command all pages catch up by their own signals (the heading's version, the move list's
``data-version``) and each page's whole text, labels and tooltips are searched for the secrets of
the omniscient state: the other seats' hands and offers, the face-down cards and the decks.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from msgspec import to_builtins
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from api.service.application import Tables
from domain import record
from domain.games.campaign_trail.cards.candidates import CANDIDATES
from domain.games.campaign_trail.cards.catalogue import CARDS as TRAIL_CARDS
from domain.games.campaign_trail.state import Drafting, Finished
from domain.games.super_pacs.cards import CARD_IDS, EVENT_IDS, INVESTMENT_IDS, LEADER_IDS
from domain.games.super_pacs.cards import name as pacs_name
from domain.games.super_pacs.state import all_cards as pacs_cards
from domain.seats import OMNISCIENT, Seat
from tests.browser.conftest import ARTIFACTS
from tests.browser.players import POLL, Player, card_ids, chose_a_chooser, through_a_chooser

MOVED_ON = 5
"""At most this many times a game may move on under a seat's click before the test calls it stuck."""
LATE = 90.0
"""Seconds a seat's page may take to offer its moves once every page has caught up with the table."""
CLICK = 15_000
"""Milliseconds a click waits for its button: a button the table took away meanwhile never comes back."""
PICK_A_CARD = 0.5
"""How often a seat clicks a card first (then one of that card's moves) when its hand offers one."""
Secrets = Callable[[Any, int], tuple[set[int], set[str]]]
"""The cards ``seat`` may not see in a state, and the words that would give them away."""

PAGE_WORDS = """() => [document.body.textContent,
  ...[...document.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label")),
  ...[...document.querySelectorAll("[title]")].map((e) => e.getAttribute("title"))].join("\\n")"""
"""Everything a page says: its text, and the labels and tooltips a screen reader or a mouse finds."""
CAUGHT_UP = """([v, buttons]) => Number(document.querySelector('.table-head')?.dataset.version) >= v
  && Number(document.querySelector('.controls')?.dataset.version) >= v
  && !document.querySelector('.controls button.move[disabled]')
  && [1 + Number(document.querySelector('.controls')?.dataset.moves || 0),
    document.querySelectorAll(buttons).length, document.documentElement.scrollWidth]"""
"""Truthy once the page has caught up with version ``v``: one more than the moves it offers (listed, or
reached through the cards of the hand), how many of the ``buttons`` it shows, and how wide it is drawn
(a page wider than the screen scrolls sideways)."""
DRAWN = ".board [data-card]:not(.raw [data-card])"
"""The cards the game's renderer draws (the raw data tree below it numbers candidates too)."""
CARD_IDS_OF = "cards => cards.map(c => Number(c.dataset.card))"
MOVES = ".controls button.move, .ct-map button.target[data-command]"
"""A move a tap makes: a button of the list, or a lit state (a long list leaves the map's to the map)."""
BUTTONS = ".controls button.move, .controls button.choose, .controls button.more"
"""The buttons of a move list (its moves, its choosers, its "More moves")."""
MOST_BUTTONS = 30
HAND = ".dock .own-hand button[data-card]"
"""The viewer's hand, in the table's dock."""
COMMANDS_OF = "buttons => buttons.map(b => JSON.parse(b.dataset.command))"
MOVED = """v => { const now = Number(document.querySelector('.table-head')?.dataset.version);
  return now > v && now; }"""
"""The page's version once it is past ``v`` (never 0, so always truthy then)."""
AROUND = 120
"""Characters of a page's words kept each side of a secret's every occurrence: more than the longest card
name, so a name holding the secret ("Think Tank Endowment") is whole in the snippet around it."""
AUDIT = f"""([records, words]) => {{
  const html = document.documentElement.outerHTML, kept = JSON.stringify(Object.assign({{}}, localStorage));
  const said = ({PAGE_WORDS})(), snippets = [];
  for (const word of words) {{
    for (let at = said.indexOf(word); at >= 0; at = said.indexOf(word, at + 1)) {{
      const from = Math.max(0, at - {AROUND});
      snippets.push([word, said.slice(from, at + word.length + {AROUND}), at - from]);
    }}
  }}
  return [records.filter((value) => html.includes(value) || kept.includes(value)),
    [...document.querySelectorAll('{DRAWN}')].map((c) => Number(c.dataset.card)), snippets,
    ['.table-head', '.controls'].map((part) => document.querySelector(part)?.dataset.version)];
}}"""
"""One call that searches a page where it is: the record's secrets in its whole DOM and what it keeps
(``localStorage``), the cards it draws, each occurrence of a secret word in its words with the words
around it (which ``secret_at`` reads as ``shown_secrets`` reads a whole text), and the versions its
heading and its moves are drawn at (for a failure's message); sending each page's whole
DOM and text to the test after every move cost Chromium more CPU than the game."""
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
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (hit === e || e.contains(hit) || hit.contains(e));
}"""
"""True when the element is wholly on the screen, inside every box that scrolls around it, and a tap
on its centre reaches it (no bar lies over it)."""
IN_VIEW_SHARE = 0.9
"""Issue 48: at least this share of a phone game's taps find what they tap, and the card it plays, in
view without a scroll."""
OFFERED = """([moves, hand]) => [
  [...document.querySelectorAll(moves)].map((b) => JSON.parse(b.dataset.command)),
  [...document.querySelectorAll(hand)].map((c) => Number(c.dataset.card)),
  !!document.querySelector('.controls .elsewhere'),
  Number(document.querySelector('.controls')?.dataset.moves || 0)]"""
"""A page's moves (each button's command), the cards of ``hand`` (a selector), whether its long list
leaves the cards' moves to the cards, and how many moves it offers in all (listed or through the cards):
one look, as the page shows them at one moment. A page that offers none dims no card (nothing is
playable, nor refused: it is not the seat's turn), so a card it draws undimmed is no move then."""
ANY_IN_VIEW = f"""(cards) => !cards.length || cards.some({IN_VIEW})"""
"""Whether some copy of a card is in view (or none is drawn at all)."""


LISTED_OR_MOVED = """v => [...document.querySelectorAll('.controls button.linkish')]
    .some((b) => b.textContent.toLowerCase().includes('show all')) ? 'listed'
  : Number(document.querySelector('.table-head')?.dataset.version) > v && 'moved'"""
"""After a tap on a card of the hand: ``listed`` once the page lists that card's moves (its "Show all"
link back to every move), ``moved`` when the table moved on first."""


def listed_or_moved(each: Player, tap: Callable[[], None]) -> bool:
    """Tap a card of ``each``'s hand; True once its page lists the card's moves, False when the table
    moved on under the tap (a window closed by a seat's standing pass, a referee), which a busy machine
    makes likelier: the caller then reads the page again rather than waiting for a list that is gone."""
    before = each.version()
    tap()
    return settled(each.page, LISTED_OR_MOVED, before) == "listed"


def settled(page: Any, predicate: str, arg: Any) -> Any:
    """The truthy value ``predicate(arg)`` has on ``page``: read in one look when it already holds (as
    it mostly does by the time a test asks), else waited for. Each look at a page is a round trip
    through Playwright to Chromium's page and back: the whole games spent most of Chromium's CPU on
    them, not on the pages."""
    found = page.evaluate(predicate, arg)
    return found or page.wait_for_function(predicate, arg=arg, polling=POLL).json_value()


def _unique(hidden: Iterable[int], everything: Iterable[int], word: Callable[[int], str]) -> set[str]:
    """The words of hidden cards that no card outside them shares (two copies of a name give away
    nothing when one is on the table)."""
    hidden = set(hidden)
    shown = {word(card) for card in set(everything) - hidden}
    return {word(card) for card in hidden} - shown


PACS_NAMES = {pacs_name(card) for card in (*CARD_IDS, *LEADER_IDS, *EVENT_IDS, *INVESTMENT_IDS)}
TRAIL_NAMES = {card.title for card in TRAIL_CARDS.values()} | {candidate.name for candidate in CANDIDATES}
LONGEST_FIRST = sorted(PACS_NAMES | TRAIL_NAMES, key=len, reverse=True)
"""Every name a card may print: a secret inside a longer name ("Think Tank" in "Think Tank
Endowment") is not that secret."""


def pacs_secrets(state: Any, seat: int) -> tuple[set[int], set[str]]:
    """Super PACS: others' hands, sneaked cards and leader offers (so a pick before the reveal), the
    decks, the leaders' box and the investment pile, by card name."""
    others = [other for other in range(state.seat_count) if other != seat]
    hidden = {*state.deck, *state.box, *state.investment_pile, *state.event_pool}
    for other in others:
        hidden |= {*state.hands[other], *state.sneaked[other]}
        if state.offers:
            hidden |= set(state.offers[other])
    hidden -= {leader for leader in state.leaders if leader >= 0}
    return hidden, _unique(hidden, pacs_cards(state), pacs_name)


def _trail_word(card: int) -> str:
    return TRAIL_CARDS[card].title


def trail_secrets(state: Any, seat: int) -> tuple[set[int], set[str]]:
    """Campaign Trail: others' hands and dealt candidates, and the month decks (by title and by
    ``#number``; numbers are unique, so a hidden number is a secret whatever the titles)."""
    if isinstance(state, Finished):
        return set(), set()
    others = [other for other in range(state.seat_count) if other != seat]
    hidden = {card for deck in state.decks for card in deck}
    hidden |= {card for other in others for card in state.hands[other]}
    words = _unique(hidden, TRAIL_CARDS, _trail_word) | {f"#{card}" for card in hidden}
    if isinstance(state, Drafting):
        kept = {candidate for candidate in state.kept if candidate >= 0}
        offered = {candidate for other in others for candidate in state.offers[other]} - kept
        words |= _unique(offered | set(state.box), range(len(CANDIDATES)), lambda c: CANDIDATES[c].name)
    return hidden, words


def note_figures(game: str, figures: str) -> None:
    """Print a phone game's figures and keep them beside the screenshots (``figures-GAME.txt``), so a run
    on several workers (whose output pytest keeps) still leaves them for the closing note."""
    print(f"\n{game}: {figures}")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"figures-{game}.txt").write_text(figures + "\n")


def view_secrets(service: Tables, game_id: str) -> Secrets:
    """Hidden cards by id, for a game whose cards have no unique names: those the omniscient view holds
    and the seat's own view does not, and never did at any version (the last card of a trick is face up
    for one version before the trick is taken; a page may still draw it where it was played)."""
    seen: dict[int, set[int]] = {}
    upto = [0]

    def secrets(state: Any, seat: int) -> tuple[set[int], set[str]]:
        table = service.store.load(game_id)
        game = table.game
        for version in range(upto[0] + 1, table.version + 1):
            past = service.store.load(game_id, version).game_state
            for each in range(len(table.state.seat_names)) if past is not None else ():
                seen.setdefault(each, set()).update(card_ids(to_builtins(game.view(past, Seat(each)))))
        upto[0] = max(upto[0], table.version)
        everything = card_ids(to_builtins(game.view(state, OMNISCIENT)))
        return everything - seen.get(seat, set()), set()

    return secrets


def reason_for_a_dimmed_card(seats: dict[int, Player], movers: list[int]) -> str | None:
    """The reason a mover's page gives for a card it cannot play, clicked in the dock (if any)."""
    for seat in movers:
        page = seats[seat].page
        dimmed = page.locator(".dock .own-hand button.unplayable")
        if dimmed.count():
            assert "cannot be played now" in (dimmed.first.text_content() or "")
            dimmed.first.click()
            return (page.text_content(".dock .notice") or "").strip()
    return None


def secret_at(words: str, at: int, secret: str, secrets: set[str]) -> bool:
    """Whether the ``secret`` found at ``at`` in a page's words gives it away: a whole word (``#12`` not
    ``#123``), not inside a longer card name that is no secret ("Think Tank" in "Think Tank Endowment")."""
    end = at + len(secret)
    if re.match(r"[\w#]", words[at - 1 : at]) or re.match(r"\w", words[end : end + 1]):
        return False
    for longer in LONGEST_FIRST:
        if len(longer) > len(secret) and secret in longer and longer not in secrets:
            start = words.find(longer, max(0, end - len(longer)))
            while 0 <= start <= at:
                if start + len(longer) >= end:
                    return False
                start = words.find(longer, start + 1)
    return True


def shown_secrets(words: str, secrets: set[str]) -> dict[str, str]:
    """The secrets found in a page's words, each with the words around it (see ``secret_at``)."""
    found = {}
    for secret in secrets:
        at = words.find(secret)
        while at >= 0 and secret not in found:
            if secret_at(words, at, secret, secrets):
                found[secret] = words[max(0, at - 80) : at + len(secret) + 80]
            at = words.find(secret, at + 1)
    return found


def record_secrets(table: Any) -> list[str]:
    """What the record keeps secret until the end: the table's secret, its salt key and every salt so far."""
    salts = [record.salt(table.salt_key, version).hex() for version in range(1, table.version + 1)]
    return [table.secret, table.salt_key, *salts]


def sit_by_seat_links(
    make: Callable[..., Player], names: list[str], game_id: str, tokens: list[str]
) -> dict[int, Player]:
    """Each name opens its own private seat link (``#seat=TOKEN``) in a browser of its own."""
    seats = {}
    for seat, (who, token) in enumerate(zip(names, tokens, strict=True)):
        each = make(who)
        each.open(f"/games/{game_id}#seat={token}")
        each.page.wait_for_selector(".table-head .mine")
        assert each.seat(game_id)["seat"] == seat and token not in each.page.url
        seats[seat] = each
    return seats


def card_of(command: dict[str, Any]) -> int | None:
    """The card a move button's command plays (a sneak names its first card), as the renderers say."""
    if command.get("type") == "Sneak":
        return int(command["cards"][0])
    card = command.get("card")
    return card if isinstance(card, int) and not isinstance(card, bool) else None


@dataclass
class Match:
    """A game in progress at some pages, and what was seen on the way."""

    seats: dict[int, Player]
    service: Tables
    game_id: str
    secrets: Secrets
    rng: random.Random
    version: int = 0
    commands: int = 0
    checked: int = 0
    picked_cards: int = 0
    moved_on: int = 0
    """Times the table moved on by itself while a seat was choosing (its moves left the page)."""
    late: int = 0
    """Times no page offered a move at first though the table waited for a seat (see ``waited_for``)."""
    most_buttons: int = 0
    """The most move buttons any page showed at once."""
    sent: list[dict[str, Any]] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)
    state: Any = None
    moves: dict[int, int] = field(default_factory=dict)
    """Each seat's commands sent from its page."""
    hand_passes: dict[int, int] = field(default_factory=dict)
    """Each seat's passes made by hand (a ``Pass`` tapped on its page; the referee's are not counted)."""
    widths: dict[int, int] = field(default_factory=dict)
    """Each seat's page's width as drawn when it last caught up (its ``scrollWidth``)."""

    def catch_up(self) -> None:
        """Every page has caught up with the match's version; notes which offer moves and how wide each
        is drawn, and that none shows more than ``MOST_BUTTONS`` move buttons at once (issue 48)."""
        self.movers = []
        for seat, each in self.seats.items():
            offered, shown, self.widths[seat] = settled(each.page, CAUGHT_UP, [self.version, BUTTONS])
            if offered > 1:
                self.movers.append(seat)
            self.most_buttons = max(self.most_buttons, shown)
            assert shown <= MOST_BUTTONS, f"{each.name}'s page shows {shown} move buttons at once"

    def audit(self) -> None:
        """No page draws a card its seat may not see, nor shows a word that would give one away; and no
        page, nor what it keeps (its signed heads), holds the table's secret or a salt of its chain."""
        table = self.service.store.load(self.game_id)
        self.state = table.game_state
        hidden = record_secrets(table.state)
        for seat, each in self.seats.items():
            cards, words = self.secrets(self.state, seat)
            found, shown, snippets, drawn_at = each.page.evaluate(AUDIT, [hidden, sorted(words)])
            at = f"at version {table.version} (heading, moves at {drawn_at}; the match at {self.version})"
            assert not found, f"{each.name}'s page holds the record's secrets {at}"
            drawn = set(shown) & cards
            assert not drawn, f"{each.name}'s page draws hidden {sorted(drawn)} {at}"
            leaked = {word: text for word, text, at in snippets if secret_at(text, at, word, words)}
            assert not leaked, f"{each.name}'s page shows {leaked} {at}"
            self.checked += len(cards)

    def pages(self) -> dict[str, Any]:
        """What each page says of itself (its heading, notices and moves), for a failure's message."""
        return {
            each.name: each.page.evaluate(
                """() => [document.querySelector('.table-head')?.textContent,
                  [...document.querySelectorAll('.notice')].map((n) => n.textContent),
                  document.querySelector('.controls')?.dataset.moves]"""
            )
            for each in self.seats.values()
        }

    def waited_for(self) -> bool:
        """No page offers a move: whether the table still waits for a seat, whose page then offers its
        moves within ``LATE`` seconds (a page reads the table again on each change it hears of); a
        page that never does fails the test with what each page shows."""
        deadline = time.monotonic() + LATE
        while waiting := sorted(self.service.store.load(self.game_id).to_act):
            time.sleep(0.2)
            self.version = max(each.version() for each in self.seats.values())
            self.catch_up()
            if self.movers:
                self.late += 1
                return True
            overdue = time.monotonic() > deadline
            assert not overdue, f"seats {waiting} are to act and no page offers a move: {self.pages()}"
        return False

    def begin(self) -> Match:
        self.catch_up()
        self.audit()
        return self

    def click_a_move(self, each: Player) -> dict[str, Any] | None:
        """Click a card that some move plays and then one of its moves, or a move button outright."""
        page = each.page
        commands, drawn, elsewhere, _ = page.evaluate(OFFERED, [MOVES, HAND])
        hand = set(drawn)
        playable = sorted({card for card in map(card_of, commands) if card in hand})
        if elsewhere:  # a long list leaves the cards' moves to the cards
            playable = sorted(page.eval_on_selector_all(f"{HAND}:not(.unplayable)", CARD_IDS_OF))
        if playable and (not commands or self.rng.random() < PICK_A_CARD):
            card = self.rng.choice(playable)
            if not listed_or_moved(each, lambda: page.click(f".own-hand button[data-card='{card}']")):
                return None  # the table moved on under the tap
            self.picked_cards += 1
            commands = page.eval_on_selector_all(MOVES, COMMANDS_OF)
        if chose_a_chooser(page, self.rng, len(commands)):
            return through_a_chooser(page, self.rng, lambda target: target.click(timeout=CLICK))
        if not commands:
            return None  # the table moved on under the click (a referee closed an overdue window)
        index = self.rng.randrange(len(commands))
        try:
            page.locator(MOVES).nth(index).click(timeout=CLICK)
        except PlaywrightTimeoutError:
            if page.eval_on_selector_all(MOVES, COMMANDS_OF) == commands:
                raise  # the move is still offered: the page would not take the click
            return None  # the table moved on between reading the moves and the click
        return commands[index]  # type: ignore[no-any-return]

    def step(self) -> bool:
        """One command clicked by a seat whose page offers moves, then every page catches up and is
        audited; False once no page offers any, which must be because the table waits for nobody."""
        if not self.movers and not self.waited_for():
            return False
        seat = self.rng.choice(self.movers)
        mover = self.seats[seat]
        command = self.click_a_move(mover)
        if command is None:
            self.moved_on += 1
            assert self.moved_on <= MOVED_ON, f"{mover.name}'s page keeps losing its moves"
            self.version = max(each.version() for each in self.seats.values())
            self.catch_up()
            self.audit()
            return True
        self.sent.append(command)
        self.moves[seat] = self.moves.get(seat, 0) + 1
        self.hand_passes[seat] = self.hand_passes.get(seat, 0) + (command.get("type") == "Pass")
        self.version = settled(mover.page, MOVED, self.version)
        self.commands += 1
        self.catch_up()
        self.audit()
        return True


@dataclass
class Tapped(Match):
    """A match tapped on phones: each tap is noted as in view or not first (what it taps, and the card
    its move plays, wherever that card is drawn)."""

    taps: int = 0
    scrolled: int = 0
    missed: list[str] = field(default_factory=list)
    """Where a tap needed a scroll: the version and what was out of view."""

    def tap(self, page: Any, target: Any, card: int | None = None) -> None:
        """Tap ``target``, noting first whether it (and ``card``, when its move plays one) is in view."""
        out = [] if target.evaluate(IN_VIEW) else ["the control"]
        if card is not None:
            drawn = f".dock [data-card='{card}'], {DRAWN}[data-card='{card}']"
            if not page.eval_on_selector_all(drawn, ANY_IN_VIEW):
                out.append(f"card {card}")
        self.taps += 1
        self.scrolled += bool(out)
        if out:
            self.missed.append(f"v{self.version}: {' and '.join(out)}")
        target.click(timeout=CLICK)

    def click_a_move(self, each: Player) -> dict[str, Any] | None:
        """As ``Match.click_a_move``, by taps, each noted."""
        page = each.page
        commands, playable, _, offered = page.evaluate(OFFERED, [MOVES, f"{HAND}:not(.unplayable)"])
        if not offered:
            return None  # the table moved on since the page was read: it offers this seat nothing now
        playable = sorted(playable)
        if playable and (not commands or self.rng.random() < PICK_A_CARD):
            card = self.rng.choice(playable)
            hand = page.locator(f".own-hand button[data-card='{card}']").first
            if not listed_or_moved(each, lambda: self.tap(page, hand)):
                return None  # the table moved on under the tap
            self.picked_cards += 1
            commands = page.eval_on_selector_all(MOVES, COMMANDS_OF)
        if chose_a_chooser(page, self.rng, len(commands)):
            return through_a_chooser(page, self.rng, lambda target: self.tap(page, target))
        if not commands:
            return None
        index = self.rng.randrange(len(commands))
        try:
            self.tap(page, page.locator(MOVES).nth(index), card_of(commands[index]))
        except PlaywrightTimeoutError:
            if page.eval_on_selector_all(MOVES, COMMANDS_OF) == commands:
                raise
            return None
        return commands[index]  # type: ignore[no-any-return]

    def figures(self) -> str:
        """What the closing note reports for a phone game."""
        share = 1 - self.scrolled / max(1, self.taps)
        per_seat = ", ".join(
            f"seat {seat + 1} {self.hand_passes.get(seat, 0)} of {self.moves.get(seat, 0)}"
            for seat in sorted(self.seats)
        )
        return (
            f"{self.commands} commands, {self.taps} taps, {self.scrolled} needing a scroll"
            f" ({share:.1%} in view), most buttons at once {self.most_buttons}, passes by hand {per_seat}"
        )

    def assert_in_view(self) -> None:
        share = 1 - self.scrolled / max(1, self.taps)
        assert share >= IN_VIEW_SHARE, f"{self.scrolled} of {self.taps} taps needed a scroll: {self.missed}"
