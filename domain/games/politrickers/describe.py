"""One human sentence per (already redacted) Politrickers event.

A seat is named by its player when the table knows the name, else "Seat N" ("seat N" mid-sentence),
counted from 1.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.politrickers.cards import NAMES, OTHER_PARTY
from domain.games.politrickers.events import (
    CardPlayed,
    CardPlayedFaceDown,
    Events,
    GameEnded,
    LibraCollapsed,
    MigrationPlayed,
    PartySwitched,
    PlayerDisgraced,
    RoundDealt,
    RoundDealtSeen,
    RoundScored,
    TrickWon,
    UnknownCardPlayedFaceDown,
)
from domain.seats import SeatNames, Viewer, label, numbered


def describe(event: Events, viewer: Viewer, names: SeatNames = ()) -> str:
    """One sentence for ``event`` as already redacted for ``viewer``; ``names`` are the players' names."""
    return _SENTENCES[type(event)](event, names)


def _who(names: SeatNames, seat: int) -> str:
    """A seat opening a sentence."""
    return label(names, seat, numbered(seat))


def _whom(names: SeatNames, seat: int) -> str:
    """A seat inside a sentence."""
    return label(names, seat, numbered(seat, "seat"))


def _dealt(event: RoundDealt, names: SeatNames) -> str:
    return f"Round {event.round_number} was dealt; {_whom(names, event.chair)} is the Chair."


def _dealt_seen(event: RoundDealtSeen, names: SeatNames) -> str:
    held = f" You hold {len(event.hand)} cards." if event.viewer is not None else ""
    return f"Round {event.round_number} was dealt; {_whom(names, event.chair)} is the Chair.{held}"


def _switched(event: PartySwitched, names: SeatNames) -> str:
    how = "spent a Power Token to switch" if event.token_spent else "had to switch"
    return f"{_who(names, event.seat)} {how} to {event.party.value.capitalize()}."


_SETS = {"ruling": ", setting the Ruling Suit", "opposition": ", setting the Opposition Suit"}


def _played(event: CardPlayed, names: SeatNames) -> str:
    return f"{_who(names, event.seat)} played {NAMES[event.card]}{_SETS.get(event.sets, '')}."


def _played_down(event: CardPlayedFaceDown, names: SeatNames) -> str:
    return f"{_who(names, event.seat)} played {NAMES[event.card]} face down."


def _unknown_down(event: UnknownCardPlayedFaceDown, names: SeatNames) -> str:
    return f"{_who(names, event.seat)} played a card face down."


def _migration(event: MigrationPlayed, names: SeatNames) -> str:
    moved = ""
    if event.moved_from is not None:
        target = OTHER_PARTY[event.moved_from].value.capitalize()
        moved = f", moving a token from the {event.moved_from.value.capitalize()} plate to the {target} plate"
    chair = f"; {_whom(names, event.new_chair)} is now the Chair" if event.new_chair is not None else ""
    return f"{_who(names, event.seat)} played Migration{moved}{chair}."


def _won(event: TrickWon, names: SeatNames) -> str:
    if not event.token_placed:
        return f"{_who(names, event.seat)} won the trick with no Power Token left to place."
    party = event.party.value.capitalize()
    return f"{_who(names, event.seat)} won the trick and placed a token on the {party} plate."


def _disgraced(event: PlayerDisgraced, names: SeatNames) -> str:
    return f"{_who(names, event.seat)} is disgraced: the round ends."


def _collapsed(event: LibraCollapsed, names: SeatNames) -> str:
    return f"The Libra collapsed under a seventh token on the {event.plate.value.capitalize()} plate."


def _scored(event: RoundScored, names: SeatNames) -> str:
    gains = ", ".join(f"{_whom(names, seat)} {vp:+d}" for seat, vp in enumerate(event.round_vp))
    return f"Round {event.round_number} ended ({event.ending}): {gains}."


def _ended(event: GameEnded, names: SeatNames) -> str:
    winners = " and ".join(_whom(names, seat) for seat in event.winners)
    verb = "share the victory" if len(event.winners) > 1 else "wins"
    return f"The game ended: {winners} {verb} with {event.totals[event.winners[0]]} VP."


_SENTENCES: dict[type[Events], Callable[[Any, SeatNames], str]] = {
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
