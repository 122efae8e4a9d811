"""Forks: a sandbox game started from a finished game's position, with new seat tokens.

(An export is a read, :func:`projections.history.export`; an import is ``backroom import``,
:mod:`api.cli.importing`.)
"""

from __future__ import annotations

import asyncio
from typing import Any

from api.service.application import Tables
from domain.errors import NoSuchVersion, NotOver
from domain.table import Table


async def fork(tables: Tables, game_id: str, version: int) -> dict[str, Any]:
    """A sandbox game from a finished game's position at ``version``, with new seat tokens."""
    table = await asyncio.to_thread(tables.store.load, game_id)
    if not table.over:
        raise NotOver("Only a finished game can be forked.")
    if not 1 <= version <= table.version:
        raise NoSuchVersion(f"This game has versions 1 to {table.version}.", {"latest": table.version})
    version = await asyncio.to_thread(_step_end, tables, table, version)
    opening = await tables.fork(table, version)
    names = opening.table.seat_names
    return {
        "id": str(opening.game_id),
        "forked_from": {"id": str(table.id), "version": version},
        "tokens": [
            {"seat": seat, "name": names[seat], "token": token} for seat, token in opening.tokens.items()
        ],
        "version": opening.table.version,
    }


def _step_end(tables: Tables, table: Table, version: int) -> int:
    """The last version of the seat's command ``version`` belongs to: a fork starts between commands.

    Mid-command the game is between two events of one decision (a seat to act with nothing to do).
    """
    events = tables.store.events_of(table, version - 1)
    end = version
    if not events or events[0].seat is None:
        return end
    for event in events[1:]:
        if event.command_id != events[0].command_id:
            break
        end = event.version
    return end
