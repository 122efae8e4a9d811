"""Random legal play: the engine under the contract suite, ``backroom simulate`` and the benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from domain.chance import Context
from domain.game import AnyGame
from domain.messages import Command, Event
from domain.referee import decide, fold, start
from domain.seats import Seat

T = TypeVar("T")

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


def _opening(game: AnyGame, seed: int, seat_count: int, options: Any) -> tuple[Context, Any, list[Event]]:
    """The context every command of the game draws on (one seeded RNG), the opening state and events."""
    ctx = Context(rng=random.Random(seed))
    table_options = options if options is not None else game.options_type()
    state, events = start(game, table_options, seat_count, ctx)
    return ctx, state, events


def chooser(rng: random.Random) -> Callable[[Sequence[T]], T]:
    """``rng.choice``, drawing exactly as it does, without its two Python calls a draw.

    ``Random.choice(seq)`` is ``seq[rng._randbelow(len(seq))]``, and ``_randbelow(n)`` draws
    ``getrandbits(n.bit_length())`` until the draw is below ``n``; so is this (a test holds the two
    to the same picks), and a seeded game plays the same commands either way.
    """
    getrandbits = rng.getrandbits

    def choose(seq: Sequence[T]) -> T:
        n = len(seq)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return seq[r]

    return choose


def random_steps(
    game: AnyGame, seed: int, seat_count: int, options: Any = None
) -> Iterator[Step | list[Event]]:
    """Play one seeded random game by legal commands; first yields the setup events, then each step."""
    ctx, state, events = _opening(game, seed, seat_count, options)
    yield events
    is_over, to_act, legal_commands = game.is_over, game.to_act, game.legal_commands
    choice = chooser(ctx.rng)
    for _ in range(MAX_ACTIONS):
        if is_over(state):
            return
        acting = sorted(to_act(state))
        if not acting:
            raise StuckGame(f"{game.id}: nobody may act in a game that is not over")
        seat = choice(acting)
        legal = legal_commands(state, seat)
        if not legal:
            raise StuckGame(f"{game.id}: seat {seat} may act but has no legal command")
        command = choice(legal)
        events = decide(game, state, seat, command, ctx)
        after = fold(game, events, state)
        yield Step(state, seat, command, events, after)
        state = after
    raise StuckGame(f"{game.id}: no end after {MAX_ACTIONS} commands (seed {seed})")


def play_random_game(game: AnyGame, seed: int, seat_count: int, options: Any = None) -> tuple[Any, int]:
    """The final state of one seeded random game and the number of commands it took.

    The same game as :func:`random_steps` (same draws, same commands), without keeping the steps:
    this is the loop the engine benchmark times, so it builds nothing the result does not need.
    """
    ctx, state, _ = _opening(game, seed, seat_count, options)
    is_over, to_act, legal_commands = game.is_over, game.to_act, game.legal_commands
    fold_decided = game.fold_decided  # the referee's fold calls it when the game has one: called here
    choice, getrandbits = chooser(ctx.rng), ctx.rng.getrandbits
    for actions in range(MAX_ACTIONS):
        if is_over(state):
            return state, actions
        acting = to_act(state)
        if len(acting) == 1:  # nearly every step: ``choice`` of one seat, made here (no sort, no call)
            (seat,) = acting
            while getrandbits(1):  # ``choice`` of one draws a bit until the bit is 0 (``chooser``)
                pass
        elif acting:
            seat = choice(sorted(acting))
        else:
            raise StuckGame(f"{game.id}: nobody may act in a game that is not over")
        legal = legal_commands(state, seat)
        count = len(legal)
        if not count:
            raise StuckGame(f"{game.id}: seat {seat} may act but has no legal command")
        bits = count.bit_length()  # ``choice(legal)`` made here, drawing as ``chooser`` draws (no call)
        drawn = getrandbits(bits)
        while drawn >= count:
            drawn = getrandbits(bits)
        events = decide(game, state, seat, legal[drawn], ctx)
        state = fold(game, events, state) if fold_decided is None else fold_decided(state, events)
    raise StuckGame(f"{game.id}: no end after {MAX_ACTIONS} commands (seed {seed})")
