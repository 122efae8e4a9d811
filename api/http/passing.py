"""A seat's standing choice under ``/api``: ``GET /games/{id}/passing`` and ``PUT`` (the seat only).

``ask``: the table asks the seat in every reaction window (the default); ``auto``: the referee passes
for the seat whenever it holds nothing that can answer; ``until_turn``: the referee passes for the seat
in every window until its next turn begins, then ``ask`` or ``auto`` holds again, as chosen before
(:mod:`domain.passing`). Only the seat itself can read it: no other read tells it.
"""

from __future__ import annotations

from typing import Literal

import msgspec
from fastapi import APIRouter
from fastapi.responses import Response

from api.http.routes import BodyDep, TablesDep, _body_schema
from api.http.wire import TokenDep, decode, reply
from api.service.passing import choose, standing

router = APIRouter(prefix="/api")


class Passing(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A seat's standing choice: ``ask`` me every time, ``auto``: pass for me when I hold nothing
    that can answer, or ``until_turn``: pass for me in every window until my next turn."""

    passing: Literal["ask", "auto", "until_turn"]


class SeatPassing(msgspec.Struct, frozen=True, kw_only=True):
    """The caller's seat, its standing choice in force now, and the one that holds after its next turn
    (``after``: the same, but for ``until_turn``)."""

    seat: int
    passing: Literal["ask", "auto", "until_turn"]
    after: Literal["ask", "auto"] = "ask"


@router.get("/games/{game_id}/passing", summary="Your seat's standing choice for reaction windows")
async def read_passing(tables: TablesDep, game_id: str, token: TokenDep) -> Response:
    seat, passing, after = await standing(tables, game_id, token)
    return reply({"seat": seat, "passing": passing, "after": after})


@router.put(
    "/games/{game_id}/passing",
    summary="Ask me every time, pass for me when I hold no answer, or pass for me until my next turn",
    openapi_extra=_body_schema("Passing"),
)
async def set_passing(tables: TablesDep, game_id: str, token: TokenDep, body: BodyDep) -> Response:
    await choose(tables, game_id, token, decode(body, Passing).passing)
    seat, passing, after = await standing(tables, game_id, token)
    return reply({"seat": seat, "passing": passing, "after": after})
