"""The example plays its baselines against the bots; the listing documents every action and slot."""

from __future__ import annotations

import contextlib
import io
import random
from pathlib import Path

from domain.bots import BotSpec
from env import BackroomEnv
from env.baseline import Bandit, RandomAgent, play
from env.describe import lines


def test_the_baselines_play_whole_games_against_each_kind_of_bot() -> None:
    """Each baseline finishes games against the random, greedy and ISMCTS bots, rewarded in [0, 1]."""
    for policy in ("random", "greedy", "ismcts"):
        for agent in (RandomAgent(random.Random(1)), Bandit(random.Random(1))):
            rewards = [play("politrickers", 3, BotSpec(policy=policy, level=1), agent, n) for n in range(2)]
            assert all(0.0 <= reward <= 1.0 for reward in rewards)


def test_the_bandit_learns_the_reward_of_what_it_played() -> None:
    """After a game, every action the bandit played is credited with that game's reward."""
    bandit = Bandit(random.Random(2))
    reward = play("politrickers", 3, BotSpec(policy="random"), bandit, 0)
    assert bandit.count and all(bandit.total[a] == reward * bandit.count[a] for a in bandit.count)


def test_the_listing_names_every_action_and_every_slot() -> None:
    """``python -m env.describe`` lists one line an action number, then one a slot."""
    env = BackroomEnv("slush-fund-2", 2)
    listed = lines("slush-fund-2", 2)
    assert len(listed) == len(env.actions.commands) + env.layout.size
    assert listed[0] == 'action 0: {"type":"DrawCards"}'
    assert listed[-1] == f"slot {env.layout.size - 1}: {env.layout.slots()[-1]}"


def test_the_readmes_example_plays_a_game_to_its_end() -> None:
    """The README's ten-line example, as printed there, plays a whole game and prints its outcome."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = readme.split("## Train bots on it\n", 1)[1].split("\n## ", 1)[0]
    example = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(example.strip().splitlines()) == 10
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(example, {})
    assert "winners=" in printed.getvalue()
