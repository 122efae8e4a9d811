"""Table talk under ``/api``: ``GET /games/{id}/chat`` (anyone who may watch) and ``POST`` (a seat).

Messages live in the table's own chat stream (:mod:`api.service.chatting`); the live stream sends
them as ``chat`` events beside the game's (:func:`chat_lines`). Names are the table's own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

import msgspec
from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from api.http.routes import BodyDep, TablesDep
from api.http.wire import MAX_VERSION, TokenDep, decode, reply
from api.service.application import Tables
from api.service.chatting import say
from domain.chat import MAX_LENGTH, ChatSent
from domain.seats import label
from domain.table import table_id

router = APIRouter(prefix="/api")


class Say(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One chat message from the caller's seat."""

    text: Annotated[str, msgspec.Meta(max_length=MAX_LENGTH * 4)]  # the rules count after NFC and trim


def line(sent: ChatSent, names: tuple[str | None, ...]) -> dict[str, Any]:
    """A message as every reader gets it: its number, time, seat, the seat's name and the text."""
    name = label(names, sent.seat, "a player")
    return {"number": sent.number, "at": sent.at, "seat": sent.seat, "name": name, "text": sent.text}


def chat_lines(tables: Tables, game_id: str, after: int) -> list[dict[str, Any]]:
    """The messages after number ``after``, named as the table names its seats (call off the loop).

    The chat stream is read first (one indexed query): a stream woken by a game event reads no table.
    """
    found = tables.store.history.chat(table_id(game_id), after)
    if not found and after:
        return []
    names = tables.store.history.load(game_id).seat_names  # GameNotFound for a game that does not exist
    return [line(sent, names) for sent in found]


@router.get("/games/{game_id}/chat", summary="The table's chat after message number `after` (public)")
async def read_chat(
    tables: TablesDep, game_id: str, after: Annotated[int, Query(ge=0, le=MAX_VERSION)] = 0
) -> Response:
    messages = await asyncio.to_thread(chat_lines, tables, game_id, after)
    return reply({"messages": messages})


@router.post("/games/{game_id}/chat", status_code=201, summary="Say something at the table (a seat)")
async def send_chat(
    request: Request, tables: TablesDep, game_id: str, token: TokenDep, body: BodyDep
) -> Response:
    sent = await say(tables, game_id, token, decode(body, Say).text)
    table = await asyncio.to_thread(tables.store.history.load, game_id)
    await asyncio.to_thread(request.app.state.reads.announce, {str(table.id): table.version}, "chat")
    return reply({"message": line(sent, table.seat_names)}, 201)


class Chat:
    """A live stream's view of the chat: the messages after the last it sent (``after``)."""

    def __init__(self, tables: Tables, game_id: str, after: int) -> None:
        self.tables, self.game_id, self.after = tables, game_id, after

    @classmethod
    async def opened(
        cls, tables: Tables, game_id: str, after: int | None, read: Callable[..., Awaitable[int]]
    ) -> Chat:
        """The chat of a stream that opens now: after message ``after`` as the caller named it, or
        (``None``) after the last one said so far, read by ``read`` (the openings' thread) before the
        stream's head is sent. Read later, at the stream's first pass, a message said between the
        client's seeing the head and that pass was taken as said before and never sent."""
        if after is None:
            after = await read(tables.store.history.chat_said, table_id(game_id))
        return cls(tables, game_id, after)

    async def new(self) -> list[dict[str, Any]]:
        """:meth:`said`, read in the default pool's thread."""
        return await asyncio.to_thread(self.said)

    def said(self) -> list[dict[str, Any]]:
        """The messages since the last asked for; call off the event loop."""
        messages = chat_lines(self.tables, self.game_id, self.after)
        if messages:
            self.after = messages[-1]["number"]
        return messages
