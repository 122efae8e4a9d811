"""A seat's standing choice on the write side (:mod:`domain.passing`): saved in the table's own
passing stream (``domain.passing.passing_id``) through the same group committer, and read back from
the log whenever it is needed (a process never trusts what it kept over the log)."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import TYPE_CHECKING
from uuid import UUID

from domain.passing import PassingChosen, decide_passing, fold_passing, passes_for, passing_id
from domain.table import Table
from store.stored import PassingRow

if TYPE_CHECKING:
    from api.service.application import Tables


async def choose(
    tables: Tables, game_id: str, token: str | None, passing: str, at: datetime | None = None
) -> PassingChosen:
    """The seat ``token`` holds at ``game_id`` chooses ``passing`` (``ask``, ``auto`` or ``until_turn``,
    counted from the table's version now): stored."""

    async def chosen(table: Table, seat: int) -> PassingChosen:
        count = len(await asyncio.to_thread(tables.store.reader.passing, table.id))
        choice = decide_passing(count, seat, passing, at or tables.clock(), table.version)
        await tables.store.committer.saved([PassingRow(passing_id(table.id), choice)])
        return choice

    return await tables.beside(game_id, "passing", token, chosen)


async def passed_for(tables: Tables, game_id: UUID, seat: int | None) -> bool:
    """True when the referee passes for ``seat`` (asked in a window) at the pause, as its standing choice
    has it: its page then offers nothing (a pass by hand would race the referee's)."""
    if seat is None:
        return False
    chosen = fold_passing(await asyncio.to_thread(tables.store.reader.passing, game_id))
    if seat not in chosen.auto and chosen.chosen_at(seat) is None:
        return False  # nothing chosen: no table read more on the path
    table = await asyncio.to_thread(tables.store.load, game_id)
    return passes_for(table.game, table.state, chosen, seat)


async def standing(tables: Tables, game_id: str, token: str | None) -> tuple[int, str, str]:
    """The seat ``token`` holds at ``game_id``, its standing choice in force now and the one that holds
    after its next turn (the same, but for ``until_turn``), read from the log."""
    table = await asyncio.to_thread(tables.store.load, game_id)
    seat = table.seat_of(token)
    chosen = fold_passing(await asyncio.to_thread(tables.store.reader.passing, table.id))
    return seat, chosen.in_force(table.state, seat), chosen.after(seat)
