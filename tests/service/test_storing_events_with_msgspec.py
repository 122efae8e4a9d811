"""How table events are stored: msgspec both ways, under their topics, old topics read alike."""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import uuid4

import msgspec
import pytest
from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import resolve_topic

from domain.chat import ChatSent
from domain.table import (
    AnyTableEvent,
    GameEventRecorded,
    SeatLinkReissued,
    SeatTaken,
    TableForked,
    TableOpened,
    TakeBackNoted,
    evolve_table,
)
from store import stored
from store.stored import Attempted, ChatRow, PlainTranscoder, Row, Snapshot, TableMapper
from tests.support.tiny_game import PILE

AT = datetime(2026, 3, 1, tzinfo=UTC)
GAMES = {PILE.id: PILE}


def _mapper() -> TableMapper:

    return TableMapper(PlainTranscoder(), GAMES)


def opened() -> TableOpened:
    return TableOpened(
        version=1,
        at=AT,
        command_id="c1",
        command_digest="d1",
        game="pile",
        rules_version="1",
        seat_names=("ann", None),
        token_digests=("a" * 64, None),
        options=msgspec.Raw(b'{"stones":7}'),
        secret="s",
        seeded=False,
    )


EXAMPLES = [
    opened(),
    SeatTaken(
        version=2, at=AT, seat=1, command_id="c2", command_digest="d2", name="bob", token_digest="b" * 64
    ),
    GameEventRecorded(version=3, at=AT, command_id="c2", event=msgspec.Raw(b'{"type":"X"}'), turn=False),
    TakeBackNoted(version=4, at=AT, seat=0, event=msgspec.Raw(b'{"type":"TakeBackLapsed","reason":"time"}')),
    TableForked(version=2, at=AT, source="g", source_version=9, state=msgspec.Raw(b"null"), effective=5),
    SeatLinkReissued(version=5, at=AT, seat=1, command_id="c5", command_digest="d5", token_digest="c" * 64),
]


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda event: type(event).__name__)
def test_every_table_event_round_trips_through_the_store(event: object) -> None:
    """Stored under its own topic, read back equal, version from the row."""
    mapper = _mapper()
    row = Row(uuid4(), event)  # type: ignore[arg-type]  # each example is a table event
    back = mapper.to_domain_event(mapper.to_stored_event(row))
    assert isinstance(back, Row) and back.event == event and back.originator_id == row.originator_id


@pytest.mark.parametrize(("old", "kind"), list(stored.LEGACY_TOPICS.items()))
def test_the_old_aggregates_topics_read_as_todays_classes(old: str, kind: type) -> None:
    """Rows written before the table became a decider resolve, through the library too, to today's class."""
    assert resolve_topic(old) is kind
    assert stored.TOPICS[old] is kind


def test_an_old_recorded_row_reads_with_its_fields_and_the_turn_left_to_the_game() -> None:
    """The old ``Table.Recorded`` layout: same field names; ``turn`` is read as it was meant (``upcast``)."""
    state = (
        b'{"timestamp":"2026-03-01T00:00:02Z","event":{"type":"StonesTaken","seat":0,"count":1},'
        b'"seat":0,"command_id":"k","command_digest":"d","command":"","checkpoint":true,"final":false}'
    )
    event = stored.decode_event("api.service.tables:Table.Recorded", state, 7)
    assert isinstance(event, GameEventRecorded)
    assert (event.version, event.seat, event.command_id, event.turn) == (7, 0, "k", None)
    assert stored.upcast(None, event).turn is True  # then, a seat's first step began its turn


def test_a_snapshot_and_an_attempt_round_trip() -> None:
    """A snapshot keeps the old record layout; an attempt keeps its fields."""
    mapper = _mapper()
    table = evolve_table(PILE, None, opened())
    snapshot = Snapshot(uuid4(), 1, table)
    back = mapper.to_domain_event(mapper.to_stored_event(snapshot))
    assert isinstance(back, Snapshot) and back.table == table
    attempt = Attempted(originator_id=uuid4(), originator_version=2, timestamp=AT, seat=1, outcome="refused")
    assert mapper.to_domain_event(mapper.to_stored_event(attempt)) == attempt


def test_a_chat_message_round_trips_in_its_own_stream() -> None:
    """A chat row keeps its seat, time and text; its number is the row's version."""
    mapper = _mapper()
    row = ChatRow(uuid4(), ChatSent(number=3, at=AT, seat=1, text="gg \N{SMILING FACE WITH SMILING EYES}"))
    stored_row = mapper.to_stored_event(row)
    assert (stored_row.topic, stored_row.originator_version) == (stored.CHAT_TOPIC, 3)
    assert mapper.to_domain_event(stored_row) == row


def test_a_row_that_does_not_fit_its_type_is_refused() -> None:
    """A stored seat that is not a number is a decode error, never a wrong value."""
    with pytest.raises(msgspec.ValidationError):
        _mapper().to_domain_event(
            StoredEvent(
                uuid4(),
                1,
                "api.service.tables:Table.SeatTaken",
                b'{"timestamp":"2026-03-01T00:00:00Z","seat":"one"}',
            )
        )


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda event: type(event).__name__)
def test_table_events_are_a_closed_union_tagged_by_type(event: object) -> None:
    """Every table event decodes back through the one union of table events, by its ``type``."""
    decoded = msgspec.json.decode(msgspec.json.encode(event), type=AnyTableEvent)
    assert (
        decoded == event and msgspec.json.decode(msgspec.json.encode(event))["type"] == type(event).__name__
    )
