"""Time travel routes: timeline, a version as the caller may see it, the audit, fork and export.

Each route parses, calls :mod:`projections.history` (the audit :mod:`projections.audit`, a fork
:mod:`api.service.forking`) in a thread pool (they read the store: never on the event loop) and
replies. ``?viewer=omniscient`` (or ``?perspective=omniscient``) and ``?seat=N`` (another seat's
perspective) answer only once the game is over.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Annotated, Any, TypeVar
from uuid import UUID

import msgspec
from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import Response, StreamingResponse

from api.http.reads import PageLimit
from api.http.routes import BodyDep, TablesDep
from api.http.wire import MAX_VERSION, TokenDep, decode, reply
from api.service import forking
from domain.codec import encode
from domain.table import table_id
from projections import history
from projections.audit import audit as audit_of
from store.reader import attempts_id

router = APIRouter(prefix="/api")
T = TypeVar("T")


class Answers:
    """The latest history answers, each under what was asked and the version its log had then.

    A flood of the same timeline or audit (pollers, a replay page open in many tabs) costs one read
    per new version: a log only grows, so an answer read at a version stays the answer until the
    next. The audit also names its attempts log's version (refusals do not move the game's).
    """

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self.kept: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()

    async def read(
        self, tables: Any, asked: tuple[Any, ...], read: Callable[..., Any], *, attempts: bool = False
    ) -> bytes:
        """The encoded answer of ``read(tables.store.history, *asked[1:])``, read again only when the log
        moved."""
        game = table_id(asked[1])
        key = (*asked, await asyncio.to_thread(_versions, tables.store.history, game, attempts))
        found = self.kept.get(key)
        if found is None:
            found = encode(await asyncio.to_thread(read, tables.store.history, *asked[1:]))
            self.kept[key] = found
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
        self.kept.move_to_end(key)
        return found


def _versions(log: Any, game: UUID, attempts: bool) -> tuple[int, int]:
    return log.latest_version(game), log.latest_version(attempts_id(game)) if attempts else 0


async def _answers(request: Request) -> Answers:
    return request.app.state.answers  # type: ignore[no-any-return]  # Starlette's app.state is untyped


AnswersDep = Annotated[Answers, Depends(_answers)]

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
    answers: AnswersDep,
    after: Annotated[int, Query(ge=0, le=MAX_VERSION, description="the previous page's next")] = 0,
    limit: PageLimit = history.PAGE,
) -> Response:
    read = history.timeline
    answer = await answers.read(tables, ("timeline", game_id, token, asked, after, limit), read)
    return Response(answer, media_type="application/json")


@router.get("/games/{game_id}/at/{version}", summary="The game at a version, as the caller may see it")
async def at(
    tables: TablesDep,
    game_id: str,
    version: Annotated[int, Path(ge=0)],
    token: TokenDep,
    asked: AskedDep,
) -> Response:
    answer, spent = await asyncio.to_thread(
        _timed, history.at, tables.store.history, game_id, version, token, asked
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
    answers: AnswersDep,
    after: Annotated[int, Query(ge=0, le=MAX_VERSION, description="the previous page's next")] = 0,
    limit: PageLimit = history.PAGE,
) -> Response:
    read = audit_of
    answer = await answers.read(tables, ("audit", game_id, token, asked, after, limit), read, attempts=True)
    return Response(answer, media_type="application/json")


@router.post(
    "/games/{game_id}/fork", status_code=201, summary="A sandbox game from a finished game's position"
)
async def fork(tables: TablesDep, game_id: str, body: BodyDep) -> Response:
    answer = await forking.fork(tables, game_id, decode(body, Fork).version)
    return reply(answer, 201, headers={"Location": f"/api/games/{answer['id']}"})


@router.get("/games/{game_id}/export", summary="The whole log as JSON lines (omniscient once over)")
async def export(tables: TablesDep, game_id: str, token: TokenDep) -> Response:
    timeout = tables.store.takeback_timeout.total_seconds()
    lines = await asyncio.to_thread(
        history.export, tables.store.history, game_id, token, timeout
    )  # a refusal is an error reply
    return StreamingResponse(iter([line + b"\n" for line in lines]), media_type="application/x-ndjson")
