"""Seats and viewers: who sits at the table, and who is looking at it."""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Sequence
from typing import NewType, TypeGuard

from domain.errors import RuleError

Seat = NewType("Seat", int)
"""A chair at the table, numbered from 0 in seating order."""


class Audience(enum.Enum):
    """Viewers who hold no seat."""

    SPECTATOR = "spectator"
    """Sees only what is public."""
    OMNISCIENT = "omniscient"
    """Sees everything; only for finished games and internal use."""


Viewer = Seat | Audience
"""Whoever a view, an event or a sentence is being prepared for."""

SeatNames = Sequence[str | None]
"""Each seat's player name, in seat order; may be shorter than the table, or hold ``None`` for an
open seat (``backroom simulate`` and most tests pass none at all)."""

SPECTATOR = Audience.SPECTATOR
OMNISCIENT = Audience.OMNISCIENT


def is_seat(viewer: Viewer) -> TypeGuard[Seat]:
    """True when the viewer holds a seat (and so has private knowledge)."""
    return not isinstance(viewer, Audience)


def seats(count: int) -> tuple[Seat, ...]:
    """The seats of a table of ``count`` players, in seating order."""
    return tuple(Seat(number) for number in range(count))


def numbered(seat: int, word: str = "Seat") -> str:
    """A seat without a name, as a player reads it: counted from 1 ("Seat 1" is ``Seat(0)``)."""
    return f"{word} {seat + 1}"


def label(names: SeatNames, seat: int, default: str) -> str:
    """How a sentence names ``seat``: its player's name when the table knows it, else ``default``."""
    name = names[seat] if 0 <= seat < len(names) else None
    return name or default


NAME_LENGTH = 40
"""A player's name is at most this many characters (after normalising)."""


class InvalidName(RuleError):
    """Raised when a player's name is empty, too long, or holds what a name may not (see ``player_name``)."""

    code = "name/invalid"


def player_name(text: str) -> str:
    """``text`` as a player's name: Unicode NFC, trimmed, 1 to :data:`NAME_LENGTH` characters, printable.

    Refused: control and format characters (newlines, NUL, bidi overrides, zero-width marks), a name of
    spaces only, and ``<`` or ``>`` — a name is echoed in every sentence, so it must not pass for markup
    or make one line look like two players.
    """
    name = unicodedata.normalize("NFC", text).strip()
    if not name or len(name) > NAME_LENGTH:
        raise InvalidName(f"A name has 1 to {NAME_LENGTH} characters.")
    if any(unicodedata.category(ch).startswith("C") or ch in "<>" for ch in name):
        raise InvalidName("A name may not hold control or format characters, nor < or >.")
    if not any(unicodedata.category(ch)[0] in "LN" for ch in name):
        raise InvalidName("A name needs at least one letter or digit.")
    return name


def same_name(one: str, other: str) -> bool:
    """True when two names would read alike at a table (compared case-insensitively)."""
    return one.casefold() == other.casefold()


def add_at(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """``values`` (one per seat, state, ...) with ``delta`` added at ``index``."""
    changed = list(values)  # a list copy and back: faster than slicing and unpacking, short or long
    changed[index] += delta
    return tuple(changed)
