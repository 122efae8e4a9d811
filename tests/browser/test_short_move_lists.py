"""Short choices (issue 48, item 2): no list offers more than 30 move buttons; Super PACS's sneak is
one button that opens a chooser, its factions picked card by card and then confirmed, the dimmed ones
saying why; Campaign Trail's steps over the map are left to the lit states, and a mudslinging's issues
are picked one by one, then confirmed."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from api.service.application import Tables
from domain.games.campaign_trail.state import Campaigning
from tests.browser.players import POLL, Player
from tests.browser.positions import opened, played_on, served
from tests.support.server import Served

pytestmark = pytest.mark.browser

BUTTONS = ".controls button.move, .controls button.choose, .controls button.more"
MOST = 30


def _legal(service: Tables, table: Any, seat: int) -> list[Any]:
    return [c for c in service.legal(table, seat) if "TakeBack" not in type(c).__name__]


def test_a_sneak_is_picked_card_by_card_then_confirmed_and_a_dimmed_card_says_why(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Where every pair of factions would be its own button, one "Sneak factions face down" opens a
    chooser: two factions tapped, the others dim and say a sneak takes at most two; confirming sends
    exactly the sneak of those two."""
    game_id, tokens = opened(service, "super-pacs", ["Ann", "Bob"], "short-lists")

    def many_sneaks(table: Any) -> bool:
        seat = min(table.to_act) if table.to_act else -1
        return seat >= 0 and sum(type(c).__name__ == "Sneak" for c in _legal(service, table, seat)) >= 10

    table = played_on(service, game_id, tokens, random.Random(2), until=many_sneaks)
    assert not table.over, "no seat was ever offered ten sneaks"
    served(server.base, game_id, table.version)
    seat = min(table.to_act)
    legal = _legal(service, table, seat)
    ann = player("Ann")
    ann.keep_seat(game_id, {"seat": seat, "token": tokens[seat], "name": "Ann"})
    ann.open(f"/games/{game_id}")
    ann.page.wait_for_selector(".controls button.choose")
    assert ann.page.locator(BUTTONS).count() <= MOST
    assert ann.page.locator(".controls button.move[data-command*='Sneak']").count() == 0
    assert len(legal) > ann.page.locator(BUTTONS).count()
    ann.page.click(".controls button.choose:has-text('Sneak factions face down')")
    ann.page.wait_for_selector(".controls .chooser")
    assert ann.page.is_disabled(".chooser button.confirm")
    factions = ann.page.locator(".own-hand button.card:not(.unplayable)")
    first, second = (factions.nth(i).get_attribute("data-card") for i in range(2))
    ann.page.click(f".own-hand button.card[data-card='{first}']")
    ann.page.click(f".own-hand button.card[data-card='{second}']")
    ann.page.wait_for_selector(".own-hand button.card.unplayable .why")
    why = ann.page.text_content(".own-hand button.card.unplayable .why") or ""
    assert "at most 2 cards" in why, why
    assert "Chosen:" in (ann.page.text_content(".chooser") or "")
    ann.shot("short-lists-sneak-chooser")
    ann.page.click(".chooser button.confirm")
    ann.page.wait_for_function(
        "v => Number(document.querySelector('.table-head')?.dataset.version) > v",
        arg=table.version,
        polling=POLL,
    )
    sneaked = set(service.store.load(game_id).game_state.sneaked[seat])
    assert {int(first or -1), int(second or -1)} <= sneaked, sneaked  # exactly the two picked, face down


def test_campaign_trail_leaves_the_map_s_moves_to_the_map_and_lists_at_most_thirty(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """A step with a move in most states (placing voters, travelling) would list seventy buttons: the
    list says to tap a lit state and keeps the rest, at most thirty, and a lit state still plays."""

    def crowded(table: Any) -> bool:
        return bool(table.to_act) and len(_legal(service, table, min(table.to_act))) > 2 * MOST

    for attempt in range(8):  # seeded games at domain speed until one crowds a step (most do)
        game_id, tokens = opened(service, "campaign-trail", ["Ann", "Dee"], f"short-lists-trail-{attempt}")
        table = played_on(service, game_id, tokens, random.Random(4), until=crowded)
        if not table.over:
            break
    assert not table.over, "no step of eight games offered sixty moves"
    served(server.base, game_id, table.version)
    seat = min(table.to_act)
    phone = player("Ann", phone=True)
    phone.keep_seat(game_id, {"seat": seat, "token": tokens[seat], "name": "Ann"})
    phone.open(f"/games/{game_id}")
    phone.page.wait_for_selector(".controls .elsewhere")
    assert "Tap a lit state on the board" in (phone.page.text_content(".controls .elsewhere") or "")
    assert phone.page.locator(BUTTONS).count() <= MOST
    lit = phone.page.locator(".ct-map button.target[data-command]")
    assert lit.count() > MOST
    phone.shot("short-lists-campaign-trail-map-moves", full_page=False)
    lit.first.click()
    phone.page.wait_for_function(
        "v => Number(document.querySelector('.table-head')?.dataset.version) > v",
        arg=table.version,
        polling=POLL,
    )


def _mudslings(service: Tables, table: Any) -> dict[int, list[tuple[int, ...]]]:
    """The seat to act's mudslinging plays, by card: the sets of issues each may pay for."""
    seat = min(table.to_act) if table.to_act else -1
    plays: dict[int, list[tuple[int, ...]]] = {}
    for command in _legal(service, table, seat) if seat >= 0 else []:
        if type(command).__name__ == "PlayCard" and command.issues:
            plays.setdefault(command.card, []).append(tuple(command.issues))
    return plays


def _capped(plays: list[tuple[int, ...]]) -> bool:
    """Whether a card's mudslinging may pay for fewer issues than it shows (its ethical voters run short)."""
    return max(map(len, plays)) < len({issue for issues in plays for issue in issues})


def test_a_mudslinging_s_issues_are_picked_one_by_one_then_confirmed_and_a_dimmed_one_says_why(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Where each set of a mudslinging's issues would be its own button, one "Mudslinging with #N"
    opens a chooser: issues tapped one by one until the ethically minded voters run short, the others
    dim and say why on their face; confirming sends exactly those issues."""

    def capped(table: Any) -> bool:
        return any(_capped(plays) for plays in _mudslings(service, table).values())

    # Seeded games at domain speed until a mudslinging is held back by its price: seed 3 gets there in
    # 143 moves (seeds 0-2 play whole games without), the later ones are spares should the rules change.
    for attempt in range(3, 11):
        game_id, tokens = opened(service, "campaign-trail", ["Ann", "Dee"], f"short-lists-mud-{attempt}")
        table = played_on(service, game_id, tokens, random.Random(5), until=capped)
        if not table.over:
            break
    assert not table.over, f"no seat of {attempt - 2} games held a mudslinging it could not pay in full"
    served(server.base, game_id, table.version)
    seat = min(table.to_act)
    card, plays = next((card, plays) for card, plays in _mudslings(service, table).items() if _capped(plays))
    most = max(map(len, plays))
    ann = player("Ann", phone=True)
    ann.keep_seat(game_id, {"seat": seat, "token": tokens[seat], "name": "Ann"})
    ann.open(f"/games/{game_id}")
    ann.page.wait_for_selector(f".controls button.choose:has-text('Mudslinging with #{card}')")
    assert ann.page.locator(BUTTONS).count() <= MOST
    listed = ann.page.eval_on_selector_all(
        ".controls button.move", "moves => moves.map((m) => JSON.parse(m.dataset.command))"
    )
    assert not [c for c in listed if c.get("issues")], "a set of issues is listed as its own button"
    ann.page.click(f".controls button.choose:has-text('Mudslinging with #{card}')")
    ann.page.wait_for_selector(".controls .chooser button.part")
    assert ann.page.is_disabled(".chooser button.confirm")
    for chosen in range(1, most + 1):
        ann.page.click(".chooser button.part[aria-pressed='false']:not(.unplayable)")
        ann.page.wait_for_function(
            "n => document.querySelectorAll(\".chooser button.part[aria-pressed='true']\").length === n",
            arg=chosen,
            polling=POLL,
        )
    why = ann.page.text_content(".chooser button.part.unplayable .why") or ""
    assert f"at most {most} issue" in why and "ethically minded" in why, why
    picked = sorted(
        map(
            int,
            ann.page.eval_on_selector_all(
                ".chooser button.part[aria-pressed='true']", "parts => parts.map((p) => p.dataset.part)"
            ),
        )
    )
    confirm = ann.page.text_content(".chooser button.confirm") or ""
    assert confirm.startswith(f"Play #{card}") and "mudslinging on" in confirm, confirm
    ann.shot("short-lists-mudslinging-chooser", full_page=False)
    ann.page.click(".chooser button.confirm")
    ann.page.wait_for_function(
        "v => Number(document.querySelector('.table-head')?.dataset.version) > v",
        arg=table.version,
        polling=POLL,
    )
    state = service.store.load(game_id).game_state
    assert isinstance(state, Campaigning) and card not in state.hands[seat]
    held, pending = state.window, state.pending
    paid = (held is not None and sorted(held.issues) == picked) or (
        pending is not None and pending.kind == "Mudslinging" and pending.pays == 2 * len(picked)
    )
    assert paid, (held, pending, picked)  # exactly the issues tapped
