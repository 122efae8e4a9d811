"""Every game at every seat count is a PettingZoo AEC environment: PettingZoo's own tests pass."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from domain.bots import BotSpec
from env import BackroomEnv, backroom_env

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


def _out_of_order(env: Any) -> list[str]:
    """What each call made out of order does: the error's type and words."""
    said: list[str] = []
    for call in (lambda: env.step(0), env.agent_iter, env.last):
        try:
            call()
        except Exception as refused:  # the very exception is what is compared
            said.append(f"{type(refused).__name__}: {refused}")
    return said


def _played_to_the_end(env: Any) -> tuple[list[str], list[str]]:
    """The agents a seeded game iterates, then what one more step says (PettingZoo's log of warnings)."""
    agents: list[str] = []
    env.reset(seed=3)
    for agent in env.agent_iter():
        agents.append(agent)
        observation, _, termination, truncation, _ = env.last()
        env.step(None if termination or truncation else int(observation["action_mask"].nonzero()[0][0]))
    EnvLogger.flush()
    env.step(None)
    warned = [str(message) for message in EnvLogger.mqueue]
    EnvLogger.flush()
    return agents, warned


def test_the_order_checks_answer_as_pettingzoos_own_wrapper() -> None:
    """Before a reset, through a whole game and in a step after its end: the same errors, agents and
    warnings as PettingZoo's ``OrderEnforcingWrapper`` around the same environment."""
    ours, theirs = backroom_env("slush-fund-2", 2), OrderEnforcingWrapper(BackroomEnv("slush-fund-2", 2))
    assert len(_out_of_order(ours)) == 3
    assert _out_of_order(ours) == _out_of_order(theirs)
    played = _played_to_the_end(ours)
    assert played == _played_to_the_end(theirs)
    assert played[0] and played[1]
