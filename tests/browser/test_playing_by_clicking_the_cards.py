"""Playing as people expect to: the hand and the moves in reach on a phone, a card clicked and then
where it goes (or double-clicked), cards that cannot be played dimmed and explained, the last move
standing out, and no serious accessibility violation on any table."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.browser.access import serious_violations
from tests.browser.players import Player, open_table, summary
from tests.support.server import Served

pytestmark = pytest.mark.browser

SEED = "clicking"


def _card_of(command: dict[str, Any]) -> int | None:
    return 44 if command["type"] == "PlayMigration" else command.get("card")  # Migration is card 44


def _until_a_card_is_ruled_out(base: str, game_id: str, tokens: list[str], rng: random.Random) -> int:
    """Random legal play through the API until the seat to act holds a card no move plays; that seat."""
    for _ in range(300):
        state = summary(base, game_id)
        assert state["status"] == "playing", "the game ended before any card was ruled out"
        seat = state["to_act"][0]
        legal = _legal(base, game_id, tokens[seat])
        view = httpx.get(f"{base}/api/games/{game_id}/view", headers=_auth(tokens[seat])).json()["view"]
        if set(view["seats"][seat]["hand"]["cards"]) - {_card_of(c) for c in legal}:
            return int(seat)
        _send(base, game_id, tokens[seat], rng.choice(legal))
    raise AssertionError("no card was ever ruled out")


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _legal(base: str, game_id: str, token: str) -> list[dict[str, Any]]:
    answer = httpx.get(f"{base}/api/games/{game_id}/legal", headers=_auth(token))
    return answer.json()["commands"]  # type: ignore[no-any-return]


def _send(base: str, game_id: str, token: str, command: dict[str, Any]) -> None:
    sent = httpx.post(f"{base}/api/games/{game_id}/commands", json=command, headers=_auth(token))
    assert sent.status_code == 200, sent.text


def _seated(
    make: Callable[..., Player], name: str, game_id: str, seat: int, token: str, *, phone: bool = False
) -> Player:
    each = make(name, phone=phone)
    each.keep_seat(game_id, {"seat": seat, "token": token, "name": name})
    each.open(f"/games/{game_id}")
    return each


def test_a_phone_player_clicks_a_card_then_the_trick_and_is_told_why_another_card_cannot_go(
    player: Callable[..., Player], server: Served
) -> None:
    """Politrickers at 390 by 844: the hand and the moves sit in a bar at the bottom of the screen; a
    card the rules of following rule out is dimmed and, picked, says why where the player is looking."""
    base = server.base
    names = ["Ann", "Bob", "Cy"]
    game_id, tokens = open_table(base, "politrickers", names, SEED)
    seat = _until_a_card_is_ruled_out(base, game_id, tokens, random.Random(5))

    phone = _seated(player, names[seat], game_id, seat, tokens[seat], phone=True)
    page = phone.page
    page.wait_for_selector(".dock .own-hand button.card.unplayable")
    assert phone.in_view(".dock") and phone.in_view(".dock .own-hand"), "the hand is out of reach"
    assert page.locator(".dock").bounding_box()["y"] > 844 / 3  # type: ignore[index]  # a bar at the bottom

    dimmed = page.locator(".own-hand button.card.unplayable").first
    assert "cannot be played now" in (dimmed.text_content() or "")  # what a screen reader says
    dimmed.click()
    page.wait_for_selector(".dock .notice.error")
    reason = page.text_content(".dock .notice") or ""
    assert "you must" in reason and ("follow" in reason or "other than" in reason), reason
    assert phone.in_view(".dock .notice"), "the reason is out of sight"
    phone.shot("politrickers-phone-why-not", full_page=False)
    assert not (found := serious_violations(page)), found

    card = page.locator(".own-hand button.card:not(.unplayable)").first.get_attribute("data-card")
    legal = _legal(base, game_id, tokens[seat])
    its_moves = [command for command in legal if str(_card_of(command)) == card]
    page.click(f".own-hand button.card[data-card='{card}']")
    assert page.locator(".controls button.move").count() < len(legal)
    page.click("button.target[data-target='trick']")
    if len(its_moves) > 1:  # the card has several moves (with a switch of party): the page asks which
        page.click(".controls button.move >> nth=0")
    page.wait_for_selector(f".board [data-card='{card}'].last-move")
    phone.shot("politrickers-phone-played-by-clicking", full_page=False)

    rng = random.Random(6)
    for _ in range(30):  # on to a player holding a card with exactly one move
        after = summary(base, game_id)
        nxt = after["to_act"][0]
        legal = _legal(base, game_id, tokens[nxt])
        cards = [_card_of(c) for c in legal]
        single = next((card for card in cards if cards.count(card) == 1), None)
        if single is not None:
            break
        _send(base, game_id, tokens[nxt], rng.choice(legal))
    assert single is not None
    other = _seated(player, names[nxt], game_id, nxt, tokens[nxt])
    other.page.dblclick(f".own-hand button.card[data-card='{single}']")
    other.page.wait_for_selector(f".board [data-card='{single}'].last-move")
    assert summary(base, game_id)["version"] > after["version"]
    assert not (found := serious_violations(other.page)), found

    other.page.fill("#chat-text", "nice trick <b>really</b>")  # table talk, live on every page
    other.page.press("#chat-text", "Enter")
    said = f".chat-list li:has-text('{names[nxt]} nice trick <b>really</b>')"
    phone.page.wait_for_selector(said)
    watcher = player("Sam")
    watcher.open(f"/games/{game_id}")
    watcher.page.wait_for_selector(said)
    assert watcher.page.locator("#chat-text").count() == 0  # spectators read along
    assert "Seated players write here" in (watcher.page.text_content(".chat") or "")
    watcher.shot("politrickers-spectator-reads-the-chat")
    other.shot("politrickers-desktop-after-a-double-click")


def test_a_round_ends_with_its_sheet_and_the_last_trick_stays_on_the_table(
    player: Callable[..., Player], server: Served
) -> None:
    """After the round's last trick the page keeps that trick and its winner on the table, and a sheet
    says how the round ended, why, and the VP of the round, until the next card is played."""
    base = server.base
    game_id, tokens = open_table(base, "politrickers", ["Ann", "Bob", "Cy"], "round-end")
    rng = random.Random(8)
    for _ in range(200):
        seat = summary(base, game_id)["to_act"][0]
        answer = httpx.post(
            f"{base}/api/games/{game_id}/commands", json=rng.choice(_legal(base, game_id, tokens[seat])),
            headers=_auth(tokens[seat]),
        )  # fmt: skip
        if any(event["event"]["type"] == "RoundScored" for event in answer.json()["events"]):
            break
    else:
        raise AssertionError("no round ended")
    nxt = summary(base, game_id)["to_act"][0]
    ann = _seated(player, ["Ann", "Bob", "Cy"][nxt], game_id, nxt, tokens[nxt])
    ann.page.wait_for_selector(".round-sheet")
    sheet = ann.page.text_content(".round-sheet") or ""
    assert "Round 1 is over" in sheet and "Round 1 ended" in sheet, sheet
    assert ann.page.locator(".last-trick [data-card], .last-trick .card").count() == 3
    assert "won the trick" in (ann.page.text_content(".last-trick") or "")
    assert not (found := serious_violations(ann.page)), found
    ann.shot("politrickers-round-sheet")
