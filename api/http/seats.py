"""A seat's private rejoin link: ``POST /api/games/{id}/seat-link`` replaces the caller's token.

The new token is answered once and never again (the log keeps only its digest); the page makes it a
link whose token rides in the fragment (``/games/{id}#seat=...``), which a browser never sends to a
server or in a ``Referer``. The old token stops working at once, wherever it is kept.
"""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from api.http.fast import reply, summary
from api.http.routes import TablesDep, TokenDep

router = APIRouter(prefix="/api")


@router.post(
    "/games/{game_id}/seat-link",
    summary="Replace your seat token (your rejoin link): the old one stops working",
)
async def seat_link(tables: TablesDep, game_id: str, token: TokenDep) -> Response:
    seating = await tables.relink(game_id, token)
    return reply({"seat": seating.seat, "token": seating.token, "game": summary(seating.table)})
