"""Opponents, rewards and the feed: bots play their seats inside the environment; the end pays each
agent its share of the win; render() is the table's feed."""

from __future__ import annotations

import random

import numpy as np
import pytest

from domain.bots import BotSpec, PolicyName
from domain.chance import Context
from domain.game import share_of_win
from domain.referee import start
from domain.seats import SPECTATOR
from env import BackroomEnv, agent_name, backroom_env

Table = tuple[str, int]


def play_out(env: BackroomEnv, seed: int) -> dict[str, float]:
    """Random masked play to the end; each agent's reward when it was told the game was over."""
    rng, final = random.Random(seed), {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
        else:
            env.step(int(rng.choice(list(np.flatnonzero(observation["action_mask"])))))
    return final


def test_each_agent_is_paid_its_share_of_the_win_at_the_end(table: Table) -> None:
    """1 to a sole winner, 1/k to each of k sharing the win, 0 to a loser; every agent is terminated."""
    game, seats = table
    env = BackroomEnv(game, seats)
    env.reset(seed=5)
    final = play_out(env, 5)
    outcome = env.game.outcome(env.state_now)
    assert outcome is not None
    assert final == {agent_name(seat): share_of_win(outcome, seat) for seat in range(seats)}
    assert env.agents == []


def test_bots_play_every_other_seat_inside_the_environment(table: Table) -> None:
    """With Backroom's random bot at every seat but 0, only seat_0 is an agent, and the game ends."""
    game, seats = table
    env = BackroomEnv(game, seats, bots={seat: BotSpec(policy="random") for seat in range(1, seats)})
    assert env.possible_agents == ["seat_0"]
    env.reset(seed=2)
    final = play_out(env, 2)
    assert env.game.is_over(env.state_now)
    assert set(final) == {"seat_0"}


@pytest.mark.parametrize("policy", ["greedy", "ismcts"])
def test_greedy_and_search_bots_play_their_seats_too(policy: PolicyName) -> None:
    """Backroom's greedy and ISMCTS bots (level 1) play Politrickers seats inside the environment."""
    env = BackroomEnv(
        "politrickers", 3, bots={1: BotSpec(policy=policy, level=1), 2: BotSpec(policy="random")}
    )
    env.reset(seed=4)
    play_out(env, 4)
    assert env.game.is_over(env.state_now)


def test_the_same_seed_gives_the_bots_the_same_choices() -> None:
    """A seeded reset fixes the deal and every bot's choices: two runs play the same game."""
    finals = []
    for _ in range(2):
        env = BackroomEnv("super-pacs", 3, bots={1: BotSpec(policy="greedy", level=1)})
        env.reset(seed=9)
        play_out(env, 9)
        finals.append(env.state_now)
    assert finals[0] == finals[1]


def test_render_is_the_feed_the_table_tells() -> None:
    """render() in ansi mode: the spectator's sentences for the deal, then one more line an event."""
    env = BackroomEnv("politrickers", 3, render_mode="ansi")
    env.reset(seed=11)
    _, opening = start(env.game, env.table_options, 3, Context(rng=random.Random(11)))
    told = [env.game.describe(env.game.redact(event, SPECTATOR), SPECTATOR, env.names) for event in opening]
    assert env.render() == "\n".join(told)
    play_out(env, 11)
    feed = env.render()
    assert feed is not None and feed.startswith("\n".join(told)) and len(feed.splitlines()) > len(told)


def test_render_for_a_seat_tells_it_its_own_cards() -> None:
    """render_seat=0 reads the deal as seat 0 does (its own hand named), the spectator's does not."""
    seat = BackroomEnv("politrickers", 3, render_mode="ansi", render_seat=0)
    spectator = BackroomEnv("politrickers", 3, render_mode="ansi")
    seat.reset(seed=1)
    spectator.reset(seed=1)
    assert seat.render() != spectator.render()


def test_a_table_of_bots_only_or_a_bot_off_the_table_is_refused() -> None:
    """At least one seat must be left to an agent, and bots sit only at the table's seats."""
    with pytest.raises(ValueError, match="leave at least one"):
        backroom_env("slush-fund-2", 2, bots={0: BotSpec(), 1: BotSpec()})
    with pytest.raises(ValueError, match="seats 0 to 1"):
        backroom_env("slush-fund-2", 2, bots={2: BotSpec()})


def test_reset_takes_the_tables_options() -> None:
    """reset(options={"table": ...}) deals with those table options; a bad one is refused."""
    env = BackroomEnv("politrickers", 3)
    env.reset(seed=1, options={"table": {}})
    with pytest.raises(Exception, match="Invalid options"):
        env.reset(seed=1, options={"table": {"no_such_option": 1}})
