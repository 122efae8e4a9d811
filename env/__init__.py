"""Backroom's games as PettingZoo environments, for people who train game-playing agents.

``backroom_env(game_id, 4, bots={1: BotSpec(policy="greedy")})`` is one game at one seat count
as an agent-environment-cycle (AEC) environment, with the order checks PettingZoo's own ``env()``
functions add; :class:`BackroomEnv` is the raw one. Needs the ``env`` extra (pettingzoo, gymnasium);
the service never imports this package.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pettingzoo.utils import wrappers

from domain.bots import BotSpec
from env.environment import BackroomEnv, Refused, agent_name
from env.ordering import OrderEnforcing

__all__ = ["BackroomEnv", "BotSpec", "Refused", "agent_name", "backroom_env", "tables"]


def backroom_env(
    game: str, seats: int, bots: Mapping[int, BotSpec] | None = None, **kwargs: Any
) -> wrappers.OrderEnforcingWrapper:
    """The environment of ``game`` (a registered id) at ``seats`` seats, ``bots`` playing those seats."""
    return OrderEnforcing(BackroomEnv(game, seats, bots, **kwargs))


def tables() -> list[tuple[str, int]]:
    """(game id, seat count) for every registered game and every seat count it allows."""
    from domain.games import registered

    return [(g.id, n) for g in registered().values() for n in range(g.min_seats, g.max_seats + 1)]
