"""The tuned floor of HTTP: the hottest endpoints, parsed by hand, and the wire they share.

``POST /api/games/{id}/commands`` and ``GET /api/games/{id}/legal`` carry nearly every request a
playing table makes, and ``GET /api/games/{id}/view`` follows each move a page shows. Through the full
stack (FastAPI's telemetry, body-limit and exit-stack middleware, Starlette's exception middleware and
router) each request costs the server about as much CPU as refereeing the command. So this module holds
everything tuned for them, fenced off from the model:

- :class:`Backroom`, the FastAPI application with one difference: its ``__call__`` matches the routes
  named in :meth:`Backroom.answer_first` (by their own declared path and method: each route is declared
  once, in its router, with the documentation) and hands them straight to :func:`command`,
  :func:`legal` and :func:`view`, which read the request themselves, turning a refusal into the one
  error shape (:func:`_answered`: the same mapping as the application's handlers). Every other
  request, and the OpenAPI, go through FastAPI as usual, after its ``gate`` (:mod:`api.http.throttle`),
  which may refuse an opening or a read past its allowance; the gate meters no hot route, so they skip it.
- :func:`referee` and :func:`answer_to`: one command refereed and answered (the documented route calls
  them too), and the one JSON answer (:class:`JSONAnswer`, :func:`reply`, :func:`problem`), the head
  read in one pass (:func:`heads`) and bodies read with a bound (:func:`read_body`, :func:`read_body_from`).
"""

from __future__ import annotations

import asyncio
import bisect
import logging
import math
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Annotated, Any
from uuid import UUID

import msgspec
from fastapi import APIRouter, Depends, FastAPI, Header
from fastapi.responses import Response
from pydantic import Field, TypeAdapter, ValidationError
from starlette.requests import ClientDisconnect, Request
from starlette.routing import Route

from api.http.errors import code_of, status_of
from api.http.wire import MAX_VERSION, version_number
from api.service.application import Tables
from api.service.commands import Ruling
from api.service.passing import passed_for
from domain.choices import Pass
from domain.errors import (
    BodyTooLarge,
    CommandTimedOut,
    InvalidRequest,
    MissingToken,
    OptionsError,
    RuleError,
    ServiceError,
)
from domain.seats import Seat
from domain.table import Table, feed_event, table_id
from projections import documents, queries
from projections.queries import ReadSide

log = logging.getLogger(__name__)

Endpoint = Callable[[Request], Awaitable[Response]]


LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class Tally:
    """The commands answered here, as plain numbers, read by ``/metrics`` when scraped
    (:class:`api.http.metrics.CommandTally`).

    prometheus-client's own counter, gauge and histogram take a lock at every change: four a command,
    with the histogram's bucket search, a few per cent of a command's CPU. A process's commands are
    counted on its event loop's thread alone, so plain numbers do; a scrape reads them as they are.
    """

    def __init__(self) -> None:
        self.in_flight = 0
        self.by_outcome: Counter[str] = Counter()
        self.refusals: Counter[str] = Counter()
        self.buckets = [0] * (len(LATENCY_BUCKETS) + 1)
        """Commands answered within each bound of ``LATENCY_BUCKETS``, not the one before; then past all."""
        self.seconds = 0.0

    def observe(self, seconds: float) -> None:
        self.buckets[bisect.bisect_left(LATENCY_BUCKETS, seconds)] += 1
        self.seconds += seconds

    def count(self, status: int, code: str | None, seconds: float) -> None:
        """Count one answered command: accepted (2xx), refused (4xx, with its code) or failed."""
        self.in_flight -= 1
        outcome = "accepted" if status < 400 else "refused" if status < 500 else "failed"
        self.by_outcome[outcome] += 1
        if code is not None and outcome == "refused":
            self.refusals[code] += 1
        self.observe(seconds)


Send = Callable[[Any], Awaitable[None]]
Gate = Callable[[Any, Send], Awaitable[Send | None]]
"""Given a request's scope and ``send``: ``None`` once it has refused it, else the ``send`` to use."""


class Backroom(FastAPI):
    """FastAPI, with the hot routes answered first (see the module docstring)."""

    hot: list[tuple[str, re.Pattern[str], Endpoint, bool]]
    """Each route answered first: its method, its declared path's pattern, the endpoint, counted?"""
    tally: Tally | None
    """Where the commands are counted as they start and once answered (read by the metrics)."""
    gate: Gate | None
    """Asked first of every request: refuses reads past their allowance (:mod:`api.http.throttle`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hot = []
        self.tally = None
        self.gate = None

    def answer_first(
        self, router: APIRouter, name: str, endpoint: Endpoint, *, observed: bool = False
    ) -> None:
        """Answer the route called ``name``, as ``router`` declares it, with ``endpoint`` before the
        middleware stack (``observed``: counted in the :attr:`tally`, as commands are)."""
        (route,) = [r for r in router.routes if isinstance(r, Route) and r.name == name]
        for method in route.methods or ():
            self.hot.append((method, route.path_regex, endpoint, observed))

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            method, path = scope["method"], scope["path"]
            for wanted, pattern, endpoint, observed in self.hot:
                found = pattern.match(path) if method == wanted else None
                if found is None:
                    continue  # the gate meters no hot route (``throttle.kind_of``)
                scope["app"] = self
                scope["path_params"] = found.groupdict()
                tally = self.tally if observed else None
                if tally is not None:
                    await _observed(tally, endpoint, scope, receive, send)
                    return
                response, _ = await _answered(endpoint, Request(scope, receive))
                await response(scope, receive, send)
                return
        if scope["type"] == "http" and self.gate is not None:
            send = await self.gate(scope, send)
            if send is None:
                return
        await super().__call__(scope, receive, send)


async def _observed(tally: Tally, endpoint: Endpoint, scope: Any, receive: Any, send: Any) -> None:
    """Answer a command, counted in ``tally`` while in flight and by how it ended (even when cut off)."""
    tally.in_flight += 1
    started, status = time.perf_counter(), 500
    code: str | None = "server/error"
    try:
        response, code = await _answered(endpoint, Request(scope, receive))
        status = response.status_code
        await response(scope, receive, send)
    finally:
        tally.count(status, code, time.perf_counter() - started)


async def _answered(endpoint: Endpoint, request: Request) -> tuple[Response, str | None]:
    """The endpoint's answer, or the error shape FastAPI's handlers would have given, and its code."""
    try:
        return await endpoint(request), None
    except (ServiceError, RuleError, OptionsError) as error:
        code = code_of(error)
        return problem(status_of(error), code, str(error), getattr(error, "details", None)), code
    except Exception:
        log.exception("Unexpected error")
        return problem(500, "server/error", "The service failed unexpectedly."), "server/error"


# -- the hot endpoints ------------------------------------------------------------------------------


async def command(request: Request) -> Response:
    """``POST /games/{id}/commands`` as a plain Starlette endpoint: the hottest route, parsed by hand.

    FastAPI's middleware, routing and dependency solving cost the server about as much CPU as
    refereeing the command, so the application answers this path first (:class:`Backroom`) and this
    endpoint reads the headers itself with the same helpers; the FastAPI route below documents it in
    the OpenAPI (and answers the same way).
    """
    key, authorization, if_match, length = heads(
        request.scope, b"idempotency-key", b"authorization", b"if-match", b"content-length"
    )
    if key is not None and len(key) > MAX_KEY:
        raise InvalidRequest("The request does not fit its schema.", {"idempotency_key": "too long"})
    tables: Tables = request.app.state.tables
    token, version = bearer(authorization), expected_version(if_match)
    body = await read_body_from(request.receive, length, request.app.state.settings.command_bytes)
    return await referee(tables, request.path_params["game_id"], token, body, version, key)


MAX_KEY = 200


async def referee(  # noqa: PLR0917  (the command route's parameters, in its order)
    tables: Tables, game_id: str, token: str | None, body: bytes, version: int | None, key: str | None
) -> Response:
    ruling = await within_deadline(
        tables.command_seconds, tables.submit(game_id, token, body, command_id=key, expected_version=version)
    )
    legal = {"seat": ruling.seat, "commands": tables.legal(ruling.table, ruling.seat)}
    legal = await offered(tables, ruling.table.id, legal)
    answer = await answer_to(tables, ruling)
    answer["legal"], answer["limited"], answer["auto_pass"] = (
        legal["commands"],
        legal["limited"],
        legal["auto_pass"],
    )
    headers = {"ETag": f'"{answer["version"]}"'} | (
        {"Idempotent-Replayed": "true"} if ruling.replayed else {}
    )
    return reply(answer, headers=headers)


async def within_deadline(seconds: float, command: Awaitable[Ruling]) -> Ruling:
    """The command's ruling, or ``CommandTimedOut`` (503, ``Retry-After``) once ``seconds`` pass (0: no
    deadline). Cut off while the committer had not taken it, it is dropped (its waiter is gone); cut off
    in the transaction, it may still be saved, and the same command id sent again then answers as a
    retry (its receipt is in the log): either way it is recorded at most once."""
    if not seconds:
        return await command
    try:
        async with asyncio.timeout(seconds):
            return await command
    except TimeoutError:
        details = {"retry_after": max(1, math.ceil(seconds)), "seconds": seconds}
        message = f"The event store did not take the command within {seconds:g} s; send it again."
        raise CommandTimedOut(message, details) from None


def summary(table: Table) -> dict[str, Any]:
    """What anyone may know about a game, from the table just written (the projection's own summary)."""
    return documents.summary(str(table.id), table)


async def answer_to(tables: Tables, done: Ruling) -> dict[str, Any]:
    """The answer to a command: the new version, the sender's events described, the sender's view."""
    table, viewer = done.table, Seat(done.seat)
    events: list[dict[str, Any]] = []
    if done.first <= done.last:
        recorded = done.recorded
        if recorded is None:  # a retry: its events are read back from the log, and the view then
            recorded = tuple(await asyncio.to_thread(tables.events_of, table, done.first - 1, done.last))
            table = await asyncio.to_thread(tables.load, table.id, done.last)
        for event in recorded:
            said = table.tell(event, viewer, table.state.ledger)
            events.append(
                documents.entry(event.version, event.seat, event.at, feed_event(said), said.sentence)
            )
    return {"events": events, **documents.view(str(table.id), table, viewer)}


async def legal(request: Request) -> Response:
    """``GET /games/{id}/legal`` as a plain Starlette endpoint: bots ask it before nearly every move.

    FastAPI's middleware and dependency solving cost the server about as much CPU as the query, so the
    application answers this path first (:class:`Backroom`) and this endpoint reads its parameters
    itself; the FastAPI route below documents it in the OpenAPI.
    """
    version = query_version(_min_version(request), "min_version")
    reads: ReadSide = request.app.state.reads
    (authorization,) = heads(request.scope, b"authorization")
    game_id = request.path_params["game_id"]
    answer = await queries.legal(reads, game_id, bearer(authorization), version)
    return reply(await offered(request.app.state.tables, game_id, answer))


async def offered(tables: Tables, game_id: str | UUID, answer: dict[str, Any]) -> dict[str, Any]:
    """A legal answer as the seat is offered it: without what its spent allowances would refuse now,
    saying so (``limited``; the allowances are the write side's, the legal list the read side's), and
    without the ``Pass`` the referee is about to make for it (``auto_pass``; :mod:`domain.passing`)."""
    seat, commands, identity = answer["seat"], answer["commands"], table_id(game_id)
    limited = tables.limited(identity, seat)
    if limited:
        commands = tables.within_limits(identity, seat, commands)
    only_a_pass = len(commands) == 1 and isinstance(commands[0], Pass)  # else no file more on the hot path
    auto = only_a_pass and await passed_for(tables, identity, seat, commands)
    answer["commands"], answer["limited"], answer["auto_pass"] = [] if auto else commands, limited, auto
    return answer  # a fresh answer, changed in place: this is the hot path


async def view(request: Request) -> Response:
    """``GET /games/{id}/view`` as a plain Starlette endpoint: the page reads it after every move.

    Answered first for the same reason as :func:`legal`, and read the same way (the gate meters no
    view: ``throttle.kind_of``); the FastAPI route in :mod:`api.http.reads` documents it in the OpenAPI.
    """
    version = query_version(_min_version(request), "min_version")
    reads: ReadSide = request.app.state.reads
    (authorization,) = heads(request.scope, b"authorization")
    token = bearer(authorization)
    return reply(await queries.seat_view(reads, request.path_params["game_id"], token, version))


def _min_version(request: Request) -> str | None:
    """The ``min_version`` parameter: read straight off the query a bot sends, else parsed in full."""
    query: bytes = request.scope["query_string"]
    if not query:
        return None
    name, _, value = query.partition(b"=")
    if name == b"min_version" and value.isdigit():
        return value.decode()
    return request.query_params.get("min_version")


# -- the wire -------------------------------------------------------------------------------------

_QUERY_VERSION: TypeAdapter[int | None] = TypeAdapter(Annotated[int | None, Field(ge=0, le=MAX_VERSION)])
"""A version number in a query (``min_version``, ``chat_after``), as the documented routes' ``Query``
reads it (FastAPI's validation, pydantic's lax integers: ``5.0`` and ``+5`` are numbers, ``5.5`` not)."""


def query_version(given: str | None, name: str) -> int | None:
    """A version-number query parameter read by hand (the tuned routes' ``min_version`` and
    ``chat_after``), answered exactly as their documented routes answer it: plain digits at once, any
    other text by the same validation FastAPI gives those routes, refused in the same words."""
    if given is None:
        return None
    if given.isascii() and given.isdigit() and len(given) < len(str(MAX_VERSION)):
        return int(given)  # the bots' form, on the hot path
    try:
        return _QUERY_VERSION.validate_python(given)
    except ValidationError as error:
        errors = [{"loc": ["query", name], "msg": found["msg"]} for found in error.errors()]
        raise InvalidRequest("The request does not fit its schema.", {"errors": errors}) from None


_ENCODER = msgspec.json.Encoder()


def bearer(authorization: str | None) -> str | None:
    """The seat token in an ``Authorization: Bearer`` header (``None`` without the header)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise MissingToken("Send the seat token as 'Authorization: Bearer <token>'.")
    return token.strip()


async def _token(authorization: Annotated[str | None, Header()] = None) -> str | None:
    return bearer(authorization)


TokenDep = Annotated[str | None, Depends(_token)]
"""The seat token of a documented route (``None`` without one): read as the hot endpoints read it."""


def expected_version(if_match: str | None) -> int | None:
    """The game version an ``If-Match`` header names (``None`` without the header)."""
    if if_match is None:
        return None
    return version_number(if_match.removeprefix("W/").strip().strip('"'), "If-Match")


DRAINED = 1 << 20
"""Bytes of a too-large body read (and dropped) before the 413 is sent: a client that writes its whole
body before it reads sees the 413, not a reset. Past this much the connection is closed unread."""


async def read_body(request: Request, limit: int) -> bytes:
    """The request's body, refused (413) once it is longer than ``limit`` bytes, before reading it all."""
    return await read_body_from(request.receive, request.headers.get("content-length"), limit)


def _within_limit(declared: str | None, limit: int, size: int = 0) -> None:
    """``BodyTooLarge`` when the declared ``Content-Length`` or the ``size`` read so far is past ``limit``."""
    bad = declared is not None and (not declared.isascii() or not declared.isdigit() or int(declared) > limit)
    if bad or size > limit:
        raise BodyTooLarge(f"A body here is at most {limit} bytes.", {"limit": limit})


async def _drained(receive: Any, declared: str | None, size: int) -> None:
    """Read and drop what is left of a too-large body, up to :data:`DRAINED` bytes in all."""
    if declared is not None and (not declared.isdigit() or int(declared) > DRAINED):
        return  # too much to read: the connection is closed unread
    while size <= DRAINED:
        message = await receive()
        if message["type"] != "http.request":
            return
        size += len(message.get("body", b""))
        if not message.get("more_body", False):
            return


class JSONAnswer(Response):
    """A JSON body already encoded, with its head made in one step.

    Starlette's ``Response`` renders its content and then scans the headers it was given for a length
    and a type; here the body is bytes and both are known, so the raw head is built directly.
    """

    media_type = "application/json"

    def __init__(self, body: bytes, status: int = 200, headers: dict[str, str] | None = None) -> None:
        self.status_code, self.body, self.background = status, body, None
        self.raw_headers = [(b"content-length", b"%d" % len(body)), (b"content-type", _JSON)]
        if headers:
            self.raw_headers += [
                (name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers.items()
            ]


_JSON = b"application/json"


def reply(content: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """A JSON response encoded by msgspec (structs, datetimes and all)."""
    return JSONAnswer(_ENCODER.encode(content), status, headers)


def heads(scope: Any, *names: bytes) -> list[str | None]:
    """The values of the request headers ``names`` (lower case), in one pass over the head."""
    found: dict[bytes, bytes] = {}
    for name, value in scope["headers"]:
        if name in names:
            found.setdefault(name, value)
    return [None if (value := found.get(name)) is None else value.decode("latin-1") for name in names]


async def read_body_from(receive: Any, declared: str | None, limit: int) -> bytes:
    """The body of a request nothing has read yet, straight from ``receive`` (the hot route's
    :func:`read_body`), refused (413) past ``limit`` bytes: the ``Content-Length`` it ``declared``
    first, then what arrives, before reading it all."""
    chunks, size, more = [], 0, True
    try:
        _within_limit(declared, limit)
        while True:
            message = await receive()
            if message["type"] != "http.request":
                raise ClientDisconnect()
            chunk = message.get("body", b"")
            size, more = size + len(chunk), message.get("more_body", False)
            _within_limit(None, limit, size)
            chunks.append(chunk)
            if not more:
                return chunks[0] if len(chunks) == 1 else b"".join(chunks)
    except BodyTooLarge:
        if more:
            await _drained(receive, declared, size)
        raise


def problem(status: int, code: str, message: str, details: dict[str, Any] | None = None) -> Response:
    """The one error shape: ``{"error": {"code", "message", "details"}}`` (a 429 or a 503 that says when
    to try again with ``Retry-After``)."""
    answer = reply({"error": {"code": code, "message": message, "details": details or {}}}, status)
    if status in {429, 503} and details and "retry_after" in details:
        answer.headers["Retry-After"] = str(max(1, math.ceil(details["retry_after"])))
    return answer
