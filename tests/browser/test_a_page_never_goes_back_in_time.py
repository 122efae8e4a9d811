"""A table page never goes back in time: a read that answers an older table than the one the page has
drawn (a read side that was behind) is not drawn, and the page reads again until it has the new one."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from api.service.application import Tables
from tests.browser.players import Player
from tests.browser.positions import opened, played_on, served
from tests.support.server import Served

pytestmark = pytest.mark.browser

TABLE_READ = re.compile(r"/api/games/[^/]+/table\?")
VERSIONS_DRAWN = """() => { window.drawnVersions = [];
  const note = () => { const v = document.querySelector('.controls')?.dataset.version;
    if (v && window.drawnVersions.at(-1) !== Number(v)) window.drawnVersions.push(Number(v)); };
  note();
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true, attributes: true}); }"""
"""Note every version the page's moves are drawn at, in order, from now on."""
MOVES_AT = "v => Number(document.querySelector('.controls')?.dataset.version) >= v"


def test_an_older_table_read_after_a_newer_one_is_not_drawn_and_the_page_reads_again(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Ann's page has drawn the table after a move; the next two reads of the table answer the table as
    it was before that move (as a read side that fell behind would): the page keeps what it drew, reads
    again, and draws the move after, never an older version on the way."""
    game_id, tokens = opened(service, "slush-fund-2", ["Ann", "Bob"], "never-back-in-time")
    rng = random.Random(5)
    start = service.store.load(game_id).version
    ann = player("Ann")
    ann.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})
    ann.open(f"/games/{game_id}")
    ann.page.wait_for_function(MOVES_AT, arg=start)
    seat = {"Authorization": f"Bearer {tokens[0]}"}
    old = httpx.get(f"{server.base}/api/games/{game_id}/table", headers=seat)
    assert old.json()["version"] == start
    moved = played_on(service, game_id, tokens, rng, until=lambda t: t.version > start).version
    served(server.base, game_id, moved)
    ann.page.wait_for_function(MOVES_AT, arg=moved)
    ann.page.evaluate(VERSIONS_DRAWN)
    stale: list[str] = []

    def behind(route: Any) -> None:
        if len(stale) < 2:
            stale.append(route.request.url)
            route.fulfill(status=200, content_type="application/json", body=json.dumps(old.json()))
        else:
            route.continue_()

    ann.page.route(TABLE_READ, behind)
    after = played_on(service, game_id, tokens, rng, until=lambda t: t.version > moved).version
    ann.page.wait_for_function(MOVES_AT, arg=after)
    drawn = ann.page.evaluate("window.drawnVersions")
    assert len(stale) == 2, stale
    assert drawn == sorted(drawn) and min(drawn) >= moved, drawn
    assert ann.version() >= after


def test_the_answer_to_a_move_is_drawn_with_its_own_next_moves_before_any_read(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Ann taps a move while every read of the table answers the table from before it (a read side that
    fell behind): her page draws the answer to her command at once, its view with the moves it says she
    has next, not the moves from before it (which offered what her move used up)."""
    game_id, tokens = opened(service, "slush-fund-2", ["Ann", "Bob"], "the-answer-is-drawn")
    table = played_on(service, game_id, tokens, random.Random(3), until=lambda t: 0 in t.to_act)
    served(server.base, game_id, table.version)
    ann = player("Ann")
    ann.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})
    ann.open(f"/games/{game_id}")
    ann.page.wait_for_function(MOVES_AT, arg=table.version)
    seat = {"Authorization": f"Bearer {tokens[0]}"}
    old = httpx.get(f"{server.base}/api/games/{game_id}/table", headers=seat).json()
    assert old["version"] == table.version
    ann.page.evaluate(VERSIONS_DRAWN)
    stale: list[str] = []

    def behind(route: Any) -> None:
        stale.append(route.request.url)
        route.fulfill(status=200, content_type="application/json", body=json.dumps(old))

    ann.page.route(TABLE_READ, behind)
    ann.page.locator(".controls button.move").first.click()
    ann.page.wait_for_function(MOVES_AT, arg=table.version + 1)
    after = service.store.load(game_id)
    offered = [c for c in service.legal(after, 0) if "TakeBack" not in type(c).__name__]
    drawn_moves = int(ann.page.get_attribute(".controls", "data-moves") or -1)
    assert drawn_moves == len(offered), (drawn_moves, len(offered), after.version)
    assert int(ann.page.get_attribute(".controls", "data-version") or 0) == after.version
    drawn = ann.page.evaluate("window.drawnVersions")
    assert drawn == sorted(drawn), drawn
    assert stale, "no read of the table was made after the move"
