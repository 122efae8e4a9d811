"""The two hottest routes, answered before FastAPI's middleware and routing.

``POST /api/games/{id}/commands`` and ``GET /api/games/{id}/legal`` carry nearly every request a
playing table makes. Through the full stack (FastAPI's telemetry, body-limit and exit-stack middleware,
Starlette's exception middleware and router) each request costs the server about as much CPU as
refereeing the command. :class:`Backroom` is the FastAPI application with one difference: its
``__call__`` matches these two paths first and hands them straight to their endpoints (the same
functions the documented routes use), turning a refusal into the one error shape. Every other request,
and the OpenAPI, go through FastAPI as usual, after its ``gate`` (:mod:`api.http.throttle`), which may
refuse an opening or a read past its allowance; the gate meters neither hot route, so they skip it.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from fastapi import FastAPI
from fastapi.responses import Response
from starlette.requests import Request

from api.http.errors import code_of, status_of
from api.http.wire import problem
from domain.errors import OptionsError, RuleError, ServiceError

log = logging.getLogger(__name__)

Endpoint = Callable[[Request], Awaitable[Response]]


class Observer(Protocol):
    """What watches the commands (the metrics): told as each begins and once it is answered."""

    def begin(self) -> None: ...

    def end(self, status: int, code: str | None, seconds: float) -> None: ...


Send = Callable[[Any], Awaitable[None]]
Gate = Callable[[Any, Send], Awaitable[Send | None]]
"""Given a request's scope and ``send``: ``None`` once it has refused it, else the ``send`` to use."""

_HOT = re.compile(r"/api/games/(?P<game_id>[^/]+)/(?P<what>commands|legal)")


class Backroom(FastAPI):
    """FastAPI, with the hot routes answered first (see the module docstring)."""

    hot: dict[tuple[str, str], Endpoint]
    observer: Observer | None
    """Told of every command as it starts and once answered: the metrics."""
    gate: Gate | None
    """Asked first of every request: refuses reads past their allowance (:mod:`api.http.throttle`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hot = {}
        self.observer = None
        self.gate = None

    def answer_first(self, method: str, what: str, endpoint: Endpoint) -> None:
        """Answer ``method /api/games/{id}/what`` with ``endpoint`` before the middleware stack."""
        self.hot[(method, what)] = endpoint

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            found = _HOT.fullmatch(scope["path"])
            endpoint = self.hot.get((scope["method"], found["what"])) if found else None
            if endpoint is not None and found is not None:  # the gate meters neither (``throttle.kind_of``)
                scope["app"] = self
                scope["path_params"] = {"game_id": found["game_id"]}
                observer = self.observer if found["what"] == "commands" else None
                if observer is not None:
                    await _observed(observer, endpoint, scope, receive, send)
                    return
                response, _ = await _answered(endpoint, Request(scope, receive))
                await response(scope, receive, send)
                return
            if self.gate is not None:
                send = await self.gate(scope, send)
                if send is None:
                    return
        await super().__call__(scope, receive, send)


async def _observed(observer: Observer, endpoint: Endpoint, scope: Any, receive: Any, send: Any) -> None:
    """Answer a command, telling ``observer`` when it begins and how it ended (even when cut off)."""
    observer.begin()
    started, status = time.perf_counter(), 500
    code: str | None = "server/error"
    try:
        response, code = await _answered(endpoint, Request(scope, receive))
        status = response.status_code
        await response(scope, receive, send)
    finally:
        observer.end(status, code, time.perf_counter() - started)


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
