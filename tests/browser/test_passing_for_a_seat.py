"""Passing for a seat, on a real server (the ruling: docs/bots.md, "Timing in a reaction window").

A player ticks "Pass for me when none of my cards can answer" on the table page; then a window in
which every asked seat holds nothing that answers is closed by the referee's passes, the pause after
the seats were asked; and when the player unticks it and passes by hand, the pass lands no sooner than
that same pause, and the others are told it exactly as they were told an automatic one.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from api.service.application import Tables
from domain.choices import PASS, Chosen
from domain.games.super_pacs.rules import window
from domain.passing import PAUSE, asked_at
from domain.table import GameEventRecorded
from tests.browser.conftest import PHONE
from tests.browser.players import Player, open_table
from tests.browser.whole_games import sit_by_seat_links
from tests.support.server import UNLIMITED, Served, serving
from tests.support.waiting import in_one_window

pytestmark = pytest.mark.browser

SLACK = timedelta(seconds=1.5)
"""How late after its pause a pass may land: the referee's watch looks every 0.1 s, on a busy machine."""
NAMES = ["Ann", "Bob", "Cy"]


def passes(service: Tables, game_id: str) -> list[dict[str, Any]]:
    """Every pass in the log: its version, seat, time, when its seat was asked, whether the referee
    made it for the seat (its command id), and the window it answered (its asked seats)."""
    table = service.store.load(game_id)
    found = []
    for event in service.store.events_of(table):
        if not isinstance(event, GameEventRecorded) or event.by_referee:
            continue
        decoded = table.game.event_decoder.decode(event.event)
        if isinstance(decoded, Chosen) and decoded.option == PASS:
            before = service.store.load(game_id, event.version - 1)
            asked = window(before.game_state)
            found.append({
                "version": event.version,
                "seat": event.seat,
                "at": event.at,
                "asked": asked_at(before.state),
                "auto": event.command_id.startswith("pass:"),
                "window": tuple(asked.seats) if asked is not None else (),
            })  # fmt: skip
    return found


def every_seat_auto_passed(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The passes of a window of two seats or more closed by the referee's passes alone."""
    for first in found:
        group = [p for p in found if p["asked"] == first["asked"]]
        if len(first["window"]) >= 2 and all(p["auto"] for p in group) and len(group) == len(first["window"]):
            return group
    return []


def play(  # noqa: PLR0917  (the game, how to play it, when to stop)
    base: str,
    game_id: str,
    tokens: list[str],
    rng: random.Random,
    done: Callable[[], bool],
    by_page: Any = None,
    clicked: list[datetime] | None = None,
) -> None:
    """Random legal commands through the API, passing for no one (the referee passes for the seats
    that chose so); ``by_page``: (seat, player) whose passes are clicked on its page instead (each
    click's time noted in ``clicked``)."""
    clicked = [] if clicked is None else clicked
    with httpx.Client(base_url=base, timeout=10) as client:
        for _ in range(3000):
            state = client.get(f"/api/games/{game_id}").json()
            if state["status"] == "over" or done():
                return
            acted = False
            for seat in state["to_act"]:
                auth = {"Authorization": f"Bearer {tokens[seat]}"}
                commands = client.get(f"/api/games/{game_id}/legal", headers=auth).json()["commands"]
                moves = [c for c in commands if "TakeBack" not in c["type"]]
                if by_page is not None and seat == by_page[0] and {"type": "Pass"} in moves:
                    clicked.append(datetime.now(UTC))
                    by_page[1].page.get_by_role("button", name="Pass (no surprise)").click()
                    by_page[1].page.wait_for_timeout(1000)
                    acted = True
                    break
                if not moves or moves == [{"type": "Pass"}]:
                    continue  # nothing to answer with: the referee passes for this seat
                answer = client.post(f"/api/games/{game_id}/commands", headers=auth, json=rng.choice(moves))
                assert answer.status_code in (200, 409), answer.text
                acted = True
                break
            if not acted:
                time.sleep(0.1)
    raise AssertionError("no such window came")


def test_a_window_every_asked_seat_passes_automatically_closes_at_the_pause_as_a_hand_pass_does(
    server: Served, service: Tables, player: Callable[..., Player]
) -> None:
    """Each seat's pass in a window, automatic or by hand, lands the pause after it was asked (within
    the watch's look); the others are told an automatic pass exactly as a pass by hand."""
    game_id, tokens = open_table(server.base, "super-pacs", NAMES, seed="auto-pass-3")
    ann = sit_by_seat_links(player, NAMES[:1], game_id, tokens[:1])[0]
    tokens[0] = ann.seat(game_id)["token"]  # opening the link moved the seat to a token of the page's
    choice = ann.page.get_by_role("checkbox", name="Pass for me when none of my cards can answer")
    assert not choice.is_checked()
    choice.check()
    ann.page.wait_for_selector("text=On: when a window opens")
    ann.shot("passing-choice-on")
    for token in tokens[1:]:
        chosen = httpx.put(
            f"{server.base}/api/games/{game_id}/passing",
            json={"passing": "auto"},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert chosen.json()["passing"] == "auto"
    mine = {"Authorization": f"Bearer {tokens[0]}"}
    assert httpx.get(f"{server.base}/api/games/{game_id}/passing", headers=mine).json() == {
        "seat": 0,
        "passing": "auto",
        "after": "auto",
    }

    rng = random.Random(3)
    play(server.base, game_id, tokens, rng, lambda: bool(every_seat_auto_passed(passes(service, game_id))))
    automatic = every_seat_auto_passed(passes(service, game_id))
    for each in automatic:
        assert each["asked"] + PAUSE <= each["at"] <= each["asked"] + PAUSE + SLACK, each

    choice.uncheck()
    ann.page.wait_for_selector("text=Off: you are asked every time")
    known = len(passes(service, game_id))

    def ann_passed_by_hand() -> bool:
        return any(p["seat"] == 0 and not p["auto"] for p in passes(service, game_id)[known:])

    clicked: list[datetime] = []
    play(server.base, game_id, tokens, rng, ann_passed_by_hand, by_page=(0, ann), clicked=clicked)
    ann.forgive(412)  # a click on a view the referee's passes just changed is refused (If-Match) and redrawn
    by_hand = next(p for p in passes(service, game_id)[known:] if p["seat"] == 0 and not p["auto"])
    due = by_hand["asked"] + PAUSE  # a click sooner is held until the pause, as the referee's pass waits
    assert due <= by_hand["at"] <= max(due, clicked[-1]) + SLACK, (by_hand, clicked[-1])

    cy = {"Authorization": f"Bearer {tokens[2]}"}
    feed = httpx.get(f"{server.base}/api/games/{game_id}/events", headers=cy).json()["events"]
    told = {entry["version"]: entry for entry in feed}
    hand_line, auto_line = told[by_hand["version"]], told[automatic[0]["version"]]
    assert hand_line.keys() == auto_line.keys() and "by" not in hand_line
    assert hand_line["event"] == {"type": "Chosen", "seat": 0, "option": "", "by_referee": False}
    assert auto_line["event"]["by_referee"] is False
    assert hand_line["description"].replace("Ann", "X") == auto_line["description"].replace(
        NAMES[automatic[0]["seat"]], "X"
    )

    until = ann.page.get_by_role("checkbox", name="Pass for me in every window until my next turn")
    until.check()  # issue 48: the second standing choice, over the first (which holds again after)
    ann.page.wait_for_selector("text=On: the table passes for you in every window")
    said = httpx.get(f"{server.base}/api/games/{game_id}/passing", headers=mine).json()
    assert said == {"seat": 0, "passing": "until_turn", "after": "ask"}
    ann.shot("passing-until-my-next-turn", full_page=False)
    until.uncheck()
    ann.page.wait_for_selector("text=Off: the choice above holds.")
    assert httpx.get(f"{server.base}/api/games/{game_id}/passing", headers=mine).json()["passing"] == "ask"


def test_a_seat_that_spent_its_take_backs_is_told_when_they_come_back(
    browser: Any, artifacts: Path, tmp_path: Path
) -> None:
    """The legal list never offers what will be refused: past the take-back allowance the page offers
    no take-back and says when the allowance comes back."""
    policies = UNLIMITED | {"BACKROOM_TAKEBACKS_PER_MINUTE": "3"}
    with serving(tmp_path / "spent.sqlite", policies=policies) as served:
        ann = Player("Ann", browser.new_context(viewport=PHONE).new_page(), served.base, artifacts)

        def spent(attempt: int) -> None:  # within one clock minute: the allowance counts in them
            game_id, tokens = open_table(served.base, "slush-fund-2", NAMES[:2], seed=f"spent {attempt}")
            ann.open(f"/games/{game_id}#seat={tokens[0]}")
            ann.page.wait_for_selector(".table-head .mine")
            mine = {"Authorization": f"Bearer {ann.seat(game_id)['token']}"}  # the link moved the seat
            url = f"{served.base}/api/games/{game_id}"
            asked = [
                httpx.post(f"{url}/commands", json={"type": "RequestTakeBack"}, headers=mine) for _ in "1234"
            ]
            assert [answer.status_code for answer in asked][-1] == 429  # spent (a refused request counts)
            ann.page.reload()
            notice = ann.page.locator(".consent .limited")
            notice.wait_for()
            said = notice.text_content() or ""
            assert said.startswith("You have used your 3 take-backs for this minute; they come back at"), said
            legal = httpx.get(f"{url}/legal", headers=mine).json()
            assert legal["limited"]
            assert not [c for c in legal["commands"] if c["type"] in ("TakeBack", "RequestTakeBack")]

        try:
            in_one_window(spent)
            ann.shot("take-backs-spent", full_page=False)
        finally:
            ann.page.context.close()
