"""A card played from the hand flies to where it lands (the trick, the slush fund), unless the player
asked for reduced motion; and the tables mid-game, and the replay mid-game, pass the accessibility check."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.browser.access import serious_violations
from tests.browser.players import POLL, Player, open_table, summary
from tests.support.server import Served

pytestmark = pytest.mark.browser

WATCH_FLIGHTS = """
window.__flights = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__flights.push(this.dataset.card || this.className || this.tagName);
  return animate.apply(this, args);
};
"""
"""Notes every Web Animations API animation a page starts (the flights; CSS animations are apart)."""


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _legal(base: str, game_id: str, token: str) -> list[dict[str, Any]]:
    return httpx.get(f"{base}/api/games/{game_id}/legal", headers=_auth(token)).json()["commands"]  # type: ignore[no-any-return]


def _card_with_one_move(base: str, game_id: str, tokens: list[str], rng: random.Random) -> tuple[int, int]:
    """Random play through the API until the seat to act holds a card only one move plays: both."""
    for _ in range(100):
        seat = summary(base, game_id)["to_act"][0]
        legal = _legal(base, game_id, tokens[seat])
        cards = [command.get("card") for command in legal if command["type"] == "PlayCard"]
        single = next((card for card in cards if card is not None and cards.count(card) == 1), None)
        if single is not None:
            return seat, single
        sent = httpx.post(
            f"{base}/api/games/{game_id}/commands", json=rng.choice(legal), headers=_auth(tokens[seat])
        )
        assert sent.status_code == 200, sent.text
    raise AssertionError("no card with a single move came up")


def _seated(
    make: Callable[..., Player], name: str, game_id: str, seat: int, token: str, *, calm: bool
) -> Player:
    each = make(name, motion=True)
    if calm:
        each.page.emulate_media(reduced_motion="reduce")
    each.page.add_init_script(WATCH_FLIGHTS)
    each.keep_seat(game_id, {"seat": seat, "token": token, "name": name})
    each.open(f"/games/{game_id}")
    each.page.wait_for_selector(".own-hand button.card")
    return each


def _flights(each: Player) -> list[str]:
    return each.page.evaluate("window.__flights")  # type: ignore[no-any-return]


def test_a_card_flies_to_the_trick_but_not_for_a_player_who_asked_for_reduced_motion(
    player: Callable[..., Player], server: Served
) -> None:
    """Politrickers: the calm player's card simply appears on the trick; the next player's flies there."""
    base, names = server.base, ["Ann", "Bob", "Cy"]
    game_id, tokens = open_table(base, "politrickers", names, "flying")
    rng = random.Random(3)

    seat, card = _card_with_one_move(base, game_id, tokens, rng)
    calm = _seated(player, names[seat], game_id, seat, tokens[seat], calm=True)
    calm.page.dblclick(f".own-hand button.card[data-card='{card}']")
    calm.page.wait_for_selector(f".board [data-card='{card}'].last-move")
    assert _flights(calm) == [] and calm.page.evaluate("document.getAnimations().length") == 0

    seat, card = _card_with_one_move(base, game_id, tokens, rng)
    moving = _seated(player, names[seat], game_id, seat, tokens[seat], calm=False)
    moving.page.dblclick(f".own-hand button.card[data-card='{card}']")
    moving.page.wait_for_selector(f".board [data-card='{card}'].last-move")
    assert str(card) in _flights(moving)  # the card that landed on the trick is the one that flew
    assert summary(base, game_id)["status"] == "playing"
    assert not (found := serious_violations(moving.page)), found  # mid-trick
    moving.shot("politrickers-a-card-flew-to-the-trick")


def test_a_stashed_card_flies_to_the_slush_fund_and_the_table_and_replay_mid_game_pass_axe(
    player: Callable[..., Player], server: Served
) -> None:
    """Slush Fund 2: after drawing, the stashed card leaves the hand for the slush fund in flight; the
    table mid-game and the replay at a version mid-game have no serious accessibility violation."""
    base = server.base
    game_id, tokens = open_table(base, "slush-fund-2", ["Ann", "Bob"], "flying")
    rng = random.Random(11)
    for _ in range(12):  # a few turns through the API first: money on the politicians
        seat = summary(base, game_id)["to_act"][0]
        httpx.post(
            f"{base}/api/games/{game_id}/commands", json=rng.choice(_legal(base, game_id, tokens[seat])),
            headers=_auth(tokens[seat]),
        ).raise_for_status()  # fmt: skip
    state = summary(base, game_id)
    seat = state["to_act"][0]
    while "DrawCards" not in {c["type"] for c in _legal(base, game_id, tokens[seat])}:
        legal = [
            c for c in _legal(base, game_id, tokens[seat]) if c["type"] not in {"RequestTakeBack", "TakeBack"}
        ]
        httpx.post(
            f"{base}/api/games/{game_id}/commands", json=rng.choice(legal), headers=_auth(tokens[seat])
        ).raise_for_status()
        seat = summary(base, game_id)["to_act"][0]
    name = ["Ann", "Bob"][seat]
    each = player(name, motion=True)
    each.page.add_init_script(WATCH_FLIGHTS)
    each.keep_seat(game_id, {"seat": seat, "token": tokens[seat], "name": name})
    each.open(f"/games/{game_id}")
    each.page.click("button.move[data-command*='DrawCards']")
    each.page.wait_for_selector("button.move[data-command*='StashInSlushFund']")
    stash = each.page.locator("button.move[data-command*='StashInSlushFund']").first
    card = str(json.loads(stash.get_attribute("data-command") or "{}")["card"])
    stash.click()
    each.page.wait_for_selector(f".own-hand [data-card='{card}']", state="detached")
    each.page.wait_for_function("() => window.__flights.length > 0", polling=POLL)
    assert summary(base, game_id)["status"] == "playing"
    assert not (found := serious_violations(each.page)), found
    each.shot("slush-fund-2-mid-game-after-a-stash")

    middle = summary(base, game_id)["version"] // 2
    each.open(f"/games/{game_id}/replay?v={middle}")
    each.page.wait_for_selector(f".board[data-version='{middle}']")
    assert not (found := serious_violations(each.page)), found
    each.shot("replay-mid-game")


def _until_offered(base: str, game_id: str, tokens: list[str], wanted: str, rng: random.Random) -> int:
    """Random play through the API until the seat to act is offered a ``wanted`` command: that seat."""
    for _ in range(200):
        seat = summary(base, game_id)["to_act"][0]
        legal = [c for c in _legal(base, game_id, tokens[seat]) if "TakeBack" not in c["type"]]
        if any(c["type"] == wanted for c in legal):
            return int(seat)
        httpx.post(
            f"{base}/api/games/{game_id}/commands", json=rng.choice(legal), headers=_auth(tokens[seat])
        ).raise_for_status()
    raise AssertionError(f"{wanted} was never offered")


@pytest.mark.parametrize(
    ("game", "wanted", "hand"),
    [("campaign-trail", "PlayCard", ".dock-hand"), ("super-pacs", "Sneak", ".dock-hand")],
)
def test_a_card_played_from_the_hand_flies_to_the_map_or_the_coalition(
    player: Callable[..., Player], server: Served, game: str, wanted: str, hand: str
) -> None:
    """Campaign Trail: a card played flies to the map (as a ghost: the map shows no card); Super PACS: a
    faction sneaked in flies to the coalition. The ghost leaves the page once it has landed."""
    base, names = server.base, ["Ann", "Bob", "Cy"]
    game_id, tokens = open_table(base, game, names, "flying")
    seat = _until_offered(base, game_id, tokens, wanted, random.Random(4))
    each = player(names[seat], motion=True)
    each.page.add_init_script(WATCH_FLIGHTS)
    each.keep_seat(game_id, {"seat": seat, "token": tokens[seat], "name": names[seat]})
    each.open(f"/games/{game_id}")
    each.page.wait_for_selector(f"{hand} [data-card]")
    if wanted == "Sneak":  # a sneak is picked card by card, then confirmed (issue 48)
        each.page.click(".controls button.choose")
        each.page.locator(".own-hand button.card:not(.unplayable)").first.click()
        each.page.wait_for_selector(".chooser button.confirm[data-command]")
    move = each.page.locator(
        f'button.move[data-command*=\'"type":"{wanted}"\'], .chooser button.confirm[data-command]'
    ).first
    sent = json.loads(move.get_attribute("data-command") or "{}")
    card = sent.get("card", (sent.get("cards") or [None])[0])
    move.click()  # the card leaves the hand (a Campaign Trail hand is refilled: count the card, not the hand)
    each.page.wait_for_selector(f"{hand} [data-card='{card}']", state="detached")
    each.page.wait_for_function("() => window.__flights.length > 0", polling=POLL)
    each.page.wait_for_function(
        "() => !document.querySelector('body > [aria-hidden=true]')", polling=POLL
    )  # landed
    each.shot(f"{game}-a-card-flew")
