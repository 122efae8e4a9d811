"""What one seat knows, and nothing more: the only thing a bot is ever given.

A bot never holds the real state. :class:`Knowledge` keeps the game's ``canonical`` state for the
seat (one state the seat cannot tell from the real one, the same for every state it cannot tell
apart), and hands out only what the seat may use: its legal commands and determinisations drawn with
the game's ``resample`` from that canonical state. So a bot's choice is a function of the seat's
information set and its RNG alone, and the fairness test (``tests/bots/``) checks exactly that.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from domain.chance import Context
from domain.game import AnyGame
from domain.messages import Command
from domain.seats import Seat


@dataclass(frozen=True, slots=True)
class Knowledge:
    """A seat's information set at one position: its legal commands and samples of what may be true."""

    game: AnyGame
    seat: Seat
    seats: int
    _known: Any

    @classmethod
    def of(cls, game: AnyGame, state: Any, seat: Seat, seats: int) -> Knowledge:
        """What ``seat`` (of ``seats``) knows at ``state`` (the real state is dropped here, never kept)."""
        return cls(game, seat, seats, game.canonical(state, seat))

    def legal(self) -> list[Command]:
        """The seat's legal commands (the same on every state it cannot tell apart)."""
        commands: list[Command] = self.game.legal_commands(self._known, self.seat)
        return commands

    def sample(self, rng: random.Random) -> Any:
        """One state that may be the real one, drawn with the game's ``resample`` for this seat."""
        return self.game.resample(self._known, self.seat, rng)


def play(game: AnyGame, state: Any, seat: Seat, command: Command, rng: random.Random) -> Any:
    """The state after ``command`` on a determinised ``state``, its chance drawn from ``rng``."""
    state_after = state
    for event in game.decide(state, seat, command, Context(rng=rng)):
        state_after = game.evolve(state_after, event)
    return state_after


def acting(game: AnyGame, state: Any) -> Seat:
    """Who acts next in a search: the lowest seat the game waits for (several may be asked at once)."""
    return min(game.to_act(state))
