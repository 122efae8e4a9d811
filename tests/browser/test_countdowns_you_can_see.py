"""Countdowns you can see (issue 33, items 2 and 3): every seat's page counts each clocked wait and
each reaction window down to zero, says what the referee does then, and two seats out of time at once
(Super PACS's simultaneous leader pick) each get the referee's pick; a forfeited seat is not asked."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

import httpx
import pytest

from tests.browser.players import POLL, Player, summary
from tests.support.server import Served

pytestmark = [pytest.mark.browser, pytest.mark.long]  # each waits out a real deadline

NAMES = ["Ann", "Bob"]
TO_PICK = 30
"""Seconds to pick a leader: at 8 the referee picked for Ann before a page loaded at load average 26
(the page then showed Bob's countdown alone)."""


def clocked_table(
    base: str, seconds: float, timeout: str = "move", seed: str = "clocks-1"
) -> tuple[str, list[str]]:
    """A Super PACS table with every seat named and a deadline of ``seconds`` a move."""
    asked = {
        "game": "super-pacs",
        "players": NAMES,
        "seed": seed,
        "clock": {"kind": "move", "seconds": seconds, "timeout": timeout},
    }
    answer = httpx.post(f"{base}/api/games", json=asked)
    answer.raise_for_status()
    body = answer.json()
    return body["id"], [entry["token"] for entry in sorted(body["tokens"], key=lambda e: e["seat"])]


def seated(player: Callable[..., Player], game_id: str, tokens: list[str]) -> list[Player]:
    pages = []
    for seat, name in enumerate(NAMES):
        each = player(name, phone=seat == 1)
        each.keep_seat(game_id, {"seat": seat, "token": tokens[seat], "name": name})
        each.open(f"/games/{game_id}")
        pages.append(each)
    return pages


def ms(at: str) -> float:
    return datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp() * 1000


def countdowns(page: Any) -> str:
    return " ".join((page.text_content(".clocks .clock:not(.window-clock)") or "").split())


def test_two_seats_out_of_time_together_each_see_the_countdown_reach_zero_and_the_referee_picks_for_both(
    player: Callable[..., Player], server: Served
) -> None:
    """Both seats pick a leader at once on a clock: each page (one a phone) counts both down, ticking,
    shows 0:00 and says the referee plays for Ann and Bob; then both picks are the referee's. The pages'
    own time is set to the deadline; the clock is long enough (``TO_PICK``) that the server's real deadline,
    when the referee picks and the pages move on, comes after that on a busy machine too."""
    game_id, tokens = clocked_table(server.base, TO_PICK)
    pages = seated(player, game_id, tokens)
    first = summary(server.base, game_id)
    assert [d["seat"] for d in first["clock"]["deadlines"]] == [0, 1]
    deadline = ms(first["clock"]["deadlines"][0]["at"])
    for each in pages:
        each.page.wait_for_selector(".clocks .clock .countdown")
        shown = countdowns(each.page)
        assert "Ann 0:" in shown and "Bob 0:" in shown, shown
    before = countdowns(pages[0].page)
    time.sleep(1.5)
    assert countdowns(pages[0].page) != before  # it ticks
    pages[1].shot("countdown-ticking-on-a-phone", full_page=False)
    for each in pages:  # each page's time stands still at the deadline: the countdown is at zero
        each.page.clock.set_fixed_time(deadline + 200)
        each.page.wait_for_selector(".clocks .time-up:has-text('Time is up for Ann and Bob')")
        assert "Ann 0:00" in countdowns(each.page) and "Bob 0:00" in countdowns(each.page)
    pages[1].shot("countdown-at-zero-on-a-phone", full_page=False)
    for each in pages:
        each.page.wait_for_selector(".log-list li:has-text('Time ran out for Ann')")
        each.page.wait_for_selector(".log-list li:has-text('Time ran out for Bob')")
    picks = [e for e in events(server.base, game_id) if e["event"]["type"] == "LeaderPickedUnseen"]
    assert [(e["seat"], e["by"]) for e in picks[:2]] == [(0, "referee"), (1, "referee")]
    assert abs(ms(picks[1]["at"]) - ms(picks[0]["at"])) < 1000  # Bob was given no fresh clock by Ann's pick


def events(base: str, game_id: str) -> list[dict[str, Any]]:
    return httpx.get(f"{base}/api/games/{game_id}/events").json()["events"]  # type: ignore[no-any-return]


def test_a_reaction_window_counts_down_its_thirty_seconds_on_every_page_before_the_referee_closes_it(
    player: Callable[..., Player], server: Served
) -> None:
    """Random legal moves through the API until a surprise window opens; every page (the two seats and
    a spectator) shows the same closing time, ticking; it reaches zero and the referee passes for all."""
    game_id, tokens = open_window(server.base)
    pages = seated(player, game_id, tokens)
    watcher = player("Cy")
    watcher.open(f"/games/{game_id}")
    pages.append(watcher)
    closes = summary(server.base, game_id)["closes"]
    for each in pages:
        each.page.wait_for_selector(".clocks .window-clock .countdown")
        told = each.page.text_content(".window-clock") or ""
        assert "then the referee passes for everyone still asked" in told
    pages[1].shot("reaction-window-countdown-on-a-phone", full_page=False)
    pages[1].page.mouse.wheel(0, 900)  # scrolled down to the hand and the moves, the countdown stays in view
    pages[1].page.wait_for_function("() => window.scrollY > 300", polling=POLL)
    assert pages[1].in_view(".clocks .window-clock")
    pages[1].shot("reaction-window-countdown-scrolled-on-a-phone", full_page=False)
    shown = [int((p.page.text_content(".window-clock .countdown") or "0:00").split(":")[1]) for p in pages]
    assert max(shown) - min(shown) <= 1 and 0 < max(shown) <= 30, shown  # one deadline for every reader
    pages[0].page.clock.set_fixed_time(ms(closes) + 100)
    pages[0].page.wait_for_selector(".window-clock .time-up")
    assert (pages[0].page.text_content(".window-clock .countdown") or "") == "0:00"
    version = summary(server.base, game_id)["version"]
    deadline = time.time() + 40
    while time.time() < deadline and summary(server.base, game_id).get("closes") == closes:
        time.sleep(0.5)
    after = summary(server.base, game_id)
    assert after["version"] > version and after.get("closes") != closes
    referee = [e for e in events(server.base, game_id) if e["version"] > version and e.get("by") == "referee"]
    assert referee, "the referee closed the window"


def open_window(base: str) -> tuple[str, list[str]]:
    """A 2-seat Super PACS table played at random through the API until a reaction window is open."""
    rng = random.Random(3)
    for attempt in range(5):
        asked = {"game": "super-pacs", "players": NAMES, "seed": f"w{attempt}"}
        answer = httpx.post(f"{base}/api/games", json=asked)
        body = answer.json()
        game_id = body["id"]
        tokens = [entry["token"] for entry in sorted(body["tokens"], key=lambda e: e["seat"])]
        with httpx.Client(base_url=base, timeout=10) as client:
            for _ in range(400):
                state = client.get(f"/api/games/{game_id}").json()
                if state.get("closes"):
                    return game_id, tokens
                if state["status"] != "playing":
                    break
                seat = state["to_act"][0]
                auth = {"Authorization": f"Bearer {tokens[seat]}"}
                legal = client.get(f"/api/games/{game_id}/legal", headers=auth).json()["commands"]
                moves = [c for c in legal if "TakeBack" not in c["type"]]
                client.post(f"/api/games/{game_id}/commands", headers=auth, json=rng.choice(moves))
    raise AssertionError("no reaction window opened")


def test_a_seat_that_forfeited_on_time_is_no_longer_asked_to_move_on_any_page(
    player: Callable[..., Player], server: Served
) -> None:
    """Three seats on a 15 s clock whose rule is to forfeit: Ann and Bob pick, Cy does not and forfeits;
    a bot plays Cy's seat on, and no page (Cy's own, on a phone, nor Ann's) asks Cy to move again."""
    names = ["Ann", "Bob", "Cy"]
    asked = {
        "game": "super-pacs",
        "players": names,
        "seed": "forfeit-1",
        "clock": {"kind": "move", "seconds": 15, "timeout": "forfeit"},  # time for two picks when busy
    }
    body = httpx.post(f"{server.base}/api/games", json=asked).json()
    game_id = body["id"]
    tokens = [entry["token"] for entry in sorted(body["tokens"], key=lambda e: e["seat"])]
    for seat in (0, 1):
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        legal = httpx.get(f"{server.base}/api/games/{game_id}/legal", headers=auth).json()["commands"]
        pick = next(c for c in legal if c["type"] == "PickLeader")
        sent = httpx.post(f"{server.base}/api/games/{game_id}/commands", headers=auth, json=pick)
        assert sent.status_code == 200
    cy, ann = player("Cy", phone=True), player("Ann")
    for each, seat in ((cy, 2), (ann, 0)):
        each.keep_seat(game_id, {"seat": seat, "token": tokens[seat], "name": names[seat]})
        each.open(f"/games/{game_id}")
    cy.page.wait_for_selector(".seat-list li.mine .forfeit-mark")
    ann.page.wait_for_selector(".seat-list li:has-text('Cy') .forfeit-mark")
    assert summary(server.base, game_id)["forfeited"] == [2]
    asked_cy = False
    for _ in range(12):  # the bot plays Cy's seat meanwhile: Cy is never marked to play, nor told to move
        asked_cy |= cy.page.locator(".seat-list li.mine .turn-mark").count() > 0
        asked_cy |= ann.page.locator(".seat-list li:has-text('Cy') .turn-mark").count() > 0
        asked_cy |= cy.page.title().startswith("● Your move")
        time.sleep(0.25)
    assert not asked_cy
    assert cy.page.locator("button.move").count() == 0
    cy.shot("forfeited-seat-not-asked-on-a-phone", full_page=False)
