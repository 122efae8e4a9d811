"""The tuned floor of HTTP: the hottest routes, answered before the framework, and what each bought.

``POST /api/games/{id}/commands`` and ``GET /api/games/{id}/legal`` carry nearly every request a
playing table makes, and ``GET /api/games/{id}/view`` follows each move a page shows. Each is declared
once, with its documentation, in its router; this module only answers them faster. The tunings, each
with what it was measured to buy (docs/architecture.md, "The hot path, and why it is cheap"):

- :class:`Backroom`: its ``__call__`` matches those routes by their declared path and method and hands
  them straight to :func:`command`, :func:`legal` and :func:`view`, before FastAPI's telemetry,
  body-limit and exit-stack middleware and Starlette's exception middleware and router. Through that
  stack a request cost the server about as much CPU as refereeing the command itself. A refusal is
  turned into the one error shape by :func:`_answered`, with the application's own mapping; every
  other request goes through FastAPI after the read ``gate`` (:mod:`api.http.throttle`), which meters
  no hot route.
- :func:`command`, :func:`legal`, :func:`view`: the request read by hand with the wire's one-pass
  helpers (:mod:`api.http.wire`: ``heads``, ``read_body_from``, ``JSONAnswer``) instead of FastAPI's
  dependency solving and validation; ``min_version`` read straight off a bot's query string.
- :class:`Tally`: the command metrics as plain numbers on the event loop's thread, where
  prometheus-client took a lock at each of four changes a command (a few per cent of its CPU).

What an answer contains is decided below HTTP (:meth:`api.service.application.Tables.offered`,
:meth:`~api.service.application.Tables.told`, :func:`projections.documents.answer`), the same for the
documented route, which calls :func:`referee` too.
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
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.responses import Response
from starlette.requests import Request
from starlette.routing import Route

from api.http.errors import code_of, status_of
from api.http.wire import bearer, expected_version, heads, problem, query_version, read_body_from, reply
from api.service.answers import Ruling
from api.service.application import Tables
from domain.errors import (
    CommandTimedOut,
    InvalidRequest,
    OptionsError,
    RuleError,
    ServiceError,
)
from domain.seats import Seat
from domain.table import table_id
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
    legal = await tables.offered(ruling.table.id, legal)
    answer = documents.answer(*await tables.told(ruling), Seat(ruling.seat))
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
    return reply(await request.app.state.tables.offered(table_id(game_id), answer))


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
