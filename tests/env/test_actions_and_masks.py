"""Actions: one fixed enumeration per game and seat count; the mask is exactly the legal list.

A property over random games: every masked-in action is accepted by the rules, every masked-out one
is refused (by the rules, and by the environment, which then changes nothing).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.chance import Context
from domain.errors import RuleError
from domain.playout import Step, random_steps
from domain.referee import decide
from domain.seats import Seat
from env import BackroomEnv, Refused, agent_name
from env.games import adapter

Table = tuple[str, int]
EVERY_MASKED_OUT_AT = 40
"""Every this many commands, every masked-out action is tried (a sample of them otherwise)."""
SAMPLE = 25


def accepted(env: BackroomEnv, state: Any, seat: Seat, action: int) -> bool:
    """True when the rules accept command number ``action`` from ``seat`` at ``state``."""
    try:
        decide(env.game, state, seat, env.actions.commands[action], Context(rng=random.Random(0)))
    except RuleError:
        return False
    return True


def test_the_enumeration_lists_every_command_once_in_a_fixed_order(table: Table) -> None:
    """The action space is Discrete(n) over a list made again alike, with no command twice."""
    game, seats = table
    env = BackroomEnv(game, seats)
    assert env.action_space(agent_name(0)).n == len(env.actions.commands)
    assert list(env.actions.commands) == adapter(game).commands(seats)
    assert len(set(env.actions.commands)) == len(env.actions.commands)


def test_every_legal_command_of_random_play_has_an_action_number(table: Table) -> None:
    """Whatever any seat may do in random games, the enumeration numbers it."""
    game, seats = table
    env = BackroomEnv(game, seats)
    for seed in range(8):
        for step in random_steps(env.game, seed, seats):
            if isinstance(step, Step):
                for seat in range(seats):
                    env.actions.numbers(env.legal_at(step.before, Seat(seat)))


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_masked_in_actions_are_accepted_and_masked_out_ones_refused(table: Table, seed: int) -> None:
    """Through a random game: each mask is exactly the actions the rules accept from that seat."""
    game, seats = table
    env = BackroomEnv(game, seats)
    env.reset(seed=seed)
    rng = random.Random(seed)
    for count, agent in enumerate(env.agent_iter()):
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        state = env.state_now
        for other in env.agents:
            mask = env.observe(other)["action_mask"]
            seat = Seat(int(other.removeprefix("seat_")))
            masked_in, masked_out = np.flatnonzero(mask), np.flatnonzero(mask == 0)
            assert all(accepted(env, state, seat, int(action)) for action in masked_in)
            tried = masked_out if count % EVERY_MASKED_OUT_AT == 0 else rng.sample(list(masked_out), SAMPLE)
            assert not any(accepted(env, state, seat, int(action)) for action in tried)
        mask = env.observe(agent)["action_mask"]
        refused = rng.choice(list(np.flatnonzero(mask == 0)))
        with pytest.raises(Refused):
            env.step(int(refused))
        assert env.state_now is state and env.agent_selection == agent
        env.step(int(rng.choice(list(np.flatnonzero(mask)))))


def test_an_action_outside_the_space_is_refused() -> None:
    """A number past the enumeration, or no action from a seat still playing, is refused."""
    env = BackroomEnv("politrickers", 3)
    env.reset(seed=1)
    with pytest.raises(Refused):
        env.step(len(env.actions.commands))
    with pytest.raises(Refused):
        env.step(None)
