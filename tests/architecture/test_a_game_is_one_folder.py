"""A game is one folder again (issue 43): its package, its renderer and its environment adapter, each
found by the game's id, and no other file of the product names it.

For every game the registry finds, no product file (``domain``, ``store``, ``projections``,
``workers``, ``api`` with the web pages' modules, styles and shell, ``env``, ``deploy``) names it by its
id, its module name or its title, outside its three places: ``domain/games/<module>/``,
``api/web/static/games/<id>.js`` with its stylesheet (``<id>.css``) and the files it alone uses
(``<id>-*.js``), and ``env/games/<module>.py``. Tests and docs may name games; another game's package
may not, nor may the shared stylesheet ``app.css``, even in a comment.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domain.game import GameDefinition
from domain.games import module_name, registered

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("domain", "store", "projections", "workers", "api", "env", "deploy")
SUFFIXES = {".py", ".js", ".css", ".html", ".toml", ".yaml", ".yml", ".json", ".cfg", ".sh", ".txt"}
VENDORED = ROOT / "api" / "web" / "static" / "vendor"

GAMES = list(registered().values())


def _product_files() -> list[Path]:
    return sorted(
        path
        for floor in PRODUCT
        for path in (ROOT / floor).rglob("*")
        if path.is_file() and path.suffix in SUFFIXES and VENDORED not in path.parents
    )


def _its_own(game: GameDefinition[Any, Any, Any, Any], path: Path) -> bool:
    """Whether ``path`` is one of the game's three places."""
    module = module_name(game.id)
    relative = path.relative_to(ROOT)
    return (
        relative.parts[:3] == ("domain", "games", module)
        or relative == Path("env", "games", f"{module}.py")
        or (
            relative.parent == Path("api", "web", "static", "games")
            and (path.stem == game.id or path.stem.startswith(f"{game.id}-"))
        )
    )


def _names(game: GameDefinition[Any, Any, Any, Any]) -> set[str]:
    return {game.id.lower(), module_name(game.id).lower(), game.title.lower()}


def test_the_registry_finds_the_four_games_by_their_folders() -> None:
    """The games are found by convention: each package under ``domain/games`` is one."""
    assert {game.id for game in GAMES} >= {"slush-fund-2", "politrickers", "super-pacs", "campaign-trail"}


@pytest.mark.parametrize("game", GAMES, ids=[game.id for game in GAMES])
def test_no_file_outside_its_package_renderer_and_adapter_names_the_game(
    game: GameDefinition[Any, Any, Any, Any],
) -> None:
    """For each game: only its package, its renderer (with its stylesheet and the files it alone uses)
    and its env adapter name it, by id, module name or title."""
    naming = []
    for path in _product_files():
        if _its_own(game, path):
            continue
        text = path.read_text(encoding="utf-8", errors="replace").lower()
        found = sorted(name for name in _names(game) if name in text)
        if found:
            naming.append(f"{path.relative_to(ROOT)}: {found}")
    assert naming == [], f"{game.id} is named outside its folder:\n" + "\n".join(naming)

