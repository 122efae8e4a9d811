"""Events are a storage format: one example of every event type is pinned, byte for byte, in a fixture."""

from __future__ import annotations

import msgspec

from domain.game import AnyGame
from domain.visibility import event_types
from tests.contract.event_examples import encoded, fixture_path


def test_todays_events_encode_exactly_as_the_fixture_pins_them(game: AnyGame) -> None:
    """Seeded play gives one event of each type that encodes to the fixture's bytes."""
    assert encoded(game) == fixture_path(game).read_bytes(), (
        f"the stored format of {game.id} changed: if on purpose (a new field last, with a default), "
        "run `python -m tests.contract.event_examples` and check that old lines still decode"
    )


def test_every_pinned_event_decodes_and_encodes_back_to_its_bytes(game: AnyGame) -> None:
    """Each line of the fixture decodes with the game's decoder and encodes back to the same bytes."""
    lines = fixture_path(game).read_bytes().splitlines()
    decoded = [game.event_decoder.decode(line) for line in lines]
    assert [msgspec.json.encode(event) for event in decoded] == lines
    assert [type(event) for event in decoded] == list(event_types(game.events))
