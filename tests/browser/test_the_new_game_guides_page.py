"""The new-game guide's game at a table in the browser: its own renderer draws it, and two players play
it to the end by the page's buttons (``docs/new-game.md``; the API and the environment:
``tests/architecture/test_the_new_game_guide.py``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.games import FOLDERS
from tests.browser.conftest import DESKTOP
from tests.browser.players import Player, join_by_link, open_from_lobby
from tests.support.guide import GAME_ID, write_the_guides_game
from tests.support.server import UNLIMITED, Served, serving

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A ``backroom serve`` with the guide's folder named among the games kept elsewhere."""
    folder = write_the_guides_game(tmp_path_factory.mktemp("guide"))
    store = tmp_path_factory.mktemp("guide-store") / "backroom.sqlite"
    with serving(store, policies={**UNLIMITED, FOLDERS: str(folder)}) as server:
        yield server


@pytest.fixture
def people(browser: Any, served: Served, artifacts: Path) -> Iterator[Callable[[str], Player]]:
    made: list[Player] = []

    def make(name: str) -> Player:
        context = browser.new_context(viewport=DESKTOP)
        context.set_default_timeout(90_000)
        made.append(Player(name, context.new_page(), served.base, artifacts))
        return made[-1]

    yield make
    for each in made:
        each.page.context.close()
    for each in made:
        assert not each.errors, f"{each.name}'s page reported errors: {each.errors}"


def test_the_guides_game_is_drawn_by_its_renderer_and_played_by_its_buttons(
    people: Callable[[str], Player],
) -> None:
    """Ann opens a Showdown table in the lobby, Bob joins by the link; each sees only their own card
    on the renderer's board, Ann holds, Bob folds, and the page shows the showdown and its winner."""
    ann, bob = people("Ann"), people("Bob")
    game_id, link = open_from_lobby(ann, GAME_ID, seats=2)
    join_by_link(bob, link)
    ann.page.wait_for_selector(".showdown-board .my-card strong")
    bob.page.wait_for_selector(".showdown-board .my-card strong")
    ann.page.click("button:has-text('Hold your card')")
    bob.page.wait_for_selector(".showdown-board li:has-text('Seat 1'):has-text('held')")
    bob.page.click("button:has-text('Fold')")
    for each in (ann, bob):
        each.page.wait_for_selector(".outcome")
        assert "Seat 1" in each.page.inner_text(".showdown-board li:has-text('wins')")
    assert len(ann.shown_cards()) == 2  # both cards, once shown
    assert ann.page.url.endswith(f"/games/{game_id}")
