"""Paying off the journalist, and what the book says of power cards in general."""

from __future__ import annotations

from domain.games.slush_fund_2.commands import (
    DiscardPowerCard,
    PayOffJournalist,
    PlayJournalist,
    PlayMoneyCard,
    PlaySpy,
)
from domain.games.slush_fund_2.events import (
    ContributionDiscarded,
    JournalistPaidOff,
    JournalistPlayed,
    PowerCardDiscarded,
    TurnPassed,
)

from .conftest import (
    BLUE,
    GOVERNOR,
    HACKER,
    JOURNALIST,
    MAYOR,
    RED,
    SENATOR,
    SPY,
    blue,
    drawn,
    holding,
    placed,
    red,
    state_of,
)

SCANDAL = (
    drawn(BLUE, blue(JOURNALIST), blue(JOURNALIST, 1)),
    JournalistPlayed(seat=BLUE, card=blue(JOURNALIST), politician=MAYOR),
    JournalistPlayed(seat=BLUE, card=blue(JOURNALIST, 1), politician=MAYOR),
    *placed(RED, MAYOR, red(3), red(2, 1)),
    *placed(RED, MAYOR, red(1, 1), face_down=True),
)


def test_pay_off_a_journalist_with_a_power_card_unused_and_a_legal_contribution_there() -> None:
    """Play a power card without its power and discard a legal contribution on that politician."""
    scenario = holding(red(HACKER), red(1), before=SCANDAL)
    command = PayOffJournalist(card=red(HACKER), politician=MAYOR, slot=1)
    assert command in scenario.legal(RED)
    result = scenario.when(RED, command).then(
        ContributionDiscarded(seat=RED, politician=MAYOR, slot=1, card=red(2, 1)),
        JournalistPaidOff(seat=RED, card=red(HACKER), politician=MAYOR, journalist=blue(JOURNALIST, 1)),
    )
    after = state_of(result)
    assert after.journalists[MAYOR] == (blue(JOURNALIST),)
    assert sorted(after.discard) == sorted((red(2, 1), red(HACKER), blue(JOURNALIST, 1)))


def test_paying_off_needs_a_legal_contribution_on_that_politician() -> None:
    """The money discarded must be one of your legal contributions on that politician."""
    scenario = holding(red(HACKER), red(1), before=(*SCANDAL, *placed(RED, SENATOR, red(3, 1))))
    scenario.when(RED, PayOffJournalist(card=red(HACKER), politician=MAYOR, slot=2)).raises(
        "rule/illegal_move"
    )
    scenario.when(RED, PayOffJournalist(card=red(HACKER), politician=SENATOR, slot=0)).raises(
        "rule/illegal_move"
    )
    scenario.when(RED, PayOffJournalist(card=red(1), politician=MAYOR, slot=0)).raises("rule/illegal_move")


def test_any_power_card_may_pay_off_and_the_last_placed_journalist_goes() -> None:
    """Ruling R13: any power card pays (a journalist too); the journalist placed last is removed."""
    scenario = holding(red(JOURNALIST), red(1), before=SCANDAL)
    scenario.when(RED, PayOffJournalist(card=red(JOURNALIST), politician=MAYOR, slot=0)).starts_with(
        ContributionDiscarded(seat=RED, politician=MAYOR, slot=0, card=red(3)),
        JournalistPaidOff(seat=RED, card=red(JOURNALIST), politician=MAYOR, journalist=blue(JOURNALIST, 1)),
    )


def test_play_power_cards_in_any_order_before_and_or_after_money_cards() -> None:
    """You may play power cards in any order, before and/or after money cards."""
    for order in ((red(JOURNALIST), red(1)), (red(1), red(JOURNALIST))):
        scenario = holding(red(JOURNALIST), red(1))
        for card in order:
            command = (
                PlayJournalist(card=card, politician=GOVERNOR)
                if card == red(JOURNALIST)
                else PlayMoneyCard(card=card, politician=GOVERNOR)
            )
            scenario.played((RED, command))
        assert state_of(scenario).turn == BLUE
        assert state_of(scenario).journalists[GOVERNOR] == (red(JOURNALIST),)


def test_a_power_card_with_no_target_may_be_discarded_unused_and_only_then() -> None:
    """Ruling R9: only a power card whose power has no target may be discarded unused."""
    scenario = holding(red(SPY), red(1))
    scenario.when(RED, DiscardPowerCard(card=red(SPY))).then(PowerCardDiscarded(seat=RED, card=red(SPY)))
    with_target = holding(red(SPY), red(1), before=placed(RED, GOVERNOR, red(3)))
    with_target.when(RED, DiscardPowerCard(card=red(SPY))).raises("rule/illegal_move")
    assert PlaySpy(card=red(SPY)) in with_target.legal(RED)


def test_paying_off_stays_possible_but_is_never_forced() -> None:
    """Ruling R9: a power card with no target may pay off a journalist, or be discarded unused."""
    scenario = holding(red(HACKER), red(1), before=SCANDAL)
    hacker_plays = [c for c in scenario.legal(RED) if getattr(c, "card", None) == red(HACKER)]
    assert hacker_plays == [
        DiscardPowerCard(card=red(HACKER)),
        PayOffJournalist(card=red(HACKER), politician=MAYOR, slot=0),
        PayOffJournalist(card=red(HACKER), politician=MAYOR, slot=1),
    ]
    scenario.played((RED, DiscardPowerCard(card=red(HACKER))))
    result = scenario.when(RED, PlayMoneyCard(card=red(1), politician=SENATOR))
    assert result.events[-1] == TurnPassed(seat=BLUE)
