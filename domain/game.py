"""The decider protocol every game plugs into.

A game is a :class:`GameDefinition`: plain data plus pure functions. ``decide`` holds every rule;
``evolve`` holds none (it only applies what the event says). Every game has a stable id; the games are
found in :mod:`domain.games`, which imports this module (and this module imports none of them).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, TypeVar

import msgspec

from domain.balance import NO_BALANCE, Balance
from domain.chance import Chance
from domain.errors import OptionsError, SeatCountOutOfRange
from domain.messages import Command, Event, Options, Outcome, View
from domain.seats import Seat, SeatNames, Viewer
from domain.takeback import CONSENT_ONLY, TakeBacks
from domain.visibility import Declarations, public_types, redactor

S = TypeVar("S")
C = TypeVar("C", bound=Command)
E = TypeVar("E", bound=Event)
Opt = TypeVar("Opt", bound=Options)


def _never_due(state: Any) -> datetime | None:
    return None


def _nothing_overdue(state: Any, ctx: Chance) -> list[Any]:
    return []


def _as_it_is(state: Any, viewer: Viewer) -> Any:
    """The default ``canonical``: right for a game without hidden information (the fairness test
    fails any other game that keeps it)."""
    return state


def share_of_win(outcome: Outcome | None, seat: int) -> float:
    """1 for a sole winner, 1/n for a winner sharing with n, 0 for a loser or a game not over."""
    if outcome is None or seat not in outcome.winners:
        return 0.0
    return 1.0 / len(outcome.winners)


def _by_outcome(state: Any, seat: Seat) -> float:
    """A placeholder: a game that gives no ``evaluate`` scores only finished games (its share of the win)."""
    raise NotImplementedError


def _from_visibility(event: Any, viewer: Viewer) -> Any:
    """A placeholder: a game that gives no ``redact`` has it built from its ``visibility``."""
    raise NotImplementedError


@dataclass(frozen=True, slots=True, eq=False, kw_only=True)
class GameDefinition(Generic[S, C, E, Opt]):
    """Everything the service needs to referee one game.

    ``commands`` and ``events`` are the unions of the game's command and event types (redacted event
    variants included); ``states`` is the state type (a tagged union of phases), so that a state can be
    stored as a snapshot and decoded back. ``setup`` returns the opening events;
    ``evolve(None, first_event)`` builds the first state. ``describe`` names each seat with
    :func:`domain.seats.label` (its player's name, else the game's own label); its sentence depends on
    the event as redacted and the names only, never on the viewer, so every viewer shown an event alike
    reads it alike (a feed line is built once for all of them). ``cards`` lists every
    card in every zone (for the conservation check); ``resample`` returns a state that differs from the
    real one only in what ``viewer`` cannot know.

    ``visibility`` declares every event type public or secret (:mod:`domain.visibility`); when it is
    given, ``redact`` is built from it, and ``public`` holds the event types it declares public (every
    viewer is shown those as they are, so they are told once for all; empty for a game that gives its
    own ``redact``). ``due(state)`` is when the game itself stops waiting (a
    reaction window that closes, a choice that times out), ``None`` when it waits for nobody; once it
    has passed, the referee acts (:func:`domain.table.decide_table`) and ``overdue(state, ctx)`` says
    what happens then.

    For bots (:mod:`domain.bots`): ``canonical(state, viewer)`` is one state ``viewer`` cannot tell
    from the real one, the same for every state it cannot tell apart (bots determinise with
    ``resample`` from it, so their choice depends on nothing else); ``evaluate(state, seat)`` scores
    a position for ``seat`` (higher is better; bots only ever evaluate determinised states).
    ``default_move(state, seat)`` is the move the referee plays for a seat whose time ran out
    (``None``: a fair bot chooses).

    ``balance`` is what ``backroom balance`` needs to know beyond the rules (:mod:`domain.balance`):
    what counts as playing a card, the roles a seat holds, the strategies to try.
    """

    id: str
    title: str
    rules_version: str
    min_seats: int
    max_seats: int
    options_type: type[Opt]
    commands: Any
    events: Any
    states: Any
    setup: Callable[[Opt, int, Chance], list[E]]
    evolve: Callable[[S | None, E], S]
    decide: Callable[[S, Seat, C, Chance], list[E]]
    to_act: Callable[[S], frozenset[Seat]]
    legal_commands: Callable[[S, Seat], list[C]]
    is_over: Callable[[S], bool]
    outcome: Callable[[S], Outcome | None]
    view: Callable[[S, Viewer], View]
    redact: Callable[[E, Viewer], E] = _from_visibility
    describe: Callable[[E, Viewer, SeatNames], str]
    resample: Callable[[S, Viewer, random.Random], S]
    cards: Callable[[S], Sequence[int]]
    check_options: Callable[[Opt, int], None] = lambda options, seat_count: None
    summary: str = ""
    takebacks: TakeBacks = CONSENT_ONLY
    visibility: Declarations | None = None
    due: Callable[[S], datetime | None] = _never_due
    overdue: Callable[[S, Chance], list[E]] = _nothing_overdue
    fold_decided: Callable[[S, Sequence[E]], S] | None = None
    """The state after a decision's events from the state it was decided on, for a game whose ``decide``
    folds events as it decides them and remembers those folds (:class:`domain.recent.Folds`); ``None``:
    the referee applies each event with ``evolve``."""
    canonical: Callable[[S, Viewer], S] = _as_it_is
    evaluate: Callable[[S, Seat], float] = _by_outcome
    default_move: Callable[[S, Seat], C | None] = lambda state, seat: None
    balance: Balance = NO_BALANCE
    command_decoder: msgspec.json.Decoder[Any] = field(init=False, repr=False)
    event_decoder: msgspec.json.Decoder[Any] = field(init=False, repr=False)
    state_decoder: msgspec.json.Decoder[Any] = field(init=False, repr=False)
    public: frozenset[type[Any]] = field(init=False, repr=False, default=frozenset())
    waits: bool = field(init=False, repr=False, default=False)
    """True when the game has deadlines of its own (``due``): the referee must watch its tables (a
    plain value, as every read asks it)."""

    def __post_init__(self) -> None:
        if self.redact is _from_visibility:
            if self.visibility is None:
                raise ValueError(f"{self.id}: declare each event type's visibility (or give redact).")
            object.__setattr__(self, "redact", redactor(self.visibility))
            object.__setattr__(self, "public", public_types(self.visibility))
        if self.evaluate is _by_outcome:
            outcome = self.outcome
            object.__setattr__(self, "evaluate", lambda state, seat: share_of_win(outcome(state), seat))
        object.__setattr__(self, "waits", self.due is not _never_due)
        object.__setattr__(self, "command_decoder", msgspec.json.Decoder(self.commands))
        object.__setattr__(self, "event_decoder", msgspec.json.Decoder(self.events))
        object.__setattr__(self, "state_decoder", msgspec.json.Decoder(self.states))

    def validate(self, options: Opt, seat_count: int) -> None:
        """Refuse a seat count or options this game cannot be played with."""
        if not self.min_seats <= seat_count <= self.max_seats:
            raise SeatCountOutOfRange(
                f"{self.title} is for {self.min_seats} to {self.max_seats} players, not {seat_count}."
            )
        self.check_options(options, seat_count)

    def parse_options(self, raw: dict[str, Any] | None) -> Opt:
        """Options from their JSON form, with defaults filled in; refuses unknown or ill-typed fields."""
        try:
            return msgspec.convert(raw or {}, self.options_type)
        except msgspec.ValidationError as error:
            raise OptionsError(f"Invalid options for {self.title}: {error}") from None


AnyGame = GameDefinition[Any, Any, Any, Any]
"""A game of any kind, as the table, the log, the readers and the bots hold it."""
