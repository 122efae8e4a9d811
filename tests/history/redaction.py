"""What a viewer must see of each stored game event: exactly the game's own redaction of it."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.codec import encode
from domain.seats import SPECTATOR, Seat, Viewer
from domain.table import GameEventRecorded
from tests.takeback.helpers import Game


def redacted_log(game: Game, viewer: Viewer) -> dict[int, Any]:
    """Each stored game event's version and its redacted form for ``viewer``, as JSON data."""
    tables = game.tables
    table = game.table()
    rules = table.game
    assert rules is not None
    return {
        event.version: msgspec.json.decode(
            encode(rules.redact(rules.event_decoder.decode(event.event), viewer))
        )
        for event in tables.store.events_of(table)
        if isinstance(event, GameEventRecorded)
    }


def viewers(game: Game) -> list[tuple[Viewer, int | None]]:
    """Every seat (with the seat number to send its token) and the spectator."""
    return [(Seat(seat), seat) for seat in game.tokens] + [(SPECTATOR, None)]
