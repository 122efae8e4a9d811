"""Every game at every seat count is a PettingZoo AEC environment: PettingZoo's own tests pass."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest
from pettingzoo.test import api_test, seed_test

from domain.bots import BotSpec
from env import backroom_env

Table = tuple[str, int]


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    """api_test advises Box observations; ours are a Dict, as in PettingZoo's own classic games."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=UserWarning, module="pettingzoo")
        yield


def test_every_game_passes_pettingzoos_api_test(table: Table) -> None:
    """PettingZoo's api_test passes for every game and seat count, every seat an agent."""
    game, seats = table
    api_test(backroom_env(game, seats), num_cycles=300)


def test_every_game_passes_pettingzoos_api_test_beside_a_bot(table: Table) -> None:
    """PettingZoo's api_test passes with seat 0 played by Backroom's random bot inside the env."""
    game, seats = table
    api_test(backroom_env(game, seats, bots={0: BotSpec(policy="random")}), num_cycles=100)


def test_the_same_seed_plays_the_same_game(table: Table) -> None:
    """PettingZoo's seed_test: two environments reset with one seed deal and play alike."""
    game, seats = table
    seed_test(lambda: backroom_env(game, seats), num_cycles=100)
