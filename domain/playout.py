"""Random legal play: the engine under the contract suite, ``backroom simulate`` and the benchmarks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from domain.chance import Context
from domain.game import GameDefinition
from domain.messages import Command, Event
from domain.referee import decide, fold, start
from domain.seats import Seat

AnyGame = GameDefinition[Any, Any, Any, Any]

MAX_ACTIONS = 20_000
"""A game still running after this many commands is reported as stuck rather than looped forever."""


class StuckGame(Exception):
    """Raised when random legal play finds a seat with nothing to do, or a game that never ends."""


@dataclass(frozen=True, slots=True)
class Step:
    """One command of a random game: who sent what, the events, and the states around it."""

    before: Any
    seat: Seat
    command: Command
    events: list[Event]
    after: Any


def random_steps(
    game: AnyGame, seed: int, seat_count: int, options: Any = None
) -> Iterator[Step | list[Event]]:
    """Play one seeded random game by legal commands; first yields the setup events, then each step."""
    rng = random.Random(seed)
    table_options = options if options is not None else game.options_type()
    state, events = start(game, table_options, seat_count, Context(rng=rng))
    yield events
    for _ in range(MAX_ACTIONS):
        if game.is_over(state):
            return
        acting = sorted(game.to_act(state))
        if not acting:
            raise StuckGame(f"{game.id}: nobody may act in a game that is not over")
        seat = rng.choice(acting)
        legal = game.legal_commands(state, seat)
        if not legal:
            raise StuckGame(f"{game.id}: seat {seat} may act but has no legal command")
        command = rng.choice(legal)
        events = decide(game, state, seat, command, Context(rng=rng))
        after = fold(game, events, state)
        yield Step(state, seat, command, events, after)
        state = after
    raise StuckGame(f"{game.id}: no end after {MAX_ACTIONS} commands (seed {seed})")


def play_random_game(game: AnyGame, seed: int, seat_count: int, options: Any = None) -> tuple[Any, int]:
    """The final state of one seeded random game and the number of commands it took."""
    state: Any = None
    actions = 0
    for item in random_steps(game, seed, seat_count, options):
        if isinstance(item, Step):
            state, actions = item.after, actions + 1
        else:
            state = fold(game, item)
    return state, actions
