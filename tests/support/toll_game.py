"""Toll: a tiny two-seat game for the kernel's hooks — a victim's choice, a reaction window, a deadline.

Rules. Seven stones lie in a pile; seats take turns, seat 0 first, taking one or two stones; whoever
takes the last stone wins.
1. Taking two stones puts the other seat (the victim) to a choice: ``return`` one stone to the pile,
   or ``forfeit`` its next turn (the taker plays again).
2. Taking one stone opens a reaction window for the other seat: ``protest`` (the stone goes back to
   the pile) or pass. The window closes after :data:`WINDOW`; then the referee passes for it. With the
   option ``protests`` off, the window offers only the pass (a seat that holds no answer).
3. A turn begins with a take; the victim's answer and the reaction belong to the taker's turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime, timedelta

import msgspec

from domain import choices
from domain.chance import Context
from domain.choices import Choice, Choose, Chosen, Pass
from domain.errors import IllegalMove
from domain.game import GameDefinition
from domain.messages import Command, Event, Options, Outcome, View
from domain.seats import Seat, SeatNames, Viewer, label
from domain.takeback import TakeBacks
from domain.visibility import public

PILE_SIZE = 7
WINDOW = timedelta(seconds=30)


class TollOptions(Options, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The pile's size."""

    stones: int = PILE_SIZE
    protests: bool = True


class Take(Command, frozen=True, kw_only=True, tag="Take"):
    """Take one or two stones from the pile."""

    count: int


Commands = Take | Choose | Pass


class PileLaid(Event, frozen=True, kw_only=True, tag="PileLaid"):
    """The pile was laid."""

    stones: int
    protests: bool = True


class Taken(Event, frozen=True, kw_only=True, tag="Taken"):
    """A seat took stones; ``choice`` is what the other seat must now answer (decided here)."""

    seat: int
    count: int
    choice: Choice | None = None


class StoneReturned(Event, frozen=True, kw_only=True, tag="StoneReturned"):
    """One stone went back to the pile."""


class TurnForfeited(Event, frozen=True, kw_only=True, tag="TurnForfeited"):
    """``seat`` plays again: the victim forfeited its turn."""

    seat: int


Events = PileLaid | Taken | Chosen | StoneReturned | TurnForfeited


class TollState(msgspec.Struct, frozen=True, kw_only=True, tag="TollState"):
    """Stones left, whose turn it is, the open choice, and the winner once over."""

    stones: int
    turn: int
    choice: Choice | None = None
    winner: int | None = None
    protests: bool = True


class TollView(View, frozen=True, kw_only=True):
    """Everything is public."""

    stones: int
    turn: int
    choice: Choice | None
    winner: int | None


def setup(options: TollOptions, seat_count: int, ctx: Context) -> list[Event]:
    return [PileLaid(stones=options.stones, protests=options.protests)]


def decide(state: TollState, seat: Seat, command: Command, ctx: Context) -> list[Event]:
    """A take opens the other seat's choice or window; an answer applies what its option does."""
    if isinstance(command, Choose | Pass):
        chosen = choices.answer(state.choice, seat, command)
        effect: list[Event] = []
        if chosen.option in ("return", "protest"):
            effect = [StoneReturned()]
        elif chosen.option == "forfeit":
            effect = [TurnForfeited(seat=1 - seat)]
        return [chosen, *effect]
    assert isinstance(command, Take)
    if state.choice is not None or command.count not in (1, 2) or command.count > state.stones:
        raise IllegalMove("Take one or two stones, no more than are left, once the choice is answered.")
    if command.count == state.stones:
        return [Taken(seat=seat, count=command.count)]
    victim = (1 - seat,)
    if command.count == 2:
        choice = Choice(seats=victim, options=("return", "forfeit"), about="toll")
    else:
        answers = ("protest",) if state.protests else ()
        choice = Choice(seats=victim, options=answers, may_pass=True, deadline=ctx.now + WINDOW)
    return [Taken(seat=seat, count=command.count, choice=choice)]


def evolve(state: TollState | None, event: Event) -> TollState:
    """Apply what the event says."""
    if isinstance(event, PileLaid):
        return TollState(stones=event.stones, turn=0, protests=event.protests)
    assert state is not None
    if isinstance(event, Taken):
        stones = state.stones - event.count
        winner = event.seat if stones == 0 else None
        return msgspec.structs.replace(
            state, stones=stones, turn=1 - event.seat, choice=event.choice, winner=winner
        )
    if isinstance(event, Chosen):
        assert state.choice is not None
        return msgspec.structs.replace(state, choice=choices.after(state.choice, event))
    if isinstance(event, StoneReturned):
        return msgspec.structs.replace(state, stones=state.stones + 1)
    assert isinstance(event, TurnForfeited)
    return msgspec.structs.replace(state, turn=event.seat)


def to_act(state: TollState) -> frozenset[Seat]:
    if state.winner is not None:
        return frozenset()
    return choices.waiting(state.choice) or frozenset({Seat(state.turn)})


def legal_commands(state: TollState, seat: Seat) -> list[Command]:
    if seat not in to_act(state):
        return []
    if state.choice is not None:
        return choices.offers(state.choice, seat)
    return [Take(count=count) for count in (1, 2) if count <= state.stones]


def due(state: TollState) -> datetime | None:
    """The reaction window's deadline, while it is open."""
    return state.choice.deadline if state.choice is not None else None


def overdue(state: TollState, ctx: Context) -> list[Event]:
    """At the deadline the referee passes for every seat still waiting."""
    return list(choices.overdue(state.choice, ctx.now))


def is_over(state: TollState) -> bool:
    return state.winner is not None


def outcome(state: TollState) -> Outcome | None:
    if state.winner is None:
        return None
    scores = tuple(int(seat == state.winner) for seat in range(2))
    return Outcome(scores=scores, ranking=((state.winner,), (1 - state.winner,)), winners=(state.winner,))


def view(state: TollState, viewer: Viewer) -> TollView:
    return TollView(stones=state.stones, turn=state.turn, choice=state.choice, winner=state.winner)


def describe(event: Event, viewer: Viewer, names: SeatNames = ()) -> str:
    if isinstance(event, Chosen):
        what = "passed" if event.option == choices.PASS else f"chose {event.option}"
        return f"{label(names, event.seat, f'Seat {event.seat}')} {what}."
    return type(event).__name__


def resample(state: TollState, viewer: Viewer, rng: random.Random) -> TollState:
    return state


def cards(state: TollState) -> Sequence[int]:
    return ()


def starts_turn(state: object, event: Event) -> bool:
    """A take begins its seat's turn; the answers to it belong to that turn."""
    return isinstance(event, Taken)


TOLL = GameDefinition(
    id="toll",
    title="Toll",
    rules_version="1",
    min_seats=2,
    max_seats=2,
    options_type=TollOptions,
    commands=Commands,
    events=Events,
    states=TollState,
    setup=setup,
    evolve=evolve,
    decide=decide,
    to_act=to_act,
    legal_commands=legal_commands,
    is_over=is_over,
    outcome=outcome,
    view=view,
    visibility=public(PileLaid, Taken, Chosen, StoneReturned, TurnForfeited),
    describe=describe,
    resample=resample,
    cards=cards,
    takebacks=TakeBacks(checkpoint=lambda event: False, turn_start=starts_turn),
    due=due,
    overdue=overdue,
)
