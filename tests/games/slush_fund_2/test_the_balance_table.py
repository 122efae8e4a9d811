"""What ``backroom balance slush-fund-2`` counts as a card played: contributions and powers used."""

from __future__ import annotations

from domain.games.slush_fund_2.balance import cards, played
from domain.games.slush_fund_2.events import (
    CardsDrawn,
    ContributionsExchanged,
    JournalistPaidOff,
    JournalistPlayed,
    MoneyCardPlayed,
    PowerCardDiscarded,
    PowerCardPlayed,
)

RED_1M, RED_HACKER, RED_SPY, RED_JOURNALIST, BLUE_4M = 0, 20, 24, 27, 49


def test_a_contribution_face_up_or_down_plays_its_money_card() -> None:
    """A money card placed face down is played all the same."""
    assert played(MoneyCardPlayed(seat=0, card=RED_1M, politician=2, face_down=True)) == ("Red $1M",)
    assert played(MoneyCardPlayed(seat=1, card=BLUE_4M, politician=0, face_down=False)) == ("Blue $4M",)


def test_a_power_used_or_spent_on_a_pay_off_is_played_and_one_discarded_is_not() -> None:
    """Spy, hacker, journalist and pay-off count; a power card discarded for want of a target does not."""
    assert played(PowerCardPlayed(seat=0, card=RED_SPY)) == ("Red spy",)
    exchange = ContributionsExchanged(
        seat=0, hacker=RED_HACKER, politician=1, slot=0, opponent_slot=0, given=RED_1M, taken=BLUE_4M
    )
    assert played(exchange) == ("Red hacker",)
    assert played(JournalistPlayed(seat=0, card=RED_JOURNALIST, politician=3)) == ("Red journalist",)
    assert played(JournalistPaidOff(seat=0, card=RED_SPY, politician=3, journalist=57)) == ("Red spy",)
    assert played(PowerCardDiscarded(seat=0, card=RED_SPY)) == ()
    assert played(CardsDrawn(seat=0, cards=(RED_1M,))) == ()


def test_copies_share_a_name_in_the_card_list() -> None:
    """Sixty cards, sixteen names: each colour's four values and four powers."""
    assert len(cards(2)) == 60 and len(set(cards(2))) == 16
