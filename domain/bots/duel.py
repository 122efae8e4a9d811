"""Duels: policies playing whole games against each other, for the strength table.

One bot (``a``) takes one seat and the other (``b``) every other seat; the seat ``a`` takes rotates
game by game, so neither gains from sitting first. Each game is seeded; chance comes from one RNG
per game and each bot has its own. A result is ``a``'s share of the win (1, 1/n for a shared win, or 0)
and each policy's thinking time, measured with the caller's ``clock`` (the domain reads no clock).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from domain.bots.policies import BotSpec, choose
from domain.chance import Context
from domain.game import AnyGame, share_of_win
from domain.referee import play, start
from domain.seats import Seat

Clock = Callable[[], float]
"""Seconds, from any origin (``time.perf_counter``)."""
Z95 = 1.96


@dataclass
class Tally:
    """What one pairing scored over its games: ``a``'s wins (shares) and each side's thinking time."""

    games: int = 0
    wins: float = 0.0
    seconds: dict[str, float] = field(default_factory=lambda: {"a": 0.0, "b": 0.0})
    moves: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})

    def rate(self) -> float:
        """``a``'s share of the wins."""
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """The Wilson score interval (95%) around :meth:`rate`."""
        n, p = self.games, self.rate()
        if n == 0:
            return 0.0, 1.0
        centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
        spread = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
        return max(0.0, centre - spread), min(1.0, centre + spread)

    def per_move(self, side: str) -> float:
        """Mean seconds ``side`` thought per move."""
        return self.seconds[side] / self.moves[side] if self.moves[side] else 0.0


@dataclass(frozen=True, slots=True)
class Duel:
    """A pairing: ``a`` against ``b`` at ``seats`` seats, ``budget`` seconds a move (``None``: by level)."""

    game: AnyGame
    seats: int
    a: BotSpec
    b: BotSpec
    budget: float | None = None


def play_game(duel: Duel, number: int, clock: Clock, tally: Tally) -> None:
    """Play game ``number`` of ``duel`` to its end and add it to ``tally``."""
    game, seats = duel.game, duel.seats
    chance = Context(rng=random.Random(f"duel {number}"))
    state, _ = start(game, game.options_type(), seats, chance)
    a_seat = number % seats
    rngs = [random.Random(f"bot {number} {seat}") for seat in range(seats)]
    while not game.is_over(state):
        seat = Seat(min(game.to_act(state)))
        side = "a" if seat == a_seat else "b"
        spec = duel.a if side == "a" else duel.b
        began = clock()
        stop = None if duel.budget is None else _stop_at(clock, began + duel.budget)
        command = choose(game, state, seat, seats, spec, rngs[seat], stop)
        tally.seconds[side] += clock() - began
        tally.moves[side] += 1
        state, _ = play(game, state, seat, command, chance)
    tally.games += 1
    tally.wins += share_of_win(game.outcome(state), a_seat)


def _stop_at(clock: Clock, deadline: float) -> Callable[[], bool]:
    return lambda: clock() >= deadline
