"""Every game: each package in this folder is one, found by its name (there is no list to edit).

A game's package is named for its id (``a_game`` for ``a-game``: the id, with ``_`` for ``-``) and
defines its :class:`~domain.game.GameDefinition` as ``GAME`` in its ``__init__``. A folder laid out
like this repository, named in the environment variable ``BACKROOM_GAME_FOLDERS`` (several joined by
the path separator), adds its games too: a package in ``<folder>/domain/games/`` is found as if it were
here, under the same import name (``domain.games.<game>``), and so are the same game's renderer and
environment (``docs/new-game.md``). Ours come first: a game elsewhere can add an id, never replace one
of ours. (The variable, not the Python path: a folder on the Python path with a ``domain/`` but no
``domain/__init__.py`` would be taken for the whole ``domain`` package where ours is installed
editable, by an import hook that runs after the path.)

Nothing is registered by importing: :func:`registered` looks, every time it is asked (it is asked when a
process starts, not on a move).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from pathlib import Path
from typing import Any

from domain.game import GameDefinition

DEFINITION = "GAME"
"""The name each game package gives its definition."""
OURS = [os.path.abspath(folder) for folder in __path__]
"""This package's own folder, before the other folders' are added to it."""
FOLDERS = "BACKROOM_GAME_FOLDERS"
"""The environment variable naming the folders of games kept outside this repository."""


def game_folders(*parts: str) -> list[Path]:
    """Where games' files of one kind are: the folder ``parts`` (such as ``env/games``) of this
    repository, then the same folder in every folder ``BACKROOM_GAME_FOLDERS`` names, each once."""
    found: list[Path] = []
    elsewhere = [entry for entry in os.environ.get(FOLDERS, "").split(os.pathsep) if entry]
    for entry in [str(Path(__file__).resolve().parents[2]), *elsewhere]:
        folder = Path(entry, *parts).resolve()
        if folder.is_dir() and folder not in found:
            found.append(folder)
    return found


def module_name(game_id: str) -> str:
    """The module (or package) name a game's files take, by convention: its id with ``_`` for ``-``."""
    return game_id.replace("-", "_")


def registered() -> dict[str, GameDefinition[Any, Any, Any, Any]]:
    """Every game by id: ours in the order of their names, then those of the other folders."""
    __path__[:] = [*OURS, *(str(folder) for folder in game_folders("domain", "games")[1:])]
    games: dict[str, GameDefinition[Any, Any, Any, Any]] = {}
    for found in pkgutil.iter_modules(__path__):
        if not found.ispkg or found.name.startswith("_"):
            continue
        game = getattr(importlib.import_module(f"{__name__}.{found.name}"), DEFINITION)
        if module_name(game.id) != found.name:
            wanted = module_name(game.id)
            raise ValueError(f"The package {found.name!r} holds the game {game.id!r}: name it {wanted!r}.")
        if games.setdefault(game.id, game) is not game:
            raise ValueError(f"Two packages hold a game {game.id!r}.")
    return games


def get_game(game_id: str) -> GameDefinition[Any, Any, Any, Any]:
    """The game whose id is ``game_id``; ``KeyError`` when there is none."""
    return registered()[game_id]
