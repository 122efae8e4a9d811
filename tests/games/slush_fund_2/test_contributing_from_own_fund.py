"""Taking turns, and option 1: draw 3, put 1 face-down into the slush fund, play the other 2."""

from __future__ import annotations

from domain.games.slush_fund_2.commands import (
    DrawCards,
    ExamineSlushFund,
    PlayMoneyCard,
    StashInSlushFund,
)
from domain.games.slush_fund_2.events import CardsDrawn, CardStashed, MoneyCardPlayed, TurnPassed
from tests.support.scenario import given

from .conftest import BLUE, GAME, GOVERNOR, MAYOR, RED, SENATOR, blue, drawn, opening, red, state_of, table


def test_players_alternate_turns_beginning_with_the_starting_player() -> None:
    """Players alternate turns beginning with the starting player."""
    assert given(GAME, opening(BLUE)).to_act() == {BLUE}
    scenario = table(drawn(RED, red(1), red(2), red(3)))
    scenario.played(
        (RED, StashInSlushFund(card=red(3))), (RED, PlayMoneyCard(card=red(1), politician=GOVERNOR))
    )
    assert scenario.to_act() == {RED}
    scenario.when(RED, PlayMoneyCard(card=red(2), politician=SENATOR)).then(
        MoneyCardPlayed(seat=RED, card=red(2), politician=SENATOR, face_down=False), TurnPassed(seat=BLUE)
    )


def test_on_a_turn_choose_1_of_2_options() -> None:
    """On a turn, choose 1 of 2 options: contribute from own fund, or from the slush fund."""
    assert table().legal(RED) == [DrawCards()]
    assert table().legal(BLUE) == []
    stocked = table().adjusted(slush=(blue(1), blue(2), blue(3)))
    assert stocked.legal(RED) == [DrawCards(), ExamineSlushFund()]


def test_option_1_draw_3_cards_from_your_own_deck() -> None:
    """Option 1: draw 3 cards from your own deck."""
    result = table().when(RED, DrawCards(), seed=4)
    (event,) = result.events
    assert isinstance(event, CardsDrawn) and event.seat == RED and len(event.cards) == 3
    assert all(card < 30 for card in event.cards)
    after = state_of(result)
    assert after.hands[RED] == tuple(sorted(event.cards)) and after.decks[RED].count == 27


def test_choose_1_of_them_to_put_face_down_into_the_slush_fund() -> None:
    """Choose 1 of the drawn cards to put face-down into the slush fund."""
    scenario = table(drawn(RED, red(1), red(2), red(3)))
    assert set(scenario.legal(RED)) == {StashInSlushFund(card=c) for c in (red(1), red(2), red(3))}
    result = scenario.when(RED, StashInSlushFund(card=red(3))).then(CardStashed(seat=RED, card=red(3)))
    assert state_of(result).slush == (red(3),)
    assert state_of(result).discard == ()  # not to be confused with the discard pile
    scenario.when(RED, StashInSlushFund(card=blue(3))).raises("rule/card_not_in_hand")


def test_after_putting_a_card_in_the_slush_fund_play_the_other_2_cards() -> None:
    """After putting a card in the slush fund, play the other 2 cards (not before)."""
    scenario = table(drawn(RED, red(1), red(2), red(3)))
    scenario.when(RED, PlayMoneyCard(card=red(1), politician=GOVERNOR)).raises("rule/wrong_step")
    scenario.played((RED, StashInSlushFund(card=red(3))))
    assert {c.card for c in scenario.legal(RED)} == {red(1), red(2)}  # type: ignore[attr-defined]
    scenario.played((RED, PlayMoneyCard(card=red(1), politician=GOVERNOR)))
    scenario.when(RED, PlayMoneyCard(card=red(2), politician=MAYOR)).then(
        MoneyCardPlayed(seat=RED, card=red(2), politician=MAYOR, face_down=False), TurnPassed(seat=BLUE)
    )


def test_the_slush_fund_grows_each_time_a_player_takes_option_1() -> None:
    """The slush fund is a common face-down pile that grows each time a player takes option 1."""
    scenario = table(drawn(RED, red(1), red(2), red(3)))
    scenario.played(
        (RED, StashInSlushFund(card=red(3))),
        (RED, PlayMoneyCard(card=red(1), politician=GOVERNOR)),
        (RED, PlayMoneyCard(card=red(2), politician=GOVERNOR)),
    )
    scenario.folded(drawn(BLUE, blue(1), blue(2), blue(3)))
    scenario.played((BLUE, StashInSlushFund(card=blue(2))))
    assert state_of(scenario).slush == (red(3), blue(2))
    assert scenario.view(RED).slush_fund.count == 2
