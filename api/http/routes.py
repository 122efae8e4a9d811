"""The HTTP command API under ``/api``: each route parses, calls the service or a query, and replies.

The reads (``GET`` of games, views, feeds, legal moves and the live stream) are in :mod:`api.http.reads`.

Routes and dependencies are ``async``. A command is decided inline on the event loop (CPU work, a
fraction of a millisecond; a thread hop would cost more than it saves) under its game's lock, and its
commit is awaited from the group committer (:mod:`store.commits`), which saves every command
queued meanwhile in one transaction on its own thread: the loop serves other requests during the fsync.
The answer to a command carries the sender's next legal commands (``legal``), so a client that acts
again needs no ``GET /legal``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import Response

from api.http import fast
from api.http.callers import CallerDep, holder_of
from api.http.wire import Join, NewGame, TokenDep, decode, expected_version, read_body, reply
from api.service.application import Tables
from domain.players import NameOrPlayerNeeded, same_handle
from domain.seats import player_name
from projections import documents, queries


async def _tables(request: Request) -> Tables:
    return request.app.state.tables  # type: ignore[no-any-return]  # Starlette's app.state is untyped


async def _version(if_match: Annotated[str | None, Header(alias="If-Match")] = None) -> int | None:
    return expected_version(if_match)


async def _body(request: Request) -> bytes:
    return await read_body(request, request.app.state.settings.body_bytes)


async def _command_body(request: Request) -> bytes:
    return await read_body(request, request.app.state.settings.command_bytes)


TablesDep = Annotated[Tables, Depends(_tables)]
VersionDep = Annotated[int | None, Depends(_version)]
BodyDep = Annotated[bytes, Depends(_body)]
CommandBodyDep = Annotated[bytes, Depends(_command_body)]
IdempotencyKey = Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)]  # MAX_KEY

router = APIRouter(prefix="/api")


def _body_schema(ref: str) -> dict[str, Any]:
    schema = {"$ref": f"#/components/schemas/{ref}"}
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


@router.get("/games/catalogue", summary="Games offered, with seat ranges and option schemas")
async def catalogue(tables: TablesDep) -> Response:
    return reply({"games": queries.catalogue(tables.store.games)})


@router.post("/games", status_code=201, summary="Open a table", openapi_extra=_body_schema("NewGame"))
async def open_table(tables: TablesDep, body: BodyDep, caller: CallerDep) -> Response:
    """Opening is budgeted per client address before routing (:mod:`api.http.throttle`). A known
    player opening names their own seat by their handle: that seat is theirs (held by the player)."""
    request = decode(body, NewGame)
    tables.store.rules_for(request.game)  # an unknown game is 404 before its seats and bots are judged
    players, seating = request.seat_names(), request.seating()
    held = caller.player.handle if caller is not None else None
    holders = tuple(held if name is not None and same_handle(name) == held else None for name in players)
    opening = await tables.open(
        request.game,
        [held if holder else name for name, holder in zip(players, holders, strict=True)],
        request.options,
        request.secret(),
        seating=seating,
        holders=holders,
        rated=request.rated,
    )
    names = opening.table.seat_names
    codes = opening.codes
    tokens = [
        {"seat": seat, "name": names[seat], "token": token, "recovery_code": codes.get(seat, "")}
        for seat, token in opening.tokens.items()
    ]
    answer = {
        "id": str(opening.game_id),
        "tokens": tokens,
        "game": documents.summary(str(opening.table.id), opening.table),
    }
    return reply(answer, 201, headers={"Location": f"/api/games/{opening.game_id}"})


@router.post("/games/{game_id}/join", summary="Take an open seat", openapi_extra=_body_schema("Join"))
async def join(tables: TablesDep, game_id: str, body: BodyDep, caller: CallerDep) -> Response:
    asked = decode(body, Join)
    name, player = holder_of(caller, asked.name)
    if name is None:
        raise NameOrPlayerNeeded("Give a 'name' to sit under, or sign in to sit under your handle.")
    seating = await tables.join(game_id, player_name(name), player=player, pledge=asked.pledge)
    answer = {"seat": seating.seat, "token": seating.token, "recovery_code": seating.recovery_code}
    return reply(answer | {"game": documents.summary(str(seating.table.id), seating.table)})


@router.post(
    "/games/{game_id}/commands",
    summary="Send one command; the answer carries the sender's events, view and next legal commands",
    openapi_extra=_body_schema("Command"),
)
async def command(  # noqa: PLR0917  (FastAPI injects each parameter by name)
    tables: TablesDep,
    game_id: str,
    token: TokenDep,
    body: CommandBodyDep,
    version: VersionDep,
    key: IdempotencyKey = None,
) -> Response:
    return await fast.referee(tables, game_id, token, body, version, key)
