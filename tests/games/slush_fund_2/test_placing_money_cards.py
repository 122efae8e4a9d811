"""Playing money cards: legal (face-up) and illegal (face-down) contributions, and the limits per side."""

from __future__ import annotations

import msgspec
from hypothesis import given as examples
from hypothesis import settings
from hypothesis import strategies as st

from domain.games.slush_fund_2.cards import MAX_SIDE
from domain.games.slush_fund_2.commands import ConcealContribution, PlayMoneyCard, PlaySpy, StashInSlushFund
from domain.games.slush_fund_2.events import ContributionDiscarded, MoneyCardPlayed, PowerCardPlayed
from domain.games.slush_fund_2.rules.placing import placement_refusal, placements
from domain.games.slush_fund_2.state import Contribution
from domain.games.slush_fund_2.views import HiddenContribution, SeenContribution
from domain.messages import Event
from tests.support.scenario import Given

from .conftest import (
    BLUE,
    COUNCILLOR,
    GOVERNOR,
    JUDGE,
    MAYOR,
    RED,
    SENATOR,
    SPY,
    blue,
    drawn,
    placed,
    red,
    state_of,
    table,
    turn,
)


def _holding(*cards: int, before: tuple[Event, ...] = ()) -> Given:
    """Red to play ``cards`` (a fourth card, Red's $4M, went to the slush fund)."""
    return table(*before, drawn(RED, *cards, red(4))).played((RED, StashInSlushFund(card=red(4))))


def play(card: int, politician: int, face_down: bool = False, discard: int | None = None) -> PlayMoneyCard:
    """Red's command to contribute ``card``."""
    return PlayMoneyCard(card=card, politician=politician, face_down=face_down, discard=discard)


def test_a_face_up_money_card_is_a_legal_contribution_a_face_down_one_is_illegal() -> None:
    """A face-up money card represents a legal contribution. A face-down money card is an illegal one."""
    scenario = _holding(red(1), red(2), before=(*placed(RED, GOVERNOR, red(3)), turn(RED)))
    scenario.played((RED, play(red(1), GOVERNOR, face_down=True)))
    side = state_of(scenario).sides[RED][GOVERNOR]
    assert [(c.card, c.face_down) for c in side] == [(red(3), False), (red(1), True)]
    seen = scenario.view(BLUE).players[RED].contributions[GOVERNOR]
    assert seen == (SeenContribution(card=red(3), face_down=False), HiddenContribution())


def test_contribute_to_any_politician() -> None:
    """Contribute to any politician."""
    scenario = _holding(red(1), red(2))
    legal = scenario.legal(RED)
    assert {c.politician for c in legal if c.card == red(1)} == {GOVERNOR, SENATOR, MAYOR, JUDGE, COUNCILLOR}


def test_if_no_money_cards_are_on_your_side_you_may_only_place_a_legal_contribution() -> None:
    """If no money cards are on your side of a politician, you may only place a legal contribution."""
    scenario = _holding(red(1), red(2))
    assert all(not c.face_down for c in scenario.legal(RED))
    scenario.when(RED, play(red(1), MAYOR, face_down=True)).raises("rule/illegal_move")
    scenario.when(RED, play(red(1), MAYOR)).then(
        MoneyCardPlayed(seat=RED, card=red(1), politician=MAYOR, face_down=False)
    )


def test_with_a_legal_and_no_illegal_contribution_you_may_place_1_illegal_contribution() -> None:
    """If a politician has at least one legal contribution and no illegal ones, you may place 1 illegal."""
    scenario = _holding(red(1), red(2), before=(*placed(RED, MAYOR, red(3)), turn(RED)))
    assert play(red(1), MAYOR, face_down=True) in scenario.legal(RED)
    scenario.when(RED, play(red(1), MAYOR, face_down=True)).then(
        MoneyCardPlayed(seat=RED, card=red(1), politician=MAYOR, face_down=True)
    )


def test_you_may_not_have_more_than_1_illegal_contribution_next_to_a_politician() -> None:
    """You may not have more than 1 illegal contribution next to a politician (without a power card)."""
    before = (*placed(RED, MAYOR, red(3)), *placed(RED, MAYOR, red(3, 1), face_down=True), turn(RED))
    scenario = _holding(red(1), red(2), before=before)
    assert play(red(1), MAYOR, face_down=True) not in scenario.legal(RED)
    scenario.when(RED, play(red(1), MAYOR, face_down=True)).raises("rule/illegal_move")


def test_illegal_contributions_beyond_1_come_only_from_a_spy_or_an_accountant() -> None:
    """Except by use of a power card: a spy may turn a second card face-down at the same politician."""
    before = (
        *placed(RED, MAYOR, red(3), red(2, 1)),
        *placed(RED, MAYOR, red(3, 1), face_down=True),
        turn(RED),
    )
    scenario = _holding(red(SPY), red(1), before=before)
    scenario.played((RED, PlaySpy(card=red(SPY))))
    scenario.played((RED, ConcealContribution(politician=MAYOR, slot=0)))
    assert [c.face_down for c in state_of(scenario).sides[RED][MAYOR]] == [True, False, True]


def test_you_may_not_have_more_than_5_total_cards_on_your_side_of_a_politician() -> None:
    """You may not have more than 5 total cards on your side of a politician."""
    before = (*placed(RED, JUDGE, red(1, 1), red(1, 2), red(1, 3), red(1, 4), red(1, 5)), turn(RED))
    scenario = _holding(red(1), red(2), before=before)
    scenario.when(RED, play(red(1), JUDGE)).raises("rule/illegal_move")
    assert all(c.discard is not None for c in scenario.legal(RED) if c.politician == JUDGE)


def test_you_may_remove_and_discard_a_money_card_to_make_room_for_a_new_one() -> None:
    """You may remove and discard a money card to make room for a new one."""
    before = (*placed(RED, JUDGE, red(1, 1), red(1, 2), red(1, 3), red(1, 4), red(1, 5)), turn(RED))
    scenario = _holding(red(3), red(2), before=before)
    result = scenario.when(RED, play(red(3), JUDGE, discard=2)).then(
        ContributionDiscarded(seat=RED, politician=JUDGE, slot=2, card=red(1, 3)),
        MoneyCardPlayed(seat=RED, card=red(3), politician=JUDGE, face_down=False),
    )
    after = state_of(result)
    assert [c.card for c in after.sides[RED][JUDGE]] == [red(1, 1), red(1, 2), red(1, 4), red(1, 5), red(3)]
    assert after.discard == (red(1, 3),)


def test_a_money_card_is_discarded_to_make_room_only_when_the_side_holds_5_cards() -> None:
    """Ruling R8: discarding to make room is allowed only when the side already holds five cards."""
    scenario = _holding(red(3), red(2), before=(*placed(RED, JUDGE, red(1, 1)), turn(RED)))
    assert all(c.discard is None for c in scenario.legal(RED))
    scenario.when(RED, play(red(3), JUDGE, discard=0)).raises("rule/illegal_move")


def test_after_a_discard_the_placement_rules_apply_to_the_side_without_it() -> None:
    """Ruling R8: discarding the illegal card of a full side makes room for a new illegal one."""
    legal = (red(1, 1), red(1, 2), red(1, 3), red(1, 4))
    before = (*placed(RED, JUDGE, *legal), *placed(RED, JUDGE, red(2, 1), face_down=True), turn(RED))
    scenario = _holding(red(3), red(2), before=before)
    scenario.when(RED, play(red(3), JUDGE, face_down=True, discard=0)).raises("rule/illegal_move")
    result = scenario.when(RED, play(red(3), JUDGE, face_down=True, discard=4))
    result.then(
        ContributionDiscarded(seat=RED, politician=JUDGE, slot=4, card=red(2, 1), secret=True),
        MoneyCardPlayed(seat=RED, card=red(3), politician=JUDGE, face_down=True),
    )


def test_play_money_cards_in_any_order() -> None:
    """Play money cards in any order."""
    first = _holding(red(1), red(2))
    second = _holding(red(1), red(2))
    first.played((RED, play(red(1), GOVERNOR)), (RED, play(red(2), GOVERNOR)))
    second.played((RED, play(red(2), GOVERNOR)), (RED, play(red(1), GOVERNOR)))
    assert state_of(first).turn == state_of(second).turn == BLUE


def test_play_money_cards_before_and_or_after_power_cards() -> None:
    """Play money cards before and/or after power cards."""
    before = (*placed(BLUE, GOVERNOR, blue(3)), *placed(BLUE, GOVERNOR, blue(1), face_down=True), turn(RED))
    money_first = _holding(red(SPY), red(2), before=before)
    money_first.played((RED, play(red(2), GOVERNOR)))
    money_first.when(RED, PlaySpy(card=red(SPY))).then(PowerCardPlayed(seat=RED, card=red(SPY)))
    power_first = _holding(red(SPY), red(2), before=before)
    power_first.when(RED, PlaySpy(card=red(SPY))).then(PowerCardPlayed(seat=RED, card=red(SPY)))


def test_face_down_cards_can_be_easily_counted() -> None:
    """Play face-down cards so they can be easily counted: others see how many, never which."""
    before = (*placed(BLUE, SENATOR, blue(3)), *placed(BLUE, SENATOR, blue(4), face_down=True), turn(RED))
    scenario = table(*before)
    for viewer in (RED,):
        seen = scenario.view(viewer).players[BLUE].contributions[SENATOR]
        assert seen == (SeenContribution(card=blue(3), face_down=False), HiddenContribution())
    own = scenario.view(BLUE).players[BLUE].contributions[SENATOR]
    assert own[1] == SeenContribution(card=blue(4), face_down=True)


@settings(max_examples=200, deadline=None)
@examples(st.lists(st.booleans(), max_size=5), st.integers(min_value=1, max_value=30))
def test_the_places_a_money_card_may_go_are_exactly_those_the_placement_rules_allow(
    downs: list[bool], card: int
) -> None:
    """What the legal list offers for a side (remembered by its face-down pattern) is, in order,
    every (discard, face down) that ``placement_refusal`` lets through for that very side."""
    side = tuple(Contribution(card=card + n, face_down=down) for n, down in enumerate(downs))
    discards: tuple[int | None, ...] = tuple(range(MAX_SIDE)) if len(side) >= MAX_SIDE else (None,)
    allowed = [
        (discard, face_down)
        for discard in discards
        for face_down in (False, True)
        if placement_refusal(side, face_down, discard) is None
    ]
    opened = msgspec.structs.replace(state_of(table()), sides=((side, (), (), (), ()), ((),) * 5))
    offered = [(discard, down) for politician, discard, down in placements(opened, 0) if politician == 0]
    assert offered == allowed
