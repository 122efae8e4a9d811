"""Deciding one command at a loaded table and recording what was decided.

Load, decide, save: :func:`rule` asks ``domain.referee.decide`` about a game command, :func:`take_back`
asks ``domain.takeback.decide`` about a take-back command; both append the events to the table and save
it with the expected version. A command whose first try won a race is answered as a retry. Attempts
that leave the game's stream untouched (refused, retried, unchanged) go to its :class:`Attempts` log.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any, cast
from uuid import UUID, uuid4

import msgspec
from eventsourcing.persistence import IntegrityError, PersistenceError

from api.service.committing import Saving
from api.service.errors import ConcurrentUpdate, StaleVersion
from api.service.rulings import Ruling, digest_of, replayed
from api.service.storing import TableStore, rules_of
from api.service.tables import AnyGame, Attempts, Table, attempts_id
from domain import referee, takeback
from domain.chance import Context
from domain.codec import encode
from domain.messages import Event
from domain.seats import Seat

AUDITED_BODY = 2000
"""How many bytes of a refused command's body the audit keeps."""


def opened(
    rules: AnyGame,
    game: str,
    rules_version: str,
    seat_names: tuple[str | None, ...],
    token_digests: tuple[str | None, ...],
    *,
    options: msgspec.Raw,
    seed: str | None,
    command_id: str,
    command_digest: str,
    now: datetime,
) -> Table:
    """A new table for ``game`` (opened or forked), its rules attached; a random secret unless ``seed``."""
    table: Table = Table._create(
        Table.Opened,
        id=uuid4(),
        timestamp=now,
        game=game,
        rules_version=rules_version,
        seat_names=seat_names,
        token_digests=token_digests,
        options=options,
        secret=seed if seed is not None else secrets.token_hex(16),
        seeded=seed is not None,
        seat=None,
        command_id=command_id,
        command_digest=command_digest,
    )
    table.attach(rules)
    return table


def rule(
    tables: TableStore,
    table: Table,
    seat: Seat,
    command: Any,
    *,
    command_id: str,
    command_digest: str,
    expected: int | None,
) -> Saving[Ruling]:
    """Decide a game or take-back command on the loaded table and save its events at the next versions."""
    now = tables.clock()
    first = table.version + 1
    sent = encode(command).decode()
    events, taken = _decided(tables, table, seat, command, now)
    note_takebacks(
        tables,
        table,
        taken,
        seat=seat,
        command_id=command_id,
        command_digest=command_digest,
        sent=sent,
        now=now,
    )
    append(table, events, seat=seat, command_id=command_id, command_digest=command_digest, now=now, sent=sent)
    recorded = tuple(cast("list[Table.Recorded]", table.pending_events))
    try:
        yield from tables.store(table, expected=expected)
    except (ConcurrentUpdate, StaleVersion):
        fresh = tables.load(table.id)
        if command_id in fresh.receipts:  # our own first try won the race: answer as a retry
            return replayed(fresh, seat, command_id, command_digest)
        raise
    return Ruling(table, seat, first, table.version, recorded=recorded)


def _decided(
    tables: TableStore, table: Table, seat: Seat, command: Any, now: datetime
) -> tuple[list[Event], list[takeback.TakeBackEvent]]:
    """A command's game events and take-back events (a take-back's, or the requests it lets lapse)."""
    if isinstance(command, takeback.TAKEBACK_COMMANDS):
        return [], takeback.decide(table.ledger, seat, command, situation(tables, table, now))
    ctx = Context.for_step(table.secret, table.effective, now)  # the same draws after a take-back
    events = referee.decide(rules_of(table), table.state, seat, command, ctx)
    return events, takeback.lapse(table.ledger, now)


def situation(tables: TableStore, table: Table, now: datetime) -> takeback.Situation:
    """What a take-back decision needs to know about the game now."""
    rules = rules_of(table)
    return takeback.Situation(
        seats=len(table.seat_names),
        to_act=rules.to_act(table.state),
        over=rules.is_over(table.state),
        now=now,
        timeout=tables.takeback_timeout,
    )


def note_takebacks(
    tables: TableStore,
    table: Table,
    events: list[takeback.TakeBackEvent],
    *,
    seat: int,
    command_id: str,
    command_digest: str,
    sent: str,
    now: datetime,
) -> None:
    """Append take-back events; a take-back carries the state folded from the log before its range."""
    for event in events:
        state = msgspec.Raw(b"null")
        if isinstance(event, takeback.TurnTakenBack):
            state = msgspec.Raw(encode(tables.load_at(table, event.first - 1).state))
        table.trigger_event(
            Table.TakeBackNoted,
            timestamp=now,
            event=msgspec.Raw(encode(event)),
            seat=seat,
            command_id=command_id,
            command_digest=command_digest,
            command=sent,
            state=state,
        )


def set_up(tables: TableStore, table: Table, command_id: str) -> None:
    """Deal the game once every seat is taken: the setup events, drawn from the table's secret."""
    rules = rules_of(table)
    options = msgspec.json.decode(table.options, type=rules.options_type)
    now = tables.clock()
    ctx = Context.for_step(table.secret, table.version, now)
    _, events = referee.start(rules, options, len(table.seat_names), ctx)
    append(table, events, seat=None, command_id=command_id, command_digest=digest_of(None, b"setup"), now=now)


def append(
    table: Table,
    events: list[Event],
    *,
    seat: int | None,
    command_id: str,
    command_digest: str,
    now: datetime,
    sent: str = "",
) -> None:
    """Append the game events the referee decided, each as its own JSON with its take-back kind."""
    declared = rules_of(table).takebacks
    for event in events:
        checkpoint, final = takeback.kind_of(declared, event, seat)
        table.trigger_event(
            Table.Recorded,
            timestamp=now,
            event=msgspec.Raw(encode(event)),
            seat=seat,
            command_id=command_id,
            command_digest=command_digest,
            command=sent,
            checkpoint=checkpoint,
            final=final,
        )


def audit(  # noqa: PLR0917  (one call site per outcome; all positional reads like the sentence)
    tables: TableStore,
    game_id: UUID,
    seat: int,
    body: bytes,
    command_id: str | None,
    outcome: str,
    error: Exception | None = None,
) -> Saving[None]:
    """Append one attempt to the game's :class:`Attempts` log (retrying when another lands first)."""
    log_id = attempts_id(game_id)
    for _ in range(5):
        log = _attempts_at_end(tables, log_id, game_id)
        log.trigger_event(
            Attempts.Attempted,
            timestamp=tables.clock(),
            seat=seat,
            command=body[:AUDITED_BODY].decode("utf-8", "replace"),
            command_id=command_id or "",
            outcome=outcome,
            code=str(getattr(error, "code", "")),
            message=str(getattr(error, "message", "")),
        )
        try:
            yield tables.committer.save(log)
        except IntegrityError:
            continue
        except PersistenceError:
            return  # the store failed; the answer to the sender does not depend on the audit
        return


def _attempts_at_end(tables: TableStore, log_id: UUID, game_id: UUID) -> Attempts:
    """The attempts log at its latest version, without replaying it (it folds no state)."""
    last = tables.recorder.select_events(log_id, desc=True, limit=1)
    if not last:
        log: Attempts = Attempts._create(
            Attempts.Started, id=log_id, timestamp=tables.clock(), game_id=str(game_id)
        )
        return log
    log = object.__new__(Attempts)
    log.__base_init__(log_id, last[0].originator_version, tables.clock())
    return log
