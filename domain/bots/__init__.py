"""Bots that never read a secret: pure policies over the kernel, given only what their seat knows.

``choose(game, state, seat, seats, spec, rng)`` is the one entry point; the state is turned into the
seat's :class:`Knowledge` before any policy sees it (see ``docs/bots.md``).
"""

from domain.bots.ismcts import search
from domain.bots.knowledge import Knowledge
from domain.bots.policies import LEVELS, BotSpec, PolicyName, bot_names, choose, greedy, random_policy

__all__ = [
    "LEVELS",
    "BotSpec",
    "Knowledge",
    "PolicyName",
    "bot_names",
    "choose",
    "greedy",
    "random_policy",
    "search",
]
