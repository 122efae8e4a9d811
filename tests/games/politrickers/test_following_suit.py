"""Ground rules: be loyal to your party. Follow your own party's suit, never the other party's."""

from __future__ import annotations

from domain.games.politrickers.cards import Suit
from domain.games.politrickers.events import CardPlayed

from .conftest import CLAWS, ECO, TAILS, E, H, S, W, dealt, given, play

# Seat 0 (Tails) chairs; seats 1 and 3 are Claws (Opposition), seat 2 is Tails (Ruling).
FOUR = dealt([H(2), S(1)], [E(4), H(5), W(3)], [H(3), E(6)], [E(7), H(8), W(1)])


def test_the_chair_plays_any_card_and_its_suit_becomes_the_ruling_suit() -> None:
    """Starting with the Chair, play 1 Policy Card of your choice face up: its suit is the Ruling Suit."""
    table = given(FOUR)
    assert set(table.legal(0)) == {play(H(2)), play(S(1)), play(H(2), True), play(S(1), True)}
    result = table.when(0, play(H(2))).then(CardPlayed(seat=0, card=H(2), sets="ruling", ruling_party=TAILS))
    assert result.table.trick.ruling_suit is Suit.HEALTH and result.table.trick.ruling_party is TAILS


def test_play_goes_clockwise_from_the_chair() -> None:
    """Going clockwise, each player in turn plays 1 card face up."""
    table = given(FOUR)
    assert table.to_act() == {0}
    table.played((0, play(H(2))))
    assert table.to_act() == {1}
    table.played((1, play(E(4))))
    assert table.to_act() == {2}


def test_play_goes_clockwise_past_the_last_seat_back_to_seat_0() -> None:
    """Going clockwise from a Chair in the last seat, seat 0 plays next, then seat 1."""
    table = given(dealt([E(1)], [E(2)], [E(3)], [E(4)], chair=3))
    assert table.to_act() == {3}
    table.played((3, play(E(4))))
    assert table.to_act() == {0}
    table.played((0, table.legal(0)[0]))
    assert table.to_act() == {1}


def test_the_ruling_party_must_play_the_ruling_suit_if_possible() -> None:
    """The player in the Ruling Party must play a card of the Ruling Suit, if possible."""
    table = given(FOUR).played((0, play(H(2))), (1, play(E(4))))
    assert [c for c in table.legal(2) if not c.switch_party] == [play(H(3))]
    table.when(2, play(E(6))).raises("rule/illegal_move")
    table.when(2, play(H(3))).then(CardPlayed(seat=2, card=H(3)))


def test_the_opposition_must_play_a_suit_other_than_the_ruling_suit_if_possible() -> None:
    """The Opposition player must play a card of a different suit than the Ruling Suit if possible."""
    table = given(FOUR).played((0, play(H(2))))
    assert {c.card for c in table.legal(1) if not c.switch_party} == {E(4), W(3)}
    table.when(1, play(H(5))).raises("rule/illegal_move")


def test_the_first_opposition_card_sets_the_opposition_suit() -> None:
    """The first card played by the Opposition player determines the Opposition Suit."""
    result = given(FOUR).played((0, play(H(2)))).when(1, play(E(4)))
    result.then(CardPlayed(seat=1, card=E(4), sets="opposition"))
    assert result.table.trick.opposition_suit is Suit.ENVIRONMENT


def test_the_next_opposition_player_must_follow_the_opposition_suit_if_possible() -> None:
    """The next Opposition player must then play a card of the Opposition Suit, if possible."""
    table = given(FOUR).played((0, play(H(2))), (1, play(E(4))), (2, play(H(3))))
    assert [c for c in table.legal(3) if not c.switch_party] == [play(E(7))]
    table.when(3, play(W(1))).raises("rule/illegal_move")
    table.when(3, play(H(8))).raises("rule/illegal_move")


def test_economy_is_a_suit_that_must_be_followed() -> None:
    """Since the Economy is a type of suit, the 4th player must follow the 2nd if holding an Economy card."""
    deal = dealt([H(2)], [ECO(1), E(4)], [H(3)], [ECO(2), E(7)])
    table = given(deal).played((0, play(H(2))), (1, play(ECO(1))), (2, play(H(3))))
    assert [c for c in table.legal(3) if not c.switch_party] == [play(ECO(2))]
    table.when(3, play(E(7))).raises("rule/illegal_move")


def test_a_card_not_in_hand_is_refused() -> None:
    """You play a card from your hand."""
    given(FOUR).when(0, play(W(9))).raises("rule/card_not_in_hand")


def test_only_the_seat_in_turn_may_play() -> None:
    """Each player in turn plays 1 card."""
    given(FOUR).when(2, play(H(3))).raises("rule/not_your_turn")


def test_opposition_seats_are_those_of_the_other_party() -> None:
    """The party that the Chair belongs to is the Ruling Party and the other party the Opposition."""
    table = given(FOUR).played((0, play(H(2))))
    assert table.table.trick.ruling_party is TAILS
    assert table.table.parties == (TAILS, CLAWS, TAILS, CLAWS)
