"""Every Politrickers event type (redacted variants included) and command round-trips through the codec."""

from __future__ import annotations

import typing

import msgspec

from domain.games.politrickers.events import (
    CardPlayed,
    CardPlayedFaceDown,
    Events,
    GameEnded,
    LibraCollapsed,
    MigrationPlayed,
    PartySwitched,
    PlayerDisgraced,
    RoundDealtSeen,
    RoundScored,
    TrickWon,
    UnknownCardPlayedFaceDown,
)
from domain.seats import Seat

from .conftest import CLAWS, GAME, MIG, TAILS, E, H, S, W, dealt, migrate, play

EXAMPLES: list[Events] = [
    dealt([H(2), S(1)], [E(4)], [W(1), MIG], leftovers=(S(8),)),
    RoundDealtSeen(
        round_number=2,
        chair=Seat(1),
        parties=(TAILS, TAILS, CLAWS),
        power_tokens=5,
        viewer=Seat(0),
        hand=(H(2),),
        hand_sizes=(1, 1, 2),
        leftover_count=1,
    ),
    PartySwitched(seat=Seat(1), party=CLAWS, token_spent=True),
    CardPlayed(seat=Seat(0), card=H(2), sets="ruling", ruling_party=TAILS),
    CardPlayedFaceDown(seat=Seat(2), card=W(1)),
    UnknownCardPlayedFaceDown(seat=Seat(2)),
    MigrationPlayed(seat=Seat(0), moved_from=TAILS, new_chair=Seat(1)),
    TrickWon(seat=Seat(1), party=CLAWS, token_placed=True, next_chair=Seat(1)),
    PlayerDisgraced(seat=Seat(1)),
    LibraCollapsed(plate=TAILS),
    RoundScored(round_number=1, ending="collapse", round_vp=(-4, 1, 0), totals=(-3, 1, 0)),
    GameEnded(totals=(7, 1, 0), final_round_vp=(3, 1, 0), winners=(Seat(0),)),
]


def test_every_event_type_has_an_example() -> None:
    """The examples cover the whole event union."""
    assert {type(e) for e in EXAMPLES} == set(typing.get_args(Events))


def test_every_event_round_trips_through_the_games_decoder() -> None:
    """Events are a storage format: each decodes back to itself."""
    for event in EXAMPLES:
        assert GAME.event_decoder.decode(msgspec.json.encode(event)) == event


def test_every_command_round_trips_and_unknown_fields_are_rejected() -> None:
    """Commands decode back to themselves; an unknown field is refused."""
    for command in (play(H(2)), play(W(1), True), migrate(), migrate(CLAWS, True)):
        assert GAME.command_decoder.decode(msgspec.json.encode(command)) == command
    try:
        GAME.command_decoder.decode(b'{"type": "PlayCard", "card": 3, "peek": true}')
    except msgspec.ValidationError:
        return
    raise AssertionError("an unknown command field was accepted")
