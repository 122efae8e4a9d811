"""Table talk on the write side: a seated player's message, decided by :mod:`domain.chat` and saved
in the table's own chat stream (``store.reader.chat_id``) through the same group committer."""

from __future__ import annotations

import asyncio
import weakref
from datetime import datetime
from typing import TYPE_CHECKING
from uuid import UUID

from eventsourcing.persistence import IntegrityError

from domain.chat import ChatSent, ChatState, decide_chat, evolve_chat, fold_chat
from domain.table import Table
from store.reader import chat_id
from store.stored import ChatRow

if TYPE_CHECKING:
    from api.service.application import Tables

KEPT: weakref.WeakKeyDictionary[Tables, dict[UUID, ChatState]] = weakref.WeakKeyDictionary()
"""Each table's chat state as this service last wrote it."""


async def say(
    tables: Tables, game_id: str, token: str | None, text: str, at: datetime | None = None
) -> ChatSent:
    """Send ``text`` from the seat ``token`` holds at ``game_id`` (``at``: as recorded, for an import);
    the message as stored."""
    kept = KEPT.setdefault(tables, {})

    async def send(table: Table, seat: int) -> ChatSent:
        chat = kept.get(table.id)
        if chat is None:
            chat = fold_chat(await asyncio.to_thread(tables.store.reader.chat, table.id))
        sent = decide_chat(chat, seat, text, at or tables.clock())
        try:
            await tables.store.committer.saved([ChatRow(chat_id(table.id), sent)])
        except IntegrityError:  # another process wrote the chat first: read it again
            kept.pop(table.id, None)
            raise
        kept[table.id] = evolve_chat(chat, sent)
        return sent

    return await tables.beside(game_id, "chat", token, send)
