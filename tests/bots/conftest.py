"""Every registered game, at every seat count it supports, is a parameter of the contract suite."""

from __future__ import annotations

from typing import Any

import pytest

from domain.game import GameDefinition
from domain.games import registered


def tables() -> list[tuple[GameDefinition[Any, Any, Any, Any], int]]:
    """(game, seat count) for every registered game and every seat count it allows."""
    return [
        (game, count) for game in registered().values() for count in range(game.min_seats, game.max_seats + 1)
    ]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "table" in metafunc.fixturenames:
        metafunc.parametrize("table", tables(), ids=[f"{g.id}-{n}p" for g, n in tables()])
    if "game" in metafunc.fixturenames:
        games = list(registered().values())
        metafunc.parametrize("game", games, ids=[game.id for game in games])
