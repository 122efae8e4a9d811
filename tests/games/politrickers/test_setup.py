"""Setup: the cards for each table size, the deal, the Power Tokens, the Party Tokens, the first Chair."""

from __future__ import annotations

import random

import pytest

from domain import referee
from domain.chance import Context
from domain.errors import SeatCountOutOfRange
from domain.games.politrickers.cards import MIGRATION, POOLS, SUIT_OF, VALUE_OF, Suit
from domain.games.politrickers.events import RoundDealt
from domain.games.politrickers.rules import PolitrickersOptions
from domain.games.politrickers.rules.round_end import deal_round
from domain.games.politrickers.state import Playing
from domain.seats import Seat

from .conftest import CLAWS, GAME, TAILS


def _deal(seat_count: int, seed: int = 1) -> RoundDealt:
    events = GAME.setup(PolitrickersOptions(), seat_count, Context.seeded(seed))
    assert len(events) == 1 and isinstance(events[0], RoundDealt)
    return events[0]


def test_three_players_remove_all_health_and_the_9s_and_10s_using_29_cards() -> None:
    """3 players: remove all Health suits and 9, 10 from the remaining suits (use 29 cards)."""
    pool = POOLS[3]
    assert len(pool) == 29
    assert Suit.HEALTH not in {SUIT_OF[c] for c in pool}
    assert max(VALUE_OF[c] for c in pool) == 8
    assert MIGRATION in pool and sum(SUIT_OF[c] is Suit.ECONOMY for c in pool) == 4


def test_four_players_remove_the_9s_and_10s_using_37_cards() -> None:
    """4 players: remove 9, 10 from all suits (use 37 cards)."""
    pool = POOLS[4]
    assert len(pool) == 37
    assert {SUIT_OF[c] for c in pool} == {*Suit, None}
    assert max(VALUE_OF[c] for c in pool) == 8


def test_five_players_remove_no_cards_using_45() -> None:
    """5 players: remove no cards (use 45 cards): 4 suits of 10, 4 Economy and Migration."""
    assert POOLS[5] == tuple(range(45))
    assert sum(SUIT_OF[c] is Suit.WELFARE for c in POOLS[5]) == 10


@pytest.mark.parametrize(("seat_count", "leftover"), [(3, 2), (4, 1), (5, 0)])
def test_deal_nine_cards_each_and_put_the_leftovers_away_face_down(seat_count: int, leftover: int) -> None:
    """Deal 9 cards each; any Policy Cards left over are put away face down (stored sorted)."""
    deal = _deal(seat_count)
    assert [len(hand) for hand in deal.hands] == [9] * seat_count
    assert len(deal.leftovers) == leftover and list(deal.leftovers) == sorted(deal.leftovers)
    everything = sorted([*(c for hand in deal.hands for c in hand), *deal.leftovers])
    assert everything == list(POOLS[seat_count])


def test_the_deal_is_drawn_with_the_context_rng_from_the_sorted_pool() -> None:
    """Ruling: the same seed deals the same hands; another seed deals others."""
    assert _deal(4, seed=7) == _deal(4, seed=7)
    assert _deal(4, seed=7).hands != _deal(4, seed=8).hands


def test_each_player_takes_five_power_tokens() -> None:
    """Take 5 Power Tokens ... and place them on top of the Politician Card."""
    state = referee.fold(GAME, [_deal(4)])
    assert isinstance(state, Playing)
    assert state.unspent == (5, 5, 5, 5)
    assert state.on_tails == state.on_claws == (0, 0, 0, 0)


def test_the_chair_reveals_tails_and_clockwise_each_player_reveals_the_opposite_side() -> None:
    """For a 5 player game: Tails -> Claws -> Tails -> Claws -> Tails."""
    assert _deal(5).parties == (TAILS, CLAWS, TAILS, CLAWS, TAILS)
    assert _deal(4).parties == (TAILS, CLAWS, TAILS, CLAWS)
    assert _deal(3).parties == (TAILS, CLAWS, TAILS)


def test_clockwise_from_a_chair_in_the_last_seat_seat_0_reveals_the_opposite_side() -> None:
    """Rounds 2 and 3: the new Chair shows Tails; clockwise past the last seat, seat 0 shows Claws."""
    deal = deal_round(5, 2, Seat(4), random.Random(0))
    assert deal.parties == (CLAWS, TAILS, CLAWS, TAILS, TAILS)
    assert deal_round(3, 2, Seat(2), random.Random(0)).parties == (CLAWS, TAILS, TAILS)


def test_the_first_chair_is_seat_0() -> None:
    """Ruling: "the player who most recently lied" is seat 0, who leads the first trick."""
    deal = _deal(3)
    assert deal.chair == 0 and deal.round_number == 1
    assert GAME.to_act(referee.fold(GAME, [deal])) == frozenset({0})


@pytest.mark.parametrize("seat_count", [2, 6])
def test_politrickers_is_for_3_to_5_players(seat_count: int) -> None:
    """Players: 3 to 5."""
    with pytest.raises(SeatCountOutOfRange):
        GAME.validate(PolitrickersOptions(), seat_count)
