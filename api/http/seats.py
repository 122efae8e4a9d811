"""A seat's private rejoin link: ``POST /api/games/{id}/seat-link`` replaces the caller's token.

The new token is answered once and never again (the log keeps only its digest); the page makes it a
link whose token rides in the fragment (``/games/{id}#seat=...``), which a browser never sends to a
server or in a ``Referer``. The old token stops working at once, wherever it is kept: the live streams
and stream tickets it opened end too, on every process (:meth:`projections.queries.ReadSide.revoke`).

A link sent with an ``Idempotency-Key`` can be asked for again: a retry with the same key and the old
token (dead by then) gets the same new token, so a lost answer never locks the seat out. A seat makes
at most ``BACKROOM_SEAT_LINKS_PER_MINUTE`` new links a minute (a retry is not a new link); a link
past that is refused 429 after the gate's pause (``BACKROOM_REFUSED_PAUSE_SECONDS``), as a read past
its budget is, so that a client asking again at once asks at most once a pause per connection.

A player whose browser is gone gets the seat back with the recovery code it was shown once on sitting
down: ``POST /api/games/{id}/recover-seat`` with ``{"code": ...}`` and no token answers a new token
and a new code, and revokes the old token as a new link does (docs/seats.md). One client address may
send ``BACKROOM_SEAT_LINKS_PER_MINUTE`` wrong codes a minute, a wrong one past that refused after the
same pause; the right code is never refused for the address's budget (issue 49 item 7).

The pause is what bounds a seat that asks for links in a loop: answered at once, the refusals came
back as fast as the client asked, and four such clients took a playing table's p99 to 1.97-2.15x its
p99 alone in ``bench_floods``' seated flood (four runs); paused, to 1.13-1.19x (four runs, 2026-12-05).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

from fastapi import APIRouter, Request
from fastapi.responses import Response

from api.http.routes import BodyDep, IdempotencyKey, TablesDep, _body_schema
from api.http.throttle import client_address
from api.http.wire import Recovery, TokenDep, decode, reply
from api.service.answers import Seating
from domain.errors import RateLimited
from projections import documents
from projections.queries import ReadSide

router = APIRouter(prefix="/api")


@router.post(
    "/games/{game_id}/seat-link",
    summary="Replace your seat token (your rejoin link): the old one stops working",
)
async def seat_link(
    request: Request, tables: TablesDep, game_id: str, token: TokenDep, key: IdempotencyKey = None
) -> Response:
    seating = await _paced(request, tables.relink(game_id, token, key=key))
    await _revoke(request, seating)
    return reply(
        {
            "seat": seating.seat,
            "token": seating.token,
            "game": documents.summary(str(seating.table.id), seating.table),
        }
    )


@router.post(
    "/games/{game_id}/recover-seat",
    summary="Get your seat back with its recovery code: a new token and a new code",
    openapi_extra=_body_schema("Recovery"),
)
async def recover_seat(
    request: Request, tables: TablesDep, game_id: str, body: BodyDep, key: IdempotencyKey = None
) -> Response:
    code = decode(body, Recovery).code
    recovering = tables.recover(game_id, code, key=key, caller=client_address(request.scope))
    seating = await _paced(request, recovering)
    await _revoke(request, seating)
    answer = {"seat": seating.seat, "token": seating.token, "recovery_code": seating.recovery_code}
    return reply(answer | {"game": documents.summary(str(seating.table.id), seating.table)})


@router.post(
    "/games/{game_id}/rematch",
    summary="Play again: open this finished game's rematch (same game and options) and sit down there",
)
async def rematch(tables: TablesDep, game_id: str, token: TokenDep) -> Response:
    seating = await tables.rematch(game_id, token)
    answer = {"seat": seating.seat, "token": seating.token, "recovery_code": seating.recovery_code}
    return reply(answer | {"game": documents.summary(str(seating.table.id), seating.table)}, 201)


async def _paced(request: Request, asking: Awaitable[Seating]) -> Seating:
    """``asking``'s seating; a refusal past the seat's (or the address's) budget after the gate's pause."""
    try:
        return await asking
    except RateLimited:
        await request.app.gate.held_back()
        raise


async def _revoke(request: Request, seating: Seating) -> None:
    """End the live streams and stream tickets of the token ``seating`` replaced, on every process."""
    if seating.revoked:
        reads: ReadSide = request.app.state.reads
        await asyncio.to_thread(reads.revoke, str(seating.table.id), seating.seat, seating.revoked)
