"""The log's sentences for a new player: counts agree with their nouns, and an empty Treasury says
what it asks of everyone."""

from __future__ import annotations

from domain.games.super_pacs.describe import describe
from domain.games.super_pacs.events import (
    FactionsDrawnUnseen,
    FactionsSneakedUnseen,
    MoneyMoved,
    NoteDiscarded,
    TreasuryShort,
)
from domain.seats import SPECTATOR

NAMES = ("Ann", "Bob", "Cy")


def test_counts_agree_with_their_nouns() -> None:
    """Words: "1 card", "1 megabuck"; "2 cards", "2 megabucks"."""
    said = [
        describe(FactionsDrawnUnseen(seat=0, count=1), SPECTATOR, NAMES),
        describe(FactionsSneakedUnseen(seat=1, count=2), SPECTATOR, NAMES),
        describe(MoneyMoved(payer=-1, payee=2, amount=1), SPECTATOR, NAMES),
        describe(MoneyMoved(payer=0, payee=-1, amount=5), SPECTATOR, NAMES),
    ]
    assert said == [
        "Ann drew 1 faction card.",
        "Bob sneaked 2 cards face down.",
        "The Treasury gave 1 megabuck to Cy.",
        "Ann gave 5 megabucks to the Treasury.",
    ]


def test_an_empty_treasury_says_what_it_asks_of_everyone() -> None:
    """Q: all players must immediately discard down to 5 cards in hand, then you collect what you're owed."""
    short = describe(TreasuryShort(seat=0, amount=3, owed=(0, 1, 7)), SPECTATOR, NAMES)
    assert short == (
        "The Treasury cannot pay Ann 3 megabucks: everyone discards down to 5 cards in hand (factions or"
        " money cards), Bob 1 card, Cy 7 cards; then Ann collects."
    )
    assert describe(NoteDiscarded(seat=1, value=5), SPECTATOR, NAMES) == (
        "Bob discarded a 5-megabuck card to the Treasury."
    )


def test_a_seat_without_a_name_is_counted_from_one() -> None:
    """Issue 48: seats are named from 1 everywhere a player reads ("Seat 1" for the first seat)."""
    said = describe(FactionsDrawnUnseen(seat=0, count=1), SPECTATOR, ())
    assert said == "Seat 1 drew 1 faction card."
    assert describe(MoneyMoved(payer=-1, payee=2, amount=1), SPECTATOR, ("Ann",)).endswith("to Seat 3.")
