"""The two hottest routes, answered before FastAPI's middleware and routing.

``POST /api/games/{id}/commands`` and ``GET /api/games/{id}/legal`` carry nearly every request a
playing table makes. Through the full stack (FastAPI's telemetry, body-limit and exit-stack middleware,
Starlette's exception middleware and router) each request costs the server about as much CPU as
refereeing the command. :class:`Backroom` is the FastAPI application with one difference: its
``__call__`` matches these two paths first and hands them straight to their endpoints (the same
functions the documented routes use), turning a refusal into the one error shape. Every other request,
and the OpenAPI, go through FastAPI as usual.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI
from fastapi.responses import Response
from starlette.requests import Request

from api.http.errors import code_of, status_of
from api.http.wire import problem
from domain.errors import OptionsError, RuleError, ServiceError

log = logging.getLogger(__name__)

Endpoint = Callable[[Request], Awaitable[Response]]
_HOT = re.compile(r"/api/games/(?P<game_id>[^/]+)/(?P<what>commands|legal)")


class Backroom(FastAPI):
    """FastAPI, with the hot routes answered first (see the module docstring)."""

    hot: dict[tuple[str, str], Endpoint]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hot = {}

    def answer_first(self, method: str, what: str, endpoint: Endpoint) -> None:
        """Answer ``method /api/games/{id}/what`` with ``endpoint`` before the middleware stack."""
        self.hot[(method, what)] = endpoint

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            found = _HOT.fullmatch(scope["path"])
            endpoint = self.hot.get((scope["method"], found["what"])) if found else None
            if endpoint is not None and found is not None:
                scope["app"] = self
                scope["path_params"] = {"game_id": found["game_id"]}
                response = await _answered(endpoint, Request(scope, receive))
                await response(scope, receive, send)
                return
        await super().__call__(scope, receive, send)


async def _answered(endpoint: Endpoint, request: Request) -> Response:
    """The endpoint's answer, or the error shape FastAPI's handlers would have given."""
    try:
        return await endpoint(request)
    except (ServiceError, RuleError, OptionsError) as error:
        return problem(status_of(error), code_of(error), str(error), getattr(error, "details", None))
    except Exception:
        log.exception("Unexpected error")
        return problem(500, "server/error", "The service failed unexpectedly.")
