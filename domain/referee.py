"""The referee: the rules every game shares, applied around each game's own ``decide``.

A command from a seat that may not act, or sent to a finished game, is refused here for every game,
so no game repeats those checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.chance import Chance
from domain.errors import GameIsOver, NotYourTurn
from domain.game import AnyGame
from domain.messages import Command, Event
from domain.seats import Seat, SeatNames, Viewer


def decide(game: AnyGame, state: Any, seat: Seat, command: Command, ctx: Chance) -> list[Event]:
    """The events ``command`` from ``seat`` produces; raises a ``RuleError`` when it is refused."""
    if game.is_over(state):
        raise GameIsOver("The game is over.")
    if seat not in game.to_act(state):
        raise NotYourTurn("It is not your turn.")
    return game.decide(state, seat, command, ctx)


def fold(game: AnyGame, events: Sequence[Event], state: Any = None) -> Any:
    """The state after ``events``, starting from ``state`` (from nothing when ``None``)."""
    if state is not None and game.fold_decided is not None:
        return game.fold_decided(state, events)
    evolve = game.evolve
    for event in events:
        state = evolve(state, event)
    return state


def start(game: AnyGame, options: Any, seat_count: int, ctx: Chance) -> tuple[Any, list[Event]]:
    """Validate the table and set it up: the opening state and the events that made it."""
    game.validate(options, seat_count)
    events = game.setup(options, seat_count, ctx)
    return fold(game, events), events


def play(game: AnyGame, state: Any, seat: Seat, command: Command, ctx: Chance) -> tuple[Any, list[Event]]:
    """Decide ``command`` and apply its events: the new state and the events."""
    events = decide(game, state, seat, command, ctx)
    return fold(game, events, state), events


def tell(game: AnyGame, event: Event, viewer: Viewer, names: SeatNames = ()) -> tuple[Event, str]:
    """``event`` as ``viewer`` may see it, with one sentence describing that redacted form.

    ``names`` are the players' names by seat (public); a seat without one keeps the game's own label.
    """
    seen = game.redact(event, viewer)
    return seen, game.describe(seen, viewer, names)
