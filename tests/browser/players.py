"""A player at a browser page, the API calls tests make beside the pages, and the hidden-card check."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import httpx
import msgspec
from playwright.sync_api import Error as PlaywrightError

from api.service.application import Tables
from domain.seats import OMNISCIENT, SPECTATOR, Seat

POLL = 50
"""Milliseconds between a wait's looks at a page (``polling=POLL``). Playwright's default looks at every
animation frame, which makes Chromium draw frames for as long as a page waits: 1.3 s of Chromium's CPU
over 5 s of waiting on an empty page, against 0.07 s looking every 50 ms; the suite's pages wait for each
other after every move."""

CARD_KEYS = {"card", "cards", "known", "deck_top", "journalists", "set_aside_face_up"}
"""Where the two games' views hold card ids."""


class Player:
    """One person in one browser context: a page, and what the page reported going wrong."""

    def __init__(self, name: str, page: Any, base: str, artifacts: Path) -> None:
        self.name = name
        self.page = page
        self.base = base
        self.artifacts = artifacts
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", self._console)

    def _console(self, message: Any) -> None:
        # A 404 for a route this server lacks is how the pages learn to fall back; anything else counts.
        if message.type == "error" and "404" not in message.text:
            self.errors.append(message.text)

    def forgive(self, status: int) -> None:
        """Drop the console's notes of responses with ``status`` that the test made happen on purpose."""
        self.errors[:] = [error for error in self.errors if f"status of {status}" not in error]

    def open(self, path: str) -> None:
        self.page.goto(self.base + path)

    def shot(self, name: str, full_page: bool = True) -> Path:
        """Save a screenshot (``full_page=False``: what the screen shows, fixed bars where they sit)."""
        path = self.artifacts / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=full_page)
        return path

    def in_view(self, selector: str) -> bool:
        """True when the element is drawn wholly inside the screen as it is scrolled now."""
        box = self.page.locator(selector).first.bounding_box()
        size = self.page.viewport_size
        return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1

    def seat(self, game_id: str) -> dict[str, Any]:
        kept = self.kept_seat(game_id)
        assert kept, f"{self.name} holds no seat at {game_id}"
        return kept

    def kept_seat(self, game_id: str) -> dict[str, Any] | None:
        """The seat this page keeps at ``game_id``, or ``None`` while it keeps none (yet: a seat link
        is taken after the page has loaded)."""
        kept = self.page.evaluate("id => localStorage.getItem('backroom.seat.' + id)", game_id)
        return json.loads(kept) if kept else None

    def keep_seat(self, game_id: str, seat: dict[str, Any]) -> None:
        """Hold ``seat`` in this browser, as if this player had joined from it."""
        key, kept = json.dumps(f"backroom.seat.{game_id}"), json.dumps(json.dumps(seat))
        self.page.context.add_init_script(f"localStorage.setItem({key}, {kept})")

    def shown_cards(self) -> set[int]:
        """Every card id the page's DOM draws."""
        found = self.page.eval_on_selector_all(
            "[data-card]", "cards => cards.map(c => Number(c.dataset.card))"
        )
        return set(found)

    def version(self) -> int:
        return int(self.page.get_attribute(".table-head", "data-version") or 0)

    def wait_version(self, version: int) -> None:
        self.page.wait_for_function(
            "v => Number(document.querySelector('.table-head')?.dataset.version) >= v",
            arg=version,
            polling=POLL,
        )

    def play_any(self, rng: random.Random) -> dict[str, Any]:
        """Click one of the move buttons at random (on a phone whose list leaves them to the cards, a card
        first); returns the command it sent.

        A live update (a bot's or another seat's move) may redraw the buttons between looking and
        clicking: as a person would, it looks again at what the page offers then.
        """
        for attempt in range(5):
            self.page.wait_for_selector(f"button.move:not([disabled]), .controls .via-cards, {CHOOSER}")
            if chose_a_chooser(self.page, rng, self.page.locator("button.move:not([disabled])").count()):
                return through_a_chooser(self.page, rng, lambda target: target.click(timeout=30_000))
            if not self.page.locator("button.move:not([disabled])").count():  # on a phone: through a card
                cards = self.page.locator(PLAYABLE)
                if not cards.count():  # the page is between two updates: look again once it has drawn
                    self.page.wait_for_selector(f"button.move:not([disabled]), {PLAYABLE}")
                    continue
                cards.nth(rng.randrange(cards.count())).click()
                self.page.wait_for_selector("button.move:not([disabled])")
            buttons = self.page.query_selector_all("button.move:not([disabled])")
            if not buttons:
                continue
            choice = rng.choice(buttons)
            try:
                command: dict[str, Any] = json.loads(choice.get_attribute("data-command") or "{}")
                choice.click(timeout=30_000)
            except PlaywrightError as error:
                if "not attached" not in str(error) or attempt == 4:
                    raise
                continue
            return command
        raise AssertionError("the page offered no move to click")


PLAYABLE = ".dock .own-hand button[data-card]:not(.unplayable)"
"""A card of the own hand that some move plays (on a phone, its moves are reached through it)."""
CHOOSER = ".controls button.choose[data-own]:not([disabled])"
"""A chooser that draws its own parts (a mudslinging's issues), picked one by one then confirmed."""
PART = ".controls .chooser button.part"


def chose_a_chooser(page: Any, rng: random.Random, buttons: int) -> bool:
    """Whether to open one of the page's choosers rather than click one of its ``buttons`` other moves:
    always when there are none, else as one choice among them all."""
    choosers = page.locator(CHOOSER).count()
    return choosers > 0 and rng.randrange(choosers + buttons) < choosers


def through_a_chooser(page: Any, rng: random.Random, tap: Callable[[Any], None]) -> dict[str, Any]:
    """Open one of the page's choosers, tap its parts one by one (some that may join, at random) until
    the confirm names a move and a coin says stop, then confirm; returns the command it sent."""
    choosers = page.locator(CHOOSER)
    tap(choosers.nth(rng.randrange(choosers.count())))
    page.wait_for_selector(".controls .chooser button.confirm")
    confirm = page.locator(".controls .chooser button.confirm")
    for chosen in range(1, 100):
        free = page.locator(f"{PART}:not(.unplayable)[aria-pressed='false']")
        if confirm.is_enabled() and (not free.count() or rng.random() < 0.5):
            break
        tap(free.nth(rng.randrange(free.count())))
        page.wait_for_function(
            f"n => document.querySelectorAll(\"{PART}[aria-pressed='true']\").length >= n",
            arg=chosen,
            polling=POLL,
        )
    command: dict[str, Any] = json.loads(confirm.get_attribute("data-command") or "{}")
    tap(confirm)
    return command


def summary(base: str, game_id: str) -> dict[str, Any]:
    response = httpx.get(f"{base}/api/games/{game_id}", timeout=5)
    response.raise_for_status()
    return response.json()  # type: ignore[no-any-return]


def open_table(
    base: str, game: str, players: Sequence[str], seed: str, options: dict[str, Any] | None = None
) -> tuple[str, list[str]]:
    """Open a table through the API with every seat named; its id and the tokens by seat."""
    asked = {"game": game, "players": list(players), "seed": seed, "options": options}
    response = httpx.post(f"{base}/api/games", json=asked)
    response.raise_for_status()
    body = response.json()
    tokens = sorted(body["tokens"], key=lambda entry: entry["seat"])
    return body["id"], [entry["token"] for entry in tokens]


def play_randomly(
    base: str, game_id: str, tokens: Sequence[str], rng: random.Random, limit: int = 2000
) -> None:
    """Send random legal commands through the API until the game is over."""
    with httpx.Client(base_url=base, timeout=10) as client:
        for _ in range(limit):
            state = client.get(f"/api/games/{game_id}").json()
            if state["status"] == "over":
                return
            if not state["to_act"]:  # not dealt yet (a pledge still to be revealed): look again
                time.sleep(0.05)
                continue
            seat = state["to_act"][0]
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = client.get(
                f"/api/games/{game_id}/legal", headers=auth, params={"min_version": state["version"]}
            )
            commands = legal.json()["commands"]
            sent = client.post(f"/api/games/{game_id}/commands", headers=auth, json=rng.choice(commands))
            assert sent.status_code in (200, 409), sent.text
    raise AssertionError(f"game {game_id} did not end in {limit} commands")


def card_ids(value: Any) -> set[int]:
    """Every card id in a view (as plain data)."""
    found: set[int] = set()

    def walk(item: Any, key: str | None) -> None:
        if isinstance(item, dict):
            for name, inner in item.items():
                walk(inner, name)
        elif isinstance(item, list | tuple):
            for inner in item:
                walk(inner, key)
        elif isinstance(item, int) and not isinstance(item, bool) and key in CARD_KEYS:
            found.add(item)

    walk(value, None)
    return found


def hidden_from(service: Tables, game_id: str, seat: int | None) -> set[int]:
    """The cards the omniscient view shows and ``seat``'s view (the spectator's for None) does not."""
    table = service.store.load(game_id)
    rules = table.game
    assert rules is not None
    everything = card_ids(msgspec.to_builtins(rules.view(table.game_state, OMNISCIENT)))
    viewer: Any = Seat(seat) if seat is not None else SPECTATOR
    seen = card_ids(msgspec.to_builtins(rules.view(table.game_state, viewer)))
    return everything - seen


def assert_nothing_hidden_shown(
    players: Iterable[tuple[Player, int | None]],
    service: Tables,
    game_id: str,
    seen: Callable[[int | None], set[int]] = lambda seat: set(),
) -> int:
    """No page draws a card its viewer may not see; returns how many hidden cards were checked.

    ``seen``: the cards a viewer's own view held at an earlier version (a page may still draw those
    where they were, as the last card of a trick before the trick is taken: no secret to that viewer)."""
    checked = 0
    for each, seat in players:
        hidden = hidden_from(service, game_id, seat) - seen(seat)
        leaked = each.shown_cards() & hidden
        assert not leaked, f"{each.name}'s page shows hidden cards {sorted(leaked)}"
        checked += len(hidden)
    return checked


def open_from_lobby(
    host: Player, game: str, seats: int | None = None, options: dict[str, str] | None = None
) -> tuple[str, str]:
    """``host`` opens a table in the lobby and sits down; the table's id and its join link."""
    host.open("/")
    host.page.select_option("#new-game", game)
    if seats is not None:
        host.page.fill("#new-seats", str(seats))
    if options:
        host.page.click("text=Table options")
        for name, value in options.items():
            field = host.page.locator(f"#option-{name}")
            if field.evaluate("e => e.tagName") == "SELECT":  # a seat, offered by place
                field.select_option(value)
            else:
                field.fill(value)
    host.page.fill("#new-name", host.name)
    host.page.click("text=Open the table and sit down")
    host.page.wait_for_url("**/games/*")
    link = host.page.input_value("#join-link")
    return link.rsplit("/", 1)[1], link


def join_by_link(guest: Player, link: str) -> None:
    """``guest`` follows the join link and takes a seat under its name."""
    guest.page.goto(link)
    guest.page.fill("#join-name", guest.name)
    guest.page.click("text=Take a seat")
    guest.page.wait_for_selector(".table-head .mine")


def wait_for_change(base: str, game_id: str, version: int, tries: int = 200) -> int:
    """The game's version once it has moved past ``version``."""
    for _ in range(tries):
        now = summary(base, game_id)["version"]
        if now > version:
            return int(now)
        time.sleep(0.05)
    raise AssertionError(f"the game stayed at version {version}")


def play_through_pages(
    seats: dict[int, Player], base: str, game_id: str, service: Tables, *, commands: int, rng: random.Random
) -> int:
    """Whoever is to act clicks a random move, ``commands`` times; after each, every page catches up
    over its stream and no page draws a card its seat may not see. Returns the hidden cards checked."""
    checked = 0
    held = Held(service, game_id)
    for _ in range(commands):
        before = summary(base, game_id)
        if before["status"] != "playing":
            break
        mover = seats[before["to_act"][0]]
        mover.wait_version(before["version"])
        mover.play_any(rng)
        after = wait_for_change(base, game_id, before["version"])
        for each in seats.values():
            each.wait_version(after)
        checked += assert_nothing_hidden_shown(
            [(each, seat) for seat, each in seats.items()], service, game_id, held.by
        )
    return checked


class Held:
    """The cards each viewer's own view has held at any version so far (read once a version)."""

    def __init__(self, service: Tables, game_id: str) -> None:
        self.service, self.game_id, self.upto = service, game_id, 0
        self.cards: dict[int | None, set[int]] = {}

    def by(self, seat: int | None) -> set[int]:
        table = self.service.store.load(self.game_id)
        rules = table.game
        assert rules is not None
        for version in range(self.upto + 1, table.version + 1):
            past = self.service.store.load(self.game_id, version).game_state
            viewers: list[int | None] = [*range(len(table.state.seat_names)), None]
            for viewer in viewers if past is not None else ():
                shown = rules.view(past, Seat(viewer) if viewer is not None else SPECTATOR)
                self.cards.setdefault(viewer, set()).update(card_ids(msgspec.to_builtins(shown)))
        self.upto = max(self.upto, table.version)
        return self.cards.get(seat, set())


def hidden_at(service: Tables, game_id: str, version: int, seat: int) -> set[int]:
    """The cards hidden from ``seat`` at ``version`` (shown to the omniscient viewer only)."""
    table = service.store.load(game_id)
    past = service.store.load(table.id, version)
    rules = past.game
    assert rules is not None
    everything = card_ids(msgspec.to_builtins(rules.view(past.game_state, OMNISCIENT)))
    return everything - card_ids(msgspec.to_builtins(rules.view(past.game_state, Seat(seat))))


def shown_version(page: Any) -> int:
    return int(page.text_content(".shown-version") or 0)


def board_at(page: Any, version: int) -> None:
    """Wait until the replay's board and its event list show ``version``."""
    page.wait_for_selector(f".board[data-version='{version}']")
    page.wait_for_selector(f".log-list li[data-version='{version}'][aria-current='true']")


def unlabelled_controls(page: Any) -> list[str]:
    """Buttons, inputs and selects that a screen reader could not name."""
    found: list[str] = page.eval_on_selector_all(
        "button, input, select",
        """controls => controls.filter(c => {
            const named = (c.getAttribute('aria-label') || c.textContent || '').trim();
            const labelled = c.id && document.querySelector(`label[for='${c.id}']`);
            return !named && !labelled && !c.closest('label') && c.type !== 'hidden';
        }).map(c => c.outerHTML.slice(0, 80))""",
    )
    return found
