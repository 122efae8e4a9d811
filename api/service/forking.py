"""Forks: a sandbox game started from a finished game's position, with new seat tokens.

A fork opens a new log, as an opening does (:func:`domain.table.opening.opening_of`): it keeps the
game, the seats, the options, the clock and the bot seats, and draws a new secret.
(An export is a read, :func:`projections.history.export`; an import is ``backroom import``,
:mod:`api.cli.importing`.)
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any
from uuid import uuid4

from api.ids import fresh_id
from api.service.answers import Opening
from api.service.application import Tables
from domain.errors import NoSuchVersion, NotOver
from domain.table import Table, digest_of, forked, opening_of, standins, unsaved
from domain.tokens import new_token


async def fork(tables: Tables, game_id: str, version: int) -> dict[str, Any]:
    """A sandbox game from a finished game's position at ``version``, with new seat tokens."""
    table = await asyncio.to_thread(tables.store.load, game_id)
    if not table.over:
        raise NotOver("Only a finished game can be forked.")
    if not 1 <= version <= table.version:
        raise NoSuchVersion(f"This game has versions 1 to {table.version}.", {"latest": table.version})
    version = await asyncio.to_thread(_step_end, tables, table, version)
    opening = await fork_at(tables, table, version)
    names = opening.table.seat_names
    return {
        "id": str(opening.game_id),
        "forked_from": {"id": str(table.id), "version": version},
        "tokens": [
            {"seat": seat, "name": names[seat], "token": token} for seat, token in opening.tokens.items()
        ],
        "version": opening.table.version,
    }


async def fork_at(tables: Tables, source: Table, version: int) -> Opening:
    """A new table (same game, seats, options; a new secret) starting from ``source`` at ``version``."""
    past = await asyncio.to_thread(tables.store.load, source.id, version)
    if not past.started:
        raise NoSuchVersion("The game was not set up yet at that version.", {"version": version})
    names = source.seat_names
    bots = standins.seated_bots(source.state)  # the fork keeps the clock and the bot seats
    tokens = {seat: new_token() for seat in range(len(names)) if seat not in bots}
    opened = opening_of(
        source.game,
        names,
        source.state.options,
        secret=secrets.token_hex(16),
        at=tables.clock(),
        command_id=fresh_id(),
        command_digest=digest_of(None, b"fork"),
        tokens=tokens,
        clock=source.state.clock,
        bots=bots,
    )
    events = forked(source, past, opened)
    after = await tables.store.commit(unsaved(source.game, opened, uuid4()), events, None)
    return Opening(after.id, tokens, after)


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
