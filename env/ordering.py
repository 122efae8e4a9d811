"""Tuning: PettingZoo's order checks, with ``last`` asked of the environment itself in one call.

:func:`env.backroom_env` wraps a :class:`~env.environment.BackroomEnv` in PettingZoo's
``OrderEnforcingWrapper``, as PettingZoo's own ``env()`` functions do. The wrapper's ``last`` is
``AECEnv.last`` run on the wrapper: the acting agent, its reward, termination, truncation and info each
go through the wrapper's two ``__getattr__`` (five a step, with the observation besides). Here the
wrapper checks that the environment was reset, as its ``__getattr__`` does, and asks the environment's
own ``last``: the same answer, and the same error before a reset. What it bought: docs/architecture.md,
*Speed: issue 50*.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers


class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]  # pettingzoo ships no types: the wrapper is Any
    """``OrderEnforcingWrapper`` whose ``last`` is the wrapped environment's (see the module's docstring)."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Observation, cumulative reward, termination, truncation and info of the acting agent."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)  # type: ignore[no-any-return]  # the wrapped AECEnv is Any

    def __str__(self) -> str:
        return str(self.env)  # as the wrapper itself prints
