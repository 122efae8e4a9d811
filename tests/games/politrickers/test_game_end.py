"""Game end: 7 VP ends the game at once; otherwise after 3 rounds; ties by the final round, then shared."""

from __future__ import annotations

from domain.games.politrickers.events import GameEnded, RoundDealt
from domain.games.politrickers.rules.round_end import winners
from domain.games.politrickers.state import Finished

from .conftest import GAME, E, W, When, dealt, given, play

# The ninth trick: seat 1 (Claws) wins it and, with the fuller Claws plate, scores 3 VP.
NINTH = dealt([W(2)], [E(4)], [W(1)])


def _end_round(round_number: int, totals: tuple[int, ...], on_claws: tuple[int, ...] = (0, 2, 0)) -> When:
    table = given(NINTH).played((0, play(W(2))), (1, play(E(4))))
    table.adjusted(round_number=round_number, totals=totals, tricks_played=8, on_claws=on_claws)
    table.adjusted(tricks_won=(4, 4, 0) if on_claws[2] == 0 else (3, 3, 2))
    return table.when(2, play(W(1)))


def test_the_game_ends_immediately_when_any_player_has_seven_vp_or_more() -> None:
    """If any player has a VP total of 7 or more, the game ends immediately; the most VP wins."""
    result = _end_round(1, totals=(0, 4, 1))
    assert result.events[-1] == GameEnded(totals=(0, 7, 4), final_round_vp=(0, 3, 3), winners=(1,))
    state = result.state
    assert isinstance(state, Finished) and GAME.to_act(state) == frozenset()
    outcome = GAME.outcome(state)
    assert (
        outcome is not None
        and outcome.winners == (1,)
        and outcome.ranking == ((1,), (2,), (0,))
        and outcome.scores == (0, 7, 4)
    )


def test_the_game_consists_of_three_rounds() -> None:
    """If no one has 7 VP or more, the player with the most VP total after 3 rounds wins."""
    assert isinstance(_end_round(2, totals=(0, 1, 1)).events[-1], RoundDealt)
    ended = _end_round(3, totals=(0, 1, 1)).events[-1]
    assert ended == GameEnded(totals=(0, 4, 4), final_round_vp=(0, 3, 3), winners=(1, 2))


def test_a_tie_goes_to_the_player_who_earned_more_vp_in_the_final_round() -> None:
    """If there is a tie, the player who earns more VP in the final round wins."""
    ended = _end_round(3, totals=(4, 1, 0), on_claws=(0, 3, 1)).events[-1]
    assert ended == GameEnded(totals=(4, 5, 1), final_round_vp=(0, 4, 1), winners=(1,))
    ended = _end_round(3, totals=(5, 1, 0), on_claws=(0, 3, 1)).events[-1]
    assert ended == GameEnded(totals=(5, 5, 1), final_round_vp=(0, 4, 1), winners=(1,))


def test_a_tie_in_the_final_round_too_is_a_shared_victory() -> None:
    """If there's still a tie, share the joy of victory and rule together."""
    state = _end_round(3, totals=(0, 1, 1)).state
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1, 2) and outcome.ranking == ((1, 2), (0,))
    assert outcome.tiebreak


def test_the_final_round_tie_break_uses_the_vp_the_round_scored_before_the_floor() -> None:
    """Ruling: final-round VP are compared as scored, before the -3 floor of the totals."""
    assert winners(totals=(-3, -3, -3), final_round_vp=(-5, -1, -4)) == (1,)
