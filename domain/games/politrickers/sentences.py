"""One human sentence per (already redacted) Politrickers event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.politrickers.cards import OTHER_PARTY, name
from domain.games.politrickers.events import (
    CardPlayed,
    CardPlayedFaceDown,
    GameEnded,
    LibraCollapsed,
    MigrationPlayed,
    PartySwitched,
    PlayerDisgraced,
    PolitrickersEvent,
    RoundDealt,
    RoundDealtSeen,
    RoundScored,
    TrickWon,
    UnknownCardPlayedFaceDown,
)
from domain.seats import Viewer


def describe(event: PolitrickersEvent, viewer: Viewer) -> str:
    """One sentence for ``event`` as already redacted for ``viewer``."""
    return _SENTENCES[type(event)](event)


def _dealt(event: RoundDealt) -> str:
    return f"Round {event.round_number} was dealt; seat {event.chair} is the Chair."


def _dealt_seen(event: RoundDealtSeen) -> str:
    held = f" You hold {len(event.hand)} cards." if event.viewer is not None else ""
    return f"Round {event.round_number} was dealt; seat {event.chair} is the Chair.{held}"


def _switched(event: PartySwitched) -> str:
    how = "spent a Power Token to switch" if event.token_spent else "had to switch"
    return f"Seat {event.seat} {how} to {event.party.value.capitalize()}."


def _played(event: CardPlayed) -> str:
    sets = {"ruling": ", setting the Ruling Suit", "opposition": ", setting the Opposition Suit"}
    return f"Seat {event.seat} played {name(event.card)}{sets.get(event.sets, '')}."


def _played_down(event: CardPlayedFaceDown) -> str:
    return f"Seat {event.seat} played {name(event.card)} face down."


def _unknown_down(event: UnknownCardPlayedFaceDown) -> str:
    return f"Seat {event.seat} played a card face down."


def _migration(event: MigrationPlayed) -> str:
    moved = ""
    if event.moved_from is not None:
        target = OTHER_PARTY[event.moved_from].value.capitalize()
        moved = f", moving a token from the {event.moved_from.value.capitalize()} plate to the {target} plate"
    chair = f"; seat {event.new_chair} is now the Chair" if event.new_chair is not None else ""
    return f"Seat {event.seat} played Migration{moved}{chair}."


def _won(event: TrickWon) -> str:
    if not event.token_placed:
        return f"Seat {event.seat} won the trick with no Power Token left to place."
    party = event.party.value.capitalize()
    return f"Seat {event.seat} won the trick and placed a token on the {party} plate."


def _disgraced(event: PlayerDisgraced) -> str:
    return f"Seat {event.seat} is disgraced: the round ends."


def _collapsed(event: LibraCollapsed) -> str:
    return f"The Libra collapsed under a seventh token on the {event.plate.value.capitalize()} plate."


def _scored(event: RoundScored) -> str:
    gains = ", ".join(f"seat {seat} {vp:+d}" for seat, vp in enumerate(event.round_vp))
    return f"Round {event.round_number} ended ({event.ending}): {gains}."


def _ended(event: GameEnded) -> str:
    names = " and ".join(f"seat {seat}" for seat in event.winners)
    verb = "share the victory" if len(event.winners) > 1 else "wins"
    return f"The game ended: {names} {verb} with {event.totals[event.winners[0]]} VP."


_SENTENCES: dict[type[PolitrickersEvent], Callable[[Any], str]] = {
    RoundDealt: _dealt,
    RoundDealtSeen: _dealt_seen,
    PartySwitched: _switched,
    CardPlayed: _played,
    CardPlayedFaceDown: _played_down,
    UnknownCardPlayedFaceDown: _unknown_down,
    MigrationPlayed: _migration,
    TrickWon: _won,
    PlayerDisgraced: _disgraced,
    LibraCollapsed: _collapsed,
    RoundScored: _scored,
    GameEnded: _ended,
}
