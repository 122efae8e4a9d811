"""Accountant: pick up any 2 of your contributions and move them, together or apart."""

from __future__ import annotations

from domain.games.slush_fund_2.commands import DiscardPowerCard, MoveContribution, PlayAccountant
from domain.games.slush_fund_2.events import ContributionMoved, PowerCardFinished, PowerCardPlayed, TurnPassed

from .conftest import (
    ACCOUNTANT,
    BLUE,
    COUNCILLOR,
    GOVERNOR,
    JUDGE,
    MAYOR,
    RED,
    SENATOR,
    holding,
    placed,
    red,
    state_of,
)

RED_SIDES = (
    *placed(RED, GOVERNOR, red(3), red(2, 1)),
    *placed(RED, GOVERNOR, red(1, 1), face_down=True),
    *placed(RED, SENATOR, red(3, 1)),
)


def _cards(scenario: object, politician: int) -> list[tuple[int, bool]]:
    return [(c.card, c.face_down) for c in state_of(scenario).sides[RED][politician]]


def test_the_accountant_moves_2_contributions_to_1_politician() -> None:
    """Pick up any 2 of your contributions and place them together at 1 politician."""
    scenario = holding(red(ACCOUNTANT), red(1), before=RED_SIDES)
    scenario.when(RED, PlayAccountant(card=red(ACCOUNTANT))).then(
        PowerCardPlayed(seat=RED, card=red(ACCOUNTANT))
    )
    scenario.played((RED, PlayAccountant(card=red(ACCOUNTANT))))
    scenario.when(RED, MoveContribution(politician=GOVERNOR, slot=0, to=MAYOR)).then(
        ContributionMoved(seat=RED, politician=GOVERNOR, slot=0, to=MAYOR)
    )
    scenario.played((RED, MoveContribution(politician=GOVERNOR, slot=0, to=MAYOR)))
    scenario.when(RED, MoveContribution(politician=SENATOR, slot=0, to=MAYOR)).then(
        ContributionMoved(seat=RED, politician=SENATOR, slot=0, to=MAYOR), PowerCardFinished(seat=RED)
    )
    scenario.played((RED, MoveContribution(politician=SENATOR, slot=0, to=MAYOR)))
    assert _cards(scenario, MAYOR) == [(red(3), False), (red(3, 1), False)]
    assert state_of(scenario).discard[-1] == red(ACCOUNTANT)


def test_the_accountant_moves_2_contributions_separately_to_different_politicians() -> None:
    """... or place them separately at different politicians."""
    scenario = holding(red(ACCOUNTANT), before=RED_SIDES)
    scenario.played(
        (RED, PlayAccountant(card=red(ACCOUNTANT))),
        (RED, MoveContribution(politician=GOVERNOR, slot=0, to=MAYOR)),
    )
    scenario.when(RED, MoveContribution(politician=GOVERNOR, slot=0, to=JUDGE)).then(
        ContributionMoved(seat=RED, politician=GOVERNOR, slot=0, to=JUDGE),
        PowerCardFinished(seat=RED),
        TurnPassed(seat=BLUE),
    )


def test_legal_contributions_remain_legal_and_illegal_contributions_remain_illegal() -> None:
    """Legal contributions remain legal and illegal contributions remain illegal."""
    scenario = holding(red(ACCOUNTANT), red(1), before=RED_SIDES)
    scenario.played(
        (RED, PlayAccountant(card=red(ACCOUNTANT))),
        (RED, MoveContribution(politician=GOVERNOR, slot=2, to=SENATOR)),
        (RED, MoveContribution(politician=GOVERNOR, slot=0, to=SENATOR)),
    )
    assert _cards(scenario, SENATOR) == [(red(3, 1), False), (red(1, 1), True), (red(3), False)]


def test_with_the_accountant_you_may_have_more_than_1_illegal_contribution_at_a_politician() -> None:
    """By use of the accountant, you may have more than 1 illegal contribution at a politician."""
    before = (*RED_SIDES, *placed(RED, SENATOR, red(1, 2), face_down=True))
    scenario = holding(red(ACCOUNTANT), red(1), before=before)
    scenario.played(
        (RED, PlayAccountant(card=red(ACCOUNTANT))),
        (RED, MoveContribution(politician=GOVERNOR, slot=2, to=SENATOR)),
    )
    assert [face_down for _, face_down in _cards(scenario, SENATOR)] == [False, True, True]


def test_an_accountant_move_keeps_the_five_card_limit() -> None:
    """Ruling R11: a move may not put a sixth card on a side."""
    full = placed(RED, COUNCILLOR, red(1, 2), red(1, 3), red(1, 4), red(1, 5), red(2, 2))
    scenario = holding(red(ACCOUNTANT), red(1), before=(*RED_SIDES, *full))
    scenario.played((RED, PlayAccountant(card=red(ACCOUNTANT))))
    assert all(c.to != COUNCILLOR for c in scenario.legal(RED))
    scenario.when(RED, MoveContribution(politician=GOVERNOR, slot=0, to=COUNCILLOR)).raises(
        "rule/illegal_move"
    )


def test_an_accountant_moves_an_illegal_card_only_beside_a_legal_one() -> None:
    """Ruling R11: the legal-first rule holds; an illegal card may not move to a side with no legal card."""
    scenario = holding(red(ACCOUNTANT), red(1), before=RED_SIDES)
    scenario.played((RED, PlayAccountant(card=red(ACCOUNTANT))))
    scenario.when(RED, MoveContribution(politician=GOVERNOR, slot=2, to=MAYOR)).raises("rule/illegal_move")
    scenario.played((RED, MoveContribution(politician=GOVERNOR, slot=0, to=MAYOR)))
    scenario.when(RED, MoveContribution(politician=GOVERNOR, slot=1, to=MAYOR)).starts_with(
        ContributionMoved(seat=RED, politician=GOVERNOR, slot=1, to=MAYOR)
    )


def test_the_accountant_moves_two_different_cards_each_to_another_politician() -> None:
    """Ruling R11: two different cards; a card cannot stay where it is or move twice."""
    scenario = holding(red(ACCOUNTANT), red(1), before=RED_SIDES)
    scenario.played((RED, PlayAccountant(card=red(ACCOUNTANT))))
    scenario.when(RED, MoveContribution(politician=GOVERNOR, slot=0, to=GOVERNOR)).raises("rule/illegal_move")
    scenario.played((RED, MoveContribution(politician=SENATOR, slot=0, to=MAYOR)))
    scenario.when(RED, MoveContribution(politician=MAYOR, slot=0, to=JUDGE)).raises("rule/illegal_move")


def test_an_accountant_with_a_single_possible_move_ends_after_it() -> None:
    """Ruling R11: the player must move two cards while moves remain; with one card, one move ends it."""
    scenario = holding(red(ACCOUNTANT), red(1), before=placed(RED, JUDGE, red(3)))
    scenario.played((RED, PlayAccountant(card=red(ACCOUNTANT))))
    scenario.when(RED, MoveContribution(politician=JUDGE, slot=0, to=MAYOR)).then(
        ContributionMoved(seat=RED, politician=JUDGE, slot=0, to=MAYOR), PowerCardFinished(seat=RED)
    )


def test_an_accountant_with_nothing_to_move_may_only_be_discarded_unused() -> None:
    """Ruling R9: with no contribution to move, the accountant is discarded unused."""
    scenario = holding(red(ACCOUNTANT), red(1))
    assert PlayAccountant(card=red(ACCOUNTANT)) not in scenario.legal(RED)
    scenario.when(RED, PlayAccountant(card=red(ACCOUNTANT))).raises("rule/illegal_move")
    assert DiscardPowerCard(card=red(ACCOUNTANT)) in scenario.legal(RED)
