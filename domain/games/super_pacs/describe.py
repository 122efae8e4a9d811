"""One sentence per (already redacted) Super PACS event. A seat is named by its player when the table
knows the name, else "Seat N" (from 1); cards by their printed names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain import choices
from domain.choices import Chosen
from domain.games.super_pacs.cards import name
from domain.games.super_pacs.events import (
    ActionTaken,
    DeckRebuilt,
    DiscardsOwed,
    EffectBegan,
    EffectResolved,
    ElectionWon,
    EventRevealed,
    FactionDestroyed,
    FactionDiscarded,
    FactionExploited,
    FactionsAdded,
    FactionsDrawn,
    FactionsDrawnUnseen,
    FactionsSneaked,
    FactionsSneakedUnseen,
    GameEnded,
    GameSetUp,
    GameSetUpSeen,
    InvestmentBought,
    LeaderPicked,
    LeaderPickedUnseen,
    LeadersRevealed,
    MoneyMoved,
    NoteDiscarded,
    RoundBegan,
    SneakedRevealed,
    SurprisePlayed,
    TargetChosen,
    TokenTaken,
    TreasuryShort,
    TurnEnded,
    WindowOpened,
)
from domain.messages import Event
from domain.seats import SeatNames, Viewer, label, numbered


def _who(names: SeatNames, seat: int) -> str:
    return label(names, seat, numbered(seat))


def _cards(cards: tuple[int, ...]) -> str:
    return ", ".join(name(card) for card in cards) or "nothing"


def _party(names: SeatNames, seat: int) -> str:
    return "the Treasury" if seat < 0 else _who(names, seat)


def _capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def _count(amount: int, noun: str) -> str:
    """``1 card``, ``2 cards``: the count and its noun agree."""
    return f"{amount} {noun}" + ("" if amount == 1 else "s")


def _megabucks(amount: int) -> str:
    return _count(amount, "megabuck")


def _seats(names: SeatNames, seats: tuple[int, ...]) -> str:
    return ", ".join(_who(names, seat) for seat in seats) or "nobody"


def _immune(names: SeatNames, seats: tuple[int, ...]) -> str:
    """Who the effect passed by, said only when someone was immune."""
    if not seats:
        return ""
    who = " and ".join(_who(names, seat) for seat in seats)
    return f"; {who} {'was' if len(seats) == 1 else 'were'} immune"


_SENTENCES: dict[type[Event], Callable[[Any, SeatNames], str]] = {
    GameSetUp: lambda e, n: (
        f"The game was set up for {e.seat_count}; {_who(n, e.first)} is the first player."
    ),
    GameSetUpSeen: lambda e, n: (
        f"The game was set up for {e.seat_count}; {_who(n, e.first)} is the first player."
        + (f" You hold {_cards(e.hand)}." if e.viewer >= 0 else "")
    ),
    LeaderPicked: lambda e, n: f"{_who(n, e.seat)} kept {name(e.leader)} face down.",
    LeaderPickedUnseen: lambda e, n: f"{_who(n, e.seat)} kept a leader face down.",
    LeadersRevealed: lambda e, n: "Every leader was revealed at once.",
    ActionTaken: lambda e, n: f"{_who(n, e.seat)} chose to {e.action}.",
    FactionsDrawn: lambda e, n: f"{_who(n, e.seat)} drew {_cards(e.cards)}.",
    FactionsDrawnUnseen: lambda e, n: f"{_who(n, e.seat)} drew {_count(e.count, 'faction card')}.",
    DeckRebuilt: lambda e, n: f"The cemetery's {e.size} cards were shuffled into a new faction deck.",
    MoneyMoved: lambda e, n: _capital(
        f"{_party(n, e.payer)} gave {_megabucks(e.amount)} to {_party(n, e.payee)}."
    ),
    FactionExploited: lambda e, n: f"{_who(n, e.seat)} exploited {name(e.card)}.",
    FactionsSneaked: lambda e, n: f"{_who(n, e.seat)} sneaked {_cards(e.cards)} face down.",
    FactionsSneakedUnseen: lambda e, n: f"{_who(n, e.seat)} sneaked {_count(e.count, 'card')} face down.",
    EffectBegan: lambda e, n: (
        f"{name(e.card)} is being played" + (f" by {_who(n, e.owner)}" if e.owner >= 0 else "") + "."
    ),
    TargetChosen: lambda e, n: (
        f"{_who(n, e.seat)} chose to destroy {name(e.victim[1])} of {_who(n, e.victim[0])}."
        if e.victim is not None
        else f"{_who(n, e.seat)} chose {_who(n, e.target)} as the target."
    ),
    WindowOpened: lambda e, n: f"Surprises may be played now: {_seats(n, e.window.seats)} may answer.",
    SurprisePlayed: lambda e, n: f"{_who(n, e.seat)} played {name(e.card)}.",
    EffectResolved: lambda e, n: (
        "It was nullified." if e.nullified else f"It took effect{_immune(n, e.immune)}."
    ),
    FactionDiscarded: lambda e, n: f"{_who(n, e.seat)} discarded {name(e.card)}.",
    FactionDestroyed: lambda e, n: f"{name(e.card)} of {_who(n, e.seat)} was destroyed.",
    FactionsAdded: lambda e, n: f"{_cards(e.cards)} joined the coalition of {_who(n, e.seat)}.",
    TokenTaken: lambda e, n: f"{_who(n, e.seat)} took the {e.token} token.",
    DiscardsOwed: lambda e, n: (
        "Discards owed: "
        + ", ".join(f"{_who(n, seat)} {count}" for seat, count in enumerate(e.owed) if count)
        + "."
    ),
    TreasuryShort: lambda e, n: (
        f"The Treasury cannot pay {_who(n, e.seat)} {_megabucks(e.amount)}: everyone discards down to 5 cards"
        " in hand (factions or money cards)"
        + "".join(f", {_who(n, seat)} {_count(count, 'card')}" for seat, count in enumerate(e.owed) if count)
        + f"; then {_who(n, e.seat)} collects."
    ),
    NoteDiscarded: lambda e, n: f"{_who(n, e.seat)} discarded a {e.value}-megabuck card to the Treasury.",
    InvestmentBought: lambda e, n: (
        f"{_who(n, e.seat)} bought {name(e.card)}"
        + (f"; {name(e.refill)} was turned face up." if e.refill >= 0 else ".")
    ),
    TurnEnded: lambda e, n: (
        f"{_who(n, e.seat)} ended the turn."
        + (f" {_who(n, e.next)} plays now." if e.next >= 0 else " The round's turns are over.")
    ),
    SneakedRevealed: lambda e, n: "Every sneaked card was revealed and added to its coalition.",
    EventRevealed: lambda e, n: f"The event {name(e.card)} was revealed.",
    ElectionWon: lambda e, n: f"{_who(n, e.seat)} won the {name(e.card)} with {e.votes[e.seat]} votes.",
    RoundBegan: lambda e, n: f"Round {e.round} began; {_who(n, e.first)} plays first.",
    GameEnded: lambda e, n: (
        f"The game ended: {_seats(n, e.winners)} won with {max(e.scores)} power."
        if e.winners
        else f"The game ended in a tie at {max(e.scores)} power: civil war, everybody loses."
    ),
    Chosen: lambda e, n: (
        f"{_who(n, e.seat)} "
        + ("passed" if e.option == choices.PASS else f"chose {e.option}")
        + (" (the window closed)." if e.by_referee else ".")
    ),
}


def describe(event: Event, viewer: Viewer, names: SeatNames = ()) -> str:
    """One sentence for ``event`` as already redacted for ``viewer``."""
    return _SENTENCES[type(event)](event, names)
