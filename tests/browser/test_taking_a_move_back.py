"""Undo from the table: one's own step without consent, a whole turn with the opponent's consent."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
import pytest

from api.service.application import Tables
from tests.browser.players import Player, assert_nothing_hidden_shown, open_table, summary, wait_for_change
from tests.support.server import Served

pytestmark = pytest.mark.browser


def _button(kind: str) -> str:
    return f"button[data-command='{json.dumps({'type': kind}, separators=(',', ':'))}']"


def test_a_step_is_undone_at_once_and_a_turn_only_with_the_opponents_consent(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Stashing is taken back without asking; the drawn cards only once the opponent allows it.

    The opponent's page gets no stream (as from an older server) and keeps up by polling."""
    game_id, tokens = open_table(server.base, "slush-fund-2", ["Ann", "Bob"], seed="undo-3")
    first = summary(server.base, game_id)
    mover_seat = first["to_act"][0]
    names = ["Ann", "Bob"]
    mover, other = player(names[mover_seat]), player(names[1 - mover_seat])
    seats = {mover_seat: mover, 1 - mover_seat: other}
    no_stream = {"error": {"code": "http/not_found", "message": "Not Found", "details": {}}}
    other.page.route("**/stream*", lambda route: route.fulfill(status=404, json=no_stream))  # an older server
    for seat, each in seats.items():
        each.keep_seat(game_id, {"seat": seat, "token": tokens[seat], "name": names[seat]})
        each.open(f"/games/{game_id}")
        each.wait_version(first["version"])

    def settle(version: int) -> int:
        now = wait_for_change(server.base, game_id, version)
        for each in seats.values():
            each.wait_version(now)
        assert_nothing_hidden_shown([(each, seat) for seat, each in seats.items()], service, game_id)
        return now

    other.page.wait_for_selector(".live.polling")  # without a stream the page polls
    mover.page.click(_button("DrawCards"))
    version = settle(first["version"])
    mover.page.click("button.move[data-command*='StashInSlushFund']")
    version = settle(version)
    mover.page.click(_button("TakeBack"))
    version = settle(version)
    mover.page.wait_for_selector("button.move[data-command*='StashInSlushFund']")  # drawn cards back in hand
    assert mover.page.locator(".log-list li.reverted").count() >= 1

    mover.page.click(_button("RequestTakeBack"))
    version = settle(version)
    other.page.wait_for_selector(".consent.asked")
    asked = other.page.text_content(".consent") or ""
    assert names[mover_seat] in asked and "drew" in asked, asked  # what is taken back, in the log's words
    assert "versions" not in asked and "Waiting for you" in asked
    mover.page.wait_for_selector(f".consent:has-text('Waiting for {names[1 - mover_seat]}')")
    other.shot("take-back-asks-for-consent")
    other.page.click(_button("ApproveTakeBack"))
    version = settle(version)
    mover.page.wait_for_selector(_button("DrawCards"))  # the whole turn is undone
    assert other.page.locator(".consent.asked").count() == 0
    mover.shot("take-back-turn-undone")

    mover.open(f"/games/{game_id}/replay")
    mover.page.wait_for_selector("#scrub")
    reverted = mover.page.locator(".log-list li.reverted").count()
    assert reverted >= 2
    last = summary(server.base, game_id)["version"]
    assert int(mover.page.get_attribute("#scrub", "max") or 0) == last  # the slider reaches the last version
    assert mover.page.is_disabled("#perspective")  # a live game shows only one's own seat
    assert mover.page.locator(".ticks span").count() == 2  # the two ranges taken back, marked on the slider
    mover.page.check("text=Step through taken-back moves")
    mover.page.wait_for_selector(".ticks span")  # the ranges stay marked while they are stepped through
    mover.shot("replay-live-game-with-a-take-back")

    auth = {"Authorization": f"Bearer {tokens[mover_seat]}"}
    sent = httpx.post(f"{server.base}/api/games/{game_id}/commands", headers=auth, json={"type": "DrawCards"})
    assert sent.status_code == 200, sent.text
    mover.page.wait_for_selector(f".shown-version:text-is('{sent.json()['version']}')")  # the replay follows


def test_with_three_players_everyone_sees_who_agreed_and_the_asker_whom_it_waits_for(
    player: Callable[..., Player], server: Served
) -> None:
    """Politrickers: the leader plays and asks to take it back; once the second agrees, the asker reads
    who agreed and that it waits for the third, and the third reads who agreed and that it waits for them."""
    names = ["Ann", "Bob", "Cy"]
    game_id, tokens = open_table(server.base, "politrickers", names, seed="consent-3")
    leader = summary(server.base, game_id)["to_act"][0]
    auth = {"Authorization": f"Bearer {tokens[leader]}"}
    commands = f"{server.base}/api/games/{game_id}/commands"
    legal = httpx.get(f"{server.base}/api/games/{game_id}/legal", headers=auth).json()["commands"]
    play = next(c for c in legal if c["type"] == "PlayCard")
    assert httpx.post(commands, headers=auth, json=play).status_code == 200
    assert httpx.post(commands, headers=auth, json={"type": "RequestTakeBack"}).status_code == 200
    second, third = (leader + 1) % 3, (leader + 2) % 3
    agreed = {"Authorization": f"Bearer {tokens[second]}"}
    assert httpx.post(commands, headers=agreed, json={"type": "ApproveTakeBack"}).status_code == 200

    pages = {}
    for seat in (leader, third):
        pages[seat] = player(names[seat])
        pages[seat].keep_seat(game_id, {"seat": seat, "token": tokens[seat], "name": names[seat]})
        pages[seat].open(f"/games/{game_id}")
        pages[seat].page.wait_for_selector(".consent .request")
    asker = pages[leader].page.text_content(".consent .request") or ""
    assert f"{names[second]} agreed" in asker and f"Waiting for {names[third]}" in asker, asker
    assert "You ask to take back" in asker and "played the" in asker, asker  # what, in the log's words
    asked = pages[third].page.text_content(".consent .request") or ""
    assert f"{names[second]} agreed" in asked and "Waiting for you" in asked, asked
    pages[third].shot("take-back-three-players-who-agreed")
    pages[third].page.click(_button("RefuseTakeBack"))
    pages[leader].page.wait_for_selector(".log-list li:has-text('refused the take-back')")
    again = httpx.post(commands, headers=auth, json={"type": "RequestTakeBack"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "takeback/refused"  # not worn down
