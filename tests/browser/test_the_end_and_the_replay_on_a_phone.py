"""After the game: the end sheet explains the score, and the replay on a phone keeps its controls in
reach, says when a deep link names no version, and passes the accessibility check."""

from __future__ import annotations

import random
from collections.abc import Callable

import httpx
import pytest

from tests.browser.access import serious_violations
from tests.browser.players import POLL, Player, open_table, play_randomly
from tests.support.server import Served

pytestmark = pytest.mark.browser


def test_the_end_sheet_and_a_phone_replay_whose_controls_stay_in_reach(
    player: Callable[..., Player], server: Served
) -> None:
    """Slush Fund 2 played out: the sheet names who bought each politician (its captions readable on the
    sheet) and explains the deck penalty; on a phone each tap on step forward leaves the controls where
    the thumb is."""
    game_id, tokens = open_table(server.base, "slush-fund-2", ["Ann", "Bob"], "the-end")
    auth = [{"Authorization": f"Bearer {token}"} for token in tokens]
    chat = f"{server.base}/api/games/{game_id}/chat"
    assert httpx.post(chat, json={"text": "good luck"}, headers=auth[1]).status_code == 201
    play_randomly(server.base, game_id, tokens, random.Random(4))
    assert httpx.post(chat, json={"text": "well played"}, headers=auth[0]).status_code == 201

    ann = player("Ann")
    ann.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})
    ann.open(f"/games/{game_id}")
    ann.page.wait_for_selector(".sheet table.score")
    sheet = ann.page.text_content(".sheet") or ""
    assert "Who bought each politician" in sheet and "Governor Maple" in sheet
    assert "left: 1 VP per 3" in sheet and "\N{MINUS SIGN}0" not in sheet  # a zero penalty is 0
    inks = ann.page.eval_on_selector_all(
        ".sheet table.score",
        "ts => ts.map(t => [getComputedStyle(t.caption).color, getComputedStyle(t).backgroundColor])",
    )
    assert len(inks) == 2 and all(ink != paper for ink, paper in inks), inks  # a caption seen on its sheet
    assert not (found := serious_violations(ann.page)), found
    ann.shot("slush-fund-2-end-sheet")

    forked = httpx.post(f"{server.base}/api/games/{game_id}/fork", json={"version": 40}).json()["id"]
    ann.open("/")  # a sandbox is nobody's real game: the lobby's public lists leave it out
    ann.page.wait_for_selector(f"[data-list='over'] li[data-game='{game_id}']")
    assert ann.page.locator(f"li[data-game='{forked}']").count() == 0
    assert not (found := serious_violations(ann.page)), found

    phone = player("Ann on a phone", phone=True)
    phone.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})
    phone.open(f"/games/{game_id}/replay?v=abc")
    phone.page.wait_for_selector(".board[data-version]")
    assert "no version “abc”" in (phone.page.text_content(".notice") or "")
    phone.page.wait_for_selector(".chat-list li:has-text('well played')")  # at the last version: all said
    phone.page.click("button[aria-label='First version']")
    phone.page.wait_for_selector(".chat-list li:has-text('Nothing said yet')")  # said after version 1
    for _ in range(3):
        phone.page.click("button[aria-label='Step forward']")
        assert phone.in_view(".replay-controls"), "a tap on step forward scrolled the controls away"
    phone.page.mouse.wheel(0, 1500)
    phone.page.wait_for_function("() => window.scrollY > 300", polling=POLL)
    assert phone.in_view(".replay-controls button[aria-label='Step forward']")
    assert not (found := serious_violations(phone.page)), found
    phone.shot("replay-phone-controls-in-reach", full_page=False)

    phone.page.select_option("#perspective", "omniscient")
    phone.page.click("button[aria-label='Last version']")
    phone.page.wait_for_selector(".slush")
    assert "you know of" not in (phone.page.text_content(".slush") or "")
