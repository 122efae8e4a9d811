"""One Backroom game at one seat count as a PettingZoo agent-environment-cycle (AEC) environment.

* **Agents** are ``seat_0`` ... ``seat_{n-1}``, less the seats Backroom's bots play (``bots``): a bot's
  seat moves inside :meth:`step` (and :meth:`reset`), choosing with :func:`domain.bots.choose` from what
  its seat knows, so a learner trains against it.
* **Turns**: the next agent is the lowest seat the game waits for (several may be asked at once, as in a
  reaction window; each answers in seat order, as the bots' search does).
* **Actions**: ``Discrete(n)``, the fixed enumeration of :mod:`env.actions` for the game and seat count.
  An action the mask leaves out is refused: :class:`Refused` (the game's own reason), nothing changes.
* **Observations**: ``{"observation": float32[size], "action_mask": int8[n]}``; the vector is the seat's
  own view laid out by :mod:`env.layout` (``python -m env.describe`` prints the layout), the mask is the
  seat's legal list now.
* **Rewards**, once the game is over: 1 to a sole winner, 1/k to each of k seats sharing the win, 0 to
  a loser (:func:`domain.game.share_of_win`, the share the bots play for); 0 on every other step.
  Every agent is terminated at the end; a game still going after ``max_steps`` commands is truncated.
* **Render**: the feed, the sentences the table tells (to the spectator, or to ``render_seat``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from domain.bots import BotSpec, bot_names, choose
from domain.chance import Context
from domain.errors import RuleError
from domain.game import GameDefinition, share_of_win
from domain.games import get_game
from domain.referee import decide, fold, start
from domain.seats import SPECTATOR, Seat, Viewer
from env.actions import Actions
from env.games import adapter
from env.layout import Layout, compile_layout

MAX_STEPS = 20_000
"""A game still running after this many commands is truncated."""
BOUND = float(2**15)
"""The observation's bounds: every count, score and sum in a view lies well within them."""


class Refused(ValueError):
    """Raised when an action is not in the acting seat's mask; the game's reason is the message."""


def agent_name(seat: int) -> str:
    """The agent that plays ``seat``."""
    return f"seat_{seat}"


class BackroomEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no types: AECEnv is Any
    """A Backroom game as an AEC environment (see the module's docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "backroom_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        seats: int,
        bots: Mapping[int, BotSpec] | None = None,
        *,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        render_seat: int | None = None,
        max_steps: int = MAX_STEPS,
    ) -> None:
        super().__init__()
        self.game: GameDefinition[Any, Any, Any, Any] = get_game(game)
        self.table_options = self.game.parse_options(dict(options or {}))
        self.game.validate(self.table_options, seats)
        self.seats = seats
        self.bots = dict(bots or {})
        if any(not 0 <= seat < seats for seat in self.bots):
            raise ValueError(f"Bots may sit only at seats 0 to {seats - 1}.")
        if len(self.bots) == seats:
            raise ValueError("Every seat is a bot's: leave at least one for an agent.")
        module = adapter(self.game.id)
        self.actions = Actions(tuple(module.commands(seats)))
        self.layout: Layout = compile_layout(module.VIEW, module.declarations(seats))
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.max_steps = max_steps
        self.metadata = {**self.metadata, "name": f"{self.game.id.replace('-', '_')}_{seats}p_v0"}
        self.possible_agents = [agent_name(seat) for seat in range(seats) if seat not in self.bots]
        self._seat = {agent_name(seat): Seat(seat) for seat in range(seats)}
        self._names = [agent_name(seat) for seat in range(seats)]
        self.names = [bot_names(self.bots).get(seat, agent_name(seat)) for seat in range(seats)]
        box = spaces.Box(-BOUND, BOUND, (self.layout.size,), np.float32)
        mask = spaces.Box(0, 1, (len(self.actions),), np.int8)
        self._observation_spaces = {
            agent: spaces.Dict({"observation": box, "action_mask": mask}) for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(len(self.actions)) for agent in self.possible_agents}
        self.state_now: Any = None
        self._feed: list[str] = []
        self._shown = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: ``seed`` fixes its chance and the bots' choices; ``options["table"]``, when
        given, are the table's options from now on (other keys are PettingZoo's, and left alone)."""
        if options is not None and "table" in options:
            table_options = self.game.parse_options(options["table"])
            self.game.validate(table_options, self.seats)
            self.table_options = table_options
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        self._chance = Context(rng=random.Random(seed))
        self._bot_rngs = {seat: random.Random(f"{seed} bot {seat}") for seat in self.bots}
        self.state_now, events = start(self.game, self.table_options, self.seats, self._chance)
        self._feed, self._shown, self._steps = [], 0, 0
        self._tell(events)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._advance()

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's seat's view as the vector, and its legal list as the mask."""
        return self.observation_of(self.state_now, self._seat[agent])

    def observation_of(self, state: Any, seat: Seat) -> dict[str, Any]:
        """What ``seat`` observes at ``state``: built from its view and its legal list, nothing else."""
        vector = self.layout.encode(self.game.view(state, seat))
        return {"observation": vector, "action_mask": self.actions.mask(self.legal_at(state, seat))}

    def legal_at(self, state: Any, seat: Seat) -> list[Any]:
        """``seat``'s legal commands at ``state`` (none once the game is over)."""
        if self.game.is_over(state):
            return []
        commands: list[Any] = self.game.legal_commands(state, seat)
        return commands

    def step(self, action: int | None) -> None:
        """The selected agent sends command number ``action``; then the bots move until an agent must."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or not 0 <= int(action) < len(self.actions):
            raise Refused(f"{action!r} is not an action of {self.game.title} (0 to {len(self.actions) - 1}).")
        self._play(self._seat[agent], self.actions.commands[int(action)])
        self._cumulative_rewards[agent] = 0.0
        if self._advance():  # the rewards are all 0 until the game is over: nothing to add before
            self._accumulate_rewards()

    def _play(self, seat: Seat, command: Any) -> None:
        try:
            events = decide(self.game, self.state_now, seat, command, self._chance)
        except RuleError as refusal:
            raise Refused(str(refusal)) from None
        self.state_now = fold(self.game, events, self.state_now)
        self._steps += 1
        self._tell(events)

    def _advance(self) -> bool:
        """Let the bots move while one of them is to act; then select the agent to act (``False``), or end
        the game (``True``)."""
        game = self.game
        while not game.is_over(self.state_now) and self._steps < self.max_steps:
            seat = min(game.to_act(self.state_now))
            if seat not in self.bots:
                self.agent_selection = self._names[seat]
                return False
            command = choose(game, self.state_now, seat, self.seats, self.bots[seat], self._bot_rngs[seat])
            self._play(seat, command)
        outcome = game.outcome(self.state_now) if game.is_over(self.state_now) else None
        for agent in self.agents:
            if outcome is None:
                self.truncations[agent] = True
            else:
                self.terminations[agent] = True
                self.rewards[agent] = share_of_win(outcome, self._seat[agent])
        if self.agents and getattr(self, "agent_selection", None) not in self.agents:
            self.agent_selection = self.agents[0]
        return True

    def _tell(self, events: list[Any]) -> None:
        if self.render_mode is None:
            return
        viewer: Viewer = SPECTATOR if self.render_seat is None else Seat(self.render_seat)
        redact, describe = self.game.redact, self.game.describe
        for event in events:
            seen = redact(event, viewer)
            self._feed.append(describe(seen, viewer, self.names))

    def render(self) -> str | None:
        """The feed so far (``ansi``), or its new lines printed (``human``)."""
        if self.render_mode is None:
            return None
        if self.render_mode == "human":
            for line in self._feed[self._shown :]:
                print(line)
            self._shown = len(self._feed)
            return None
        return "\n".join(self._feed)

    def close(self) -> None:
        """Nothing to release."""
