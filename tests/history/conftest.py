"""An API client per test, and finished games (with take-backs in their logs) shared per module."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.takeback.helpers import Game, client_over


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_over(tmp_path)


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    yield from client_over(tmp_path_factory.mktemp("shared"))


def play_with_take_backs(game: Game, rng: random.Random, limit: int = 400) -> None:
    """Play to the end; now and then a seat undoes a step or takes a whole turn back with consent."""
    seats = len(game.tokens)
    for _ in range(limit):
        if game.over():
            return
        seat = game.play_turn(rng)
        if game.over():
            return
        if rng.random() < 0.15 and "RequestTakeBack" in game.offered(seat):
            game.ok(seat, {"type": "RequestTakeBack"})
            for other in range(seats):
                if other != seat:
                    game.ok(other, {"type": "ApproveTakeBack"})
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def finished_slush_fund(shared: TestClient) -> Game:
    game = Game(shared, "slush-fund-2", 2, seed="fin")
    play_with_take_backs(game, random.Random(11))
    return game


@pytest.fixture(scope="module")
def finished_politrickers(shared: TestClient) -> Game:
    game = Game(shared, "politrickers", 3, seed="fin")
    play_with_take_backs(game, random.Random(12))
    return game
