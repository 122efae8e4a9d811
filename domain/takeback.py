"""Taking actions back: undoing one's own latest step, and taking a whole turn back with consent.

The rules
---------
A *step* is one accepted command and the game events it produced. A seat's *turn* begins with a
step the game declares a turn start (``TakeBacks.turn_start``) and runs until the next turn begins;
other seats' reactions in between (answers to a window, a victim's choice) belong to it.

1. Own actions, no consent: while it is still to act, a seat may take back its own latest step
   (``TakeBack``), one step at a time, as long as that step is not a *checkpoint*. A checkpoint is a
   step holding a random outcome, information revealed to another seat or to the actor itself; each
   game declares which of its events are checkpoints (:class:`TakeBacks`). A step by another seat is
   a checkpoint too: ``TakeBack`` only ever reverts the sender's own step at the end of the log.
2. A whole turn, with consent: a seat may ask to take back its whole latest turn, finished or in
   progress, checkpoints included (``RequestTakeBack``), as long as no other seat's turn has begun.
   Every other seat answers (``ApproveTakeBack`` / ``RefuseTakeBack``); one refusal ends the request,
   the last approval takes the turn back. The request lapses when anyone acts or at its deadline.
   Once refused, the same seat may not ask again until someone acts (``takeback/refused``): a "no"
   is not worn down by asking again and again.
3. A step holding a *final* event (the setup, a new deal, the end of the game) is never taken back,
   and nothing is taken back once the game is over; nor is anything older than the last
   :data:`MAX_STEPS` steps (a bound on what the service keeps per game).
4. Taking back is itself an event naming the versions it reverts; nothing is ever deleted. The
   service draws each command's chance from the *effective* position (the log without the reverted
   ranges), so a turn played again after a take-back draws the same cards. No seat peeks this way: a
   draw is a checkpoint, so only the other seats' consent undoes it, and then the same cards return.
   A re-roll would need a step before the draw within the replayed turn whose count the seat could
   change after seeing the draw: in a game where the draw opens the turn, or where chance comes only
   with a deal (which is final), there is none. A game with chance in mid-turn must declare the steps
   before it checkpoints too.
5. Ruling: a take-back and a request say what they take back in the game's words, not by versions:
   "Ann took back 2 moves with everyone's consent: Ann drew 3 cards. Ann put a card face-down into
   the pot." Each reader is told every event as that reader was told it when it happened (its
   redacted form), so a face-down card stays face down for whoever did not see it. A *move* is a step.
   The ledger keeps each step's events only while its turn is the latest (what a take-back can name);
   a take-back reaching further (one own undo after another, into an earlier turn) is told by its
   count of moves alone ("Ann took back a move."), as is one folded from a snapshot older than this.

This module is pure: the service keeps a :class:`Ledger` beside the game state and applies
:func:`evolve`; :func:`decide` holds every take-back rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

import msgspec

from domain.errors import RuleError
from domain.messages import Command, Event
from domain.seats import Seat, SeatNames, label, numbered

REQUEST_TIMEOUT = timedelta(minutes=2)
"""How long the other seats have to answer a take-back request, unless the service says otherwise."""
MAX_STEPS = 100
"""The ledger keeps at most this many steps: a take-back never reaches further back."""


def _always(event: Event) -> bool:
    return True


def _never(event: Event) -> bool:
    return False


def _each_step(state: Any, event: Event) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class TakeBacks:
    """A game's declaration of what may be taken back.

    ``checkpoint(event)``: the event draws chance or reveals something (to another seat, or to the
    actor), so the step holding it needs consent to be taken back. ``final(event)``: the step holding
    it can never be taken back. ``new_round(event)``: the event opens a round (for the timeline).
    ``turn_start(state, event)``: the event begins a new turn of the seat whose command produced it,
    ``state`` being the game state the command was decided on (the game says where turns begin, so
    other seats' reactions may interleave with a turn). The default
    makes every step a checkpoint and a turn of its own: nothing is taken back without consent.
    """

    checkpoint: Callable[[Event], bool] = _always
    final: Callable[[Event], bool] = _never
    new_round: Callable[[Event], bool] = _never
    turn_start: Callable[[Any, Event], bool] = _each_step


CONSENT_ONLY = TakeBacks()


# -- commands -------------------------------------------------------------------------------------


class TakeBack(Command, frozen=True, kw_only=True, tag="TakeBack"):
    """Take back your own latest step of this turn (no checkpoint since)."""


class RequestTakeBack(Command, frozen=True, kw_only=True, tag="RequestTakeBack"):
    """Ask every other seat to let you take back your whole latest turn."""


class ApproveTakeBack(Command, frozen=True, kw_only=True, tag="ApproveTakeBack"):
    """Agree to the pending take-back request."""


class RefuseTakeBack(Command, frozen=True, kw_only=True, tag="RefuseTakeBack"):
    """Refuse the pending take-back request."""


TakeBackCommand = TakeBack | RequestTakeBack | ApproveTakeBack | RefuseTakeBack
TAKEBACK_COMMANDS = (TakeBack, RequestTakeBack, ApproveTakeBack, RefuseTakeBack)


# -- events ---------------------------------------------------------------------------------------


class TurnTakenBack(Event, frozen=True, kw_only=True, tag="TurnTakenBack"):
    """Versions ``first``..``last`` no longer count; the effective position is ``effective`` again."""

    seat: int
    first: int
    last: int
    effective: int
    consented: bool


class TakeBackRequested(Event, frozen=True, kw_only=True, tag="TakeBackRequested"):
    """A seat asked to take back versions ``first``..``last``; the others answer before ``deadline``."""

    seat: int
    first: int
    last: int
    effective: int
    deadline: datetime


class TakeBackApproved(Event, frozen=True, kw_only=True, tag="TakeBackApproved"):
    """A seat agreed to the pending request."""

    seat: int


class TakeBackRefused(Event, frozen=True, kw_only=True, tag="TakeBackRefused"):
    """A seat refused the pending request; it is closed."""

    seat: int


class TakeBackLapsed(Event, frozen=True, kw_only=True, tag="TakeBackLapsed"):
    """The pending request lapsed: someone acted (``acted``) or its deadline passed (``time``)."""

    reason: Literal["acted", "time"]


TakeBackEvent = TurnTakenBack | TakeBackRequested | TakeBackApproved | TakeBackRefused | TakeBackLapsed
EVENT_DECODER = msgspec.json.Decoder(TakeBackEvent)


# -- errors ---------------------------------------------------------------------------------------


class NothingToTakeBack(RuleError):
    """Raised when the sender has no step of its own at the end of the log to take back."""

    code = "takeback/nothing_to_take_back"


class PastCheckpoint(RuleError):
    """Raised when ``TakeBack`` would undo a checkpoint or a finished turn (ask with ``RequestTakeBack``)."""

    code = "takeback/checkpoint"


class NeverTakenBack(RuleError):
    """Raised when the steps to take back hold a final event (a deal, the end) or the game is over."""

    code = "takeback/not_allowed"


class RequestPending(RuleError):
    """Raised when a seat asks for a take-back while another request is still open."""

    code = "takeback/already_pending"


class NoRequest(RuleError):
    """Raised when a seat answers a take-back request that is not open (none, lapsed, or closed)."""

    code = "takeback/no_request"


class AlreadyRefused(RuleError):
    """Raised when a seat asks again for a take-back the others refused, before anyone has acted."""

    code = "takeback/refused"


class NotYoursToAnswer(RuleError):
    """Raised when the requester answers its own request, or a seat answers twice."""

    code = "takeback/not_yours_to_answer"


# -- the ledger -----------------------------------------------------------------------------------


class Step(msgspec.Struct, frozen=True, array_like=True):
    """One accepted command: who sent it, its versions, the effective position before it, its kind.

    ``turn``: the step begins a turn of its seat, as the game declares (``TakeBacks.turn_start``).
    """

    seat: int | None
    command_id: str
    first: int
    last: int
    before: int
    checkpoint: bool
    final: bool
    turn: bool = True
    events: tuple[msgspec.Raw, ...] = ()
    """The step's game events as stored, kept while its turn is the latest (for saying what a
    take-back takes back); dropped once another turn begins."""


class Request(msgspec.Struct, frozen=True, kw_only=True):
    """An open take-back request and the seats that approved it so far."""

    seat: int
    first: int
    last: int
    effective: int
    deadline: datetime
    approved: tuple[int, ...] = ()


class Ledger(msgspec.Struct, frozen=True, kw_only=True):
    """The steps that may still matter (those since the last final one), the open request, and the
    seat whose request was refused since the latest step (it may not ask again until someone acts).

    ``undone``: the steps the latest take-back reverted, until the next step (what it took back).
    """

    steps: tuple[Step, ...] = ()
    request: Request | None = None
    refused: int | None = None
    undone: tuple[Step, ...] = ()


class Situation(msgspec.Struct, frozen=True, kw_only=True):
    """What a take-back decision needs besides the ledger (built for a sender's legal list every move)."""

    seats: int
    to_act: frozenset[Seat]
    over: bool
    now: datetime
    timeout: timedelta = REQUEST_TIMEOUT


def kind_of(
    declared: TakeBacks, event: Event, seat: int | None, *, by_referee: bool = False
) -> tuple[bool, bool]:
    """``(checkpoint, final)`` for the step holding ``event``, as its game declares (setup is final).

    The table decides this when it records the event and stores the answer with it, so that
    applying a recorded event (on the write side or in a projection) applies no rule. What the
    referee decides is a checkpoint like any other step, final only where the game says so.
    """
    setup = seat is None and not by_referee
    return declared.checkpoint(event), setup or declared.final(event)


def noted(ledger: Ledger, step: Step) -> Ledger:
    """The ledger after one more game event of a step (a new step, or the next event of the last)."""
    steps = ledger.steps
    if steps and steps[-1].command_id == step.command_id and steps[-1].last == step.first - 1:
        last = steps[-1]
        step = Step(
            last.seat,
            last.command_id,
            last.first,
            step.last,
            last.before,
            last.checkpoint or step.checkpoint,
            last.final or step.final,
            last.turn or step.turn,
            (*last.events, *step.events),
        )
        steps = steps[:-1]
    elif step.turn and step.seat is not None:  # a new turn: the older steps' events are not needed
        steps = _forgetting(steps)
    kept = (step,) if step.final else (*steps[-MAX_STEPS + 1 :], step)
    return msgspec.structs.replace(ledger, steps=kept, refused=None, undone=())


def _forgetting(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """``steps`` without their events: only the latest turn's hold any (each new turn forgot the rest)."""
    start = len(steps)
    while start > 0 and steps[start - 1].events:
        start -= 1
    return steps if start == len(steps) else (*steps[:start], *map(_forgotten, steps[start:]))


def _forgotten(step: Step) -> Step:
    """``step`` without its events (no take-back can name it alone any more)."""
    return msgspec.structs.replace(step, events=()) if step.events else step


def named(ledger: Ledger, first: int, last: int) -> tuple[Step, ...]:
    """The steps of versions ``first``..``last``: still in the ledger, or the ones just taken back."""
    return tuple(step for step in (*ledger.steps, *ledger.undone) if first <= step.first <= last)


def evolve(ledger: Ledger, event: TakeBackEvent) -> Ledger:
    """Apply a take-back event (no rules here)."""
    if isinstance(event, TurnTakenBack):
        kept = tuple(step for step in ledger.steps if step.first < event.first)
        undone = tuple(step for step in ledger.steps if step.first >= event.first)
        return Ledger(steps=kept, request=None, undone=undone)
    if isinstance(event, TakeBackRequested):
        request = Request(
            seat=event.seat,
            first=event.first,
            last=event.last,
            effective=event.effective,
            deadline=event.deadline,
        )
        return msgspec.structs.replace(ledger, request=request)
    if isinstance(event, TakeBackRefused):
        asker = ledger.request.seat if ledger.request is not None else ledger.refused
        return msgspec.structs.replace(ledger, request=None, refused=asker)
    if isinstance(event, TakeBackApproved) and ledger.request is not None:
        approved = (*ledger.request.approved, event.seat)
        return msgspec.structs.replace(
            ledger, request=msgspec.structs.replace(ledger.request, approved=approved)
        )
    return msgspec.structs.replace(ledger, request=None)


def lapse(ledger: Ledger, now: datetime, *, acting: bool = True) -> list[TakeBackEvent]:
    """The lapse of the open request, if any, when a seat acts (``acting``) or at its deadline."""
    request = ledger.request
    if request is None:
        return []
    if now >= request.deadline:
        return [TakeBackLapsed(reason="time")]
    return [TakeBackLapsed(reason="acted")] if acting else []


def decide(ledger: Ledger, seat: Seat, command: Command, situation: Situation) -> list[TakeBackEvent]:
    """The events of a take-back command from ``seat``; raises a ``RuleError`` when it is refused."""
    if situation.over:
        raise NeverTakenBack("The game is over: nothing is taken back.")
    if isinstance(command, TakeBack):
        return [*lapse(ledger, situation.now), _undo(ledger, seat, situation)]
    if isinstance(command, RequestTakeBack):
        lapsed = lapse(ledger, situation.now, acting=False)
        if ledger.request is not None and not lapsed:
            raise RequestPending("A take-back request is already open.")
        if ledger.refused == seat:
            raise AlreadyRefused("Your take-back was refused: you may ask again once someone has acted.")
        return [*lapsed, _request(ledger, seat, situation)]
    request = _open_request(ledger, situation.now)
    if request.seat == seat or seat in request.approved:
        raise NotYoursToAnswer("You have already answered this request, or it is your own.")
    if isinstance(command, RefuseTakeBack):
        return [TakeBackRefused(seat=seat)]
    approved: list[TakeBackEvent] = [TakeBackApproved(seat=seat)]
    if len(request.approved) + 2 < situation.seats:
        return approved
    reverted = TurnTakenBack(
        seat=request.seat,
        first=request.first,
        last=request.last,
        effective=request.effective,
        consented=True,
    )
    return [*approved, reverted]


def may_offer(ledger: Ledger, seat: Seat) -> bool:
    """Whether :func:`offers` could offer ``seat`` anything while the game goes on (it tries nothing
    otherwise), found without a :class:`Situation`."""
    return bool(_worth_trying(ledger, seat, over=False))


def offers(ledger: Ledger, seat: Seat, situation: Situation) -> list[Command]:
    """The take-back commands ``seat`` may send now (each exactly as :func:`decide` accepts it)."""
    offered: list[Command] = []
    for command in _worth_trying(ledger, seat, situation.over):
        try:
            decide(ledger, seat, command, situation)
        except RuleError:
            continue
        offered.append(command)
    return offered


def _worth_trying(ledger: Ledger, seat: Seat, over: bool) -> list[Command]:
    """The commands :func:`decide` could accept from ``seat`` (a legal list is asked for at every
    move): only the latest step's seat can undo it, and only when it is no checkpoint and not final
    (so a game whose every step is a checkpoint never tries an undo only to catch its refusal); only
    the seat whose turn is the latest can ask, and nothing is answered without a request."""
    tried: list[Command] = []
    if ledger.steps and not over:
        if _undoable(ledger.steps[-1], seat):
            tried.append(_TAKE_BACK)
        if _latest_turn(ledger, seat):
            tried.append(_REQUEST)
    if ledger.request is not None:
        tried += _ANSWERS
    return tried


_TAKE_BACK, _REQUEST, _ANSWERS = TakeBack(), RequestTakeBack(), (ApproveTakeBack(), RefuseTakeBack())


def _undoable(step: Step, seat: Seat) -> bool:
    """What :func:`_undo` asks of the latest step, situation aside: ``seat``'s, no checkpoint, not final."""
    return step.seat == seat and not step.checkpoint and not step.final


def _undo(ledger: Ledger, seat: Seat, situation: Situation) -> TurnTakenBack:
    if not ledger.steps or ledger.steps[-1].seat != seat:
        raise NothingToTakeBack("Your last action is not the latest one: there is nothing of yours to undo.")
    step = ledger.steps[-1]
    if step.final:
        raise NeverTakenBack("That action can never be taken back.")
    if step.checkpoint or seat not in situation.to_act:
        raise PastCheckpoint(
            "That action drew, revealed something or ended your turn: ask the others (RequestTakeBack)."
        )
    return TurnTakenBack(seat=seat, first=step.first, last=step.last, effective=step.before, consented=False)


def _request(ledger: Ledger, seat: Seat, situation: Situation) -> TakeBackRequested:
    run = _latest_turn(ledger, seat)
    if not run:
        raise NothingToTakeBack(
            "Another seat has acted since your turn: there is nothing of yours to take back."
        )
    if any(step.final for step in run):
        raise NeverTakenBack("Your last turn holds something that can never be taken back.")
    return TakeBackRequested(
        seat=seat,
        first=run[0].first,
        last=run[-1].last,
        effective=run[0].before,
        deadline=situation.now + situation.timeout,
    )


def _latest_turn(ledger: Ledger, seat: Seat) -> tuple[Step, ...]:
    """The steps since the latest turn began, if that turn is ``seat``'s (others' reactions included)."""
    steps = ledger.steps
    start = len(steps) - 1
    while start >= 0 and not (steps[start].turn and steps[start].seat is not None):
        start -= 1
    if start < 0 or steps[start].seat != seat:
        return ()
    return steps[start:]


def _open_request(ledger: Ledger, now: datetime) -> Request:
    request = ledger.request
    if request is None or now >= request.deadline:
        raise NoRequest("No take-back request is open.")
    return request


def describe(event: TakeBackEvent, names: SeatNames = (), taken: Taken | None = None) -> str:
    """One sentence for a take-back event; ``taken`` says what a take-back or a request names, as the
    reader saw it (without it, the versions are named)."""
    if isinstance(event, TakeBackLapsed):
        why = "someone acted" if event.reason == "acted" else "time ran out"
        return f"The take-back request lapsed: {why}."
    who = label(names, event.seat, numbered(event.seat))
    if isinstance(event, TurnTakenBack | TakeBackRequested):
        what = f"versions {event.first}-{event.last}" if taken is None else taken.moves()
        said = "" if taken is None or not taken.said else ": " + ". ".join(taken.said)
        if isinstance(event, TakeBackRequested):
            return f"{who} asked to take back {what}{said}."
        how = " with everyone's consent" if event.consented else ""
        return f"{who} took back {what}{how}{said}."
    if isinstance(event, TakeBackApproved):
        return f"{who} agreed to the take-back."
    return f"{who} refused the take-back."


@dataclass(frozen=True, slots=True)
class Taken:
    """What a take-back names, as one reader saw it: how many steps, and the sentences of their events
    (empty when the ledger no longer holds them: only the count is told then)."""

    steps: int
    said: tuple[str, ...] = ()

    def moves(self) -> str:
        """``a move`` or ``3 moves``."""
        return "a move" if self.steps == 1 else f"{self.steps} moves"
