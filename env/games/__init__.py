"""Each game's action enumeration and view layout: a module a game, found by the game's id.

A game's module here is named as its package in ``domain/games`` is (its id with ``_`` for ``-``) and
defines ``VIEW`` (the view type), ``commands(seats)`` and ``declarations(seats)``; the same folder of a
folder named in ``BACKROOM_GAME_FOLDERS`` adds modules for the games it adds (``docs/new-game.md``).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from domain.games import game_folders, module_name

__path__[:] = [str(folder) for folder in game_folders("env", "games")]


def adapter(game_id: str) -> ModuleType:
    """The module of the game ``game_id``: ``VIEW``, ``commands(seats)``, ``declarations(seats)``;
    ``ModuleNotFoundError`` when the game has none."""
    __path__[:] = [str(folder) for folder in game_folders("env", "games")]
    return importlib.import_module(f"{__name__}.{module_name(game_id)}")
