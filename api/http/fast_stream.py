"""The live stream's opening, tuned: ``GET /api/games/{id}/stream`` answered before FastAPI.

A burst of a thousand spectators opening streams at once must not slow a playing table's commands
(issue 34). Through FastAPI each opening ran the middleware stack, the router and a dozen
dependencies before it even waited for its turn to open (:attr:`api.limits.Streams.opening`),
and the answer's ``StreamingResponse`` ran an anyio task group a stream to hear a disconnect: in a
profile of the server during ``bench_floods``' 3,000 openings, dependency solving alone was 4.6 s of
the event loop's 30. Here, as for the two hot routes of :mod:`api.http.fast`, the request is read by
hand and the turn is waited for first; the stream's bytes are the documented route's own
(:func:`api.http.reads._told`), its checks the same functions (:func:`api.http.reads.watched_of`), and a
client that goes away is heard by one plain task. The FastAPI route in :mod:`api.http.reads` still
documents the endpoint in the OpenAPI and answers the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from api.http.chat import Chat
from api.http.reads import Opening, _stream_token, _told, watched_of
from api.http.throttle import client_address
from api.http.wire import heads, query_version, version_number
from api.limits import Streams
from domain.errors import InvalidRequest

HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache"),
    (b"x-accel-buffering", b"no"),
]
"""The stream's head, as the documented route's ``EventSourceResponse`` sends it."""
TICKET_LENGTH = 100


async def stream(request: Request) -> Response:
    """``GET /games/{id}/stream``: wait for a turn to open, check, then answer with the live stream."""
    streams: Streams = request.app.state.streams
    opening = Opening(streams, await streams.opening.take())
    try:
        return await _opened(request, opening)
    except BaseException:
        opening.done()
        raise


async def _opened(request: Request, opening: Opening) -> Response:
    """Check in the documented route's order (its dependencies, then its own parameters): the token's
    form, the ticket's length, the game and the caller (404 for a game nobody logged, whatever the
    rest says), then ``Last-Event-ID``, then ``chat_after``. So a ticket sent with a malformed one of
    those is spent, as the documented route spends it (its game check is a dependency, solved before
    the parameters are read): a malformed resume point is a client's bug, and a spent ticket never
    opens anything."""
    authorization, last_event_id = heads(request.scope, b"authorization", b"last-event-id")
    query = request.query_params if request.scope["query_string"] else {}
    token = await _stream_token(authorization, query.get("token"))
    ticket = query.get("ticket")
    if ticket is not None and len(ticket) > TICKET_LENGTH:
        raise _invalid("ticket", f"String should have at most {TICKET_LENGTH} characters")
    app = request.app.state
    watched = await watched_of(app.reads, app.tables, request.path_params["game_id"], token, ticket)
    after = 0 if last_event_id is None else version_number(last_event_id.strip(), "Last-Event-ID")
    chat_after = query_version(query.get("chat_after"), "chat_after")
    streams: Streams = app.streams
    with contextlib.ExitStack() as admitting:  # the stream's place, given back if the chat's read fails
        admitting.enter_context(streams.admit(client_address(request.scope), watched.game_id))
        chat = await Chat.opened(app.tables, watched.game_id, chat_after, opening.read)
        admitted = admitting.pop_all()  # given back by the answer once it ends
    return LiveStream(_told(app.reads, watched, after, chat, opening, app.metrics), admitted)


def _invalid(name: str, message: str) -> InvalidRequest:
    """The refusal FastAPI's validation gives a query parameter (the application's handler's shape)."""
    errors = [{"loc": ["query", name], "msg": message}]
    return InvalidRequest("The request does not fit its schema.", {"errors": errors})


class LiveStream(Response):
    """The stream's answer: its head, then each chunk of ``lines`` as it comes, until the lines end or
    the client goes away; the stream's place (``admitted``) is given back either way."""

    def __init__(self, lines: AsyncIterator[bytes], admitted: contextlib.ExitStack) -> None:
        self.status_code, self.background, self.raw_headers = 200, None, list(HEADERS)
        self.lines, self.admitted = lines, admitted

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        streaming = asyncio.current_task()
        assert streaming is not None
        hearing = asyncio.ensure_future(_gone(receive))

        def heard(_: object) -> None:
            streaming.cancel()

        hearing.add_done_callback(heard)
        try:
            await send({"type": "http.response.start", "status": 200, "headers": self.raw_headers})
            async for chunk in self.lines:
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        except asyncio.CancelledError:
            if not hearing.done() or hearing.cancelled():
                raise  # cancelled from outside: the server is stopping
            streaming.uncancel()  # the client went away: the stream simply ends
        finally:
            hearing.remove_done_callback(heard)
            hearing.cancel()
            with self.admitted:
                await _closed(self.lines)


async def _gone(receive: Any) -> None:
    """Return once the client has gone away (``http.disconnect``)."""
    while (await receive())["type"] != "http.disconnect":
        pass


async def _closed(lines: AsyncIterator[bytes]) -> None:
    closing = getattr(lines, "aclose", None)
    if closing is not None:
        await closing()
