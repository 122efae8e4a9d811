"""How the event store turns aggregate events into bytes and back, with msgspec.

eventsourcing 9.5 ships only a ``json``-module transcoder, which loses types on the way back (a
datetime comes back as a string) unless every type is registered. Here each aggregate event class is
described once by a msgspec Struct built from its dataclass fields, so decoding is typed and fast, and a
game event rides inside as ``msgspec.Raw``: the stored row holds the game's own JSON, untouched.

Schema evolution follows msgspec's rule (new fields last, with defaults). The library's
``class_version`` upcasting works on untyped dicts and is not supported here: a versioned event class is
refused when its stored form is first built, rather than read wrongly.
"""

from __future__ import annotations

import dataclasses
import typing
from functools import cache
from typing import Any

import msgspec
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import (
    Mapper,
    MapperDeserialisationError,
    StoredEvent,
    Transcoder,
    find_id_convertor,
)
from eventsourcing.utils import get_topic, resolve_topic

_IDENTITY_FIELDS = ("originator_id", "originator_version")


class MsgspecTranscoder(Transcoder):
    """Encodes plain data and msgspec values as JSON; decodes untyped, or typed with ``decode_as``."""

    def __init__(self) -> None:
        self._encoder = msgspec.json.Encoder()
        self._decoder = msgspec.json.Decoder()
        self._typed: dict[type[Any], msgspec.json.Decoder[Any]] = {}

    def encode(self, obj: Any) -> bytes:
        return self._encoder.encode(obj)

    def decode(self, data: bytes) -> Any:
        return self._decoder.decode(data)

    def decode_as(self, data: bytes, kind: type[Any]) -> Any:
        """Decode ``data`` as an instance of ``kind`` (validating every field's type)."""
        decoder = self._typed.get(kind)
        if decoder is None:
            decoder = self._typed[kind] = msgspec.json.Decoder(kind)
        return decoder.decode(data)


@cache
def stored_form(event_class: type[Any]) -> type[msgspec.Struct]:
    """The msgspec Struct describing how ``event_class`` is stored (every field but its identity)."""
    if getattr(event_class, "class_version", 1) != 1:
        raise TypeError(
            f"{event_class.__qualname__}: class_version upcasting is not supported; add defaults."
        )
    hints = typing.get_type_hints(event_class)
    fields = [
        (field.name, hints[field.name])
        if field.default is dataclasses.MISSING
        else (field.name, hints[field.name], field.default)  # a field added later reads old rows
        for field in dataclasses.fields(event_class)
        if field.name not in _IDENTITY_FIELDS
    ]
    return msgspec.defstruct(f"Stored{event_class.__name__}", fields, kw_only=True)


class MsgspecMapper(Mapper[Any]):
    """A Mapper whose events are encoded and decoded by msgspec, typed by each event's fields."""

    transcoder: MsgspecTranscoder

    def __init__(self, transcoder: Transcoder, **kwargs: Any) -> None:
        if not isinstance(transcoder, MsgspecTranscoder):
            raise TypeError("MsgspecMapper needs a MsgspecTranscoder.")
        super().__init__(transcoder, **kwargs)

    def to_stored_event(self, domain_event: DomainEventProtocol[Any]) -> StoredEvent:
        stored_form(type(domain_event))  # refuses, once per class, what could not be read back
        fields = dict(vars(domain_event))
        originator_id = fields.pop("originator_id")
        originator_version = fields.pop("originator_version")
        state = self.transcoder.encode(fields)
        if self.compressor:
            state = self.compressor.compress(state)
        if self.cipher:
            state = self.cipher.encrypt(state)
        return StoredEvent(
            originator_id=originator_id,
            originator_version=originator_version,
            topic=get_topic(type(domain_event)),
            state=state,
        )

    def to_domain_event(self, stored_event: StoredEvent) -> DomainEventProtocol[Any]:
        event_class = resolve_topic(stored_event.topic)
        state = stored_event.state
        try:
            if self.cipher:
                state = self.cipher.decrypt(state)
            if self.compressor:
                state = self.compressor.decompress(state)
            stored = self.transcoder.decode_as(state, stored_form(event_class))
        except (msgspec.DecodeError, ValueError) as error:
            raise MapperDeserialisationError(
                f"Cannot decode {stored_event.topic} at version {stored_event.originator_version} "
                f"of {stored_event.originator_id}: {error}"
            ) from error
        fields = msgspec.structs.asdict(stored)
        to_id = find_id_convertor(event_class, type(stored_event.originator_id))  # type: ignore[arg-type]  # classes hash
        fields["originator_id"] = to_id(stored_event.originator_id)
        fields["originator_version"] = stored_event.originator_version
        event = object.__new__(event_class)
        object.__setattr__(event, "__dict__", fields)
        return typing.cast(DomainEventProtocol[Any], event)
