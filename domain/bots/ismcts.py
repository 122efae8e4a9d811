"""Information-set Monte Carlo tree search (single observer), over any game of the kernel.

Every iteration draws one determinisation from the seat's :class:`~domain.bots.knowledge.Knowledge`
(the game's ``resample``), then walks one shared tree: at each node only the children legal in this
determinisation count, each child's availability is counted, and the child with the best upper
confidence bound (UCB1 over availability) is followed; the first untried legal command is expanded,
then the game is played out at random to its end, and every node on the path is credited with the
share of the win of the seat that moved into it. The command chosen is the root's most visited one.

Whenever several seats may act at once, the search lets the lowest one act first (its playouts are
only estimates). Budgets: a number of iterations, and an optional ``stop`` the caller asks about time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from domain.bots.knowledge import Knowledge, acting, play
from domain.game import AnyGame, share_of_win
from domain.messages import Command
from domain.seats import Seat

EXPLORATION = 0.7
"""The UCB1 exploration constant (rewards lie in [0, 1])."""
PLAYOUT_LIMIT = 2000
"""A playout still going after this many commands earns nobody anything."""


class Node:
    """One (seat, command) edge of the tree, and what the iterations through it earned."""

    __slots__ = ("available", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[tuple[int, Command], Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0

    def score(self) -> float:
        """UCB1 over availability: the mean reward plus an exploration bonus."""
        bonus = EXPLORATION * math.sqrt(math.log(self.available) / self.visits)
        return self.reward / self.visits + bonus


def search(
    knowledge: Knowledge, rng: random.Random, iterations: int, stop: Callable[[], bool] | None = None
) -> Command:
    """The command ISMCTS picks for the seat after ``iterations`` (or until ``stop()``)."""
    legal = knowledge.legal()
    if len(legal) == 1:
        return legal[0]
    root = Node(-1)
    for _ in range(iterations):
        _iterate(knowledge, root, rng)
        if stop is not None and stop():
            break
    seat = knowledge.seat
    visits = [root.children[(seat, c)].visits if (seat, c) in root.children else 0 for c in legal]
    return legal[visits.index(max(visits))]


def _iterate(knowledge: Knowledge, root: Node, rng: random.Random) -> None:
    game = knowledge.game
    state = knowledge.sample(rng)
    node, path = root, [root]
    seat: Seat = knowledge.seat
    while not game.is_over(state):
        legal = game.legal_commands(state, seat)
        child, fresh = _select(node, seat, legal, rng)
        state = play(game, state, seat, child, rng)
        node = node.children[(seat, child)]
        path.append(node)
        if fresh:
            break
        if not game.is_over(state):
            seat = acting(game, state)
    rewards = _playout(game, state, knowledge.seats, rng)
    for step in path:
        step.visits += 1
        if step.seat >= 0:
            step.reward += rewards[step.seat]


def _select(node: Node, seat: int, legal: list[Command], rng: random.Random) -> tuple[Command, bool]:
    """The child to follow among ``legal`` (counting each one's availability); True when new."""
    children = node.children
    untried = [command for command in legal if (seat, command) not in children]
    for command in legal:
        if (seat, command) in children:
            children[(seat, command)].available += 1
    if untried:
        command = rng.choice(untried)
        children[(seat, command)] = Node(seat)
        return command, True
    best = max(legal, key=lambda command: children[(seat, command)].score())
    return best, False


def _playout(game: AnyGame, state: Any, seats: int, rng: random.Random) -> list[float]:
    """Random legal play to the end; each seat's share of the win (nothing for a game still going)."""
    is_over, legal_commands, choice = game.is_over, game.legal_commands, rng.choice
    for _ in range(PLAYOUT_LIMIT):
        if is_over(state):
            break
        seat = acting(game, state)
        state = play(game, state, seat, choice(legal_commands(state, seat)), rng)
    outcome = game.outcome(state) if is_over(state) else None
    return [share_of_win(outcome, seat) for seat in range(seats)]
