"""The lobby seats a bot and sets a clock; the table marks the bot's seat and counts down; the
table's log and the replay mark the moves the bot made."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tests.browser.players import Player
from tests.support.waiting import until

pytestmark = pytest.mark.browser


def test_a_bot_chosen_in_the_lobby_plays_against_a_person_on_the_clock(player: Callable[..., Player]) -> None:
    """Ann opens Slush Fund 2 with a random bot at seat 2 and 60 s a move, and plays until it moves."""
    ann = player("Ann")
    ann.open("/")
    ann.page.select_option("#new-game", "slush-fund-2")
    ann.page.click("text=Bots and clock")
    ann.page.select_option("#bot-1", "random")
    ann.page.select_option("#clock", "move60")
    ann.page.fill("#new-name", ann.name)
    ann.page.click("text=Open the table and sit down")
    ann.page.wait_for_url("**/games/*")
    assert "bot" in (ann.page.text_content(".seat-list .bot-mark") or "")
    ann.page.wait_for_selector(".clock .countdown")
    ann.shot("table-with-a-bot-on-the-clock")
    rng = random.Random(5)
    for _ in range(40):
        if ann.page.query_selector(".log em.by-bot") is not None:
            break
        ann.play_any(rng)
    ann.page.wait_for_selector(".log em.by-bot")
    game_id = ann.page.url.rsplit("/", 1)[1]
    ann.open(f"/games/{game_id}/replay")
    ann.page.wait_for_selector(".log em.by-bot")
    ann.shot("replay-marks-the-bot-moves")


def test_with_a_clock_the_lobby_asks_what_happens_when_time_runs_out(player: Callable[..., Player]) -> None:
    """Choosing a clock shows "When time runs out"; "the seat forfeits" opens a table whose clock says so."""
    ann = player("Ann")
    ann.open("/")
    ann.page.select_option("#new-game", "slush-fund-2")
    ann.page.click("text=Bots and clock")
    assert ann.page.query_selector("#clock-timeout") is None  # no clock: nothing to ask
    ann.page.select_option("#bot-1", "random")
    ann.page.select_option("#clock", "seat300")
    ann.page.select_option("#clock-timeout", "forfeit")
    ann.page.fill("#new-name", ann.name)
    ann.page.click("text=Open the table and sit down")
    ann.page.wait_for_url("**/games/*")
    game_id = ann.page.url.rsplit("/", 1)[1]
    read = f"fetch('/api/games/{game_id}').then((answer) => answer.json())"
    # the deal (and so the clock) follows Ann's page revealing its contribution to it (docs/record.md)
    clock = until("the table never started its clock", lambda: ann.page.evaluate(read).get("clock"))
    assert (clock["kind"], clock["timeout"]) == ("seat", "forfeit")
