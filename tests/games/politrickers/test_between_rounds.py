"""Next round and VP tracking: the -3 floor, the next Chair and dealer, tokens and Party Tokens reset."""

from __future__ import annotations

import random

from domain.games.politrickers.events import RoundDealt, RoundScored
from domain.games.politrickers.rules.round_end import deal_round
from domain.seats import Seat

from .conftest import CLAWS, TAILS, E, W, When, dealt, given, play

# Seat 1 (Claws) wins the ninth trick: Environment 4 beats Welfare 2 + 1.
NINTH = dealt([W(2)], [E(4)], [W(1)])


def _end_round(**fields: object) -> When:
    table = given(NINTH).played((0, play(W(2))), (1, play(E(4))))
    table.adjusted(tricks_played=8, **fields)
    return table.when(2, play(W(1)))


def test_the_vp_total_never_goes_below_minus_three() -> None:
    """The lower limit for VP total is -3, so it won't go below that."""
    result = _end_round(on_claws=(0, 6, 0), on_tails=(3, 0, 0), totals=(-2, 0, 0), tricks_won=(3, 5, 0))
    scored = result.events[3]
    assert scored == RoundScored(round_number=1, ending="collapse", round_vp=(3, -7, 0), totals=(1, -3, 0))


def test_the_winner_of_the_last_trick_becomes_chair_and_deals_all_the_cards() -> None:
    """The player who won the previous trick becomes the Chair and reshuffles and deals all the cards."""
    result = _end_round(on_claws=(0, 2, 0), tricks_won=(4, 4, 0))
    assert result.events[-1] == deal_round(3, 2, Seat(1), random.Random(0))
    state = result.table
    assert state.round_number == 2 and state.trick.chair == 1
    assert [len(hand) for hand in state.hands] == [9, 9, 9] and len(state.leftovers) == 2


def test_all_the_power_tokens_reset_to_five() -> None:
    """All the Power Tokens reset to 5 available."""
    result = _end_round(on_claws=(0, 2, 0), unspent=(1, 0, 5), tricks_won=(4, 4, 0))
    state = result.table
    assert state.unspent == (5, 5, 5) and state.on_tails == state.on_claws == (0, 0, 0)
    assert state.tricks_won == (0, 0, 0) and state.tricks_played == 0 and state.set_aside == ()


def test_party_tokens_alternate_again_from_the_new_chair_who_shows_tails() -> None:
    """Clockwise from the new Chair (Ruling: showing Tails), each shows the side opposite the previous."""
    result = _end_round(on_claws=(0, 2, 0), tricks_won=(4, 4, 0))
    dealt_next = result.events[-1]
    assert isinstance(dealt_next, RoundDealt) and dealt_next.chair == 1
    assert dealt_next.parties == (TAILS, TAILS, CLAWS) == result.table.parties
