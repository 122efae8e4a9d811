"""The recall rule: shuffle the drawn cards back and draw 3 new ones, for one legal contribution."""

from __future__ import annotations

from domain.games.slush_fund_2.commands import DrawCards, Recall, StashInSlushFund
from domain.games.slush_fund_2.events import CardsDrawn, ContributionDiscarded, DrawnCardsShuffledBack

from .conftest import GOVERNOR, RED, SENATOR, drawn, placed, red, run_down, state_of, table, turn

BOUGHT = (*placed(RED, GOVERNOR, red(3), red(2, 1)), *placed(RED, SENATOR, red(1, 1), face_down=True))
HAND = (red(1, 2), red(1, 3), red(1, 4))


def test_recall_shuffles_the_drawn_cards_back_and_draws_3_new_for_a_legal_contribution() -> None:
    """When taking option 1, you may shuffle the drawn cards back and draw 3 new, discarding a legal one."""
    scenario = table(*BOUGHT, turn(RED), drawn(RED, *HAND))
    assert set(c for c in scenario.legal(RED) if isinstance(c, Recall)) == {
        Recall(politician=GOVERNOR, slot=0),
        Recall(politician=GOVERNOR, slot=1),
    }
    result = scenario.when(RED, Recall(politician=GOVERNOR, slot=1), seed=3)
    discarded, shuffled, new = result.events
    assert discarded == ContributionDiscarded(seat=RED, politician=GOVERNOR, slot=1, card=red(2, 1))
    assert shuffled == DrawnCardsShuffledBack(seat=RED, cards=HAND)
    assert isinstance(new, CardsDrawn) and new.seat == RED and len(new.cards) == 3
    after = state_of(result)
    assert after.decks[RED].count == state_of(scenario).decks[RED].count
    assert after.hands[RED] == tuple(sorted(new.cards))
    assert after.discard == (red(2, 1),)


def test_recall_costs_a_legal_contribution_not_an_illegal_one() -> None:
    """To recall you must discard any 1 of your legal contributions (an illegal one will not do)."""
    scenario = table(*BOUGHT, turn(RED), drawn(RED, *HAND))
    scenario.when(RED, Recall(politician=SENATOR, slot=0)).raises("rule/illegal_move")
    bare = table(drawn(RED, *HAND))
    assert not any(isinstance(c, Recall) for c in bare.legal(RED))
    bare.when(RED, Recall(politician=GOVERNOR, slot=0)).raises("rule/illegal_move")


def test_recall_comes_right_after_drawing_and_may_be_repeated() -> None:
    """Ruling R7: recall before stashing; it may be repeated, each time for another legal contribution."""
    scenario = table(*BOUGHT, turn(RED), drawn(RED, *HAND))
    scenario.played((RED, Recall(politician=GOVERNOR, slot=0)))
    assert Recall(politician=GOVERNOR, slot=0) in scenario.legal(RED)
    scenario.played((RED, Recall(politician=GOVERNOR, slot=0)))
    assert not any(isinstance(c, Recall) for c in scenario.legal(RED))
    stashed = table(*BOUGHT, turn(RED), drawn(RED, *HAND)).played((RED, StashInSlushFund(card=HAND[0])))
    stashed.when(RED, Recall(politician=GOVERNOR, slot=0)).raises("rule/wrong_step")


def test_the_recall_rule_may_not_be_used_during_the_final_turn() -> None:
    """The recall rule may not be used during the final turn of the game."""
    last = (red(4), red(3, 4), red(3, 5))
    scenario = run_down(table(*BOUGHT), RED, *last)
    scenario.folded(turn(RED))
    result = scenario.when(RED, DrawCards())
    assert state_of(result).final and state_of(result).hands[RED] == tuple(sorted(last))
    assert not any(isinstance(c, Recall) for c in result.legal(RED))
    scenario.played((RED, DrawCards()))
    scenario.when(RED, Recall(politician=GOVERNOR, slot=0)).raises("rule/wrong_step")
