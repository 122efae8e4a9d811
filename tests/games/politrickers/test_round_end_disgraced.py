"""Round end, special condition 1: Disgraced."""

from __future__ import annotations

import random

from domain.games.politrickers.events import PlayerDisgraced, RoundDealt, RoundScored, TrickWon
from domain.games.politrickers.rules.round_end import deal_round
from domain.seats import Seat

from .conftest import CLAWS, E, W, dealt, given, play

# Seat 1 (Claws) wins this trick: Environment 4 beats Welfare 2 + 1.
TRICK = dealt([W(2)], [E(4)], [W(1)])


def _disgrace() -> list[object]:
    table = given(TRICK).played((0, play(W(2))), (1, play(E(4))))
    table.adjusted(unspent=(3, 0, 2), on_tails=(2, 0, 1), on_claws=(0, 3, 2), tricks_won=(2, 3, 3))
    return list(table.when(2, play(W(1))).events)


def test_a_winner_with_no_token_left_to_place_is_disgraced_and_the_round_ends_at_once() -> None:
    """If someone must spend a Power Token by winning a trick and has none left, they are disgraced."""
    events = _disgrace()
    assert events[1:3] == [
        TrickWon(seat=1, party=CLAWS, token_placed=False, next_chair=1),
        PlayerDisgraced(seat=1),
    ]
    assert isinstance(events[3], RoundScored) and events[3].ending == "disgraced"


def test_all_other_players_earn_one_vp_per_unspent_power_token() -> None:
    """All other players, except the disgraced player, earn 1 VP for each of their unspent Power Tokens."""
    scored = _disgrace()[3]
    assert scored == RoundScored(round_number=1, ending="disgraced", round_vp=(3, 0, 2), totals=(3, 0, 2))


def test_the_disgraced_winner_won_the_last_trick_and_chairs_the_next_round() -> None:
    """Ruling: the disgraced player still won the trick, so they are the next Chair and deal."""
    dealt_next = _disgrace()[4]
    assert isinstance(dealt_next, RoundDealt)
    assert dealt_next == deal_round(3, 2, Seat(1), random.Random(0))
