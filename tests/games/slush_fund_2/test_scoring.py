"""Scoring: politicians' values, journalists, most money, ties, the deck penalty and the tie-break."""

from __future__ import annotations

from domain.chance import Context
from domain.games.slush_fund_2.events import GameEnded, JournalistPlayed
from domain.games.slush_fund_2.rules import SlushFundOptions
from domain.games.slush_fund_2.rules.scoring import HIGHER_BASE, SHARED, score
from domain.messages import Event
from domain.referee import start
from tests.support.scenario import Given

from .conftest import (
    BLUE,
    COUNCILLOR,
    GAME,
    GOVERNOR,
    JOURNALIST,
    JUDGE,
    MAYOR,
    RED,
    SENATOR,
    blue,
    drawn,
    placed,
    red,
    run_down,
    state_of,
    table,
)


def _journalists(politician: int, count: int) -> list[Event]:
    cards = [red(JOURNALIST, n) for n in range(count)]
    return [drawn(RED, *cards), *(JournalistPlayed(seat=RED, card=c, politician=politician) for c in cards)]


def _ended(*events: Event, empty_decks: bool = True) -> Given:
    scenario = table(*events)
    if empty_decks:
        run_down(run_down(scenario, RED), BLUE)
    return scenario.folded(GameEnded())


def test_each_politician_is_worth_its_base_value_the_highest_of_its_3_numbers() -> None:
    """Each politician is worth a base number of VPs, the highest of the 3 numbers on the card."""
    scenario = _ended(*placed(RED, GOVERNOR, red(1)), *placed(BLUE, COUNCILLOR, blue(1)))
    sheet = score(state_of(scenario))
    assert sheet.worth == (7, 6, 5, 4, 3)
    assert sheet.scores == (7, 3)


def test_each_journalist_reduces_the_value_to_the_next_value() -> None:
    """For each journalist played under a politician, the value is reduced to the next value."""
    one = score(state_of(_ended(*_journalists(GOVERNOR, 1))))
    two = score(state_of(_ended(*_journalists(GOVERNOR, 2))))
    assert one.worth[GOVERNOR] == 4 and two.worth[GOVERNOR] == 2


def test_a_politician_with_3_journalists_is_worth_0() -> None:
    """If a politician has 3 journalists, its value is 0."""
    sheet = score(state_of(_ended(*_journalists(GOVERNOR, 3), *placed(RED, GOVERNOR, red(4)))))
    assert sheet.worth[GOVERNOR] == 0 and sheet.won[GOVERNOR] == RED and sheet.scores == (0, 0)


def test_players_add_up_their_legal_and_illegal_contributions() -> None:
    """For each politician, the players add up their contributions (both legal and illegal)."""
    events = (
        *placed(RED, MAYOR, red(3)),
        *placed(RED, MAYOR, red(2), face_down=True),
        *placed(BLUE, MAYOR, blue(4)),
    )
    sheet = score(state_of(_ended(*events)))
    assert sheet.totals[RED][MAYOR] == 5 and sheet.totals[BLUE][MAYOR] == 4
    assert sheet.won[MAYOR] == RED


def test_the_player_with_the_most_money_scores_the_politicians_vps() -> None:
    """The player with the most money scores the VPs of that politician."""
    events = (*placed(RED, JUDGE, red(1)), *placed(BLUE, JUDGE, blue(2)), *placed(BLUE, SENATOR, blue(1)))
    sheet = score(state_of(_ended(*events)))
    assert sheet.won[JUDGE] == BLUE and sheet.scores == (0, 4 + 6)


def test_if_players_tie_no_one_wins_the_politicians_vps() -> None:
    """If players tie, no one wins the politician's VPs."""
    events = (*placed(RED, GOVERNOR, red(3)), *placed(BLUE, GOVERNOR, blue(1), blue(2)))
    sheet = score(state_of(_ended(*events)))
    assert sheet.won[GOVERNOR] is None and sheet.scores == (0, 0)


def test_a_player_with_cards_left_in_her_deck_deducts_1_vp_for_every_3_cards() -> None:
    """If a player has cards remaining in her deck, she deducts 1 VP for every 3 cards."""
    scenario = table(*placed(RED, GOVERNOR, red(1)), *placed(BLUE, SENATOR, blue(1)))
    run_down(scenario, RED)
    run_down(scenario, BLUE, *range(31, 37)).folded(GameEnded())
    sheet = score(state_of(scenario))
    assert sheet.penalties == (0, 2) and sheet.scores == (7, 6 - 2)


def test_the_player_with_the_most_vps_wins() -> None:
    """The player with the most VPs wins."""
    scenario = _ended(*placed(RED, GOVERNOR, red(1)), *placed(BLUE, SENATOR, blue(1)))
    outcome = GAME.outcome(scenario.state)
    assert outcome is not None
    assert outcome.scores == (7, 6) and outcome.winners == (RED,) and outcome.ranking == ((RED,), (BLUE,))


def test_if_tied_the_player_who_won_the_politician_with_the_higher_base_value_wins() -> None:
    """If tied, the player who won the politician with the higher base value wins."""
    events = (
        *_journalists(GOVERNOR, 1),
        *placed(RED, GOVERNOR, red(1)),
        *placed(BLUE, JUDGE, blue(1)),
    )
    outcome = GAME.outcome(_ended(*events).state)
    assert outcome is not None
    assert outcome.scores == (4, 4) and outcome.winners == (RED,) and outcome.tiebreak == HIGHER_BASE


def test_a_politician_worth_0_still_counts_as_won_for_the_tie_break() -> None:
    """Ruling R15: the tie-break compares base values of politicians won, even ones worth 0."""
    events = (*_journalists(GOVERNOR, 3), *placed(RED, GOVERNOR, red(1)))
    outcome = GAME.outcome(_ended(*events).state)
    assert outcome is not None
    assert outcome.scores == (0, 0) and outcome.winners == (RED,)


def test_a_tie_on_vps_and_politicians_won_is_a_shared_win() -> None:
    """Ruling R15: still tied after the tie-break, both players share the win."""
    outcome = GAME.outcome(_ended().state)
    assert outcome is not None
    assert outcome.winners == (RED, BLUE) and outcome.ranking == ((RED, BLUE),) and outcome.tiebreak == SHARED


def test_custom_ladders_change_the_values() -> None:
    """Ruling R2: the options may carry other ladders."""
    state, _ = start(GAME, SlushFundOptions(ladders=((9, 1, 0),) * 5, starting_seat=0), 2, Context.seeded(0))
    assert state.ladders == ((9, 1, 0),) * 5
    assert score(state).worth == (9,) * 5
