"""Seats and viewers: who sits at the table, and who is looking at it."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NewType, TypeGuard

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


def label(names: SeatNames, seat: int, default: str) -> str:
    """How a sentence names ``seat``: its player's name when the table knows it, else ``default``."""
    name = names[seat] if 0 <= seat < len(names) else None
    return name or default
