"""An example: a baseline agent against Backroom's bots, through the environment, with win rates.

One agent takes one seat (a different seat each game, so no seat's advantage counts) and Backroom's
bot of each kind takes every other seat, inside the environment. The agent sees only its observation
and mask. Two baselines:

* ``random``: a uniformly random masked-in action;
* ``bandit``: a simple learner that keeps, for every action number, the mean reward of the games it
  was played in, and plays the best masked-in one (a random one a tenth of the time). It learns
  across the games of a run.

Prints each opponent's games, the agent's win rate (1 a win, 1/k a win shared by k) and its 95%
Wilson interval. Run: ``python -m env.baseline --game GAME --seats 3 --games 60`` (``--help``: the
games).
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from typing import Any

import msgspec
import numpy as np

from domain.bots import BotSpec
from domain.bots.duel import Tally
from domain.games import registered
from env import backroom_env


class Bandit:
    """Action numbers scored by the mean reward of the games they were played in."""

    def __init__(self, rng: random.Random, explore: float = 0.1) -> None:
        self.rng, self.explore = rng, explore
        self.total: dict[int, float] = defaultdict(float)
        self.count: dict[int, int] = defaultdict(int)
        self.played: list[int] = []

    def act(self, legal: list[int]) -> int:
        """The best-scoring legal action, or (sometimes, and for actions never tried) a random one."""
        if self.rng.random() < self.explore:
            action = self.rng.choice(legal)
        else:
            action = max(legal, key=lambda a: self.total[a] / self.count[a] if self.count[a] else 1.0)
        self.played.append(action)
        return action

    def learn(self, reward: float) -> None:
        """Credit every action of the game just over with its reward."""
        for action in self.played:
            self.total[action] += reward
            self.count[action] += 1
        self.played = []


def play(game: str, seats: int, opponent: BotSpec, agent: Any, number: int) -> float:
    """One game, the agent at seat ``number % seats``: its reward."""
    seat = number % seats
    env = backroom_env(game, seats, bots={s: opponent for s in range(seats) if s != seat})
    env.reset(seed=number)
    reward = 0.0
    for _ in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        legal = [int(a) for a in np.flatnonzero(observation["action_mask"])]
        env.step(agent.act(legal))
    if isinstance(agent, Bandit):
        agent.learn(reward)
    return float(reward)


class RandomAgent:
    """A uniformly random masked-in action."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, legal: list[int]) -> int:
        """Any legal action."""
        return self.rng.choice(legal)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", required=True, choices=list(registered()), help="the game's id")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--games", type=int, default=60, help="games against each opponent")
    parser.add_argument("--agent", choices=["random", "bandit"], default="bandit")
    parser.add_argument("--opponents", default="random,greedy,ismcts", help="bot policies, comma-separated")
    parser.add_argument("--level", type=int, default=1, help="the bots' level (1 to 3)")
    args = parser.parse_args()
    print(f"{args.agent} agent against each bot at {args.game}, {args.seats} seats, {args.games} games each")
    print(f"(a seat's fair share of the wins is {1 / args.seats:.2f})")
    for policy in args.opponents.split(","):
        rng = random.Random(policy)
        agent = Bandit(rng) if args.agent == "bandit" else RandomAgent(rng)
        opponent = msgspec.convert({"policy": policy, "level": args.level}, BotSpec)
        tally = Tally()
        for number in range(args.games):
            tally.games += 1
            tally.wins += play(args.game, args.seats, opponent, agent, number)
        low, high = tally.interval()
        print(f"  vs {opponent.label()}: win rate {tally.rate():.2f} (95% interval {low:.2f}-{high:.2f})")


if __name__ == "__main__":
    main()
