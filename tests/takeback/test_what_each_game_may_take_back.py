"""Each game's declaration: which events are checkpoints, which are final, which open a round."""

from __future__ import annotations

import pytest

from domain.games.politrickers import takebacks as politrickers
from domain.games.politrickers.events import (
    CardPlayed,
    CardPlayedFaceDown,
    GameEnded,
    MigrationPlayed,
    RoundDealt,
)
from domain.games.slush_fund_2 import events as sf2
from domain.games.slush_fund_2 import takebacks as slush_fund
from domain.messages import Event
from domain.seats import Seat

SHOWN_OR_DRAWN = [
    sf2.CardsDrawn(seat=0, cards=(1, 2, 3)),
    sf2.DrawnCardsShuffledBack(seat=0, cards=(1, 2, 3)),
    sf2.FinalTurnBegan(seat=0),
    sf2.SlushFundExamined(seat=0, count=3),
    sf2.MoneyCardPlayed(seat=0, card=1, politician=0, face_down=False),
    sf2.PowerCardPlayed(seat=0, card=25),
    sf2.ContributionRevealed(seat=0, politician=0, slot=0),
    sf2.ContributionsExchanged(seat=0, hacker=21, politician=0, slot=0, opponent_slot=0, given=1, taken=31),
    sf2.JournalistPlayed(seat=0, card=27, politician=0),
    sf2.JournalistPaidOff(seat=0, card=27, politician=0, journalist=28),
    sf2.PowerCardDiscarded(seat=0, card=25),
]
NOTHING_NEW = [
    sf2.CardStashed(seat=0, card=1),
    sf2.MoneyCardPlayed(seat=0, card=1, politician=0, face_down=True),
    sf2.SlushFundCardTaken(seat=0, card=1),
    sf2.ContributionDiscarded(seat=0, politician=0, slot=0, card=1),
    sf2.ContributionConcealed(seat=0, politician=0, slot=0, card=1),
    sf2.ContributionMoved(seat=0, politician=0, slot=0, to=1),
    sf2.PowerCardFinished(seat=0),
    sf2.TurnPassed(seat=1),
]


@pytest.mark.parametrize("event", SHOWN_OR_DRAWN, ids=lambda e: type(e).__name__)
def test_slush_fund_chance_and_shown_cards_are_checkpoints(event: Event) -> None:
    """A draw, a look at the slush fund, and any card shown face up need consent to be taken back."""
    assert slush_fund.is_checkpoint(event)


@pytest.mark.parametrize("event", NOTHING_NEW, ids=lambda e: type(e).__name__)
def test_slush_fund_face_down_and_known_moves_are_not_checkpoints(event: Event) -> None:
    """A face-down card shows only a count; moving or discarding known cards shows nothing new."""
    assert not slush_fund.is_checkpoint(event)


def test_slush_fund_setup_and_end_are_final() -> None:
    """The setup and the end of the game are never taken back."""
    assert slush_fund.is_final(sf2.GameStarted(ladders=(), starting_seat=0))
    assert slush_fund.is_final(sf2.GameEnded())
    assert not slush_fund.is_final(sf2.TurnPassed(seat=1))


@pytest.mark.parametrize(
    "event",
    [
        CardPlayed(seat=Seat(0), card=3),
        CardPlayedFaceDown(seat=Seat(0), card=3),
        MigrationPlayed(seat=Seat(0), moved_from=None),
    ],
    ids=lambda e: type(e).__name__,
)
def test_every_politrickers_play_is_a_checkpoint(event: Event) -> None:
    """Face up, face down (it shows a void) or Migration (it shows the card was held): all are seen."""
    assert politrickers.TAKEBACKS.checkpoint(event)


def test_a_politrickers_deal_and_the_end_are_final_and_a_deal_opens_a_round() -> None:
    """Everyone has seen a new hand: a deal is never taken back."""
    deal = RoundDealt(round_number=2, chair=Seat(0), parties=(), power_tokens=5, hands=(), leftovers=())
    assert politrickers.is_final(deal) and politrickers.opens_round(deal)
    assert politrickers.is_final(GameEnded(totals=(), final_round_vp=(), winners=()))
    assert not politrickers.is_final(CardPlayed(seat=Seat(0), card=3))
