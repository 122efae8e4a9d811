"""The table: a decider for everything true of a whole table, with the game's own decider inside.

The rules of a table
--------------------
1. A table is opened for one game with a number of seats; seats named at opening are taken then,
   the rest are taken one by one (:class:`TakeSeat`). Once the last seat is taken the game is set up
   at once, its chance drawn from the table's secret at that position.
2. A seat acts only once the game is set up (``game/not_started``), only while the game is not over
   and only when the game says it is to act (:mod:`domain.referee`). The game decides the rest.
3. Every accepted command has an id (the caller's ``Idempotency-Key`` or a new one). A command sent
   again with the same id by the same seat is answered as before and changes nothing; the same id
   for another command or from another seat is refused (``request/idempotency_key_reused``). The table
   remembers the ids of its last :data:`RECEIPTS_KEPT` commands.
4. Take-backs (:mod:`domain.takeback`) compose with the game: a seat's game command lets an open
   take-back request lapse first; the chance of a game command is drawn from the *effective*
   position (the log without reverted ranges), so a turn played again draws the same cards.
5. The referee is an actor too (:data:`REFEREE`): it acts only when something is overdue — a take-back
   request past its deadline, or the game's own ``due(state)`` passed — and its events say so.
6. ``now`` arrives once, in the :class:`TableContext`; every event records it, so a fold, a replay
   or an import never reads a clock.

:func:`evolve_table` is the one fold of a table's events: the write side, the projections, seek,
the timeline, import and fork all use it, and it applies no rule (each event carries what was
decided: the take-back kind, whether it starts a turn, the state a take-back returns to).
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final, NamedTuple

import msgspec

from domain import referee, takeback
from domain.chance import Context
from domain.codec import encode
from domain.errors import RuleError
from domain.game import GameDefinition
from domain.messages import Command, Event
from domain.seats import Seat, SeatNames, Viewer

AnyGame = GameDefinition[Any, Any, Any, Any]

RECEIPTS_KEPT = 1000
"""How many of a table's latest command ids are remembered for recognising a retry."""


class Unseated(enum.Enum):
    """Actors that hold no seat."""

    REFEREE = "referee"
    """The referee itself, acting on what is overdue."""
    NEWCOMER = "newcomer"
    """Someone asking for an open seat."""


REFEREE: Final = Unseated.REFEREE
NEWCOMER: Final = Unseated.NEWCOMER
Actor = Seat | Unseated


# -- errors ---------------------------------------------------------------------------------------


class TableFull(RuleError):
    """Raised when a player asks for a seat and every seat is taken."""

    code = "game/full"


class NotStarted(RuleError):
    """Raised when a seat sends a command before every seat is taken and the game is set up."""

    code = "game/not_started"


class IdempotencyKeyReused(RuleError):
    """Raised when a command id already used for another command (or by another seat) comes again."""

    code = "request/idempotency_key_reused"


class NothingOverdue(RuleError):
    """Raised when the referee is asked to act and nothing is overdue."""

    code = "table/nothing_overdue"


# -- table commands (the game's own and the take-back commands pass through) --------------------


class TakeSeat(Command, frozen=True, kw_only=True, tag="TakeSeat"):
    """Sit at the first open seat under ``name``; the seat's token is known by its digest only."""

    name: str
    token_digest: str


class CloseOverdue(Command, frozen=True, kw_only=True, tag="CloseOverdue"):
    """The referee's command: close whatever is overdue (a take-back request, the game's own wait)."""


# -- table events: what the log stores ------------------------------------------------------------


class TableEvent(msgspec.Struct, frozen=True, kw_only=True):
    """Something that happened at a table, at ``version`` and time ``at``, by ``seat`` (or nobody).

    These types are storage formats (:mod:`domain.stored`): a field is never renamed, new fields go
    last with defaults. ``command_id`` and ``command_digest`` say which command it came from.
    """

    version: int = 0
    at: datetime = msgspec.field(name="timestamp")
    seat: int | None = None
    command_id: str = ""
    command_digest: str = ""


class TableOpened(TableEvent, frozen=True, kw_only=True):
    """A table was opened for a game (the secret seed and the token digests stay in the log)."""

    game: str
    rules_version: str
    seat_names: tuple[str | None, ...]
    token_digests: tuple[str | None, ...]
    options: msgspec.Raw
    secret: str
    seeded: bool


class SeatTaken(TableEvent, frozen=True, kw_only=True):
    """A player took an open seat."""

    name: str
    token_digest: str


class GameEventRecorded(TableEvent, frozen=True, kw_only=True):
    """One game event (its own JSON), with the command that made it and its take-back kind.

    ``turn`` says the event begins a turn of ``seat`` (``None`` in events recorded before the game
    declared its turns: :func:`domain.stored.decode_event` fills it in). ``by_referee``: the referee
    decided it, because something was overdue.
    """

    event: msgspec.Raw
    command: str = ""
    checkpoint: bool = True
    final: bool = False
    turn: bool | None = None
    by_referee: bool = False


class TakeBackNoted(TableEvent, frozen=True, kw_only=True):
    """A take-back event (:mod:`domain.takeback`); a take-back carries the game state it returns to."""

    event: msgspec.Raw
    command: str = ""
    state: msgspec.Raw = msgspec.Raw(b"null")


class TableForked(TableEvent, frozen=True, kw_only=True):
    """The table starts from another finished game's position (``source`` at ``source_version``)."""

    source: str
    source_version: int
    state: msgspec.Raw
    effective: int


AnyTableEvent = TableOpened | SeatTaken | GameEventRecorded | TakeBackNoted | TableForked


# -- the state ------------------------------------------------------------------------------------


class Receipt(msgspec.Struct, frozen=True, array_like=True):
    """What one command id did: its digest, who sent it and the versions it appended."""

    digest: str
    seat: int | None
    first: int
    last: int


class TableState(msgspec.Struct, frozen=True, kw_only=True):
    """A whole table: who sits where, the secret, receipts, take-backs, and the game's own state."""

    game: str
    rules_version: str
    seat_names: tuple[str | None, ...]
    token_digests: tuple[str | None, ...]
    options: msgspec.Raw
    secret: str
    seeded: bool
    version: int
    created_at: datetime
    updated_at: datetime
    recorded: int = 0
    effective: int = 0
    ledger: takeback.Ledger = msgspec.field(default_factory=takeback.Ledger)
    receipts: dict[str, Receipt] = msgspec.field(default_factory=dict)
    game_state: Any = None
    forked_from: tuple[str, int] | None = None

    @property
    def started(self) -> bool:
        """True once every seat is taken and the game has been set up."""
        return self.recorded > 0

    def open_seats(self) -> list[int]:
        """The seats nobody has taken yet, in seating order."""
        return [seat for seat, name in enumerate(self.seat_names) if name is None]


# -- the fold -------------------------------------------------------------------------------------


def evolve_table(game: AnyGame, table: TableState | None, event: AnyTableEvent) -> TableState:
    """The table after ``event`` (no rules here: the event says what was decided)."""
    if isinstance(event, TableOpened):
        return _opened(event)
    assert table is not None, "a table's log opens with TableOpened"
    table = msgspec.structs.replace(table, version=event.version, updated_at=event.at)
    if isinstance(event, GameEventRecorded):
        return _recorded(game, table, event)
    if isinstance(event, SeatTaken):
        assert event.seat is not None, "a seat taken names its seat"
        names = _put(table.seat_names, event.seat, event.name)
        digests = _put(table.token_digests, event.seat, event.token_digest)
        table = msgspec.structs.replace(
            table, seat_names=names, token_digests=digests, effective=table.effective + 1
        )
    elif isinstance(event, TakeBackNoted):
        table = _taken_back(game, table, event)
    elif isinstance(event, TableForked):
        return msgspec.structs.replace(
            table,
            game_state=game.state_decoder.decode(event.state),
            recorded=1,
            effective=event.effective,
            forked_from=(event.source, event.source_version),
        )
    return _noted(table, event)


def fold_table(game: AnyGame, events: Any, table: TableState | None = None) -> TableState | None:
    """The table after every event of ``events``, from ``table`` (from nothing when ``None``)."""
    for event in events:
        table = evolve_table(game, table, event)
    return table


def _opened(event: TableOpened) -> TableState:
    table = TableState(
        game=event.game,
        rules_version=event.rules_version,
        seat_names=event.seat_names,
        token_digests=event.token_digests,
        options=event.options,
        secret=event.secret,
        seeded=event.seeded,
        version=event.version,
        created_at=event.at,
        updated_at=event.at,
        effective=event.version,
    )
    return _noted(table, event)


def _recorded(game: AnyGame, table: TableState, event: GameEventRecorded) -> TableState:
    version = event.version
    step = takeback.Step(
        event.seat,
        event.command_id,
        version,
        version,
        table.effective,
        event.checkpoint,
        event.final,
        bool(event.turn),
    )
    table = msgspec.structs.replace(
        table,
        game_state=game.evolve(table.game_state, game.event_decoder.decode(event.event)),
        recorded=table.recorded + 1,
        ledger=takeback.noted(table.ledger, step),
        effective=table.effective + 1,
    )
    return _noted(table, event)


def _taken_back(game: AnyGame, table: TableState, event: TakeBackNoted) -> TableState:
    told = takeback.EVENT_DECODER.decode(event.event)
    table = msgspec.structs.replace(table, ledger=takeback.evolve(table.ledger, told))
    if isinstance(told, takeback.TurnTakenBack):
        state = game.state_decoder.decode(event.state)
        table = msgspec.structs.replace(table, game_state=state, effective=told.effective)
    return table


def _noted(table: TableState, event: TableEvent) -> TableState:
    """Remember which versions ``event``'s command appended, so a retry is recognised."""
    known = table.receipts.get(event.command_id)
    if known is not None and known.last == event.version - 1:
        receipts = dict(table.receipts)
        receipts[event.command_id] = Receipt(known.digest, known.seat, known.first, event.version)
    else:
        receipt = Receipt(event.command_digest, event.seat, event.version, event.version)
        receipts = {**table.receipts, event.command_id: receipt}
        if len(receipts) > RECEIPTS_KEPT:
            del receipts[next(iter(receipts))]
    return msgspec.structs.replace(table, receipts=receipts)


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


# -- deciding -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableContext:
    """What a table decision draws on besides the state.

    ``now``: the time, recorded in every event (``setup_at``: the setup's, when the command sets the
    game up; an import passes the recorded one). ``command_id``/``digest``/``sent``: the command's
    identity and its JSON as sent (for the audit). ``timeout``: how long a take-back request waits.
    ``state_at(version)``: the game state at an earlier version of this table's log (the log is an
    input, like chance: a take-back records the state it returns to).
    """

    now: datetime
    command_id: str
    digest: str
    sent: str = ""
    timeout: timedelta = takeback.REQUEST_TIMEOUT
    state_at: Callable[[int], Any] = lambda version: None
    setup_at: datetime | None = None


def digest_of(seat: int | None, payload: bytes) -> str:
    """What a command is, for recognising a retry: the sender's seat and the payload, hashed."""
    return hashlib.sha256(f"{seat}:".encode() + payload).hexdigest()


SETUP_DIGEST = digest_of(None, b"setup")
"""The digest the setup's events carry (they answer no seat's command)."""


def open_table(game: AnyGame, opened: TableOpened, ctx: TableContext) -> list[AnyTableEvent]:
    """The events opening a table: ``opened``, then the setup when every seat is already named."""
    options = msgspec.json.decode(opened.options, type=game.options_type)
    game.validate(options, len(opened.seat_names))
    table = _opened(opened)
    if table.open_seats():
        return [opened]
    return [opened, *_set_up(game, table, ctx)]


def decide_table(
    game: AnyGame, table: TableState, actor: Actor, command: Command, ctx: TableContext
) -> list[AnyTableEvent]:
    """The events ``command`` from ``actor`` produces at ``table``; raises a ``RuleError`` when refused."""
    if isinstance(command, TakeSeat):
        return _take_seat(game, table, command, ctx)
    if not table.started:
        raise NotStarted("The game has not started: seats are still open.")
    if actor is REFEREE:
        return _overdue(game, table, ctx)
    if isinstance(actor, Unseated):
        raise NotStarted("Take a seat first.")
    if isinstance(command, takeback.TAKEBACK_COMMANDS):
        told = takeback.decide(table.ledger, actor, command, situation(game, table, ctx.now, ctx.timeout))
        return _takebacks(table, told, actor, ctx)
    chance = Context.for_step(table.secret, table.effective, ctx.now)  # the same draws after a take-back
    events = referee.decide(game, table.game_state, actor, command, chance)
    lapsed = _takebacks(table, takeback.lapse(table.ledger, ctx.now), actor, ctx)
    return [*lapsed, *_record(game, table.game_state, table.version + len(lapsed), events, actor, ctx)]


def receipt_for(table: TableState, seat: int | None, command_id: str, digest: str) -> Receipt | None:
    """The receipt of a retried command, ``None`` for a new one; refuses an id reused for another."""
    receipt = table.receipts.get(command_id)
    if receipt is not None and (receipt.digest != digest or receipt.seat != seat):
        raise IdempotencyKeyReused("This Idempotency-Key was already used for a different command.")
    return receipt


def legal_for(game: AnyGame, table: TableState, seat: int, now: datetime) -> list[Command]:
    """What ``seat`` may send now: the game's commands, then the take-back commands on offer."""
    if not table.started:
        return []
    commands: list[Command] = game.legal_commands(table.game_state, Seat(seat))
    return commands + takeback.offers(table.ledger, Seat(seat), situation(game, table, now))


def situation(
    game: AnyGame, table: TableState, now: datetime, timeout: timedelta = takeback.REQUEST_TIMEOUT
) -> takeback.Situation:
    """What a take-back decision needs to know about the game now."""
    return takeback.Situation(
        seats=len(table.seat_names),
        to_act=game.to_act(table.game_state),
        over=game.is_over(table.game_state),
        now=now,
        timeout=timeout,
    )


def due(game: AnyGame, table: TableState) -> datetime | None:
    """When the referee must act next at ``table`` (a request's deadline, the game's own), or ``None``."""
    times = [game.due(table.game_state) if table.started else None]
    if table.ledger.request is not None:
        times.append(table.ledger.request.deadline)
    found = [time for time in times if time is not None]
    return min(found) if found else None


def _take_seat(game: AnyGame, table: TableState, command: TakeSeat, ctx: TableContext) -> list[AnyTableEvent]:
    open_seats = table.open_seats()
    if not open_seats:
        raise TableFull("Every seat at this table is taken.")
    seat = open_seats[0]
    taken = SeatTaken(
        version=table.version + 1,
        at=ctx.now,
        seat=seat,
        command_id=ctx.command_id,
        command_digest=ctx.digest,
        name=command.name,
        token_digest=command.token_digest,
    )
    if len(open_seats) > 1:
        return [taken]
    return [taken, *_set_up(game, evolve_table(game, table, taken), ctx)]


def _set_up(game: AnyGame, table: TableState, ctx: TableContext) -> list[AnyTableEvent]:
    """Deal the game once every seat is taken: the setup events, drawn from the table's secret."""
    options = msgspec.json.decode(table.options, type=game.options_type)
    now = ctx.setup_at or ctx.now
    chance = Context.for_step(table.secret, table.version, now)
    _, events = referee.start(game, options, len(table.seat_names), chance)
    setup = TableContext(now=now, command_id=ctx.command_id, digest=SETUP_DIGEST)
    return list(_record(game, table.game_state, table.version, events, None, setup))


def _record(  # noqa: PLR0917  (what a recorded event carries)
    game: AnyGame,
    before: Any,
    version: int,
    events: list[Event],
    seat: Seat | None,
    ctx: TableContext,
    *,
    referee: bool = False,
) -> list[AnyTableEvent]:
    declared = game.takebacks
    recorded: list[AnyTableEvent] = []
    for offset, event in enumerate(events, start=1):
        checkpoint, final = takeback.kind_of(declared, event, seat, by_referee=referee)
        recorded.append(
            GameEventRecorded(
                version=version + offset,
                at=ctx.now,
                seat=seat,
                command_id=ctx.command_id,
                command_digest=ctx.digest,
                event=msgspec.Raw(encode(event)),
                command=ctx.sent,
                checkpoint=checkpoint,
                final=final,
                turn=seat is not None and declared.turn_start(before, event),
                by_referee=referee,
            )
        )
    return recorded


def _takebacks(
    table: TableState, told: list[takeback.TakeBackEvent], seat: Seat | None, ctx: TableContext
) -> list[AnyTableEvent]:
    noted: list[AnyTableEvent] = []
    for offset, event in enumerate(told, start=1):
        state = msgspec.Raw(b"null")
        if isinstance(event, takeback.TurnTakenBack):
            state = msgspec.Raw(encode(ctx.state_at(event.first - 1)))
        noted.append(
            TakeBackNoted(
                version=table.version + offset,
                at=ctx.now,
                seat=seat,
                command_id=ctx.command_id,
                command_digest=ctx.digest,
                event=msgspec.Raw(encode(event)),
                command=ctx.sent,
                state=state,
            )
        )
    return noted


def _overdue(game: AnyGame, table: TableState, ctx: TableContext) -> list[AnyTableEvent]:
    """The referee's events: a lapsed take-back request, then what the game does once it is due."""
    lapsed = _takebacks(table, takeback.lapse(table.ledger, ctx.now, acting=False), None, ctx)
    events: list[AnyTableEvent] = list(lapsed)
    game_due = game.due(table.game_state)
    if game_due is not None and ctx.now >= game_due and not game.is_over(table.game_state):
        chance = Context.for_step(table.secret, table.effective, ctx.now)
        decided = game.overdue(table.game_state, chance)
        events += _record(
            game, table.game_state, table.version + len(lapsed), decided, None, ctx, referee=True
        )
    if not events:
        raise NothingOverdue("Nothing is overdue at this table.")
    return events


# -- what a viewer is told ------------------------------------------------------------------------


class Told(NamedTuple):
    """A table event as one viewer may see it: its kind, the event shown, and one sentence."""

    kind: str
    event: Any
    sentence: str


FEED_TYPES = {"opened": "TableOpened", "joined": "SeatTaken", "forked": "Forked"}
"""The ``type`` a feed line gives the table's own events (game and take-back events carry theirs)."""


def told(game: AnyGame, event: AnyTableEvent, viewer: Viewer, names: SeatNames) -> Told:
    """``event`` as ``viewer`` may see it: a game event redacted by the game, the table's own public."""
    if isinstance(event, GameEventRecorded):
        seen, sentence = referee.tell(game, game.event_decoder.decode(event.event), viewer, names)
        return Told("event", seen, sentence)
    if isinstance(event, TakeBackNoted):
        noted = takeback.EVENT_DECODER.decode(event.event)
        return Told("takeback", noted, takeback.describe(noted, names))
    if isinstance(event, SeatTaken):
        return Told(
            "joined", {"seat": event.seat, "name": event.name}, f"{event.name} took seat {event.seat}."
        )
    if isinstance(event, TableForked):
        sentence = f"This table starts from game {event.source} at version {event.source_version}."
        return Told("forked", {"source": event.source, "source_version": event.source_version}, sentence)
    seats = len(event.seat_names)
    return Told(
        "opened",
        {"game": event.game, "seats": seats},
        f"A table for {game.title} was opened with {seats} seats.",
    )


def feed_event(said: Told) -> Any:
    """The event of a feed line: the table's own events tagged with their ``type``."""
    tag = FEED_TYPES.get(said.kind)
    return said.event if tag is None else {"type": tag} | said.event
