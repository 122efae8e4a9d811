"""The table: a decider for everything true of a whole table, with the game's own decider inside.

The rules of a table
--------------------
1. A table is opened for one game with a number of seats; seats named at opening are taken then,
   the rest are taken one by one (:class:`TakeSeat`). Once the last seat is taken the game is set up
   at once, its chance drawn from the table's secret at that position.
1a. Each seat may pledge a contribution to the deal as it sits down (a commitment to it: a bot's is
   made by the service); once every seat is taken, each seat that pledged reveals it
   (:class:`RevealContribution`: refused before, after the deal, or not matching its pledge), and the
   game is set up as the last is revealed, its draws from the secret and every contribution
   (:mod:`domain.dealing`, scheme 2). So every pledge is fixed before any is revealed.
2. A seat acts only once the game is set up (``game/not_started``), only while the game is not over
   (by its own rules or by forfeit) and only when the game says it is to act (:func:`domain.referee.decide`,
   the check every game shares, with a table or without). The game decides the rest.
3. Every accepted command has an id (the caller's ``Idempotency-Key`` or a new one). A command sent
   again with the same id by the same seat is answered as before and changes nothing; the same id
   for another command or from another seat is refused (``request/idempotency_key_reused``). The table
   remembers the ids of its last :data:`RECEIPTS_KEPT` commands.
4. Take-backs (:mod:`domain.takeback`) compose with the game: a seat's game command lets an open
   take-back request lapse first; the chance of a game command is drawn from the *effective*
   position (the log without reverted ranges), so a turn played again draws the same cards.
5. A seated player may replace its token at any time (:class:`ReissueSeatLink`, its private rejoin
   link): the old token stops working at once. Nothing of the game changes, no take-back request
   lapses, and the chance position stays where it was.
5a. Whoever sits down is given a recovery code once (its digest is in :class:`TakeSeat` or the
   opening). Someone holding no token who presents a seat's code (:class:`RecoverSeat`) gets that
   seat back: its token and its code are replaced, so every device holding the old token and the
   old code stop working, exactly as after a new seat link. A code that matches no seat is refused
   (``auth/invalid_recovery_code``) and changes nothing; a code recovers only its own seat. The
   other players are not asked: their approval would let two players give a third's seat away, and
   at a two-seat table the only one to ask is the opponent (docs/seats.md).
5b. Once the game is over its log is closed: a new link or a recovery is refused (``rule/game_over``)
   and appends nothing. Every token and code of a finished game keeps reading what it read.
6. The referee is an actor too (:data:`REFEREE`): it acts only when something is overdue — a take-back
   request past its deadline, or the game's own ``due(state)`` passed — and its events say so.
7. ``now`` arrives once, in the :class:`TableContext`; every event records it, so a fold, a replay
   or an import never reads a clock.
8. A table may have a turn clock (:mod:`domain.table.clocks`): each recorded move begins the next
   wait, and when a seat's time runs out the referee plays its move (final, never taken back), or
   the seat forfeits (:mod:`domain.table.forfeits`): the table, not the game, says when that ends it.

:func:`evolve_table` is the one fold of a table's events: the write side, the projections, seek,
the timeline, import and fork all use it, and it applies no rule (each event carries what was
decided: the take-back kind, whether it starts a turn, the state a take-back returns to).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import msgspec

from domain import dealing, passing, referee, takeback
from domain.chance import Step
from domain.choices import Pass
from domain.codec import encode
from domain.errors import GameIsOver
from domain.game import AnyGame
from domain.memos import memo
from domain.messages import Command, Event
from domain.seats import Seat, same_name
from domain.table import forfeits, standins
from domain.table.events import (
    NEWCOMER,
    REFEREE,
    SEAT_COMMANDS,
    Actor,
    AnyTableEvent,
    ContributionRefused,
    ContributionRevealed,
    GameEventRecorded,
    IdempotencyKeyReused,
    NameTaken,
    NothingOverdue,
    NotStarted,
    RecoverSeat,
    ReissueSeatLink,
    RevealContribution,
    SeatLinkReissued,
    SeatTaken,
    Stamp,
    TableFull,
    TableOpened,
    TakeBackNoted,
    TakeSeat,
    Unseated,
    WrongRecoveryCode,
)
from domain.table.state import Receipt, TableState, evolve_table, fold_table, opened_state, receipt_key
from domain.table.timeouts import TIMEOUT_BOTS, out_of_time, stand_in, timed

# -- deciding -------------------------------------------------------------------------------------


def chance_after(secret: str, version: int, now: datetime, key: bytes = b"") -> Step:
    """The chance of the command that follows ``version`` at a table with ``secret``: under scheme 1
    seeded with ``"{secret}:{version}"``, under scheme 2 the stream of the table's ``key`` at ``version``
    (:mod:`domain.dealing`); so a command draws the same wherever and however often it is decided
    (after a take-back, ``version`` is the table's effective one). Nothing is drawn until it draws."""
    return Step(seed=f"{secret}:{version}", now=now, key=key, position=version)


def chance_of(table: TableState, version: int, now: datetime) -> Step:
    """The chance of the command that follows ``version`` at ``table``, by the table's own scheme."""
    if table.scheme == dealing.MERSENNE:
        return chance_after(table.secret, version, now)
    return chance_after(table.secret, version, now, _key(table.secret, table.contributions))


@memo(1024, "every command of a table draws its chance from the table's key")
def _key(secret: str, contributions: tuple[str | None, ...]) -> bytes:
    """The table's key, made once per table and process (one HMAC: cheap, but not free a command)."""
    return dealing.table_key(secret, contributions)


class TableContext(msgspec.Struct, frozen=True, kw_only=True):
    """What a table decision draws on besides the state (a frozen struct: one is built for every command).

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
    bot: str = ""
    """The policy that chose the command, when a bot plays the seat (the log says who played)."""
    auto_pass: passing.Standing = passing.NOBODY
    """The seats' standing choices, to be passed for (:mod:`domain.passing`, read from its stream)."""

    def stamp(self, version: int, seat: int | None) -> Stamp:
        """The opening fields of a table event this decision makes: its version, and the time, sender and
        command decided (every rule module stamps its events through the context it was handed)."""
        return {
            "version": version,
            "at": self.now,
            "seat": seat,
            "command_id": self.command_id,
            "command_digest": self.digest,
        }


def digest_of(seat: int | None, payload: bytes) -> str:
    """What a command is, for recognising a retry: the sender's seat and the payload, hashed."""
    return hashlib.sha256(f"{seat}:".encode() + payload).hexdigest()


SETUP_DIGEST = digest_of(None, b"setup")
"""The digest the setup's events carry (they answer no seat's command)."""


def open_table(game: AnyGame, opened: TableOpened, ctx: TableContext) -> list[AnyTableEvent]:
    """The events opening a table: ``opened``, then the setup when every seat is already named."""
    options = msgspec.json.decode(opened.options, type=game.options_type)
    game.validate(options, len(opened.seat_names))
    named = [name for name in opened.seat_names if name is not None]
    if any(same_name(one, other) for i, one in enumerate(named) for other in named[i + 1 :]):
        raise NameTaken("Two players at a table may not have the same name.")
    table = opened_state(opened)
    if table.open_seats() or table.unrevealed():
        return [opened]
    return [opened, *_set_up(game, table, ctx)]


def decide_table(
    game: AnyGame, table: TableState, actor: Actor, command: Command, ctx: TableContext
) -> list[AnyTableEvent]:
    """The events ``command`` from ``actor`` produces at ``table``; raises a ``RuleError`` when refused."""
    if isinstance(command, TakeSeat):
        return _take_seat(game, table, command, ctx)
    if isinstance(command, ReissueSeatLink | RecoverSeat) and _ended(game, table):
        raise GameIsOver("The game is over: its log is closed, and its seats need no new link.")
    if isinstance(command, ReissueSeatLink) and not isinstance(actor, Unseated):
        return [_reissued(table, actor, command, ctx)]
    if isinstance(command, RecoverSeat) and actor is NEWCOMER:
        return [_recovered(table, command, ctx)]
    if isinstance(command, RevealContribution) and not isinstance(actor, Unseated):
        return _revealed(game, table, actor, command, ctx)
    if not table.started:
        raise NotStarted("The game has not started: a seat is open or a contribution unrevealed.")
    if actor is REFEREE:
        return _overdue(game, table, ctx)
    if isinstance(actor, Unseated):
        raise NotStarted("Take a seat first.")
    if table.forfeited:  # the forfeit rules, asked only at a table where a seat forfeited
        forfeits.refuse(table, actor, ctx)
        if forfeits.ended_by_forfeit(table):  # rule 2, its forfeit half (the game's own: below)
            raise GameIsOver("The game is over.")
    if isinstance(command, SEAT_COMMANDS):
        return standins.decide(game, table, actor, command, ctx)
    back = standins.returning(table, actor, ctx) if table.bots else None  # only a bot stands in
    if back:  # the player is back (stand-in rule 2): record that, then decide the move
        return [*back, *decide_table(game, fold_table(game, back, table) or table, actor, command, ctx)]
    if isinstance(command, takeback.TAKEBACK_COMMANDS):
        told = takeback.decide(table.ledger, actor, command, situation(game, table, ctx.now, ctx.timeout))
        return _timed(game, table, _takebacks(table, told, actor, ctx), None, ctx.now)
    chance = chance_of(table, table.effective, ctx.now)  # the same draws after a take-back
    events = referee.decide(game, table.game_state, actor, command, chance)
    lapsed = _takebacks(table, takeback.lapse(table.ledger, ctx.now), actor, ctx)
    recorded = _record(game, table.game_state, table.version + len(lapsed), events, actor, ctx)
    return _timed(game, table, [*lapsed, *recorded], actor, ctx.now)


def receipt_for(table: TableState, seat: int | None, command_id: str, digest: str) -> Receipt | None:
    """The receipt of a retried command, ``None`` for a new one; refuses an id the seat used for another.

    Keys are the seat's own: the same key from another seat is another command.
    """
    receipt = table.receipts.get(receipt_key(seat, command_id))
    if receipt is not None and receipt.digest != digest:
        raise IdempotencyKeyReused("This Idempotency-Key was already used for a different command.")
    return receipt


def situation(
    game: AnyGame, table: TableState, now: datetime, timeout: timedelta = takeback.REQUEST_TIMEOUT
) -> takeback.Situation:
    """What a take-back decision needs to know about the game now."""
    return takeback.Situation(
        seats=len(table.seat_names),
        to_act=forfeits.to_act(game, table),
        over=forfeits.over(game, table),
        now=now,
        timeout=timeout,
    )


def _timed(  # noqa: PLR0917  (what a wait's end depends on)
    game: AnyGame,
    table: TableState,
    events: list[AnyTableEvent],
    mover: int | None,
    now: datetime,
    moved: int | None = None,
) -> list[AnyTableEvent]:
    """``events`` with the next wait of the table's clock (:func:`~domain.table.timeouts.timed`), if any."""
    return events if table.clock is None else timed(game, table, events, mover, now, moved)


def _take_seat(game: AnyGame, table: TableState, command: TakeSeat, ctx: TableContext) -> list[AnyTableEvent]:
    open_seats = table.open_seats()
    if not open_seats:
        raise TableFull("Every seat at this table is taken.")
    if any(name is not None and same_name(name, command.name) for name in table.seat_names):
        raise NameTaken("Somebody at this table already plays under that name.")
    seat = open_seats[0]
    taken = SeatTaken(
        **ctx.stamp(table.version + 1, seat),
        name=command.name,
        token_digest=command.token_digest,
        recovery_digest=command.recovery_digest,
        player=command.player,
        pledge=command.pledge if table.scheme >= dealing.HMAC_SHA256 else None,  # scheme 1 deals alone
    )
    seated = evolve_table(game, table, taken)
    if len(open_seats) > 1 or seated.unrevealed():
        return [taken]
    return [taken, *_set_up(game, seated, ctx)]


def _revealed(
    game: AnyGame, table: TableState, seat: Seat, command: RevealContribution, ctx: TableContext
) -> list[AnyTableEvent]:
    """Rule 1a: a seat reveals its contribution once every seat is taken and before the deal; the
    deal follows the last one revealed, drawn from the secret and every contribution."""
    if table.open_seats():
        raise ContributionRefused("Contributions are revealed once every seat is taken.")
    if seat not in table.unrevealed():
        raise ContributionRefused("This seat has no contribution left to reveal.")
    given = command.contribution
    if not dealing.is_nonce(given) or dealing.pledge(given) != table.pledges[seat]:
        raise ContributionRefused("That is not the contribution this seat committed to.")
    revealed = ContributionRevealed(**ctx.stamp(table.version + 1, seat), contribution=given)
    after = evolve_table(game, table, revealed)
    if after.unrevealed():
        return [revealed]
    return [revealed, *_set_up(game, after, ctx)]


def _reissued(table: TableState, seat: Seat, command: ReissueSeatLink, ctx: TableContext) -> SeatLinkReissued:
    return SeatLinkReissued(
        **ctx.stamp(table.version + 1, seat),
        token_digest=command.token_digest,
    )


def _ended(game: AnyGame, table: TableState) -> bool:
    """Rule 5b: whether the game has ended, by its own rules or by forfeit (as ``Table.over`` says)."""
    if table.forfeited:
        return forfeits.over(game, table)
    return table.recorded > 0 and game.is_over(table.game_state)


def _recovered(table: TableState, command: RecoverSeat, ctx: TableContext) -> SeatLinkReissued:
    """Rule 5a: the seat whose recovery digest is ``command``'s, its token and code replaced."""
    seat = None
    for each, kept in enumerate(table.recovery_digests):  # every seat compared, in constant time
        if kept is not None and hmac.compare_digest(kept, command.code_digest):
            seat = each
    if seat is None:
        raise WrongRecoveryCode("That recovery code does not belong to any seat at this table.")
    return SeatLinkReissued(
        **ctx.stamp(table.version + 1, Seat(seat)),
        token_digest=command.token_digest,
        recovery_digest=command.recovery_digest,
        recovered=True,
    )


def _set_up(game: AnyGame, table: TableState, ctx: TableContext) -> list[AnyTableEvent]:
    """Deal the game once every seat is taken: the setup events, drawn from the table's secret."""
    options = msgspec.json.decode(table.options, type=game.options_type)
    now = ctx.setup_at or ctx.now
    chance = chance_of(table, table.version, now)
    _, events = referee.start(game, options, len(table.seat_names), chance)
    setup = TableContext(now=now, command_id=ctx.command_id, digest=SETUP_DIGEST)
    return _timed(game, table, _record(game, table.game_state, table.version, events, None, setup), None, now)


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
    played_for = referee and seat is not None  # a seat's timed-out move: final (clock rule 3)
    for offset, event in enumerate(events, start=1):
        checkpoint, final = takeback.kind_of(declared, event, seat, by_referee=referee)
        final = final or played_for
        recorded.append(
            GameEventRecorded(
                **ctx.stamp(version + offset, seat),
                event=msgspec.Raw(encode(event)),
                command=ctx.sent,
                checkpoint=checkpoint,
                final=final,
                turn=seat is not None and declared.turn_start(before, event),
                by_referee=referee,
                bot=ctx.bot,
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
                **ctx.stamp(table.version + offset, seat),
                event=msgspec.Raw(encode(event)),
                command=ctx.sent,
                state=state,
            )
        )
    return noted


def _overdue(game: AnyGame, table: TableState, ctx: TableContext) -> list[AnyTableEvent]:
    """The referee's events: the take-back request it lapses, then what the game does once it is due,
    else the move of a seat whose time ran out (clock rule 3).

    A request lapses at its deadline; and when the referee moves the game, an open request lapses as it
    does when a seat acts (its turn is no longer the latest: what it names would not be all of it).
    """
    decided: list[Event] = []
    game_due = game.due(table.game_state)
    live = not forfeits.over(game, table)
    if game_due is not None and ctx.now >= game_due and live:
        chance = chance_of(table, table.effective, ctx.now)
        decided = game.overdue(table.game_state, chance)
    if not decided and live and (passed := _passed_for(game, table, ctx)):
        return passed
    timed_out = not decided and live and bool(out_of_time(table, ctx.now))
    acting = bool(decided) or timed_out  # the referee moves the game: an open request lapses
    lapsed = _takebacks(table, takeback.lapse(table.ledger, ctx.now, acting=acting), None, ctx)
    version = table.version + len(lapsed)
    events = [*lapsed, *_record(game, table.game_state, version, decided, None, ctx, referee=True)]
    if decided:
        events = _timed(game, table, events, None, ctx.now)
    elif timed_out:
        events += _timed_out(game, table, events, ctx)
    if not events:
        raise NothingOverdue("Nothing is overdue at this table.")
    return events


PASSED = encode(Pass())
"""A pass as its seat sends it: the referee's pass for a seat is recorded alike (passing rule 4)."""


def _passed_for(game: AnyGame, table: TableState, ctx: TableContext) -> list[AnyTableEvent]:
    """Passing rule 3: the referee's pass for each seat whose standing choice passes for it (``auto`` and
    holding no answer, or ``until_turn``), once its pause is over; each decided as that seat's own
    ``Pass`` (its own command id)."""
    seats = passing.passing_for(game, table, ctx.auto_pass, forfeits.to_act(game, table))
    if not seats or ctx.now < passing.asked_at(table) + passing.PAUSE:
        return []
    events: list[AnyTableEvent] = []
    current = table
    for seat in seats:
        if seat not in forfeits.to_act(game, current):
            continue  # the window closed with an earlier pass
        sent = msgspec.structs.replace(
            ctx,
            now=passing.moment(current),  # as a pass sent by hand before it is recorded (rule 3)
            command_id=f"pass:{seat}:{current.version}",
            digest=digest_of(seat, PASSED),
            sent=PASSED.decode(),
            auto_pass=passing.NOBODY,
        )
        made = decide_table(game, current, Seat(seat), Pass(), sent)
        events += made
        current = fold_table(game, made, current) or current
    return events


def _timed_out(
    game: AnyGame, table: TableState, lapsed: list[AnyTableEvent], ctx: TableContext
) -> list[AnyTableEvent]:
    """The referee's move for the lowest seat whose time ran out (clock rule 3), after ``lapsed``;
    or, when the table's rule says so, the forfeit of every seat whose time ran out."""
    now_table = fold_table(game, lapsed, table) or table
    out = [Seat(seat) for seat in out_of_time(table, ctx.now)]
    if table.clock is not None and table.clock.timeout == "forfeit":
        return _forfeited(game, now_table, out, ctx)
    seat = out[0]
    bot = TIMEOUT_BOTS.get(table.clock.timeout if table.clock else "move")
    command = stand_in(game, now_table, seat, bot)
    chance = chance_of(table, now_table.effective, ctx.now)
    decided = referee.decide(game, now_table.game_state, seat, command, chance)
    sent = encode(command).decode()
    played = TableContext(now=ctx.now, command_id=ctx.command_id, digest=ctx.digest, sent=sent)
    recorded = _record(game, now_table.game_state, now_table.version, decided, seat, played, referee=True)
    recorded = _timed(game, now_table, recorded, None, ctx.now, moved=seat)  # the others' waits go on
    if bot is None or standins.standing_in(now_table, seat) is not None:
        return recorded
    after = fold_table(game, recorded, now_table) or now_table
    return [*recorded, standins.changed(after, None, seat, bot, ctx)]  # stand-in rule 3


def _forfeited(game: AnyGame, table: TableState, seats: list[Seat], ctx: TableContext) -> list[AnyTableEvent]:
    """Forfeit rules 1, 3 and 4: the seats out of time forfeit together; a bot plays each on when the
    game goes on (their clocks no longer count: :func:`domain.table.timeouts.out_of_time` passes over
    them)."""
    events: list[AnyTableEvent] = []
    after = table
    for order, seat in enumerate(seats):
        events.append(forfeits.forfeit(after, seat, ctx, together=order > 0))
        after = evolve_table(game, after, events[-1])
    if not forfeits.played_on(after):
        return events
    for seat in seats:
        events.append(standins.changed(after, None, seat, forfeits.FORFEIT_BOT, ctx, to_the_end=True))
        after = evolve_table(game, after, events[-1])
    return events
