"""What the read models hold: the private game record and the documents players read.

A game's :class:`GameRecord` holds the omniscient state and the token digests: the projection resumes
from it and the API resolves tokens with it, but it is never served. Everything served is built here by
whitelisting: the summary from public fields, each view with the game's own ``view`` for one viewer,
each feed entry with ``domain.referee.tell`` for one viewer.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec

from domain import referee, takeback
from domain.game import GameDefinition
from domain.seats import SPECTATOR, Seat, SeatNames, Viewer, is_seat

AnyGame = GameDefinition[Any, Any, Any, Any]

SPECTATOR_KEY = "spectator"


class GameRecord(msgspec.Struct, kw_only=True):
    """One game as the projection knows it (never served: it holds the state and token digests)."""

    id: str
    game: str
    rules_version: str
    seat_names: list[str | None]
    token_digests: list[str | None]
    seeded: bool
    version: int
    recorded: int
    created_at: datetime
    updated_at: datetime
    state: msgspec.Raw = msgspec.Raw(b"null")
    ledger: takeback.Ledger = msgspec.field(default_factory=takeback.Ledger)
    effective: int = 0


class Seating(msgspec.Struct):
    """The part of a :class:`GameRecord` a read needs to tell who is asking."""

    game: str
    version: int
    token_digests: list[str | None]


def viewer_key(viewer: Viewer) -> str:
    """The name of a perspective in read-model keys: the seat number or ``spectator``."""
    return str(int(viewer)) if is_seat(viewer) else SPECTATOR_KEY


def perspectives(seat_count: int) -> list[Viewer]:
    """Every perspective a read model is kept for: each seat and the spectator."""
    return [*(Seat(seat) for seat in range(seat_count)), SPECTATOR]


def status(rules: AnyGame, recorded: int, state: Any) -> str:
    """``waiting`` for players, ``playing``, or ``over``."""
    if not recorded:
        return "waiting"
    return "over" if rules.is_over(state) else "playing"


def to_act(rules: AnyGame, recorded: int, state: Any) -> list[int]:
    """The seats that may act now (none before the game starts)."""
    return sorted(rules.to_act(state)) if recorded else []


def summary(record: GameRecord, rules: AnyGame, state: Any) -> dict[str, Any]:
    """What anyone may know about a game: seats, status, version, who may act, the outcome once over."""
    started = record.recorded > 0
    return {
        "id": record.id,
        "game": record.game,
        "title": rules.title,
        "rules_version": record.rules_version,
        "seats": [{"seat": seat, "name": name} for seat, name in enumerate(record.seat_names)],
        "open_seats": [seat for seat, name in enumerate(record.seat_names) if name is None],
        "status": status(rules, record.recorded, state),
        "version": record.version,
        "to_act": to_act(rules, record.recorded, state),
        "outcome": rules.outcome(state) if started else None,
        "seeded": record.seeded,
        "created_at": record.created_at,
        "updated_at": record.updated_at,
    }


def view(record: GameRecord, rules: AnyGame, state: Any, viewer: Viewer) -> dict[str, Any]:
    """The game as ``viewer`` sees it, with version, status and who may act."""
    return {
        "id": record.id,
        "version": record.version,
        "status": status(rules, record.recorded, state),
        "seat": int(viewer) if is_seat(viewer) else None,
        "to_act": to_act(rules, record.recorded, state),
        "view": rules.view(state, viewer) if record.recorded else None,
    }


def entry(version: int, seat: int | None, at: datetime, event: Any, description: str) -> dict[str, Any]:
    """One line of a perspective's feed: an already-redacted event and its sentence."""
    return {"version": version, "seat": seat, "at": at, "event": event, "description": description}


def told(rules: AnyGame, event: Any, viewer: Viewer, names: SeatNames = ()) -> tuple[Any, str]:
    """A game event as ``viewer`` may see it, and its sentence naming the seats' players."""
    return referee.tell(rules, event, viewer, names)
