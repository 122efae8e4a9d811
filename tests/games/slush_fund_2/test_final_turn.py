"""Game end: drawing the final 3 cards starts the final turn, played one card at a time."""

from __future__ import annotations

from domain.games.slush_fund_2.commands import DrawCards, PlayJournalist, PlayMoneyCard, StashInSlushFund
from domain.games.slush_fund_2.events import (
    CardsDrawn,
    CardStashed,
    FinalTurnBegan,
    GameEnded,
    MoneyCardPlayed,
    TurnPassed,
)
from domain.games.slush_fund_2.rules.scoring import score
from domain.games.slush_fund_2.state import Over
from tests.support.scenario import Given

from .conftest import (
    BLUE,
    GOVERNOR,
    JOURNALIST,
    MAYOR,
    RED,
    SENATOR,
    blue,
    drawn,
    red,
    run_down,
    state_of,
    table,
    turn,
)

RED_LAST = (red(4), red(3, 4), red(JOURNALIST))
BLUE_LAST = (blue(4), blue(3, 4), blue(2, 6))


def _final_turn() -> Given:
    scenario = run_down(run_down(table(), RED, *RED_LAST), BLUE, *BLUE_LAST).folded(turn(RED))
    return scenario.played((RED, DrawCards()))


def test_when_a_player_draws_the_final_3_cards_the_other_player_immediately_draws_3() -> None:
    """When a player draws the final 3 cards from his deck, the other player immediately draws 3."""
    scenario = run_down(run_down(table(), RED, *RED_LAST), BLUE, *BLUE_LAST).folded(turn(RED))
    first, red_draw, blue_draw = scenario.when(RED, DrawCards()).events
    assert first == FinalTurnBegan(seat=RED)
    assert isinstance(red_draw, CardsDrawn) and sorted(red_draw.cards) == sorted(RED_LAST)
    assert isinstance(blue_draw, CardsDrawn) and blue_draw.seat == BLUE
    assert sorted(blue_draw.cards) == sorted(BLUE_LAST)


def test_each_player_plays_1_card_at_a_time_starting_with_the_player_whose_turn_it_is() -> None:
    """Unlike a normal turn, each player plays 1 card at a time, starting with the player whose turn it is."""
    scenario = _final_turn()
    assert scenario.to_act() == {RED}
    scenario.when(RED, PlayMoneyCard(card=red(4), politician=GOVERNOR)).then(
        MoneyCardPlayed(seat=RED, card=red(4), politician=GOVERNOR, face_down=False), TurnPassed(seat=BLUE)
    )
    scenario.played((RED, PlayMoneyCard(card=red(4), politician=GOVERNOR)))
    assert scenario.to_act() == {BLUE}
    scenario.played((BLUE, PlayMoneyCard(card=blue(4), politician=GOVERNOR)))
    assert scenario.to_act() == {RED}


def test_the_final_turn_plays_every_drawn_card_and_stashes_none() -> None:
    """Ruling R14: in the final turn all 3 drawn cards are played; nothing goes to the slush fund."""
    scenario = _final_turn()
    assert not any(isinstance(c, StashInSlushFund) for c in scenario.legal(RED))
    scenario.when(RED, StashInSlushFund(card=red(4))).raises("rule/wrong_step")
    assert len(scenario.legal(RED)) == 5 * 2 + 5  # two money cards, a journalist


def test_after_each_player_has_played_all_3_cards_the_game_is_scored() -> None:
    """After each player has played all 3 cards, the game is scored."""
    scenario = _final_turn()
    moves = [
        (RED, PlayMoneyCard(card=red(4), politician=GOVERNOR)),
        (BLUE, PlayMoneyCard(card=blue(4), politician=SENATOR)),
        (RED, PlayMoneyCard(card=red(3, 4), politician=MAYOR)),
        (BLUE, PlayMoneyCard(card=blue(3, 4), politician=MAYOR)),
        (RED, PlayJournalist(card=red(JOURNALIST), politician=SENATOR)),
    ]
    scenario.played(*moves)
    result = scenario.when(BLUE, PlayMoneyCard(card=blue(2, 6), politician=GOVERNOR))
    assert result.events[-1] == GameEnded()
    assert isinstance(state_of(result).step, Over)
    outcome = result.game.outcome(result.state)
    assert outcome.scores == (7, 4) and outcome.winners == (0,)  # Governor 7 to Red; Senator 6-1=4 to Blue
    assert result.game.to_act(result.state) == frozenset()


def test_the_slush_fund_is_left_as_it_is_and_scores_nothing() -> None:
    """Ruling R14: cards still in the slush fund at the end belong to nobody and score nothing."""
    scenario = run_down(run_down(table(), RED, *RED_LAST, red(1, 5)), BLUE, *BLUE_LAST).folded(
        drawn(RED, red(1, 5)), CardStashed(seat=RED, card=red(1, 5)), turn(RED)
    )
    scenario.played((RED, DrawCards()))
    assert state_of(scenario).slush == (red(1, 5),)
    for seat, card, politician in zip(
        (RED, BLUE, RED, BLUE, RED, BLUE),
        (red(4), blue(4), red(3, 4), blue(3, 4), red(JOURNALIST), blue(2, 6)),
        (GOVERNOR, GOVERNOR, MAYOR, MAYOR, SENATOR, SENATOR),
        strict=True,
    ):
        command = PlayJournalist(card=card, politician=politician) if card == red(JOURNALIST) else None
        scenario.played((seat, command or PlayMoneyCard(card=card, politician=politician)))
    assert state_of(scenario).slush == (red(1, 5),)
    sheet = score(state_of(scenario))
    assert sheet.totals == ((4, 0, 3, 0, 0), (4, 2, 3, 0, 0))
