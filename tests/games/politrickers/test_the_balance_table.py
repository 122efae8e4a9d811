"""What ``backroom balance politrickers`` counts as a card played: a Policy Card to a trick."""

from __future__ import annotations

from domain.games.politrickers.balance import cards, played
from domain.games.politrickers.cards import MIGRATION, POOLS, Party, Suit, card
from domain.games.politrickers.events import CardPlayed, CardPlayedFaceDown, MigrationPlayed, TrickWon
from domain.seats import Seat


def test_a_card_played_face_up_face_down_or_migration_is_played() -> None:
    """Face up or face down, the card counts; Migration counts as the Migration card."""
    five = card(Suit.WELFARE, 5)
    assert played(CardPlayed(seat=Seat(0), card=five)) == ("the 5 of Welfare",)
    assert played(CardPlayedFaceDown(seat=Seat(1), card=five)) == ("the 5 of Welfare",)
    assert played(MigrationPlayed(seat=Seat(2), moved_from=None)) == ("the Migration card",)
    assert played(TrickWon(seat=Seat(0), party=Party.TAILS, token_placed=False)) == ()


def test_the_card_list_is_the_pool_for_the_table_size_with_the_economy_cards_as_one() -> None:
    """3 players: 29 cards, the four Economy cards under one name."""
    assert len(cards(3)) == len(POOLS[3]) == 29
    assert len(set(cards(3))) == 26 and "the Migration card" in cards(3)
    assert MIGRATION in POOLS[5]
