"""The stored formats of the write side: the event-sourced :class:`Table` and the :class:`Attempts` log.

A :class:`Table` is one game at one table. Its stream opens with :class:`Table.Opened` (game, seat
names, options, rules version and the secret seed), gains :class:`Table.SeatTaken` as open seats fill,
and then one :class:`Table.Recorded` per game event, each holding the kernel's event as its own JSON.
Every aggregate event carries the acting seat, the command id and the time from the injected clock
(as its ``timestamp``). The game state is folded from the recorded game events with the game's own
``evolve``; a snapshot stores it encoded (decoded with the game's ``state_decoder``), so a load reads
one snapshot and fewer than ``snapshot_interval`` events.

The aggregates stay in this module because the event store keeps each event's topic
(``api.service.tables:Table.Recorded``): moving a class would leave stored logs unreadable. The
application that referees commands is :class:`api.service.application.Tables`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from uuid import UUID, uuid5

import msgspec
from eventsourcing.domain import Aggregate
from eventsourcing.domain import Snapshot as LibrarySnapshot
from eventsourcing.utils import get_topic

from domain import takeback
from domain.codec import encode
from domain.game import GameDefinition

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
        checkpoint: bool = True  # decided when recorded (domain.takeback.kind_of); True is the safe default
        final: bool = False

        def apply(self, table: Table) -> None:
            rules = table.rules
            assert rules is not None, "attach the rules before applying game events"
            event = rules.event_decoder.decode(self.event)
            table.state = rules.evolve(table.state, event)
            table.recorded += 1
            version = self.originator_version
            step = takeback.Step(
                self.seat, self.command_id, version, version, table.effective, self.checkpoint, self.final
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
