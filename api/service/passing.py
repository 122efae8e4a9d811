"""A seat's standing choice on the write side (:mod:`domain.passing`): saved in the table's own
passing stream (``domain.passing.passing_id``) through the same group committer, and read back from
the log whenever it is needed (a process never trusts what it kept over the log)."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError, PersistenceError

from domain.choices import Pass
from domain.errors import ConcurrentUpdate, StoreUnavailable
from domain.passing import ASK, AUTO, PassingChosen, decide_passing, fold_passing, passing_id
from store.stored import PassingRow

if TYPE_CHECKING:
    from api.service.application import Tables


async def choose(
    tables: Tables, game_id: str, token: str | None, passing: str, at: datetime | None = None
) -> PassingChosen:
    """The seat ``token`` holds at ``game_id`` chooses ``passing`` (``ask`` or ``auto``): stored."""
    async with tables.hold(game_id, "passing"):
        table = await asyncio.to_thread(tables.store.load, game_id)
        seat = table.seat_of(token)
        for _ in range(2):  # a second try after another process wrote the stream first
            count = len(await asyncio.to_thread(tables.store.reader.passing, table.id))
            chosen = decide_passing(count, seat, passing, at or tables.clock())
            try:
                await tables.store.committer.saved([PassingRow(passing_id(table.id), chosen)])
            except IntegrityError:
                continue
            except PersistenceError as error:
                raise StoreUnavailable("The event store cannot be reached.") from error
            return chosen
    raise ConcurrentUpdate("Another choice was saved first; send it again.")


async def passed_for(tables: Tables, game_id: UUID, seat: int | None, commands: list[Any]) -> bool:
    """True when ``seat``'s only command is ``Pass`` and its standing choice is ``auto``: the referee
    passes for it at the pause, so its page offers nothing (a pass by hand would race the referee's)."""
    if seat is None or len(commands) != 1 or not isinstance(commands[0], Pass):
        return False
    return seat in fold_passing(await asyncio.to_thread(tables.store.reader.passing, game_id))


async def standing(tables: Tables, game_id: str, token: str | None) -> tuple[int, str]:
    """The seat ``token`` holds at ``game_id`` and its standing choice, read from the log."""
    table = await asyncio.to_thread(tables.store.load, game_id)
    seat = table.seat_of(token)
    auto = fold_passing(await asyncio.to_thread(tables.store.reader.passing, table.id))
    return seat, AUTO if seat in auto else ASK
