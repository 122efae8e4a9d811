"""A seat's private rejoin link: ``POST /api/games/{id}/seat-link`` replaces the caller's token.

The new token is answered once and never again (the log keeps only its digest); the page makes it a
link whose token rides in the fragment (``/games/{id}#seat=...``), which a browser never sends to a
server or in a ``Referer``. The old token stops working at once, wherever it is kept: the live streams
and stream tickets it opened end too, on every process (:meth:`projections.queries.ReadSide.revoke`).

A link sent with an ``Idempotency-Key`` can be asked for again: a retry with the same key and the old
token (dead by then) gets the same new token, so a lost answer never locks the seat out. A seat makes
at most ``BACKROOM_SEAT_LINKS_PER_MINUTE`` new links a minute (a retry is not a new link).
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import Response

from api.http.fast import TokenDep, reply, summary
from api.http.routes import IdempotencyKey, TablesDep
from projections.queries import ReadSide

router = APIRouter(prefix="/api")


@router.post(
    "/games/{game_id}/seat-link",
    summary="Replace your seat token (your rejoin link): the old one stops working",
)
async def seat_link(
    request: Request, tables: TablesDep, game_id: str, token: TokenDep, key: IdempotencyKey = None
) -> Response:
    seating = await tables.relink(game_id, token, key=key)
    if seating.revoked:
        reads: ReadSide = request.app.state.reads
        await asyncio.to_thread(reads.revoke, str(seating.table.id), seating.seat, seating.revoked)
    return reply({"seat": seating.seat, "token": seating.token, "game": summary(seating.table)})
