"""The msgspec transcoder and mapper store aggregate events as typed JSON and read them back exactly."""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import uuid4

import msgspec
import pytest
from eventsourcing.persistence import MapperDeserialisationError, StoredEvent
from eventsourcing.utils import get_topic, resolve_topic

from api.service.mapping import MsgspecMapper, MsgspecTranscoder
from api.service.tables import Attempts, Receipt, Table, TableRecord

WHEN = datetime(2026, 3, 1, 12, 30, tzinfo=UTC)


def mapper() -> MsgspecMapper:
    return MsgspecMapper(transcoder=MsgspecTranscoder())


def opened() -> Table.Opened:
    return Table.Opened(
        originator_id=uuid4(),
        originator_version=1,
        timestamp=WHEN,
        originator_topic="api.service.tables:Table",
        game="pile",
        rules_version="1",
        seat_names=("ann", None),
        token_digests=("ab" * 32, None),
        options=msgspec.Raw(b'{"stones":7}'),
        secret="s3cret",
        seeded=True,
        seat=None,
        command_id="c-1",
        command_digest="d" * 64,
    )


def test_the_transcoder_round_trips_plain_data() -> None:
    """Plain data goes to JSON bytes and back unchanged."""
    transcoder = MsgspecTranscoder()
    data = {"a": [1, 2.5, None, True], "b": {"c": "d"}}
    assert transcoder.decode(transcoder.encode(data)) == data
    assert transcoder.decode_as(
        transcoder.encode({"digest": "x", "seat": 1, "first": 2, "last": 3}), dict
    ) == {
        "digest": "x",
        "seat": 1,
        "first": 2,
        "last": 3,
    }


def test_an_opening_event_round_trips_with_its_types() -> None:
    """Datetimes come back aware, tuples as tuples, the options as the same raw JSON."""
    event = opened()
    back = mapper().to_domain_event(mapper().to_stored_event(event))
    assert isinstance(back, Table.Opened)
    assert back.timestamp == WHEN and back.timestamp.tzinfo is not None
    assert back.seat_names == ("ann", None) and back.originator_id == event.originator_id
    assert bytes(back.options) == b'{"stones":7}'
    assert (back.secret, back.seeded, back.command_id) == ("s3cret", True, "c-1")


def test_a_game_event_is_stored_inline_as_the_games_own_json() -> None:
    """The stored row holds the game event verbatim, readable without the service."""
    event = Table.Recorded(
        originator_id=uuid4(),
        originator_version=3,
        timestamp=WHEN,
        event=msgspec.Raw(b'{"type":"StonesTaken","seat":0,"count":2}'),
        seat=0,
        command_id="c-2",
        command_digest="e" * 64,
    )
    stored = mapper().to_stored_event(event)
    assert msgspec.json.decode(stored.state)["event"] == {"type": "StonesTaken", "seat": 0, "count": 2}
    assert stored.topic == "api.service.tables:Table.Recorded"
    back = mapper().to_domain_event(stored)
    assert bytes(back.event) == bytes(event.event) and back.seat == 0  # type: ignore[attr-defined]


def test_a_snapshot_round_trips_with_its_typed_record() -> None:
    """A snapshot's record decodes as a TableRecord, receipts and all."""
    record = TableRecord(
        game="pile",
        rules_version="1",
        seat_names=["ann", "bob"],
        token_digests=["a" * 64, "b" * 64],
        options=msgspec.Raw(b"{}"),
        secret="s",
        seeded=False,
        state=msgspec.Raw(b'{"stones":5,"turn":1,"cards":[3,8],"winner":null}'),
        recorded=2,
        receipts={"c-1": Receipt("d" * 64, None, 1, 2)},
        created_on=WHEN,
        modified_on=WHEN,
    )
    snapshot = Table.Snapshot(
        originator_id=uuid4(),
        originator_version=2,
        timestamp=WHEN,
        topic="api.service.tables:Table",
        state=record,
    )
    back = mapper().to_domain_event(mapper().to_stored_event(snapshot))
    assert isinstance(back.state, TableRecord)  # type: ignore[attr-defined]
    assert back.state.receipts == record.receipts  # type: ignore[attr-defined]
    assert bytes(back.state.state) == bytes(record.state)  # type: ignore[attr-defined]


def test_a_corrupt_row_is_a_deserialisation_error() -> None:
    """A row whose fields do not fit the event class is refused, not half-read."""
    stored = StoredEvent(uuid4(), 1, "api.service.tables:Table.SeatTaken", b'{"seat":"one"}')
    with pytest.raises(MapperDeserialisationError):
        mapper().to_domain_event(stored)


def test_a_versioned_event_class_is_refused_rather_than_read_wrongly() -> None:
    """class_version upcasting is not supported: the mapper says so at once."""

    class Upcast(Table.Event):
        class_version = 2
        seat: int

    with pytest.raises(TypeError, match="class_version"):
        mapper().to_stored_event(Upcast(originator_id=uuid4(), originator_version=2, timestamp=WHEN, seat=1))


def test_stored_topics_stay_where_existing_logs_say_they_are() -> None:
    """Every stored event names its class by topic, so the aggregates never leave ``api.service.tables``."""
    stored = [Table, Table.Opened, Table.SeatTaken, Table.Recorded, Table.TakeBackNoted, Table.Forked]
    stored += [Table.Snapshot, Attempts, Attempts.Started, Attempts.Attempted]
    for cls in stored:
        assert get_topic(cls) == f"api.service.tables:{cls.__qualname__}"
        assert resolve_topic(get_topic(cls)) is cls
