"""Pile: a tiny two-seat game for testing the service without a real game.

Rules. Seven stones lie in a pile. Each seat is dealt one hidden card (1 to 9) that nobody else may
see; it changes nothing in play but gives the game something to keep secret. Seats take turns, seat 0
first; on its turn a seat takes one or two stones (never more than are left). Whoever takes the last
stone wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import msgspec

from domain.chance import Context, draw
from domain.errors import IllegalMove
from domain.game import GameDefinition
from domain.messages import Command, Event, Options, Outcome, View
from domain.seats import Seat, SeatNames, Viewer, is_seat, label

PILE_SIZE = 7
CARDS = tuple(range(1, 10))
SEAT_COUNT = 2


class PileOptions(Options, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The pile's size."""

    stones: int = PILE_SIZE


class Take(Command, frozen=True, kw_only=True, tag="Take"):
    """Take one or two stones from the pile."""

    count: int


Commands = Take


class CardsDealt(Event, frozen=True, kw_only=True, tag="CardsDealt"):
    """Each seat was dealt its hidden card (``None`` where the viewer may not see it)."""

    stones: int
    cards: tuple[int | None, ...]


class StonesTaken(Event, frozen=True, kw_only=True, tag="StonesTaken"):
    """A seat took stones from the pile."""

    seat: int
    count: int


Events = CardsDealt | StonesTaken


class PileState(msgspec.Struct, frozen=True, kw_only=True):
    """Stones left, whose turn it is, the hidden cards, and the winner once over."""

    stones: int
    turn: int
    cards: tuple[int, ...]
    winner: int | None = None


class PileView(View, frozen=True, kw_only=True):
    """What a viewer sees: the pile, the turn, and only its own card."""

    stones: int
    turn: int
    my_card: int | None
    winner: int | None


def setup(options: PileOptions, seat_count: int, ctx: Context) -> list[Event]:
    """Deal one hidden card to each seat."""
    return [CardsDealt(stones=options.stones, cards=draw(ctx.rng, CARDS, seat_count))]


def evolve(state: PileState | None, event: Event) -> PileState:
    """Apply what the event says."""
    if isinstance(event, CardsDealt):
        return PileState(stones=event.stones, turn=0, cards=tuple(c or 0 for c in event.cards))
    assert state is not None and isinstance(event, StonesTaken)
    stones = state.stones - event.count
    winner = event.seat if stones == 0 else None
    return msgspec.structs.replace(state, stones=stones, turn=1 - event.seat, winner=winner)


def decide(state: PileState, seat: Seat, command: Command, ctx: Context) -> list[Event]:
    """Take one or two stones, never more than are left."""
    assert isinstance(command, Take)
    if command.count not in (1, 2) or command.count > state.stones:
        raise IllegalMove("Take one or two stones, no more than are left.")
    return [StonesTaken(seat=seat, count=command.count)]


def to_act(state: PileState) -> frozenset[Seat]:
    return frozenset() if state.winner is not None else frozenset({Seat(state.turn)})


def legal_commands(state: PileState, seat: Seat) -> list[Command]:
    if seat not in to_act(state):
        return []
    return [Take(count=count) for count in (1, 2) if count <= state.stones]


def is_over(state: PileState) -> bool:
    return state.winner is not None


def outcome(state: PileState) -> Outcome | None:
    if state.winner is None:
        return None
    scores = tuple(int(seat == state.winner) for seat in range(SEAT_COUNT))
    loser = 1 - state.winner
    return Outcome(scores=scores, ranking=((state.winner,), (loser,)), winners=(state.winner,))


def view(state: PileState, viewer: Viewer) -> PileView:
    my_card = state.cards[viewer] if is_seat(viewer) else None
    return PileView(stones=state.stones, turn=state.turn, my_card=my_card, winner=state.winner)


def redact(event: Event, viewer: Viewer) -> Event:
    if not isinstance(event, CardsDealt):
        return event
    cards = tuple(card if seat == viewer else None for seat, card in enumerate(event.cards))
    return msgspec.structs.replace(event, cards=cards)


def describe(event: Event, viewer: Viewer, names: SeatNames = ()) -> str:
    if isinstance(event, CardsDealt):
        return f"Each seat was dealt a card; {event.stones} stones lie in the pile."
    assert isinstance(event, StonesTaken)
    return f"{label(names, event.seat, f'Seat {event.seat}')} took {event.count}."


def resample(state: PileState, viewer: Viewer, rng: random.Random) -> PileState:
    others = [card for card in CARDS if not is_seat(viewer) or card != state.cards[viewer]]
    cards = tuple(
        state.cards[seat] if seat == viewer else rng.choice(others) for seat in range(len(state.cards))
    )
    return msgspec.structs.replace(state, cards=cards)


def cards(state: PileState) -> Sequence[int]:
    return ()


PILE = GameDefinition(
    id="pile",
    title="Pile",
    rules_version="1",
    min_seats=SEAT_COUNT,
    max_seats=SEAT_COUNT,
    options_type=PileOptions,
    commands=Commands,
    events=Events,
    states=PileState,
    setup=setup,
    evolve=evolve,
    decide=decide,
    to_act=to_act,
    legal_commands=legal_commands,
    is_over=is_over,
    outcome=outcome,
    view=view,
    redact=redact,
    describe=describe,
    resample=resample,
    cards=cards,
    summary="Take one or two stones; whoever takes the last stone wins.",
)
