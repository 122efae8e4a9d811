"""Tuning: PettingZoo's order checks, with the wrapped environment asked directly.

:func:`env.backroom_env` wraps a :class:`~env.environment.BackroomEnv` in PettingZoo's
``OrderEnforcingWrapper``, as PettingZoo's own ``env()`` functions do. The wrapper reads the wrapped
environment's attributes through its two ``__getattr__`` (the wrapper's check, then ``BaseWrapper``'s
forwarding): ``last`` (``AECEnv.last`` run on the wrapper) five times a step, ``step`` and the
``agent_iter`` iterator's ``__next__`` (``agents``, ``agent_selection``) three times more, and ``step``
passes through ``BaseWrapper.step``. Here each makes the wrapper's own checks and then asks the
environment itself: the same answers, the same errors and warnings before a reset or after the end, the
same ``str``. What it bought: docs/architecture.md, *Speed: issue 50*.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable, AECOrderEnforcingIterator


class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]  # pettingzoo ships no types: the wrapper is Any
    """``OrderEnforcingWrapper`` that asks the wrapped environment directly (see the module's docstring)."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Observation, cumulative reward, termination, truncation and info of the acting agent."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)  # type: ignore[no-any-return]  # the wrapped AECEnv is Any

    def step(self, action: Any) -> None:
        """The wrapper's ``step``: an error before a reset, a warning once every agent is done."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> AgentIterable:
        """The wrapper's ``agent_iter``: an error before a reset."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return AgentIterable(self, max_iter)

    def __str__(self) -> str:
        return str(self.env)  # as the wrapper itself prints


class AgentIterable(AECOrderEnforcingIterable):  # type: ignore[misc]  # pettingzoo ships no types
    """PettingZoo's order-enforcing iterable, iterating with :class:`AgentIterator`."""

    def __iter__(self) -> AgentIterator:
        return AgentIterator(self.env, self.max_iter)


class AgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]  # pettingzoo ships no types
    """PettingZoo's order-enforcing iterator, reading the agents of the environment the wrapper holds."""

    def __next__(self) -> str:
        wrapper, env = self.env, self.env.env
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        agent: str = env.agent_selection
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return agent
