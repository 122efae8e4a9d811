"""Round end, general condition: Balanced, after the ninth trick."""

from __future__ import annotations

from domain.games.politrickers.events import RoundScored, TrickWon

from .conftest import TAILS, E, W, dealt, given, play

# The ninth trick of a 4-player round: seat 0 (Tails) wins it, Welfare 1 + 3 beating Environment 2 + 1.
NINTH = dealt([W(1)], [E(2)], [W(3)], [E(1)])


def _ninth(**fields: object) -> list[object]:
    table = given(NINTH).played((0, play(W(1))), (1, play(E(2))), (2, play(W(3))))
    table.adjusted(tricks_played=8, tricks_won=(2, 1, 5, 0), unspent=(3, 4, 2, 5), **fields)
    return list(table.when(3, play(E(1))).events)


def test_after_the_ninth_trick_the_plate_with_more_tokens_scores_one_vp_per_token() -> None:
    """Only the plate with more tokens counts: players earn 1 VP for each of their tokens on it."""
    events = _ninth(on_tails=(2, 1, 0, 0), on_claws=(0, 0, 3, 0))
    assert events[1] == TrickWon(seat=0, party=TAILS, token_placed=True, next_chair=0)
    assert events[2] == RoundScored(
        round_number=1, ending="balanced", round_vp=(3, 1, 0, 3), totals=(3, 1, 0, 3)
    )


def test_a_player_with_no_trick_won_earns_the_rounds_highest_vp() -> None:
    """If you don't win a single trick this round, you earn the same VP as the player with the highest VP."""
    scored = _ninth(on_tails=(2, 1, 0, 0), on_claws=(0, 0, 3, 0))[2]
    assert isinstance(scored, RoundScored) and scored.round_vp[3] == max(scored.round_vp[:3]) == 3


def test_equal_plates_at_a_balanced_end_score_nothing() -> None:
    """Ruling: with equal plates neither is fuller, so no plate scores and no-trick players match 0."""
    scored = _ninth(on_tails=(1, 1, 0, 0), on_claws=(0, 0, 3, 0))[2]
    assert scored == RoundScored(
        round_number=1, ending="balanced", round_vp=(0, 0, 0, 0), totals=(0, 0, 0, 0)
    )


def test_a_ninth_trick_that_disgraces_its_winner_ends_as_disgraced_not_balanced() -> None:
    """Balanced applies only 'without Disgraced or Collapse' (Ruling: those are checked first)."""
    table = given(NINTH).played((0, play(W(1))), (1, play(E(2))), (2, play(W(3))))
    table.adjusted(tricks_played=8, tricks_won=(5, 1, 2, 0), unspent=(0, 4, 3, 5), on_tails=(5, 0, 0, 0))
    scored = table.when(3, play(E(1))).events[3]
    assert (
        isinstance(scored, RoundScored) and scored.ending == "disgraced" and scored.round_vp == (0, 4, 3, 5)
    )


def test_a_ninth_trick_that_overloads_a_plate_ends_as_collapse() -> None:
    """Balanced applies only 'without Disgraced or Collapse'."""
    scored = _ninth(on_tails=(3, 1, 2, 0), on_claws=(0, 0, 2, 0))[3]
    assert isinstance(scored, RoundScored) and scored.ending == "collapse"
    assert scored.round_vp == (-4, -1, 0, 0)
