"""Every width right (issue 48, item 3): at 390, 768, 1280, 1440 and 1920 px, for each game at its start,
mid-game and end, no card, tile or panel overlaps another, sticks out of the screen or clips its text, and
no score sheet hides a column behind a sideways scroll, measured in the browser by bounding boxes and
overflow (``geometry.js``). The positions are reached at domain speed: one game played through the
service, its start and middle forked from the finished log."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from api.service import forking
from api.service.application import Tables
from tests.browser.players import Player
from tests.browser.positions import opened, played_out, served
from tests.support.server import Served
from tests.support.service import run

pytestmark = pytest.mark.browser

WIDTHS = (390, 768, 1280, 1440, 1920)
HEIGHT = {390: 844, 768: 1024, 1280: 800, 1440: 900, 1920: 1080}
CHECK = (Path(__file__).with_name("geometry.js")).read_text()
SETTLED = "Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))"
"""Every card arrived: a card still flying or landing is measured where it ends, not on its way."""
GAMES = [
    ("super-pacs", ["Ann", "Bob", "Cy"]),
    ("campaign-trail", ["Ann", "Dee"]),
    ("politrickers", ["Ann", "Bob", "Cy"]),
    ("slush-fund-2", ["Ann", "Bob"]),
]


@pytest.mark.parametrize(("game", "names"), GAMES, ids=[game for game, _ in GAMES])
def test_no_card_tile_or_panel_overlaps_or_clips_at_any_width_at_the_start_middle_and_end(
    player: Callable[..., Player],
    server: Served,
    service: Tables,
    *,
    store: Path,
    game: str,
    names: list[str],
) -> None:
    """Fifteen looks (three positions, five widths), each measured; the middle shot at every width."""
    game_id, tokens = opened(service, game, names, f"widths-{game}")
    end = service.store.load(game_id, played_out(store, server.base, game_id, tokens, random.Random(7)))
    positions = {"end": (game_id, tokens[0])}
    for label, version in (("start", 6), ("middle", end.version // 2)):
        fork = run(forking.fork_at(service, end, version))
        positions[label] = (str(fork.game_id), fork.tokens[0])
        served(server.base, positions[label][0], 1)
    ann = player("Ann")
    found: dict[str, list[str]] = {}
    for label, (table, token) in positions.items():
        ann.keep_seat(table, {"seat": 0, "token": token, "name": "Ann"})
        for width in WIDTHS:
            ann.page.set_viewport_size({"width": width, "height": HEIGHT[width]})
            ann.open(f"/games/{table}")
            ann.page.wait_for_selector(".board .turn, .board section, .board ol")
            ann.page.evaluate(SETTLED)
            problems = ann.page.evaluate(CHECK)
            if problems:
                found[f"{label} at {width} px"] = problems
            if label == "middle":
                ann.shot(f"widths-{game}-{label}-{width}")
    (ann.artifacts / f"widths-{game}.json").write_text(json.dumps(found, indent=1))  # the whole list
    assert not found, found
