"""Time travel routes: timeline, a version as the caller may see it, the audit, fork and export.

Each route parses, calls :mod:`projections.history` (fork: :mod:`api.service.archive`) in a
thread pool (they read the store: never on the event loop) and replies. ``?viewer=omniscient`` (or
``?perspective=omniscient``) and ``?seat=N`` (another seat's
perspective) answer only once the game is over.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import msgspec
from fastapi import APIRouter, Depends, Path, Query
from fastapi.responses import Response, StreamingResponse

from api.http.reads import PageLimit
from api.http.routes import BodyDep, CreationDep, TablesDep, TokenDep
from api.http.wire import MAX_VERSION, decode, reply
from api.service import archive
from projections import history

router = APIRouter(prefix="/api")
T = TypeVar("T")

ViewerParam = Annotated[str | None, Query(pattern="^(omniscient|spectator)$")]
SeatParam = Annotated[int | None, Query(ge=0, le=63)]


async def _asked(
    seat: SeatParam = None, viewer: ViewerParam = None, perspective: ViewerParam = None
) -> history.Asked:
    return history.Asked(seat, viewer or perspective)


AskedDep = Annotated[history.Asked, Depends(_asked)]


class Fork(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Fork a finished game at this version."""

    version: Annotated[int, msgspec.Meta(ge=1)]


@router.get(
    "/games/{game_id}/timeline", summary="Every version described for the caller, reverted ranges marked"
)
async def timeline(  # noqa: PLR0917  (FastAPI injects each parameter by name)
    tables: TablesDep,
    game_id: str,
    token: TokenDep,
    asked: AskedDep,
    after: Annotated[int, Query(ge=0, le=MAX_VERSION, description="the previous page's next")] = 0,
    limit: PageLimit = history.PAGE,
) -> Response:
    read = history.timeline
    return reply(await asyncio.to_thread(read, tables.history, game_id, token, asked, after, limit))


@router.get("/games/{game_id}/at/{version}", summary="The game at a version, as the caller may see it")
async def at(
    tables: TablesDep,
    game_id: str,
    version: Annotated[int, Path(ge=0)],
    token: TokenDep,
    asked: AskedDep,
) -> Response:
    answer, spent = await asyncio.to_thread(
        _timed, history.at, tables.history, game_id, version, token, asked
    )
    return reply(answer, headers={"Server-Timing": f"seek;dur={spent:.3f}"})


def _timed(read: Callable[..., T], *args: Any) -> tuple[T, float]:
    """``read(*args)`` and the milliseconds it took (in its own thread: the hop is not the seek)."""
    started = time.perf_counter()
    answer = read(*args)
    return answer, (time.perf_counter() - started) * 1000


@router.get("/games/{game_id}/audit", summary="Every command attempt, redacted for the caller")
async def audit(  # noqa: PLR0917  (FastAPI injects each parameter by name)
    tables: TablesDep,
    game_id: str,
    token: TokenDep,
    asked: AskedDep,
    after: Annotated[int, Query(ge=0, le=MAX_VERSION, description="the previous page's next")] = 0,
    limit: PageLimit = history.PAGE,
) -> Response:
    read = history.audit
    return reply(await asyncio.to_thread(read, tables.history, game_id, token, asked, after, limit))


@router.post(
    "/games/{game_id}/fork", status_code=201, summary="A sandbox game from a finished game's position"
)
async def fork(tables: TablesDep, game_id: str, _: CreationDep, body: BodyDep) -> Response:
    answer = await archive.fork(tables, game_id, decode(body, Fork).version)
    return reply(answer, 201, headers={"Location": f"/api/games/{answer['id']}"})


@router.get("/games/{game_id}/export", summary="The whole log as JSON lines (omniscient once over)")
async def export(tables: TablesDep, game_id: str, token: TokenDep) -> Response:
    timeout = tables.takeback_timeout.total_seconds()
    lines = await asyncio.to_thread(
        history.export, tables.history, game_id, token, timeout
    )  # a refusal is an error reply
    return StreamingResponse(iter([line + b"\n" for line in lines]), media_type="application/x-ndjson")
