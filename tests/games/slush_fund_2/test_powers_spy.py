"""Spy: reveal one of the opponent's illegal contributions and make one of your legal ones illegal."""

from __future__ import annotations

from domain.games.slush_fund_2.commands import (
    ConcealContribution,
    DiscardPowerCard,
    PlaySpy,
    RevealContribution,
)
from domain.games.slush_fund_2.events import (
    ContributionConcealed,
    ContributionRevealed,
    PowerCardFinished,
    PowerCardPlayed,
)
from domain.games.slush_fund_2.views import SeenContribution

from .conftest import BLUE, GOVERNOR, MAYOR, RED, SENATOR, SPY, blue, holding, placed, red, state_of

BLUE_HIDES = (*placed(BLUE, SENATOR, blue(3)), *placed(BLUE, SENATOR, blue(4), face_down=True))
RED_SHOWS = placed(RED, GOVERNOR, red(3), red(2, 1))


def test_the_spy_reveals_one_illegal_contribution_and_conceals_one_legal_contribution() -> None:
    """Spy: turn one of the opponent's face-down cards face-up, and one of your legal cards face-down."""
    scenario = holding(red(SPY), red(1), before=(*BLUE_HIDES, *RED_SHOWS))
    scenario.when(RED, PlaySpy(card=red(SPY))).then(PowerCardPlayed(seat=RED, card=red(SPY)))
    scenario.played((RED, PlaySpy(card=red(SPY))))
    assert scenario.legal(RED) == [RevealContribution(politician=SENATOR, slot=1)]
    scenario.played((RED, RevealContribution(politician=SENATOR, slot=1)))
    assert scenario.legal(RED) == [
        ConcealContribution(politician=GOVERNOR, slot=0),
        ConcealContribution(politician=GOVERNOR, slot=1),
    ]
    scenario.when(RED, ConcealContribution(politician=GOVERNOR, slot=1)).then(
        ContributionConcealed(seat=RED, politician=GOVERNOR, slot=1, card=red(2, 1)),
        PowerCardFinished(seat=RED),
    )


def test_after_use_the_spy_is_discarded() -> None:
    """After a power card is played, discard it from the game."""
    scenario = holding(red(SPY), red(1), before=(*BLUE_HIDES, *RED_SHOWS))
    scenario.played((RED, PlaySpy(card=red(SPY))))
    assert state_of(scenario).discard == (red(SPY),)
    assert red(SPY) not in state_of(scenario).hands[RED]


def test_a_revealed_contribution_is_legal_from_then_on() -> None:
    """Ruling R10: a revealed card is face-up, a legal contribution, and everyone sees its value."""
    scenario = holding(red(SPY), red(1), before=(*BLUE_HIDES, *RED_SHOWS))
    scenario.played((RED, PlaySpy(card=red(SPY))))
    scenario.when(RED, RevealContribution(politician=SENATOR, slot=1)).then(
        ContributionRevealed(seat=RED, politician=SENATOR, slot=1)
    )
    scenario.played((RED, RevealContribution(politician=SENATOR, slot=1)))
    assert not state_of(scenario).sides[BLUE][SENATOR][1].face_down
    assert scenario.view(RED).players[BLUE].contributions[SENATOR][1] == SeenContribution(
        card=blue(4), face_down=False
    )


def test_with_the_spy_you_may_have_more_than_1_illegal_contribution_at_a_politician() -> None:
    """By use of the spy, you may have more than 1 illegal contribution at a politician."""
    before = (*placed(RED, MAYOR, red(3), red(2, 1)), *placed(RED, MAYOR, red(3, 1), face_down=True))
    scenario = holding(red(SPY), red(1), before=before)
    scenario.played((RED, PlaySpy(card=red(SPY))), (RED, ConcealContribution(politician=MAYOR, slot=1)))
    assert [c.face_down for c in state_of(scenario).sides[RED][MAYOR]] == [False, True, True]


def test_a_spy_with_nothing_to_reveal_goes_straight_to_concealing() -> None:
    """Ruling R10: a half without a target is skipped; with nothing to reveal the spy only conceals."""
    scenario = holding(red(SPY), red(1), before=RED_SHOWS)
    scenario.played((RED, PlaySpy(card=red(SPY))))
    assert all(isinstance(c, ConcealContribution) for c in scenario.legal(RED))
    scenario.when(RED, RevealContribution(politician=GOVERNOR, slot=0)).raises("rule/wrong_step")


def test_a_spy_with_nothing_to_conceal_ends_after_revealing() -> None:
    """Ruling R10: with no legal contribution of your own, the spy ends after revealing."""
    scenario = holding(red(SPY), red(1), before=BLUE_HIDES)
    scenario.played((RED, PlaySpy(card=red(SPY))))
    scenario.when(RED, RevealContribution(politician=SENATOR, slot=1)).then(
        ContributionRevealed(seat=RED, politician=SENATOR, slot=1), PowerCardFinished(seat=RED)
    )


def test_a_spy_with_nothing_to_reveal_or_conceal_may_only_be_discarded_unused() -> None:
    """Rulings R9/R10: a spy with no target cannot be played for its power, only discarded unused."""
    scenario = holding(red(SPY), red(1))
    assert PlaySpy(card=red(SPY)) not in scenario.legal(RED)
    assert DiscardPowerCard(card=red(SPY)) in scenario.legal(RED)
    scenario.when(RED, PlaySpy(card=red(SPY))).raises("rule/illegal_move")


def test_the_spy_cannot_reveal_a_face_up_card_or_conceal_a_face_down_one() -> None:
    """Reveal only illegal contributions; conceal only legal ones."""
    scenario = holding(red(SPY), red(1), before=(*BLUE_HIDES, *RED_SHOWS))
    scenario.played((RED, PlaySpy(card=red(SPY))))
    scenario.when(RED, RevealContribution(politician=SENATOR, slot=0)).raises("rule/illegal_move")
    scenario.played((RED, RevealContribution(politician=SENATOR, slot=1)))
    scenario.when(RED, ConcealContribution(politician=SENATOR, slot=0)).raises("rule/illegal_move")


def test_a_concealed_card_stays_known_to_the_opponent() -> None:
    """Ruling R10: the opponent saw the card turned face-down, so its value stays visible to them."""
    scenario = holding(red(SPY), red(1), before=RED_SHOWS)
    scenario.played((RED, PlaySpy(card=red(SPY))), (RED, ConcealContribution(politician=GOVERNOR, slot=0)))
    seen = scenario.view(BLUE).players[RED].contributions[GOVERNOR][0]
    assert seen == SeenContribution(card=red(3), face_down=True)
