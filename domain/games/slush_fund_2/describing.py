"""One sentence per (already redacted) event, in the game's words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.messages import Event
from domain.seats import Viewer

from .cards import POLITICIANS, card_name, colour
from .events import (
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


def _names(cards: tuple[int, ...]) -> str:
    return ", ".join(card_name(card) for card in cards)


def _who(event: Any) -> str:
    return colour(event.seat)


def _to(politician: int) -> str:
    return POLITICIANS[politician]


def _played(event: MoneyCardPlayed) -> str:
    face = " face-down" if event.face_down else ""
    return f"{_who(event)} played {card_name(event.card)}{face} to {_to(event.politician)}."


def _started(event: GameStarted) -> str:
    return f"The table is set; {colour(event.starting_seat)} starts."


_SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    GameStarted: _started,
    CardsDrawn: lambda e: f"{_who(e)} drew {_names(e.cards)}.",
    CardsDrawnUnseen: lambda e: f"{_who(e)} drew {e.count} cards.",
    DrawnCardsShuffledBack: lambda e: (
        f"{_who(e)} recalled {_names(e.cards)}, shuffling them back into the deck."
    ),
    DrawnCardsShuffledBackUnseen: lambda e: (
        f"{_who(e)} recalled, shuffling {e.count} cards back into the deck."
    ),
    FinalTurnBegan: lambda e: f"{_who(e)} draws the last cards: the final turn begins, one card at a time.",
    CardStashed: lambda e: f"{_who(e)} put {card_name(e.card)} into the slush fund.",
    CardStashedUnseen: lambda e: f"{_who(e)} put a card face-down into the slush fund.",
    SlushFundExamined: lambda e: f"{_who(e)} examined the slush fund ({e.count} cards).",
    SlushFundCardTaken: lambda e: f"{_who(e)} took {card_name(e.card)} from the slush fund.",
    SlushFundCardTakenUnseen: lambda e: f"{_who(e)} took a card from the slush fund.",
    MoneyCardPlayed: _played,
    FaceDownCardPlayed: lambda e: f"{_who(e)} played a face-down card to {_to(e.politician)}.",
    ContributionDiscarded: lambda e: f"{_who(e)} discarded {card_name(e.card)} from {_to(e.politician)}.",
    SecretContributionDiscarded: lambda e: f"{_who(e)} discarded a face-down card from {_to(e.politician)}.",
    PowerCardPlayed: lambda e: f"{_who(e)} played {card_name(e.card)}.",
    PowerCardFinished: lambda e: f"{_who(e)}'s power card has done its work.",
    ContributionRevealed: lambda e: f"{_who(e)}'s spy revealed a face-down card at {_to(e.politician)}.",
    ContributionConcealed: lambda e: (
        f"{_who(e)}'s spy turned {card_name(e.card)} face-down at {_to(e.politician)}."
    ),
    ContributionMoved: lambda e: (
        f"{_who(e)}'s accountant moved a contribution from {_to(e.politician)} to {_to(e.to)}."
    ),
    ContributionsExchanged: lambda e: (
        f"{_who(e)}'s hacker swapped {card_name(e.given)} for {card_name(e.taken)} at {_to(e.politician)}."
    ),
    JournalistPlayed: lambda e: f"{_who(e)} put a journalist under {_to(e.politician)}.",
    JournalistPaidOff: lambda e: (
        f"{_who(e)} paid off a journalist at {_to(e.politician)} with {card_name(e.card)}."
    ),
    PowerCardDiscarded: lambda e: f"{_who(e)} discarded {card_name(e.card)} unused.",
    TurnPassed: lambda e: f"It is {_who(e)}'s turn.",
    GameEnded: lambda e: "Both players have played their final cards: the game is over and scored.",
}


def describe(event: Event, viewer: Viewer) -> str:
    """One sentence for an already redacted event."""
    return _SENTENCES[type(event)](event)
