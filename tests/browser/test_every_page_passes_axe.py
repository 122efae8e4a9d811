"""axe-core (vendored) finds nothing at all, not even a moderate or minor finding, on the lobby and on
the table and replay pages of every game, seated, watching and once the game is over."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from domain.games import registered
from tests.browser.access import violations
from tests.browser.players import Player, open_table
from tests.browser.positions import played_out
from tests.support.server import Served

pytestmark = pytest.mark.browser

GAMES = sorted(registered())
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]
NOT_FOR_PLAYERS = re.compile(
    r"\b(rule|ruling|section)s? ?#?\d|§|\*\*|`|</?[a-z][a-z0-9]*[ >/]|&[a-z]+;"
    r"|\bundefined\b|\[object|\bNaN\b",
    re.IGNORECASE,
)
"""Rule numbers, markup and a program's leftovers: none belongs in text a player reads."""
READ = "() => document.body.innerText"


def _clean(each: Player, what: str) -> None:
    """axe finds nothing, and the page's text has no rule numbers or markup."""
    found = violations(each.page)
    if found:
        each.shot(f"axe-{what}")
    assert not found, f"{what}: {found}"
    text = each.page.evaluate(READ)
    leftovers = [text[max(0, m.start() - 40) : m.end() + 40] for m in NOT_FOR_PLAYERS.finditer(text)]
    assert not leftovers, f"{what}: {leftovers}"


def test_the_lobby_passes_axe(player: Callable[..., Player]) -> None:
    """The lobby with its catalogue, its lists and the new-table form open, each game's options shown."""
    ann = player("Ann")
    ann.open("/")
    ann.page.wait_for_selector(".catalogue li")
    _clean(ann, "lobby")
    ann.page.click("text=Table options")
    for game in GAMES:
        ann.page.select_option("#new-game", game)
        ann.page.wait_for_selector(".options")
        _clean(ann, f"lobby-options-{game}")


@pytest.mark.parametrize("game", GAMES)
def test_the_table_and_replay_pages_pass_axe(
    game: str, player: Callable[..., Player], server: Served, store: Path
) -> None:
    """Seated and watching mid-game, the table once over, and the replay of the finished game."""
    seats = registered()[game].min_seats
    game_id, tokens = open_table(server.base, game, NAMES[:seats], seed=f"axe-{game}")
    rng = random.Random(7)
    ann, watcher = player("Ann"), player("Watcher", phone=True)
    ann.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})
    for each in (ann, watcher):
        each.open(f"/games/{game_id}")
        each.page.wait_for_selector(".table-head[data-version]")
    ann.page.wait_for_selector("section.controls")
    _clean(ann, f"{game}-table-seated")
    _clean(watcher, f"{game}-table-watching")
    assert ann.page.locator("details.raw").count() == 0, "the view as data is for developers only"
    watcher.open(f"/games/{game_id}?developer=1")
    watcher.page.wait_for_selector("details.raw summary:has-text('Show the view as data')")
    watcher.open(f"/games/{game_id}?developer=0")
    watcher.page.wait_for_selector(".table-head[data-version]")
    assert watcher.page.locator("details.raw").count() == 0

    last = played_out(store, server.base, game_id, tokens, rng)
    ann.page.reload()
    ann.wait_version(last)
    ann.page.wait_for_selector(".outcome")
    _clean(ann, f"{game}-table-over")
    ann.open(f"/games/{game_id}/replay")
    ann.page.wait_for_selector("#scrub")
    ann.page.wait_for_selector(f".board[data-version='{last}']")
    _clean(ann, f"{game}-replay")
    watcher.open(f"/games/{game_id}/replay?v=3")
    watcher.page.wait_for_selector(".board[data-version='3']")
    _clean(watcher, f"{game}-replay-phone")
