"""Events recorded before 2026-12-01 lack the decisions ``decide`` now writes in; they still replay alike."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.games.slush_fund_2.commands import TakeFromSlushFund
from domain.games.slush_fund_2.events import CardStashed, SlushFundExamined
from domain.messages import Event
from domain.referee import fold

from .conftest import BLUE, GAME, RED, blue, drawn, opening, red, table, turn

OLD_STARTED = b'{"type":"GameStarted","ladders":[[7,4,2],[6,4,1],[5,3,1],[4,2,1],[3,2,1]],"starting_seat":0}'


def _stocked(*cards: int) -> list[Event]:
    """Events leaving ``cards`` in the slush fund, stashed by their owners, with Red to act."""
    events: list[Event] = []
    for card in cards:
        seat = RED if card < 30 else BLUE
        events += [drawn(seat, card), CardStashed(seat=seat, card=card)]
    return [*events, turn(RED)]


def test_a_setup_recorded_without_deck_tops_puts_a_1m_and_a_2m_on_top_of_each_deck() -> None:
    """An old ``GameStarted`` sets up the same table as the new one that names the deck tops."""
    old = GAME.event_decoder.decode(OLD_STARTED)
    assert fold(GAME, [old]) == fold(GAME, [opening(RED)])


def test_an_old_setup_encodes_back_to_the_bytes_it_was_stored_as() -> None:
    """The new field is left out while unset, so an old event re-encodes byte for byte."""
    assert msgspec.json.encode(GAME.event_decoder.decode(OLD_STARTED)) == OLD_STARTED


def test_a_slush_fund_card_taken_without_last_ends_option_2_on_the_third_card() -> None:
    """Old ``SlushFundCardTaken`` events fold as the new ones: the third card taken is the last."""
    stocked = [*_stocked(blue(1), blue(2), blue(3), red(4)), SlushFundExamined(seat=RED, count=4)]
    scenario = table(*stocked)
    start, events = scenario.state, []
    for card in (blue(1), blue(2), red(4)):
        events += scenario.when(RED, TakeFromSlushFund(card=card)).events
        scenario.played((RED, TakeFromSlushFund(card=card)))
    assert [event.last for event in events] == [False, False, True]
    old = [GAME.event_decoder.decode(msgspec.json.encode(replace(event, last=None))) for event in events]
    assert b"last" not in msgspec.json.encode(old[0])
    assert fold(GAME, old, start) == fold(GAME, events, start)
