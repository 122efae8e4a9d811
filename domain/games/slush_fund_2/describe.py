"""One sentence per (already redacted) event, in the game's words.

A seat is named by its player when the table knows the name, else by its colour (Red, Blue).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.slush_fund_2.cards import POLITICIANS, card_name, colour
from domain.games.slush_fund_2.events import (
    CardsDrawn,
    CardsDrawnUnseen,
    CardStashed,
    CardStashedUnseen,
    ContributionConcealed,
    ContributionDiscarded,
    ContributionMoved,
    ContributionRevealed,
    ContributionsExchanged,
    DrawnCardsShuffledBack,
    DrawnCardsShuffledBackUnseen,
    FaceDownCardPlayed,
    FinalTurnBegan,
    GameEnded,
    GameStarted,
    JournalistPaidOff,
    JournalistPlayed,
    MoneyCardPlayed,
    PowerCardDiscarded,
    PowerCardFinished,
    PowerCardPlayed,
    SecretContributionDiscarded,
    SlushFundCardTaken,
    SlushFundCardTakenUnseen,
    SlushFundExamined,
    TurnPassed,
)
from domain.messages import Event
from domain.seats import SeatNames, Viewer, label


def _names(cards: tuple[int, ...]) -> str:
    return ", ".join(card_name(card) for card in cards)


def _who(event: Any, names: SeatNames) -> str:
    return _seat(names, event.seat)


def _seat(names: SeatNames, seat: int) -> str:
    return label(names, seat, colour(seat))


def _to(politician: int) -> str:
    return POLITICIANS[politician]


def _played(event: MoneyCardPlayed, names: SeatNames) -> str:
    face = " face-down" if event.face_down else ""
    return f"{_who(event, names)} played {card_name(event.card)}{face} to {_to(event.politician)}."


def _started(event: GameStarted, names: SeatNames) -> str:
    return f"The table is set; {_seat(names, event.starting_seat)} starts."


_SENTENCES: dict[type[Event], Callable[[Any, SeatNames], str]] = {
    GameStarted: _started,
    CardsDrawn: lambda e, n: f"{_who(e, n)} drew {_names(e.cards)}.",
    CardsDrawnUnseen: lambda e, n: f"{_who(e, n)} drew {e.count} cards.",
    DrawnCardsShuffledBack: lambda e, n: (
        f"{_who(e, n)} recalled {_names(e.cards)}, shuffling them back into the deck."
    ),
    DrawnCardsShuffledBackUnseen: lambda e, n: (
        f"{_who(e, n)} recalled, shuffling {e.count} cards back into the deck."
    ),
    FinalTurnBegan: lambda e, n: (
        f"{_who(e, n)} draws the last cards: the final turn begins, one card at a time."
    ),
    CardStashed: lambda e, n: f"{_who(e, n)} put {card_name(e.card)} into the slush fund.",
    CardStashedUnseen: lambda e, n: f"{_who(e, n)} put a card face-down into the slush fund.",
    SlushFundExamined: lambda e, n: f"{_who(e, n)} examined the slush fund ({e.count} cards).",
    SlushFundCardTaken: lambda e, n: f"{_who(e, n)} took {card_name(e.card)} from the slush fund.",
    SlushFundCardTakenUnseen: lambda e, n: f"{_who(e, n)} took a card from the slush fund.",
    MoneyCardPlayed: _played,
    FaceDownCardPlayed: lambda e, n: f"{_who(e, n)} played a face-down card to {_to(e.politician)}.",
    ContributionDiscarded: lambda e, n: (
        f"{_who(e, n)} discarded {card_name(e.card)} from {_to(e.politician)}."
    ),
    SecretContributionDiscarded: lambda e, n: (
        f"{_who(e, n)} discarded a face-down card from {_to(e.politician)}."
    ),
    PowerCardPlayed: lambda e, n: f"{_who(e, n)} played {card_name(e.card)}.",
    PowerCardFinished: lambda e, n: f"{_who(e, n)}'s power card has done its work.",
    ContributionRevealed: lambda e, n: (
        f"{_who(e, n)}'s spy revealed a face-down card at {_to(e.politician)}."
    ),
    ContributionConcealed: lambda e, n: (
        f"{_who(e, n)}'s spy turned {card_name(e.card)} face-down at {_to(e.politician)}."
    ),
    ContributionMoved: lambda e, n: (
        f"{_who(e, n)}'s accountant moved a contribution from {_to(e.politician)} to {_to(e.to)}."
    ),
    ContributionsExchanged: lambda e, n: (
        f"{_who(e, n)}'s hacker swapped {card_name(e.given)} for {card_name(e.taken)} at {_to(e.politician)}."
    ),
    JournalistPlayed: lambda e, n: f"{_who(e, n)} put a journalist under {_to(e.politician)}.",
    JournalistPaidOff: lambda e, n: (
        f"{_who(e, n)} paid off a journalist at {_to(e.politician)} with {card_name(e.card)}."
    ),
    PowerCardDiscarded: lambda e, n: f"{_who(e, n)} discarded {card_name(e.card)} unused.",
    TurnPassed: lambda e, n: f"It is {_who(e, n)}'s turn.",
    GameEnded: lambda e, n: "Both players have played their final cards: the game is over and scored.",
}


def describe(event: Event, viewer: Viewer, names: SeatNames = ()) -> str:
    """One sentence for an already redacted event; ``names`` are the players' names by seat."""
    return _SENTENCES[type(event)](event, names)
