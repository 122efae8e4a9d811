"""How a table's events, snapshots, chat and attempts become the library's stored events, and back.

:class:`TableMapper` is the library's ``Mapper``: each kind of object the write side saves is encoded by
the entry of :data:`ENCODERS` for its type, and each stored event decoded by the entry of its topic's
kind (a table event, a snapshot, a chat message, an attempt), through :mod:`domain.stored`, which holds
the formats (today's and the old aggregate's topics). No ``isinstance`` chain: a new kind of row is one
entry in each table.
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

from domain import stored
from domain.chat import ChatSent
from domain.passing import PassingChosen
from domain.table import AnyGame, AnyTableEvent, Table, TableState

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


for _old, _new in (stored.LEGACY_TOPICS | stored.ATTEMPT_TOPICS).items():
    register_topic(_old, _new)  # the library resolves the old aggregate's topics to today's classes


Encoder = Callable[[Any], tuple[str, bytes]]
"""An object the write side saves, as its stored topic and state."""
Decoder = Callable[[UUID, str, bytes, int, Mapping[str, AnyGame]], Any]
"""A stored event (its id, topic, state and version) as the object it was, for the catalogue's games."""

ENCODERS: dict[type, Encoder] = {
    Row: lambda row: stored.encode_event(row.event),
    Snapshot: lambda snapshot: (stored.LEGACY_SNAPSHOT_TOPIC, stored.encode_snapshot(snapshot.table)),
    ChatRow: lambda row: stored.encode_chat(row.sent),
    PassingRow: lambda row: stored.encode_passing(row.chosen),
    stored.Attempted: stored.encode_attempt,
}
"""How each kind of saved object is stored, by its type."""

DECODERS: dict[str, Decoder] = {
    **dict.fromkeys(
        stored.TOPICS,
        lambda at, topic, state, version, _: Row(at, stored.decode_event(topic, state, version)),
    ),
    stored.CHAT_TOPIC: lambda at, _, state, version, __: ChatRow(at, stored.decode_chat(state, version)),
    stored.PASSING_TOPIC: lambda at, _, state, version, __: PassingRow(
        at, stored.decode_passing(state, version)
    ),
    **dict.fromkeys(
        stored.SNAPSHOT_TOPICS,
        lambda at, _, state, version, games: Snapshot(
            at, version, stored.decode_snapshot(state, version, games)
        ),
    ),
    **dict.fromkeys(
        stored.ATTEMPT_TOPICS,
        lambda at, topic, state, version, _: stored.decode_attempt(topic, state, at, version),
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
