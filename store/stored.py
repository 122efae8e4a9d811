"""How the log stores a table's events, snapshots, attempts, chat and standing choices, and reads them back.

The log floor's formats. Each stored row holds a topic and the event's fields as JSON (the time under
``timestamp``; the version is the row's own). The topics are those of the classes in
:mod:`domain.table`; rows written before the table became a decider carry the topics of the old
aggregate's classes (``api.service.tables:Table.Recorded`` and so on) with the very same fields, so
both read alike: :data:`TOPICS` maps old and new topics to the same class. The write side registers
the old topics with the library (``register_topic``) too.

A snapshot row keeps the :class:`TableRecord` layout it has always had; :func:`record_of` and
:func:`state_of` turn a :class:`~domain.table.TableState` into it and back.

:class:`TableMapper` is the library's ``Mapper``: each kind of object the write side saves is encoded by
the entry of :data:`ENCODERS` for its type, and each stored event decoded by the entry of its topic's
kind (a table event, a snapshot, a chat message, an attempt). No ``isinstance`` chain: a new kind of row
is one entry in each table.

The formats and the mapper are one module of the log floor (they were ``domain/stored.py`` and
``store/mapper.py``): how a row is laid out is the log's business, nothing in the domain reads it, and
the mapper is the formats' one user on the write side. Topic names are fixed strings, never the module
a class lives in, so no stored row changed with the move.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.persistence import Mapper, StoredEvent, Transcoder
from eventsourcing.utils import register_topic

from domain import takeback
from domain.bots.policies import BotSpec
from domain.chat import ChatSent
from domain.codec import encode
from domain.game import AnyGame
from domain.passing import PassingChosen
from domain.players import EVENTS as PLAYER_EVENTS
from domain.players import AnyPlayerEvent
from domain.ratings import DECODER as RATED_DECODER
from domain.ratings import TableRated
from domain.table import (
    AnyTableEvent,
    ContributionRevealed,
    GameEventRecorded,
    Receipt,
    SeatForfeited,
    SeatLinkReissued,
    SeatTaken,
    StandInChanged,
    Table,
    TableForked,
    TableOpened,
    TableState,
    TakeBackNoted,
)
from domain.table.clocks import TableClock, Timing
from domain.table.state import receipt_key
from domain.tournament.tournament import EVENTS as TOURNAMENT_EVENTS
from domain.tournament.tournament import AnyTournamentEvent

EVENT_TYPES: tuple[type[AnyTableEvent], ...] = (
    TableOpened,
    SeatTaken,
    GameEventRecorded,
    TakeBackNoted,
    TableForked,
    SeatLinkReissued,
    StandInChanged,
    SeatForfeited,
    ContributionRevealed,
)

LEGACY_TOPICS: dict[str, type[AnyTableEvent]] = {
    "api.service.tables:Table.Opened": TableOpened,
    "api.service.tables:Table.SeatTaken": SeatTaken,
    "api.service.tables:Table.Recorded": GameEventRecorded,
    "api.service.tables:Table.TakeBackNoted": TakeBackNoted,
    "api.service.tables:Table.Forked": TableForked,
}
"""The topics the old ``Table`` aggregate stored its events under (rows written before 2026-12-01)."""

LEGACY_SNAPSHOT_TOPIC = "api.service.tables:Table.Snapshot"


def topic_of(kind: type[Any]) -> str:
    """The topic a class is stored under: ``domain.table:`` (or ``domain.stored:``) and its name.

    Fixed names, not the module the class happens to live in, so a class may move freely.
    """
    home = "domain.table" if kind in EVENT_TYPES else "domain.stored"  # where these formats began
    return f"{home}:{kind.__qualname__}"


TOPICS: dict[str, type[AnyTableEvent]] = LEGACY_TOPICS | {topic_of(kind): kind for kind in EVENT_TYPES}
SNAPSHOT_TOPICS = (LEGACY_SNAPSHOT_TOPIC,)

_DECODERS = {kind: msgspec.json.Decoder(kind) for kind in EVENT_TYPES}
_ENCODER = msgspec.json.Encoder()


def is_table_topic(topic: str) -> bool:
    """True for a topic of a table event (anything else sharing the store is passed over)."""
    return topic in TOPICS


def decode_event(topic: str, state: bytes, version: int) -> AnyTableEvent:
    """The table event stored under ``topic`` at ``version``."""
    event = _DECODERS[TOPICS[topic]].decode(state)
    return msgspec.structs.replace(event, version=version)


def encode_event(event: AnyTableEvent) -> tuple[str, bytes]:
    """The topic and stored bytes of a table event (its version is the row's, not in the bytes)."""
    return topic_of(type(event)), _ENCODER.encode(event)


def upcast(table: TableState | None, event: AnyTableEvent) -> AnyTableEvent:
    """A row recorded before games declared their turns (``turn`` is ``None``), read as it was meant.

    Such rows were written when a turn was a run of one seat's steps: a seat's step began a turn when
    the step before it (``table``'s latest, the state the row is folded onto) was another seat's.
    """
    if not isinstance(event, GameEventRecorded) or event.turn is not None:
        return event
    steps = table.ledger.steps if table is not None else ()
    latest = steps[-1] if steps else None
    continues = latest is not None and latest.command_id == event.command_id
    begins = event.seat is not None and not continues and (latest is None or latest.seat != event.seat)
    return msgspec.structs.replace(event, turn=begins)


# -- snapshots ------------------------------------------------------------------------------------


class TableRecord(msgspec.Struct, kw_only=True):
    """The stored form of a table snapshot, the game state encoded as the game's own JSON."""

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
    receipts_by_seat: bool = False  # False in snapshots taken before keys were scoped to the seat
    clock: TableClock | None = None
    timing: Timing | None = None
    bots: tuple[BotSpec | None, ...] = ()
    forfeited: tuple[int, ...] = ()
    recovery_digests: tuple[str | None, ...] = ()
    forfeited_together: tuple[int, ...] = ()  # () in snapshots taken before seats forfeited together
    asked_at: datetime | None = None  # None in snapshots taken before passing for a seat: updated_at
    players: tuple[str | None, ...] = ()  # () in snapshots taken before known players
    rated: bool = True
    scheme: int = 1  # 1 in snapshots taken before the record (issue 47), as in their tables
    commitment: str = ""
    pledges: tuple[str | None, ...] = ()
    contributions: tuple[str | None, ...] = ()
    salt_key: str = ""
    chain: str = ""


class SnapshotRow(msgspec.Struct, kw_only=True):
    """A snapshot row: its time, the topic of what it restores, and the record."""

    timestamp: datetime
    topic: str
    state: TableRecord


def _read_only_field(info: msgspec.structs.FieldInfo) -> tuple[str, Any] | tuple[str, Any, Any]:
    """A snapshot record's field as the read without receipts declares it (with its real default)."""
    if info.default is not msgspec.NODEFAULT:
        return info.name, info.type, info.default
    if info.default_factory is not msgspec.NODEFAULT:
        return info.name, info.type, msgspec.field(default_factory=info.default_factory)
    return info.name, info.type


_RecordWithoutReceipts: Any = msgspec.defstruct(
    "RecordWithoutReceipts",
    [_read_only_field(info) for info in msgspec.structs.fields(TableRecord) if info.name != "receipts"],
    kw_only=True,
)
"""A snapshot record read without its receipts, which msgspec then skips unbuilt."""
_SNAPSHOT = msgspec.json.Decoder(SnapshotRow)
_READ_ONLY: msgspec.json.Decoder[Any] = msgspec.json.Decoder(
    msgspec.defstruct("SnapshotRead", [("state", _RecordWithoutReceipts)])
)


def record_of(table: TableState) -> TableRecord:
    """The snapshot record of ``table``."""
    return TableRecord(
        game=table.game,
        rules_version=table.rules_version,
        seat_names=list(table.seat_names),
        token_digests=list(table.token_digests),
        options=table.options,
        secret=table.secret,
        seeded=table.seeded,
        state=msgspec.Raw(encode(table.game_state)),
        recorded=table.recorded,
        receipts=dict(table.receipts),
        created_on=table.created_at,
        modified_on=table.updated_at,
        effective=table.effective,
        ledger=table.ledger,
        forked_from=table.forked_from,
        receipts_by_seat=True,
        clock=table.clock,
        timing=table.timing,
        bots=table.bots,
        forfeited=table.forfeited,
        recovery_digests=table.recovery_digests,
        forfeited_together=table.forfeited_together,
        asked_at=table.asked_at,
        players=table.players,
        rated=table.rated,
        scheme=table.scheme,
        commitment=table.commitment,
        pledges=table.pledges,
        contributions=table.contributions,
        salt_key=table.salt_key,
        chain=table.chain,
    )


def encode_snapshot(table: TableState) -> bytes:
    """The stored bytes of a snapshot of ``table``."""
    row = SnapshotRow(timestamp=table.updated_at, topic=LEGACY_SNAPSHOT_TOPIC, state=record_of(table))
    return _ENCODER.encode(row)


def _receipts(receipts: dict[str, Receipt], by_seat: bool) -> dict[str, Receipt]:
    """Receipts keyed by seat and command id (an old snapshot's are re-keyed as they are read)."""
    if by_seat:
        return receipts
    return {receipt_key(receipt.seat, command_id): receipt for command_id, receipt in receipts.items()}


def decode_snapshot(state: bytes, version: int, games: Any, *, receipts: bool = True) -> TableState:
    """The table a snapshot row at ``version`` restores (``games`` maps game ids to definitions).

    ``receipts=False`` leaves the receipts out (a reader that decides nothing never needs them).
    """
    if receipts:
        return state_of(_SNAPSHOT.decode(state).state, version, games)
    return state_of(_READ_ONLY.decode(state).state, version, games)


def state_of(record: Any, version: int, games: Any) -> TableState:
    """The table ``record`` holds at ``version`` (``games`` maps game ids to definitions)."""
    game: AnyGame = games[record.game]
    raw = bytes(record.state)
    return TableState(
        game=record.game,
        rules_version=record.rules_version,
        seat_names=tuple(record.seat_names),
        token_digests=tuple(record.token_digests),
        options=record.options,
        secret=record.secret,
        seeded=record.seeded,
        version=version,
        created_at=record.created_on,
        updated_at=record.modified_on,
        recorded=record.recorded,
        effective=record.effective or version,
        ledger=record.ledger,
        receipts=_receipts(getattr(record, "receipts", {}), record.receipts_by_seat),
        game_state=None if raw == b"null" else game.state_decoder.decode(raw),
        forked_from=tuple(record.forked_from) if record.forked_from else None,
        clock=record.clock,
        timing=record.timing,
        bots=tuple(record.bots),
        forfeited=tuple(record.forfeited),
        recovery_digests=tuple(record.recovery_digests),
        forfeited_together=tuple(record.forfeited_together),
        asked_at=getattr(record, "asked_at", None),
        players=tuple(record.players),
        rated=record.rated,
        scheme=record.scheme,
        commitment=record.commitment,
        pledges=tuple(record.pledges),
        contributions=tuple(record.contributions),
        salt_key=record.salt_key,
        chain=record.chain,
    )


# -- the attempts log -----------------------------------------------------------------------------


class Attempted(msgspec.Struct, frozen=True, kw_only=True):
    """A command that left the game's stream untouched: ``refused``, ``retried`` or ``unchanged``."""

    originator_id: UUID
    originator_version: int
    timestamp: datetime
    seat: int = 0
    command: str = ""
    command_id: str = ""
    outcome: str = ""
    code: str = ""
    message: str = ""


class AttemptsStarted(msgspec.Struct, frozen=True, kw_only=True):
    """The first row of an attempts log written before 2026-12-01 (read, never written)."""

    originator_id: UUID
    originator_version: int
    timestamp: datetime
    game_id: str = ""


ATTEMPT_TOPICS: dict[str, type[Attempted | AttemptsStarted]] = {
    "api.service.tables:Attempts.Attempted": Attempted,
    "api.service.tables:Attempts.Started": AttemptsStarted,
    topic_of(Attempted): Attempted,
}
_IDENTITY = ("originator_id", "originator_version")


def encode_attempt(attempt: Attempted) -> tuple[str, bytes]:
    """The topic and stored bytes of an attempt (its identity is the row's)."""
    fields = {k: v for k, v in msgspec.structs.asdict(attempt).items() if k not in _IDENTITY}
    return topic_of(Attempted), _ENCODER.encode(fields)


def decode_attempt(topic: str, state: bytes, originator_id: Any, version: int) -> Attempted | AttemptsStarted:
    """The attempt stored under ``topic`` at ``version`` of the attempts log ``originator_id``."""
    fields = msgspec.json.decode(state) | {"originator_id": str(originator_id), "originator_version": version}
    return msgspec.convert(fields, ATTEMPT_TOPICS[topic])


# -- the chat log ---------------------------------------------------------------------------------

CHAT_TOPIC = "domain.chat:ChatSent"
"""The topic of a chat message row (in the table's chat stream; its version is the message's number)."""


def encode_chat(sent: ChatSent) -> tuple[str, bytes]:
    """The topic and stored bytes of a chat message (its number is the row's version)."""
    return CHAT_TOPIC, _ENCODER.encode({"at": sent.at, "seat": sent.seat, "text": sent.text})


def decode_chat(state: bytes, version: int) -> ChatSent:
    """The chat message stored at ``version`` of a chat stream."""
    return msgspec.convert(msgspec.json.decode(state) | {"number": version}, ChatSent)


# -- the seats' standing choices ------------------------------------------------------------------

PASSING_TOPIC = "domain.passing:PassingChosen"
"""The topic of a seat's standing choice (in the table's passing stream; its version is the number)."""
_PASSING_TYPE = msgspec.json.Decoder(PassingChosen)  # its types resolved once, at import (as every decoder's)


def encode_passing(chosen: PassingChosen) -> tuple[str, bytes]:
    """The topic and stored bytes of a standing choice (its number is the row's version)."""
    return PASSING_TOPIC, _ENCODER.encode({"at": chosen.at, "seat": chosen.seat, "passing": chosen.passing})


def decode_passing(state: bytes, version: int) -> PassingChosen:
    """The standing choice stored at ``version`` of a passing stream."""
    return msgspec.convert(msgspec.json.decode(state) | {"number": version}, PassingChosen)


# -- players and ratings: streams of their own ----------------------------------------------------

PLAYER_TOPIC = "domain.players:PlayerEvent"
"""The topic of a row of a player's stream (its ``type`` says which event; :mod:`domain.players`)."""
RATED_TOPIC = "domain.ratings:TableRated"
"""The topic of a row of a game's ratings stream (:mod:`domain.ratings`)."""
TOURNAMENT_TOPIC = "domain.tournament:TournamentEvent"
"""The topic of a row of a tournament's stream, or of a table's note of its tournament
(:mod:`domain.tournament.tournament`, :mod:`store.tournaments`)."""


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """A player's event on its way into or out of the library, at its version of the player's stream."""

    originator_id: UUID
    originator_version: int
    event: AnyPlayerEvent

    @property
    def timestamp(self) -> datetime:
        return self.event.at


@dataclass(frozen=True, slots=True)
class RatedRow:
    """A table rated, at its version of the game's ratings stream."""

    originator_id: UUID
    originator_version: int
    event: TableRated

    @property
    def timestamp(self) -> datetime:
        return self.event.at


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """A tournament's event at its version of the tournament's stream (or of a table's note of it)."""

    originator_id: UUID
    originator_version: int
    event: AnyTournamentEvent


def decode_tournament(state: bytes) -> AnyTournamentEvent:
    return TOURNAMENT_EVENTS.decode(state)


def decode_rated(state: bytes) -> TableRated:
    return RATED_DECODER.decode(state)


def decode_player(state: bytes) -> AnyPlayerEvent:
    return PLAYER_EVENTS.decode(state)


# -- what the library stores ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Row:
    """A table event on its way into or out of the library: the table's id and the event."""

    originator_id: UUID
    event: AnyTableEvent
    after: Table | None = field(default=None, compare=False)
    """The table just after ``event``, as the write side folded it (for whoever takes the commit)."""

    @property
    def originator_version(self) -> int:
        return self.event.version

    @property
    def timestamp(self) -> datetime:
        return self.event.at


@dataclass(frozen=True, slots=True)
class ChatRow:
    """A chat message on its way into the library: the table's chat stream and the message."""

    originator_id: UUID
    sent: ChatSent

    @property
    def originator_version(self) -> int:
        return self.sent.number

    @property
    def timestamp(self) -> datetime:
        return self.sent.at


@dataclass(frozen=True, slots=True)
class PassingRow:
    """A seat's standing choice on its way into the library: the table's passing stream and the choice."""

    originator_id: UUID
    chosen: PassingChosen

    @property
    def originator_version(self) -> int:
        return self.chosen.number

    @property
    def timestamp(self) -> datetime:
        return self.chosen.at


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A table's state at one version, for the library's snapshot store."""

    originator_id: UUID
    originator_version: int
    table: TableState


for _old, _new in (LEGACY_TOPICS | ATTEMPT_TOPICS).items():
    register_topic(_old, _new)  # the library resolves the old aggregate's topics to today's classes


Encoder = Callable[[Any], tuple[str, bytes]]
"""An object the write side saves, as its stored topic and state."""
Decoder = Callable[[UUID, str, bytes, int, Mapping[str, AnyGame]], Any]
"""A stored event (its id, topic, state and version) as the object it was, for the catalogue's games."""

ENCODERS: dict[type, Encoder] = {
    Row: lambda row: encode_event(row.event),
    Snapshot: lambda snapshot: (LEGACY_SNAPSHOT_TOPIC, encode_snapshot(snapshot.table)),
    ChatRow: lambda row: encode_chat(row.sent),
    PassingRow: lambda row: encode_passing(row.chosen),
    Attempted: encode_attempt,
    PlayerRow: lambda row: (PLAYER_TOPIC, _ENCODER.encode(row.event)),
    RatedRow: lambda row: (RATED_TOPIC, _ENCODER.encode(row.event)),
    TournamentRow: lambda row: (TOURNAMENT_TOPIC, _ENCODER.encode(row.event)),
}
"""How each kind of saved object is stored, by its type."""

DECODERS: dict[str, Decoder] = {
    **dict.fromkeys(
        TOPICS,
        lambda at, topic, state, version, _: Row(at, decode_event(topic, state, version)),
    ),
    CHAT_TOPIC: lambda at, _, state, version, __: ChatRow(at, decode_chat(state, version)),
    PASSING_TOPIC: lambda at, _, state, version, __: PassingRow(at, decode_passing(state, version)),
    PLAYER_TOPIC: lambda at, _, state, version, __: PlayerRow(at, version, decode_player(state)),
    RATED_TOPIC: lambda at, _, state, version, __: RatedRow(at, version, decode_rated(state)),
    TOURNAMENT_TOPIC: lambda at, _, state, version, __: TournamentRow(at, version, decode_tournament(state)),
    **dict.fromkeys(
        SNAPSHOT_TOPICS,
        lambda at, _, state, version, games: Snapshot(at, version, decode_snapshot(state, version, games)),
    ),
    **dict.fromkeys(
        ATTEMPT_TOPICS,
        lambda at, topic, state, version, _: decode_attempt(topic, state, at, version),
    ),
}
"""How each stored topic is read back (old topics beside today's), by its topic."""


class TableMapper(Mapper[UUID]):
    """Stores table events, snapshots, chat and attempts with msgspec, under their topics (old ones too)."""

    def __init__(self, transcoder: Transcoder, games: Mapping[str, AnyGame]) -> None:
        super().__init__(transcoder)
        self.games = games

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        topic, state = ENCODERS[type(domain_event)](domain_event)
        return StoredEvent(
            originator_id=domain_event.originator_id,
            originator_version=domain_event.originator_version,
            topic=topic,
            state=state,
        )

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        topic, identity = stored_event.topic, UUID(str(stored_event.originator_id))
        return DECODERS[topic](
            identity, topic, stored_event.state, stored_event.originator_version, self.games
        )


class PlainTranscoder(Transcoder):
    """Unused by :class:`TableMapper` (it encodes with msgspec); the library asks for one."""

    def encode(self, obj: Any) -> bytes:
        return msgspec.json.encode(obj)

    def decode(self, data: bytes) -> Any:
        return msgspec.json.decode(data)
