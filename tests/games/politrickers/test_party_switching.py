"""Party switching: the forced switch when you cannot follow your party, and the free switch for a token."""

from __future__ import annotations

from domain.games.politrickers.cards import Suit
from domain.games.politrickers.events import CardPlayed, MigrationPlayed, PartySwitched

from .conftest import CLAWS, ECO, MIG, TAILS, E, H, S, W, dealt, given, migrate, play


def test_a_ruling_player_who_cannot_follow_its_suit_but_can_follow_the_opposition_must_switch() -> None:
    """If you can't follow your party's suit AND you can follow the other party's suit, you must switch."""
    deal = dealt([H(2)], [E(4)], [E(6), W(2)], [E(7)])
    table = given(deal).played((0, play(H(2))), (1, play(E(4))))
    assert [c for c in table.legal(2) if not c.switch_party] == [play(E(6))]
    result = table.when(2, play(E(6)))
    result.then(PartySwitched(seat=2, party=CLAWS, token_spent=False), CardPlayed(seat=2, card=E(6)))
    assert result.table.parties[2] is CLAWS and result.table.unspent[2] == 5


def test_a_ruling_player_must_switch_when_the_opposition_suit_is_not_yet_set() -> None:
    """... (or the Opposition Suit has not yet been set), you must switch; your card sets that suit."""
    deal = dealt([S(2)], [E(3), W(5)], [S(4)], parties="TTC")
    result = given(deal).played((0, play(S(2)))).when(1, play(W(5)))
    result.then(
        PartySwitched(seat=1, party=CLAWS, token_spent=False),
        CardPlayed(seat=1, card=W(5), sets="opposition"),
    )
    assert result.table.trick.opposition_suit is Suit.WELFARE


def test_an_opposition_player_who_cannot_follow_the_opposition_suit_switches_to_the_ruling_suit() -> None:
    """Rulebook example: the 4th player cannot follow the Opposition Suit, so switches and plays Health."""
    deal = dealt([H(2)], [E(4)], [H(3)], [H(6), W(1)])
    table = given(deal).played((0, play(H(2))), (1, play(E(4))), (2, play(H(3))))
    assert [c for c in table.legal(3) if not c.switch_party] == [play(H(6))]
    table.when(3, play(H(6))).starts_with(
        PartySwitched(seat=3, party=TAILS, token_spent=False), CardPlayed(seat=3, card=H(6))
    )


def test_an_opposition_player_holding_only_the_ruling_suit_switches_before_its_suit_is_set() -> None:
    """The Opposition must play another suit if possible; holding only the Ruling Suit, it switches."""
    deal = dealt([S(2)], [S(5), S(7)], [S(4)])
    result = given(deal).played((0, play(S(2)))).when(1, play(S(5)))
    result.then(PartySwitched(seat=1, party=TAILS, token_spent=False), CardPlayed(seat=1, card=S(5)))
    assert result.table.trick.opposition_suit is None


def test_the_forced_switch_applies_when_the_only_card_of_the_other_suit_is_economy() -> None:
    """Ruling: Economy is a suit; an Opposition player holding only Economy of the Ruling Suit switches."""
    deal = dealt([ECO(1)], [E(4)], [ECO(3)], [ECO(2), W(1)])
    table = given(deal).played((0, play(ECO(1))), (1, play(E(4))), (2, play(ECO(3))))
    assert [c for c in table.legal(3) if not c.switch_party] == [play(ECO(2))]
    table.when(3, play(W(1))).raises("rule/illegal_move")
    table.when(3, play(ECO(2))).starts_with(PartySwitched(seat=3, party=TAILS, token_spent=False))


def test_you_are_free_to_flip_your_party_token_when_you_spend_a_power_token() -> None:
    """Even without the conditions of 1, you may flip your Party Token by spending 1 Power Token."""
    deal = dealt([H(2)], [E(4)], [H(3), E(6)], [E(7)])
    table = given(deal).played((0, play(H(2))), (1, play(E(4))))
    assert set(table.legal(2)) == {play(H(3)), play(E(6), True)}
    result = table.when(2, play(E(6), True))
    result.then(PartySwitched(seat=2, party=CLAWS, token_spent=True), CardPlayed(seat=2, card=E(6)))
    assert result.table.unspent[2] == 4 and result.table.on_tails[2] == result.table.on_claws[2] == 0


def test_without_a_token_to_spend_you_cannot_switch_freely() -> None:
    """If you don't have any tokens to spend, you can't do this."""
    deal = dealt([H(2)], [E(4)], [H(3), E(6)], [E(7)])
    table = given(deal).played((0, play(H(2))), (1, play(E(4)))).adjusted(unspent=(5, 5, 0, 5))
    assert table.legal(2) == [play(H(3))]
    table.when(2, play(E(6), True)).raises("rule/illegal_move")


def test_the_chair_may_switch_freely_before_leading_and_its_new_party_rules() -> None:
    """Ruling: the Chair may spend a token before leading; the Ruling Party is its party as it leads."""
    deal = dealt([H(2)], [H(5), E(4)], [H(3)])
    result = given(deal).when(0, play(H(2), True))
    result.then(
        PartySwitched(seat=0, party=CLAWS, token_spent=True),
        CardPlayed(seat=0, card=H(2), sets="ruling", ruling_party=CLAWS),
    )
    assert [c for c in result.legal(1) if not c.switch_party] == [play(H(5))]


def test_a_free_switch_is_refused_when_the_switch_is_forced_anyway() -> None:
    """Ruling: 'even if you don't fulfill the conditions of 1': a forced switch needs no token."""
    deal = dealt([H(2)], [E(4)], [E(6), W(2)], [E(7)])
    table = given(deal).played((0, play(H(2))), (1, play(E(4))))
    table.when(2, play(E(6), True)).raises("rule/illegal_move")
    assert all(not c.switch_party for c in table.legal(2))


def test_a_free_switch_is_refused_when_the_forced_switch_would_flip_you_straight_back() -> None:
    """Ruling: a switch that the forced switch undoes at once would only waste the token."""
    deal = dealt([H(2)], [E(4)], [H(3), W(2)], [E(7)])
    table = given(deal).played((0, play(H(2))), (1, play(E(4))))
    table.when(2, play(H(3), True)).raises("rule/illegal_move")
    assert table.legal(2) == [play(H(3))]


def test_the_forced_switch_does_not_apply_when_you_play_migration() -> None:
    """The exception is when you play the Migration card."""
    deal = dealt([H(2)], [E(4)], [E(6), MIG], [E(7)])
    result = given(deal).played((0, play(H(2))), (1, play(E(4)))).when(2, migrate())
    result.then(MigrationPlayed(seat=2, moved_from=None))
    assert result.table.parties[2] is TAILS
