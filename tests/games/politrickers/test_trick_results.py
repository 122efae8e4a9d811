"""Trick results: the Popular Policy, Economy as trump, the winner's token and the next Chair."""

from __future__ import annotations

from domain.games.politrickers.cards import SUIT_OF, VALUE_OF, Suit
from domain.games.politrickers.events import CardPlayed, PartySwitched, TrickWon

from .conftest import CLAWS, ECO, TAILS, E, H, W, dealt, given, play


def test_the_suit_with_the_larger_sum_is_popular_and_its_smallest_card_wins() -> None:
    """Rulebook example: Welfare 2, Environment 4, Welfare 5, Welfare 1: Welfare (8) wins with the 1."""
    deal = dealt([W(2)], [E(4)], [W(5)], [W(1)])
    table = given(deal).played((0, play(W(2))), (1, play(E(4))), (2, play(W(5))))
    table.when(3, play(W(1))).then(
        PartySwitched(seat=3, party=TAILS, token_spent=False),
        CardPlayed(seat=3, card=W(1)),
        TrickWon(seat=3, party=TAILS, token_placed=True, next_chair=3),
    )


def test_equal_sums_make_the_suit_of_the_last_card_played_popular() -> None:
    """Note: if the sum of the values is the same, the suit of the last card played is the Popular Policy."""
    last_environment = given(dealt([W(5)], [E(2)], [E(3)], parties="TCC"))
    last_environment.played((0, play(W(5))), (1, play(E(2))))
    assert last_environment.when(2, play(E(3))).events[-1] == TrickWon(
        seat=1, party=CLAWS, token_placed=True, next_chair=1
    )
    last_welfare = given(dealt([W(2)], [E(5)], [W(3)]))
    last_welfare.played((0, play(W(2))), (1, play(E(5))))
    assert last_welfare.when(2, play(W(3))).events[-1] == TrickWon(
        seat=0, party=TAILS, token_placed=True, next_chair=0
    )


def test_when_only_one_suit_is_played_that_suit_is_popular() -> None:
    """Note: sometimes only one suit is played because all players are of the same party."""
    table = given(dealt([W(2)], [W(5)], [W(1)], parties="TTT")).played((0, play(W(2))), (1, play(W(5))))
    assert table.when(2, play(W(1))).events[-1] == TrickWon(
        seat=2, party=TAILS, token_placed=True, next_chair=2
    )


def test_any_economy_card_makes_economy_popular_and_the_last_economy_card_wins() -> None:
    """Rulebook example: Health 2, Economy, Health, Economy: the 4th player wins."""
    deal = dealt([H(2)], [ECO(1), E(9)], [H(10)], [ECO(2), E(4)])
    table = given(deal).played((0, play(H(2))), (1, play(ECO(1))), (2, play(H(10))))
    table.when(3, play(ECO(2))).then(
        CardPlayed(seat=3, card=ECO(2)), TrickWon(seat=3, party=CLAWS, token_placed=True, next_chair=3)
    )


def test_the_four_economy_cards_print_no_value() -> None:
    """Ruling: Economy cards carry no value; the order of play alone picks the Economy winner."""
    economy = [c for c in range(45) if SUIT_OF[c] is Suit.ECONOMY]
    assert len(economy) == 4 and [VALUE_OF[c] for c in economy] == [0, 0, 0, 0]


def test_the_winner_places_a_token_on_the_plate_of_its_current_party() -> None:
    """The Winner places 1 unspent Power Token on the plate that matches its current party affiliation."""
    deal = dealt([W(2)], [E(4)], [W(5)], [W(1)])
    result = given(deal).played((0, play(W(2))), (1, play(E(4))), (2, play(W(5)))).when(3, play(W(1)))
    assert result.table.on_tails == (0, 0, 0, 1) and result.table.on_claws == (0, 0, 0, 0)
    assert result.table.unspent == (5, 5, 5, 4) and result.table.tricks_won == (0, 0, 0, 1)


def test_the_winner_becomes_the_new_chair_and_begins_the_next_trick() -> None:
    """The Winner then becomes the new Chair and begins the next trick."""
    deal = dealt([W(2), H(1)], [E(4), H(3)], [W(5), H(4)], [W(1), H(5)])
    result = given(deal).played((0, play(W(2))), (1, play(E(4))), (2, play(W(5)))).when(3, play(W(1)))
    assert result.table.trick.chair == result.table.trick.leader == 3
    assert set(result.legal(3)) >= {play(H(5))} and result.legal(0) == []


def test_the_cards_of_the_trick_are_set_aside() -> None:
    """Set aside the cards used in this trick, face down (face-down cards stay with their owner's count)."""
    deal = dealt([W(2), H(1)], [E(4), H(3)], [H(6), H(4)], [W(1), H(5)])
    table = given(deal).played((0, play(W(2))), (1, play(E(4))), (2, play(H(6))), (3, play(W(1))))
    assert table.table.set_aside == (E(4), W(1), W(2)) and table.table.trick.plays == ()
    assert table.table.face_down == ((), (), (H(6),), ())
