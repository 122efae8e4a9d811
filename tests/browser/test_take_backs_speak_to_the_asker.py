"""Take-backs speak to the asker (issue 33, item 5): the request quotes the moves it undoes in a short
form, and a refusal or a lapse is told on the asker's own page, not only in the log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.browser.players import Player, open_table, summary
from tests.support.server import Served

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob"]


class Table:
    """A Slush Fund 2 table driven through the API, one page open for the seat that moved first."""

    def __init__(self, base: str, seed: str) -> None:
        self.base = base
        self.game_id, self.tokens = open_table(base, "slush-fund-2", NAMES, seed=seed)
        self.mover = summary(base, self.game_id)["to_act"][0]
        self.other = 1 - self.mover

    def send(self, seat: int, command: dict[str, Any]) -> httpx.Response:
        auth = {"Authorization": f"Bearer {self.tokens[seat]}"}
        return httpx.post(f"{self.base}/api/games/{self.game_id}/commands", headers=auth, json=command)

    def legal(self, seat: int) -> list[dict[str, Any]]:
        auth = {"Authorization": f"Bearer {self.tokens[seat]}"}
        answer = httpx.get(f"{self.base}/api/games/{self.game_id}/legal", headers=auth)
        return answer.json()["commands"]  # type: ignore[no-any-return]

    def play_a_turn_and_ask_to_take_it_back(self) -> None:
        assert self.send(self.mover, {"type": "DrawCards"}).status_code == 200
        stash = next(c for c in self.legal(self.mover) if c["type"] == "StashInSlushFund")
        assert self.send(self.mover, stash).status_code == 200
        assert self.send(self.mover, {"type": "RequestTakeBack"}).status_code == 200

    def page_of(self, player: Callable[..., Player], seat: int) -> Player:
        each = player(NAMES[seat], phone=True)
        each.keep_seat(self.game_id, {"seat": seat, "token": self.tokens[seat], "name": NAMES[seat]})
        each.open(f"/games/{self.game_id}")
        return each


def test_a_refused_take_back_is_told_to_the_asker_on_its_page(
    player: Callable[..., Player], server: Served
) -> None:
    """The asker reads its request quoting what it undoes without its own name before each move; when
    the other refuses, the asker's page says so in its take-back panel, not only in the log."""
    table = Table(server.base, "undo-3")
    table.play_a_turn_and_ask_to_take_it_back()
    asker = table.page_of(player, table.mover)
    asker.page.wait_for_selector(".consent .request")
    asked = asker.page.text_content(".consent .request") or ""
    assert asked.startswith("You ask to take back “drew"), asked  # short: "drew ...", not "Ann drew ..."
    assert f"{NAMES[table.mover]} drew" not in asked and "slush fund" in asked, asked
    asker.shot("take-back-request-quoted-short-on-a-phone", full_page=False)
    assert table.send(table.other, {"type": "RefuseTakeBack"}).status_code == 200
    told = asker.page.wait_for_selector(".consent .request-ended")
    assert told is not None
    assert (told.text_content() or "") == f"{NAMES[table.other]} refused your take-back: your turn stands."
    asker.page.locator(".consent .request-ended").scroll_into_view_if_needed()
    asker.shot("take-back-refused-told-to-the-asker-on-a-phone", full_page=False)
    other = table.page_of(player, table.other)
    other.page.wait_for_selector(".log-list li:has-text('refused the take-back')")
    assert other.page.locator(".consent .request-ended").count() == 0  # told to the asker only


def test_a_lapsed_take_back_is_told_to_the_asker_until_it_moves_again(
    player: Callable[..., Player], server: Served
) -> None:
    """Politrickers: the leader plays and asks to take it back; the next seat plays on instead of
    answering, so the request lapses and the leader's page says why; once the leader moves again,
    the note is gone."""
    names = ["Ann", "Bob", "Cy"]
    game_id, tokens = open_table(server.base, "politrickers", names, seed="consent-3")

    def send(seat: int, command: dict[str, Any]) -> None:
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        sent = httpx.post(f"{server.base}/api/games/{game_id}/commands", headers=auth, json=command)
        assert sent.status_code == 200, sent.text

    def a_move(seat: int) -> dict[str, Any]:
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        legal = httpx.get(f"{server.base}/api/games/{game_id}/legal", headers=auth).json()["commands"]
        return next(c for c in legal if "TakeBack" not in c["type"])

    leader = summary(server.base, game_id)["to_act"][0]
    send(leader, a_move(leader))
    send(leader, {"type": "RequestTakeBack"})
    asker = player(names[leader], phone=True)
    asker.keep_seat(game_id, {"seat": leader, "token": tokens[leader], "name": names[leader]})
    asker.open(f"/games/{game_id}")
    asker.page.wait_for_selector(".consent .request")
    second = summary(server.base, game_id)["to_act"][0]
    send(second, a_move(second))
    told = asker.page.wait_for_selector(".consent .request-ended")
    assert told is not None
    said = told.text_content() or ""
    assert (
        said == "Your take-back request lapsed (the game moved on before everyone agreed): your turn stands."
    )
    asker.shot("take-back-lapsed-told-to-the-asker-on-a-phone", full_page=False)
    while leader not in (now := summary(server.base, game_id))["to_act"]:
        send(now["to_act"][0], a_move(now["to_act"][0]))
    assert asker.page.locator(".consent .request-ended").count() == 1  # told until the leader moves
    send(leader, a_move(leader))
    asker.page.wait_for_selector(".consent .request-ended", state="detached")
