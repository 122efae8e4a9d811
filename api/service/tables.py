"""The write side: one event-sourced aggregate per game, and the application that referees commands.

A :class:`Table` is one game at one table. Its stream opens with :class:`Table.Opened` (game, seat
names, options, rules version and the secret seed), gains :class:`Table.SeatTaken` as open seats fill,
and then one :class:`Table.Recorded` per game event, each holding the kernel's event as its own JSON.
Every aggregate event carries the acting seat, the command id and the time from the injected clock
(as its ``timestamp``). The game state is folded from the recorded game events with the game's own
``evolve``; a snapshot stores it encoded (decoded with the game's ``state_decoder``), so a load reads
one snapshot and fewer than ``snapshot_interval`` events.

:class:`Tables` is thin: load, ``domain.referee.decide``, save with the expected version. The save goes
through the group committer (:mod:`api.service.committing`): the commands of many games share one
transaction, and a game's next command starts from the table this process just committed.
"""

from __future__ import annotations

import copy
import hashlib
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Union, cast
from uuid import UUID, uuid4, uuid5

import msgspec
from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate
from eventsourcing.domain import Snapshot as LibrarySnapshot
from eventsourcing.persistence import IntegrityError, Mapper, PersistenceError, Transcoder
from eventsourcing.utils import EnvType, get_topic

from api.service.committing import Committer, GameLocks, Kept, Saving, settle, wait
from api.service.errors import (
    ConcurrentUpdate,
    GameNotFound,
    IdempotencyKeyReused,
    InvalidRequest,
    InvalidToken,
    MissingToken,
    NotStarted,
    ServiceError,
    StaleVersion,
    StoreUnavailable,
    TableFull,
    UnknownGameType,
)
from api.service.mapping import MsgspecMapper, MsgspecTranscoder
from api.service.tokens import digest, new_token, seat_holding
from domain import referee, takeback
from domain.chance import Context
from domain.codec import encode
from domain.errors import RuleError
from domain.game import GameDefinition
from domain.messages import Event
from domain.seats import Seat

AnyGame = GameDefinition[Any, Any, Any, Any]
Clock = Callable[[], datetime]
GameId = UUID


def utc_now() -> datetime:
    """The real clock."""
    return datetime.now(UTC)


class Receipt(msgspec.Struct, frozen=True, array_like=True):
    """What one command id did: its digest, who sent it and the versions it appended."""

    digest: str
    seat: int | None
    first: int
    last: int


class TableRecord(msgspec.Struct, kw_only=True):
    """The stored form of a :class:`Table` snapshot, the game state encoded as the game's own JSON."""

    game: str
    rules_version: str
    seat_names: list[str | None]
    token_digests: list[str | None]
    options: msgspec.Raw
    secret: str
    seeded: bool
    state: msgspec.Raw  # the game's own JSON; ``null`` before setup
    recorded: int
    receipts: dict[str, Receipt]
    created_on: datetime
    modified_on: datetime
    effective: int = 0  # 0 in snapshots taken before take-backs existed: the version then
    ledger: takeback.Ledger = msgspec.field(default_factory=takeback.Ledger)
    forked_from: tuple[str, int] | None = None


class Table(Aggregate):
    """One game at one table: who sits where, the secret seed, and every recorded game event.

    Besides what the events set, a loaded table holds ``rules`` (its game) and ``state`` (the game
    state folded from the recorded events, ``None`` until set up); neither is stored with the events.
    """

    game: str
    rules_version: str
    seat_names: list[str | None]
    token_digests: list[str | None]
    options: msgspec.Raw
    secret: str
    seeded: bool
    recorded: int
    receipts: dict[str, Receipt]
    rules: AnyGame | None
    state: Any
    effective: int
    ledger: takeback.Ledger
    forked_from: tuple[str, int] | None

    def __init__(self) -> None:
        """Nothing to do: :class:`Table.Opened` sets every attribute (declared above for type checkers)."""

    class Opened(Aggregate.Created):
        """A table was opened for a game (the secret seed and token digests stay in the log)."""

        game: str
        rules_version: str
        seat_names: tuple[str | None, ...]
        token_digests: tuple[str | None, ...]
        options: msgspec.Raw
        secret: str
        seeded: bool
        seat: int | None
        command_id: str
        command_digest: str

        def apply(self, table: Table) -> None:
            table.game = self.game
            table.rules_version = self.rules_version
            table.seat_names = list(self.seat_names)
            table.token_digests = list(self.token_digests)
            table.options = self.options
            table.secret = self.secret
            table.seeded = self.seeded
            table.recorded = 0
            table.receipts = {}
            table.rules = None
            table.state = None
            table.effective = self.originator_version
            table.ledger = takeback.Ledger()
            table.forked_from = None
            table.note(self.command_id, self.command_digest, self.seat, self.originator_version)

    class SeatTaken(Aggregate.Event):
        """A player took an open seat."""

        seat: int
        name: str
        token_digest: str
        command_id: str
        command_digest: str

        def apply(self, table: Table) -> None:
            table.seat_names[self.seat] = self.name
            table.token_digests[self.seat] = self.token_digest
            table.effective += 1
            table.note(self.command_id, self.command_digest, self.seat, self.originator_version)

    class Recorded(Aggregate.Event):
        """The referee recorded one game event (setup, or the result of a seat's command)."""

        event: msgspec.Raw
        seat: int | None
        command_id: str
        command_digest: str
        command: str = ""  # the command's JSON as sent (after decoding), for the audit and re-validation

        def apply(self, table: Table) -> None:
            rules = table.rules
            assert rules is not None, "attach the rules before applying game events"
            event = rules.event_decoder.decode(self.event)
            table.state = rules.evolve(table.state, event)
            table.recorded += 1
            version = self.originator_version
            step = takeback.step_of(
                rules.takebacks,
                event,
                seat=self.seat,
                command_id=self.command_id,
                version=version,
                before=table.effective,
            )
            table.ledger = takeback.noted(table.ledger, step)
            table.effective += 1
            table.note(self.command_id, self.command_digest, self.seat, version)

    class TakeBackNoted(Aggregate.Event):
        """A take-back event (``domain.takeback``); a take-back also carries the game state it returns to.

        ``state`` is the game state folded from the log before the reverted range (``null`` for a
        request, an answer or a lapse), so a load never looks back past this event.
        """

        event: msgspec.Raw
        seat: int
        command_id: str
        command_digest: str
        command: str
        state: msgspec.Raw

        def apply(self, table: Table) -> None:
            rules = table.rules
            assert rules is not None, "attach the rules before applying take-back events"
            event = takeback.EVENT_DECODER.decode(self.event)
            table.ledger = takeback.evolve(table.ledger, event)
            if isinstance(event, takeback.TurnTakenBack):
                table.state = rules.state_decoder.decode(self.state)
                table.effective = event.effective
            table.note(self.command_id, self.command_digest, self.seat, self.originator_version)

    class Forked(Aggregate.Event):
        """The table starts from another finished game's position (``source`` at ``source_version``)."""

        source: str
        source_version: int
        state: msgspec.Raw
        effective: int

        def apply(self, table: Table) -> None:
            rules = table.rules
            assert rules is not None, "attach the rules before forking"
            table.state = rules.state_decoder.decode(self.state)
            table.recorded = 1
            table.effective = self.effective
            table.forked_from = (self.source, self.source_version)

    class Snapshot(LibrarySnapshot):
        """The table at one version, game state included, so a load reads a bounded number of rows."""

        state: TableRecord  # type: ignore[assignment]  # typed, so msgspec can decode it

        @classmethod
        def take(cls, aggregate: Any) -> Table.Snapshot:
            table: Table = aggregate
            record = TableRecord(
                game=table.game,
                rules_version=table.rules_version,
                seat_names=list(table.seat_names),
                token_digests=list(table.token_digests),
                options=table.options,
                secret=table.secret,
                seeded=table.seeded,
                state=msgspec.Raw(encode(table.state)),
                recorded=table.recorded,
                receipts=dict(table.receipts),
                created_on=table.created_on,
                modified_on=table.modified_on,
                effective=table.effective,
                ledger=table.ledger,
                forked_from=table.forked_from,
            )
            return cls(
                originator_id=table.id,
                originator_version=table.version,
                timestamp=table.modified_on,
                topic=get_topic(Table),
                state=record,  # type: ignore[arg-type]  # a typed record, not the library's dict
            )

        def mutate(self, _: None) -> Table:
            record = self.state
            table = object.__new__(Table)
            table.__base_init__(self.originator_id, self.originator_version, record.created_on)
            table.modified_on = record.modified_on
            for name in TableRecord.__struct_fields__:
                if name not in ("created_on", "modified_on", "state"):
                    setattr(table, name, getattr(record, name))
            table.effective = record.effective or self.originator_version
            table.rules = None
            table.state = record.state  # still encoded: ``attach`` decodes it with the game's types
            return table

    def note(self, command_id: str, command_digest: str, seat: int | None, version: int) -> None:
        """Remember which versions ``command_id`` appended, so a retry is recognised."""
        known = self.receipts.get(command_id)
        first = version if known is None else known.first
        self.receipts[command_id] = Receipt(command_digest, seat, first, version)

    def attach(self, rules: AnyGame) -> None:
        """Give the table its game's rules (and decode the game state a snapshot left encoded)."""
        self.rules = rules
        if isinstance(self.state, msgspec.Raw):
            self.state = None if bytes(self.state) == b"null" else rules.state_decoder.decode(self.state)

    @property
    def started(self) -> bool:
        """True once every seat is taken and the game has been set up."""
        return self.recorded > 0

    def open_seats(self) -> list[int]:
        """The seats nobody has taken yet, in seating order."""
        return [seat for seat, name in enumerate(self.seat_names) if name is None]

    def __repr__(self) -> str:
        # The default repr lists every attribute, the secret seed and token digests included.
        return f"Table(id={self.id}, game={self.game!r}, version={self.version})"

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        # The game state and rules are immutable values: a copy needs only new containers.
        twin = copy.copy(self)
        twin.__dict__.update(
            seat_names=list(self.seat_names),
            token_digests=list(self.token_digests),
            receipts=dict(self.receipts),
            _pending_events=[],
        )
        return twin


@dataclass(frozen=True, slots=True)
class Opening:
    """A table just opened: its id, the tokens of the seats named at opening, and its version."""

    game_id: GameId
    tokens: dict[int, str]
    table: Table


@dataclass(frozen=True, slots=True)
class Seating:
    """A seat just taken: which one, its token, and the table after."""

    seat: int
    token: str
    table: Table


@dataclass(frozen=True, slots=True)
class Ruling:
    """What a command did: the table after, the sender's seat, and the versions it appended.

    ``first > last`` when the command changed nothing; ``replayed`` when it was a recognised retry;
    ``recorded`` holds the events just saved (``None`` for a retry: they are read back from the log).
    """

    table: Table
    seat: int
    first: int
    last: int
    replayed: bool = False
    recorded: tuple[Table.Recorded, ...] | None = None


class Tables(Application[UUID]):
    """The referee's write side: opens tables, seats players, and records commands' events."""

    name = "Backroom"

    def __init__(
        self,
        env: EnvType | None = None,
        *,
        games: Mapping[str, AnyGame],
        clock: Clock = utc_now,
        snapshot_interval: int = 50,
        takeback_timeout: timedelta = takeback.REQUEST_TIMEOUT,
    ) -> None:
        self.games = dict(games)
        self.clock = clock
        self.snapshot_interval = snapshot_interval
        self.takeback_timeout = takeback_timeout
        super().__init__(env)
        self.committer = Committer(self)
        self.locks = GameLocks()
        self.kept = Kept()

    def close(self) -> None:
        self.committer.close()
        super().close()

    def construct_transcoder(self) -> Transcoder:
        return MsgspecTranscoder()

    def construct_mapper(self) -> Mapper[UUID]:
        return self.factory.mapper(transcoder=self.construct_transcoder(), mapper_class=MsgspecMapper)

    # -- commands ---------------------------------------------------------------------------------

    def open(
        self,
        game: str,
        players: list[str | None],
        options: dict[str, Any] | None = None,
        seed: str | None = None,
    ) -> Opening:
        """Open a table; players named now get tokens, ``None`` leaves a seat open to join."""
        return wait(self._open(game, players, options, seed))

    async def open_async(
        self,
        game: str,
        players: list[str | None],
        options: dict[str, Any] | None = None,
        seed: str | None = None,
    ) -> Opening:
        """:meth:`open`, awaiting the commit on the event loop."""
        return await settle(self._open(game, players, options, seed))

    def _open(
        self, game: str, players: list[str | None], options: dict[str, Any] | None, seed: str | None
    ) -> Saving[Opening]:
        rules = self.rules_for(game)
        parsed = rules.parse_options(options)
        rules.validate(parsed, len(players))
        tokens = {seat: new_token() for seat, name in enumerate(players) if name is not None}
        command_id = uuid4().hex
        table: Table = Table._create(
            Table.Opened,
            id=uuid4(),
            timestamp=self.clock(),
            game=game,
            rules_version=rules.rules_version,
            seat_names=tuple(players),
            token_digests=tuple(digest(tokens[s]) if s in tokens else None for s in range(len(players))),
            options=msgspec.Raw(encode(parsed)),
            secret=seed if seed is not None else secrets.token_hex(16),
            seeded=seed is not None,
            seat=None,
            command_id=command_id,
            command_digest=_digest(None, encode([game, players, parsed])),
        )
        table.attach(rules)
        if not table.open_seats():
            self._set_up(table, command_id)
        yield from self._save(table, expected=None)
        return Opening(table.id, tokens, table)

    def join(self, game_id: str, name: str) -> Seating:
        """Seat ``name`` at the first open seat; the game is set up once the last seat is taken."""
        return wait(self._join(game_id, name))

    async def join_async(self, game_id: str, name: str) -> Seating:
        """:meth:`join` under the game's lock, awaiting the commit on the event loop."""
        async with self.locks.hold(_lock_key(game_id)):
            return await settle(self._join(game_id, name))

    def _join(self, game_id: str, name: str) -> Saving[Seating]:
        table = self.load(game_id)
        open_seats = table.open_seats()
        if not open_seats:
            raise TableFull("Every seat at this table is taken.")
        token = new_token()
        command_id = uuid4().hex
        seat = open_seats[0]
        table.trigger_event(
            Table.SeatTaken,
            timestamp=self.clock(),
            seat=seat,
            name=name,
            token_digest=digest(token),
            command_id=command_id,
            command_digest=_digest(seat, name.encode()),
        )
        if len(open_seats) == 1:
            self._set_up(table, command_id)
        yield from self._save(table, expected=None)
        return Seating(seat, token, table)

    def submit(
        self,
        game_id: str,
        token: str | None,
        body: bytes,
        command_id: str | None = None,
        expected_version: int | None = None,
    ) -> Ruling:
        """Referee one command from the seat holding ``token``: load, decide, save.

        Every attempt from a seat is audited: accepted ones are in the game's stream; refused ones,
        retries and those that changed nothing go to the game's :class:`Attempts` log.
        """
        return wait(self._submitting(game_id, token, body, command_id, expected_version))

    async def submit_async(
        self,
        game_id: str,
        token: str | None,
        body: bytes,
        command_id: str | None = None,
        expected_version: int | None = None,
    ) -> Ruling:
        """:meth:`submit` under the game's lock, awaiting the (group) commit on the event loop."""
        async with self.locks.hold(_lock_key(game_id)):
            return await settle(self._submitting(game_id, token, body, command_id, expected_version))

    def _submitting(
        self, game_id: str, token: str | None, body: bytes, command_id: str | None, expected: int | None
    ) -> Saving[Ruling]:
        table, kept = self._current(game_id)
        seat = seat_of(table, token)
        try:
            ruling = yield from self._ruled(table, kept, seat, body, command_id, expected)
        except (RuleError, ServiceError) as error:
            if not isinstance(error, StoreUnavailable):
                yield from self._audit(table.id, seat, body, command_id, "refused", error)
            raise
        if ruling.replayed or ruling.first > ruling.last:
            outcome = "retried" if ruling.replayed else "unchanged"
            yield from self._audit(table.id, seat, body, command_id, outcome)
        return ruling

    def _current(self, game_id: str) -> tuple[Table, bool]:
        """The table as this process last committed it, else loaded; and whether it was the kept one."""
        try:
            kept = self.kept.get(UUID(game_id))
        except ValueError:
            kept = None  # not a game id: the load says so
        return (kept, True) if kept is not None else (self.load(game_id), False)

    def _ruled(  # noqa: PLR0917  (``_submit``'s parameters, in its order)
        self, table: Table, kept: bool, seat: int, body: bytes, command_id: str | None, expected: int | None
    ) -> Saving[Ruling]:
        """``_submit``; decided again on a fresh load when the kept table turns out to be behind the log."""
        if not kept:
            return (yield from self._submit(table, seat, body, command_id, expected))
        try:
            return (yield from self._submit(table, seat, body, command_id, expected))
        except (ConcurrentUpdate, StaleVersion):
            self.kept.forget(table.id)  # another process wrote this game: the log knows better
            return (yield from self._submit(self.load(table.id), seat, body, command_id, expected))

    def _submit(
        self, table: Table, seat: int, body: bytes, command_id: str | None, expected_version: int | None
    ) -> Saving[Ruling]:
        rules = self._rules(table)
        command = decode_command(rules, body)
        if not table.started:
            raise NotStarted("The game has not started: seats are still open.")
        command_id = command_id or uuid4().hex
        command_digest = _digest(seat, encode(command))
        if command_id in table.receipts:
            return _replay(table, seat, command_id, command_digest)
        if expected_version is not None and expected_version != table.version:
            raise StaleVersion(
                f"The game is at version {table.version}, not {expected_version}.",
                {"version": table.version},
            )
        decide = self._take_back if isinstance(command, takeback.TAKEBACK_COMMANDS) else self._rule
        ruling = yield from decide(
            table,
            Seat(seat),
            command,
            command_id=command_id,
            command_digest=command_digest,
            expected=expected_version,
        )
        return ruling

    # -- loading ----------------------------------------------------------------------------------

    def load(self, game_id: str | UUID) -> Table:
        """The table with its game state folded; ``GameNotFound`` when there is none."""
        try:
            key = game_id if isinstance(game_id, UUID) else UUID(game_id)
        except ValueError:
            raise GameNotFound(f"No game {game_id}.") from None
        try:
            table: Table = self.repository.get(key, projector_func=self._project)
        except AggregateNotFoundError:
            raise GameNotFound(f"No game {game_id}.") from None
        except PersistenceError as error:
            raise StoreUnavailable("The event store cannot be reached.") from error
        return table

    def load_at(self, table: Table, version: int) -> Table:
        """The same table as it was at ``version``."""
        if version == table.version:
            return table
        past: Table = self.repository.get(table.id, version=version, projector_func=self._project)
        return past

    def rules_for(self, game: str) -> AnyGame:
        """The catalogue entry for ``game``; ``UnknownGameType`` when there is none."""
        try:
            return self.games[game]
        except KeyError:
            raise UnknownGameType(f"No game called {game!r} is offered here.") from None

    def ping(self) -> None:
        """Raise ``StoreUnavailable`` unless the store answers a query."""
        try:
            self.recorder.max_notification_id()
        except Exception as error:  # any failure to answer means unavailable
            raise StoreUnavailable("The event store cannot be reached.") from error

    # -- take-backs, the audit and forks ----------------------------------------------------------

    def legal(self, table: Table, seat: int) -> list[Any]:
        """What ``seat`` may send now at ``table`` (the one in hand): the game's commands, then take-backs.

        A command's answer carries this, so a seat acting again needs no ``GET /legal`` first.
        """
        if not table.started:
            return []
        commands = self._rules(table).legal_commands(table.state, Seat(seat))
        return commands + self.takeback_offers(table, seat)

    def takeback_offers(self, table: Table, seat: int | None) -> list[Any]:
        """The take-back commands ``seat`` may send now (none for a spectator or an unstarted game)."""
        if seat is None or not table.started:
            return []
        return takeback.offers(table.ledger, Seat(seat), self._situation(table, self.clock()))

    def attempts(self, game_id: UUID) -> list[Attempts.Attempted]:
        """The attempts at ``game_id`` kept outside its stream (refused, retried, unchanged), oldest first."""
        stored = self.events.get(attempts_id(game_id))
        return [event for event in stored if isinstance(event, Attempts.Attempted)]

    def fork(self, source: Table, version: int) -> Opening:
        """A new table (same game, seats, options; a new secret) starting from ``source`` at ``version``."""
        rules = self._rules(source)
        past = self.load_at(source, version)
        tokens = {seat: new_token() for seat in range(len(source.seat_names))}
        now = self.clock()
        table: Table = Table._create(
            Table.Opened,
            id=uuid4(),
            timestamp=now,
            game=source.game,
            rules_version=source.rules_version,
            seat_names=tuple(source.seat_names),
            token_digests=tuple(digest(tokens[seat]) for seat in range(len(source.seat_names))),
            options=source.options,
            secret=secrets.token_hex(16),
            seeded=False,
            seat=None,
            command_id=uuid4().hex,
            command_digest=_digest(None, b"fork"),
        )
        table.attach(rules)
        table.trigger_event(
            Table.Forked,
            timestamp=now,
            source=str(source.id),
            source_version=version,
            state=msgspec.Raw(encode(past.state)),
            effective=past.effective,
        )
        wait(self._save(table, expected=None))
        return Opening(table.id, tokens, table)

    def _take_back(
        self,
        table: Table,
        seat: Seat,
        command: Any,
        *,
        command_id: str,
        command_digest: str,
        expected: int | None,
    ) -> Saving[Ruling]:
        """Decide a take-back command with :mod:`domain.takeback` and save its events."""
        now = self.clock()
        events = takeback.decide(table.ledger, seat, command, self._situation(table, now))
        first = table.version + 1
        sent = encode(command).decode()
        self._note(
            table, events, seat=seat, command_id=command_id, command_digest=command_digest, sent=sent, now=now
        )
        recorded = tuple(cast("list[Table.Recorded]", table.pending_events))
        try:
            yield from self._save(table, expected=expected)
        except (ConcurrentUpdate, StaleVersion):
            fresh = self.load(table.id)
            if command_id in fresh.receipts:
                return _replay(fresh, seat, command_id, command_digest)
            raise
        return Ruling(table, seat, first, table.version, recorded=recorded)

    def _situation(self, table: Table, now: datetime) -> takeback.Situation:
        rules = self._rules(table)
        return takeback.Situation(
            seats=len(table.seat_names),
            to_act=rules.to_act(table.state),
            over=rules.is_over(table.state),
            now=now,
            timeout=self.takeback_timeout,
        )

    def _note(
        self,
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
                state = msgspec.Raw(encode(self.load_at(table, event.first - 1).state))
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

    def _audit(  # noqa: PLR0917  (one call site per outcome; all positional reads like the sentence)
        self,
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
            log = self._attempts_at_end(log_id, game_id)
            log.trigger_event(
                Attempts.Attempted,
                timestamp=self.clock(),
                seat=seat,
                command=body[:AUDITED_BODY].decode("utf-8", "replace"),
                command_id=command_id or "",
                outcome=outcome,
                code=str(getattr(error, "code", "")),
                message=str(getattr(error, "message", "")),
            )
            try:
                yield self.committer.save(log)
            except IntegrityError:
                continue
            except PersistenceError:
                return  # the store failed; the answer to the sender does not depend on the audit
            return

    def _attempts_at_end(self, log_id: UUID, game_id: UUID) -> Attempts:
        """The attempts log at its latest version, without replaying it (it folds no state)."""
        last = self.recorder.select_events(log_id, desc=True, limit=1)
        if not last:
            log: Attempts = Attempts._create(
                Attempts.Started, id=log_id, timestamp=self.clock(), game_id=str(game_id)
            )
            return log
        log = object.__new__(Attempts)
        log.__base_init__(log_id, last[0].originator_version, self.clock())
        return log

    # -- internals --------------------------------------------------------------------------------

    def _rule(
        self,
        table: Table,
        seat: Seat,
        command: Any,
        *,
        command_id: str,
        command_digest: str,
        expected: int | None,
    ) -> Saving[Ruling]:
        """Decide the command on the loaded state and save its events at the next versions."""
        now = self.clock()
        ctx = Context.for_step(table.secret, table.effective, now)  # the same draws after a take-back
        events = referee.decide(self._rules(table), table.state, seat, command, ctx)
        first = table.version + 1
        sent = encode(command).decode()
        lapsed = takeback.lapse(table.ledger, now)
        self._note(
            table, lapsed, seat=seat, command_id=command_id, command_digest=command_digest, sent=sent, now=now
        )
        self._append(
            table, events, seat=seat, command_id=command_id, command_digest=command_digest, now=now, sent=sent
        )
        recorded = tuple(cast("list[Table.Recorded]", table.pending_events))
        try:
            yield from self._save(table, expected=expected)
        except (ConcurrentUpdate, StaleVersion):
            fresh = self.load(table.id)
            if command_id in fresh.receipts:  # our own first try won the race: answer as a retry
                return _replay(fresh, seat, command_id, command_digest)
            raise
        return Ruling(table, seat, first, table.version, recorded=recorded)

    def _project(self, table: Table | None, events: Iterable[Any]) -> Table | None:
        for event in events:
            table = event.mutate(table)
            assert table is not None
            if table.rules is None:
                table.attach(self.rules_for(table.game))
        return table

    def _rules(self, table: Table) -> AnyGame:
        assert table.rules is not None
        return table.rules

    def _set_up(self, table: Table, command_id: str) -> None:
        rules = self._rules(table)
        options = msgspec.json.decode(table.options, type=rules.options_type)
        now = self.clock()
        ctx = Context.for_step(table.secret, table.version, now)
        _, events = referee.start(rules, options, len(table.seat_names), ctx)
        self._append(
            table, events, seat=None, command_id=command_id, command_digest=_digest(None, b"setup"), now=now
        )

    def _append(
        self,
        table: Table,
        events: list[Event],
        *,
        seat: int | None,
        command_id: str,
        command_digest: str,
        now: datetime,
        sent: str = "",
    ) -> None:
        for event in events:
            table.trigger_event(
                Table.Recorded,
                timestamp=now,
                event=msgspec.Raw(encode(event)),
                seat=seat,
                command_id=command_id,
                command_digest=command_digest,
                command=sent,
            )

    def _save(self, table: Table, expected: int | None) -> Saving[None]:
        """Hand ``table`` to the group committer and wait for its commit; queue a snapshot when due."""
        start = table.version - len(table.pending_events)
        try:
            yield self.committer.save(table)
        except IntegrityError:
            self.kept.forget(table.id)
            if expected is not None:
                raise StaleVersion("Another command was recorded first.", {"expected": expected}) from None
            raise ConcurrentUpdate("Another command was recorded first; load the game and retry.") from None
        except PersistenceError as error:
            self.kept.forget(table.id)
            raise StoreUnavailable("The event store cannot be reached.") from error
        self.kept.put(table.id, table)
        interval = self.snapshot_interval
        if self.snapshots is not None and interval and table.version // interval > start // interval:
            self.committer.snapshot(Table.Snapshot.take(table))


AUDITED_BODY = 2000
"""How many bytes of a refused command's body the audit keeps."""


class Attempts(Aggregate):
    """The attempts at one game that are not in its stream: refused, retried, or changing nothing.

    Kept apart from the game so a refusal never enters the game's stream. It folds no state, so
    appending reads only its latest version.
    """

    game_id: str

    def __init__(self) -> None:
        """Nothing to do: :class:`Attempts.Started` sets the game id."""

    class Started(Aggregate.Created):
        """The first attempt of a game opened its log."""

        game_id: str

        def apply(self, log: Attempts) -> None:
            log.game_id = self.game_id

    class Attempted(Aggregate.Event):
        """A seat sent a command: ``refused`` (with the code), ``retried``, or ``unchanged``."""

        seat: int
        command: str
        command_id: str
        outcome: str
        code: str
        message: str


def attempts_id(game_id: UUID) -> UUID:
    """The id of the attempts log of ``game_id``."""
    return uuid5(game_id, "attempts")


def seat_of(table: Table, token: str | None) -> int:
    """The seat ``token`` acts for at ``table``; refuses a missing or foreign token."""
    if not token:
        raise MissingToken("This request needs a seat token (Authorization: Bearer ...).")
    seat = seat_holding(token, table.token_digests)
    if seat is None:
        raise InvalidToken("This token holds no seat at this game.")
    return seat


def decode_command(rules: AnyGame, body: bytes) -> Any:
    """The command in ``body``, decoded with the game's own decoder; ``InvalidRequest`` if it is not one."""
    try:
        return _with_takebacks(rules).decode(body)
    except (msgspec.ValidationError, msgspec.DecodeError) as error:
        raise InvalidRequest(f"Not a {rules.title} command: {error}") from None


_DECODERS: dict[AnyGame, msgspec.json.Decoder[Any]] = {}


def _with_takebacks(rules: AnyGame) -> msgspec.json.Decoder[Any]:
    """A decoder for the game's commands and the take-back commands, built once per game."""
    decoder = _DECODERS.get(rules)
    if decoder is None:
        kinds: Any = Union.__getitem__((rules.commands, *takeback.TAKEBACK_COMMANDS))
        decoder = _DECODERS[rules] = msgspec.json.Decoder(kinds)
    return decoder


def _lock_key(game_id: str) -> str:
    """One key per game however its id is spelled (anything else is refused by the load)."""
    try:
        return str(UUID(game_id))
    except ValueError:
        return game_id


def _digest(seat: int | None, payload: bytes) -> str:
    return hashlib.sha256(f"{seat}:".encode() + payload).hexdigest()


def _replay(table: Table, seat: int, command_id: str, command_digest: str) -> Ruling:
    receipt = table.receipts[command_id]
    if receipt.digest != command_digest or receipt.seat != seat:
        raise IdempotencyKeyReused(
            "This Idempotency-Key was already used for a different command.", {"key": command_id}
        )
    return Ruling(table, seat, receipt.first, receipt.last, replayed=True)
