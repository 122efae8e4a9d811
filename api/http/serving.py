"""What ``backroom serve`` adds around the application: a header deadline and the access log.

* :class:`HeaderDeadline` is uvicorn's httptools protocol with one more timer: a connection that has
  not sent a whole request head within ``BACKROOM_HEADER_SECONDS`` (after connecting, or after its
  last answer), or then the whole body within as long again, is closed, so connections left
  half-open or trickling a body cost nothing for long. A request the parser cannot read (a malformed
  ``Content-Length``, say) is answered 400 in the one error shape, not uvicorn's plain text.
  A new connection is set up by uvicorn and its first request read in its turn
  (:class:`Admissions`): at most :data:`ADMITTED_A_TURN` a turn of the event loop, so that a burst of
  new connections never puts more than a few connections' set-up and parsing ahead of a request on a
  connection already open.
* :class:`AccessLog` writes one JSON line per request (``--access-log``): time, request id (the
  caller's ``X-Request-ID`` when it is a plain short id, else a new one; echoed in the answer),
  method, path, the query with every ``token`` value replaced by ``REDACTED``, status, bytes sent,
  duration and client address. Headers are never logged, so neither is ``Authorization``.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sys
import time
import weakref
from collections import deque
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl, urlencode

import msgspec
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from api.ids import fresh_id
from store.settings import Settings

ACCESS = logging.getLogger("backroom.access")
SECRET_PARAMETERS = frozenset({"token", "ticket", "access_token"})
_REQUEST_ID = re.compile(rb"[A-Za-z0-9._:-]{1,64}")
_ENCODER = msgspec.json.Encoder()


ADMITTED_A_TURN = 8
"""New connections whose first request is read in one turn of the event loop; the rest wait theirs."""


class Admissions:
    """The new connections of one server waiting for their first request to be read, in arrival order.

    uvloop accepts every connection waiting in the kernel in one turn and reads whatever each has
    sent in the next; a burst of a thousand spectators opening live streams then parsed a thousand
    request heads and started a thousand tasks in one or two turns, and a player's command read in
    the same turn waited behind them all. Sampled in ``backroom serve`` during ``bench_floods``'
    openings (2026-12-05), after the feed's first page had moved off the loop, those turns were the
    longest left that were not the collector's: 4 to 16 ms of the loop's time. Admitted
    :data:`ADMITTED_A_TURN` a turn, a new connection waits a few turns at most in a burst (nothing is
    refused: the kernel's accept queue is already drained), and a request on a connection already
    open (a player's next command) is read as soon as it comes. Then the turns that accepted each
    burst, 9 to 15 ms, were the longest: uvicorn set up every connection there (its parser, its
    addresses), so a connection is now set up in its turn too (:meth:`HeaderDeadline.admitted`).
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.waiting: deque[HeaderDeadline] = deque()
        self.due = False

    def ask(self, connection: HeaderDeadline) -> None:
        """Queue ``connection``'s first request to be read in its turn."""
        self.waiting.append(connection)
        if not self.due:
            self.due = True
            self.loop.call_soon(self.admit)

    def admit(self) -> None:
        """Read the first requests of the next :data:`ADMITTED_A_TURN` connections; the rest next turn."""
        turn = [self.waiting.popleft() for _ in range(min(ADMITTED_A_TURN, len(self.waiting)))]
        self.due = bool(self.waiting)
        if self.due:  # asked first: the queue moves on whatever one connection's set-up does
            self.loop.call_soon(self.admit)
        for connection in turn:
            connection.admitted()


_ADMISSIONS: weakref.WeakKeyDictionary[ServerState, Admissions] = weakref.WeakKeyDictionary()
"""Each server's admissions (a server runs on one event loop)."""


class HeaderDeadline(HttpToolsProtocol):
    """uvicorn's HTTP protocol, closing a connection whose request head does not arrive in time, and
    reading a new connection's first request in its turn (:class:`Admissions`).

    A connection awaits a head from its start and again after each answer; ``awaiting_since`` says
    since when (``None`` while a request is read or answered). Its one timer is armed for the
    deadline and, when it fires early (a keep-alive connection answered meanwhile), re-armed for the
    new deadline: a timer a connection and a deadline, never one per request. The time a connection
    waits for its turn counts towards its head's deadline (a few turns of the loop in a burst).
    """

    header_seconds = Settings.from_env().header_seconds

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # uvicorn's own set-up waits for the turn
        self.made: tuple[tuple[Any, ...], dict[str, Any]] | None = (args, kwargs)
        """uvicorn's arguments until the connection's turn (``None`` once set up, in :meth:`admitted`)."""
        self.server_state = kwargs["server_state"]
        self.loop = kwargs.get("_loop") or asyncio.get_event_loop()
        self.head_deadline: asyncio.TimerHandle | None = None
        self.awaiting_since: float | None = None
        self.body_since: float | None = None
        self.first: list[bytes] | None = []
        """What the connection sent before its turn (``None`` once admitted: read as it comes)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # uvicorn's protocol takes a BaseTransport; ours is always a Transport
        """Accepted: nothing is read or set up until the connection's turn (:class:`Admissions`).

        uvloop accepts a whole burst of connections in one turn of the loop, and uvicorn's set-up of
        each (its parser, its addresses, its flow control) took that turn 9 to 15 ms at the start of
        each burst of ``bench_floods`` (2026-12-05); set up in its turn, a connection costs this turn
        a queue entry. The head's deadline counts from here."""
        self.transport = transport
        self.awaiting_since = self.loop.time()
        transport.pause_reading()
        admissions = _ADMISSIONS.get(self.server_state)
        if admissions is None:
            admissions = _ADMISSIONS[self.server_state] = Admissions(self.loop)
        admissions.ask(self)

    def data_received(self, data: bytes) -> None:
        if self.first is None:
            super().data_received(data)
        else:  # sent before the turn came (a transport may deliver what it holds)
            self.first.append(data)

    def admitted(self) -> None:
        """The connection's turn: uvicorn sets it up, then it reads what it sent so far, and from now on
        as it comes."""
        transport, sent, self.first = self.transport, self.first or [], None
        if transport.is_closing() or self.made is None:
            return  # gone (or timed out) while it waited
        (args, kwargs), self.made, since = self.made, None, self.awaiting_since
        super().__init__(*args, **kwargs)
        super().connection_made(Corked(transport, self.loop))  # type: ignore[arg-type]  # a transport's face
        self._await_head(since)
        transport.resume_reading()
        if sent:
            super().data_received(sent[0] if len(sent) == 1 else b"".join(sent))

    def on_headers_complete(self) -> None:
        self.awaiting_since = None
        if self.header_seconds > 0:
            self.body_since = self.loop.time()  # the body's own deadline begins
            if self.head_deadline is None:
                self.head_deadline = self.loop.call_at(self.body_since + self.header_seconds, self._due)
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self.body_since = None
        super().on_message_complete()

    def send_400_response(self, msg: str) -> None:
        """A request the parser refused: 400 in the one error shape, then the connection is closed."""
        body = _ENCODER.encode(
            {"error": {"code": "request/invalid", "message": "The request is not valid HTTP.", "details": {}}}
        )
        head = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: %d\r\n"
        self.transport.write(head % len(body) + b"connection: close\r\n\r\n" + body)
        self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._await_head()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.head_deadline is not None:
            self.head_deadline.cancel()
            self.head_deadline = None
        if self.made is None:  # set up: uvicorn's own ending (a connection gone before its turn has none)
            super().connection_lost(exc)

    def _await_head(self, since: float | None = None) -> None:
        if self.header_seconds > 0 and not self.transport.is_closing():
            self.awaiting_since = self.loop.time() if since is None else since
            if self.head_deadline is None:
                self.head_deadline = self.loop.call_at(self.awaiting_since + self.header_seconds, self._due)

    def _due(self) -> None:
        self.head_deadline = None
        if self.transport.is_closing():
            return
        since = self.awaiting_since if self.awaiting_since is not None else self.body_since
        if since is None:  # a request is read and under way: its answer starts the wait again
            return
        deadline = since + self.header_seconds
        if self.loop.time() >= deadline:
            self.transport.close()
        else:
            self.head_deadline = self.loop.call_at(deadline, self._due)


class Corked:
    """A transport whose writes of one turn of the event loop leave in one ``send``.

    uvicorn writes an answer's head and its body separately: two system calls, and on loopback two
    segments the client wakes for. Here every write is held until the callback that wrote it returns
    (``call_soon``), then all that was written leaves at once; closing sends what is held first. The
    rest of the transport is the real one's.
    """

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport, self._loop = transport, loop
        self._held: list[bytes] = []
        self.is_closing = transport.is_closing  # asked several times a request: no __getattr__ each time

    def write(self, data: bytes) -> None:
        if not self._held:
            self._loop.call_soon(self.flush)
        self._held.append(data)

    def writelines(self, lines: Any) -> None:
        for data in lines:
            self.write(data)

    def flush(self) -> None:
        """Send what is held (a closed transport drops it, as its own write would)."""
        if self._held:
            held, self._held = self._held, []
            if not self._transport.is_closing():
                self._transport.write(held[0] if len(held) == 1 else b"".join(held))

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def write_eof(self) -> None:
        self.flush()
        self._transport.write_eof()

    def abort(self) -> None:
        self._held = []
        self._transport.abort()

    def get_write_buffer_size(self) -> int:
        return self._transport.get_write_buffer_size() + sum(len(data) for data in self._held)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class AccessLog:
    """ASGI middleware: one JSON line per HTTP request on the ``backroom.access`` logger."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = _request_id(scope)
        started, sent = time.perf_counter(), {"status": 0, "bytes": 0}

        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                sent["status"] = message["status"]
                message = message | {"headers": [*message.get("headers", []), (b"x-request-id", request_id)]}
            elif message["type"] == "http.response.body":
                sent["bytes"] += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            ACCESS.info(_line(scope, request_id, sent, time.perf_counter() - started))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.app, name)  # the wrapped app's ``state`` and the rest, for tests and tools


def _request_id(scope: Any) -> bytes:
    for name, value in scope["headers"]:
        if name == b"x-request-id" and _REQUEST_ID.fullmatch(value):
            return bytes(value)
    return fresh_id().encode()


def redacted(query: bytes) -> str:
    """``query`` with the value of every secret parameter (``token``, ...) replaced by ``REDACTED``."""
    pairs = parse_qsl(query.decode("latin-1"), keep_blank_values=True)
    return urlencode([(key, "REDACTED" if key.lower() in SECRET_PARAMETERS else val) for key, val in pairs])


def _line(scope: Any, request_id: bytes, sent: dict[str, int], spent: float) -> str:
    client = scope.get("client")
    return _ENCODER.encode(
        {
            "time": datetime.now(UTC),
            "request_id": request_id.decode(),
            "method": scope["method"],
            "path": scope["path"],
            "query": redacted(scope.get("query_string", b"")),
            "status": sent["status"] or 500,
            "bytes": sent["bytes"],
            "duration_ms": round(spent * 1000, 3),
            "client": client[0] if client else None,
        }
    ).decode()


def log_to_stdout() -> None:
    """Send the access log, one JSON object per line and nothing else, to standard output."""
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter("%(message)s"))
    ACCESS.handlers[:] = [handler]
    ACCESS.setLevel(logging.INFO)
    ACCESS.propagate = False


def logged_app() -> Any:
    """The application behind :class:`AccessLog` (the factory ``serve --workers N --access-log`` runs)."""
    from api.http.app import create_app

    log_to_stdout()
    return AccessLog(create_app())
