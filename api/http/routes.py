"""The HTTP command API under ``/api``: each route parses, calls the service or a query, and replies.

The reads (``GET`` of games, views, feeds, legal moves and the live stream) are in :mod:`api.http.reads`.

Routes and dependencies are ``async``. A command is decided inline on the event loop (CPU work, a
fraction of a millisecond; a thread hop would cost more than it saves) under its game's lock, and its
commit is awaited from the group committer (:mod:`store.committer`), which saves every command
queued meanwhile in one transaction on its own thread: the loop serves other requests during the fsync.
The answer to a command carries the sender's next legal commands (``legal``), so a client that acts
again needs no ``GET /legal``.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import Response

from api.http.wire import Join, NewGame, decode, heads, read_body, read_body_from, reply, version_number
from api.service.application import Tables
from api.service.rulings import Ruling
from domain.errors import InvalidRequest, MissingToken
from domain.seats import Seat, player_name
from domain.table import Table, feed_event, told
from projections import documents, queries


async def _tables(request: Request) -> Tables:
    return request.app.state.tables  # type: ignore[no-any-return]


async def _token(authorization: Annotated[str | None, Header()] = None) -> str | None:
    return bearer(authorization)


def bearer(authorization: str | None) -> str | None:
    """The seat token in an ``Authorization: Bearer`` header (``None`` without the header)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise MissingToken("Send the seat token as 'Authorization: Bearer <token>'.")
    return token.strip()


async def _version(if_match: Annotated[str | None, Header(alias="If-Match")] = None) -> int | None:
    return expected_version(if_match)


def expected_version(if_match: str | None) -> int | None:
    """The game version an ``If-Match`` header names (``None`` without the header)."""
    if if_match is None:
        return None
    return version_number(if_match.removeprefix("W/").strip().strip('"'), "If-Match")


async def _body(request: Request) -> bytes:
    return await read_body(request, request.app.state.settings.body_bytes)


async def _command_body(request: Request) -> bytes:
    return await read_body(request, request.app.state.settings.command_bytes)


TablesDep = Annotated[Tables, Depends(_tables)]
TokenDep = Annotated[str | None, Depends(_token)]
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
    return reply({"games": queries.catalogue(tables.games)})


@router.post("/games", status_code=201, summary="Open a table", openapi_extra=_body_schema("NewGame"))
async def open_table(tables: TablesDep, body: BodyDep) -> Response:
    """Opening is budgeted per client address before routing (:mod:`api.http.throttle`)."""
    request = decode(body, NewGame)
    players, seating = request.seat_names(), request.seating()
    opening = await tables.open(request.game, players, request.options, request.secret(), seating=seating)
    names = opening.table.seat_names
    tokens = [{"seat": seat, "name": names[seat], "token": token} for seat, token in opening.tokens.items()]
    answer = {"id": str(opening.game_id), "tokens": tokens, "game": summary(opening.table)}
    return reply(answer, 201, headers={"Location": f"/api/games/{opening.game_id}"})


@router.post("/games/{game_id}/join", summary="Take an open seat", openapi_extra=_body_schema("Join"))
async def join(tables: TablesDep, game_id: str, body: BodyDep) -> Response:
    seating = await tables.join(game_id, player_name(decode(body, Join).name))
    return reply({"seat": seating.seat, "token": seating.token, "game": summary(seating.table)})


async def command_endpoint(request: Request) -> Response:
    """``POST /games/{id}/commands`` as a plain Starlette endpoint: the hottest route, parsed by hand.

    FastAPI's middleware, routing and dependency solving cost the server about as much CPU as
    refereeing the command, so the application answers this path first (:mod:`api.http.hot`) and this
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
    return await _referee(tables, request.path_params["game_id"], token, body, version, key)


MAX_KEY = 200


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
    return await _referee(tables, game_id, token, body, version, key)


async def _referee(  # noqa: PLR0917  (the command route's parameters, in its order)
    tables: Tables, game_id: str, token: str | None, body: bytes, version: int | None, key: str | None
) -> Response:
    ruling = await tables.submit(game_id, token, body, command_id=key, expected_version=version)
    answer = await answer_to(tables, ruling) | {"legal": tables.legal(ruling.table, ruling.seat)}
    headers = {"ETag": f'"{answer["version"]}"'} | (
        {"Idempotent-Replayed": "true"} if ruling.replayed else {}
    )
    return reply(answer, headers=headers)


def summary(table: Table) -> dict[str, Any]:
    """What anyone may know about a game, from the table just written (the projection's own summary)."""
    return documents.summary(str(table.id), table)


async def answer_to(tables: Tables, done: Ruling) -> dict[str, Any]:
    """The answer to a command: the new version, the sender's events described, the sender's view."""
    table, viewer = done.table, Seat(done.seat)
    events: list[dict[str, Any]] = []
    if done.first <= done.last:
        recorded = done.recorded
        if recorded is None:  # a retry: its events are read back from the log, and the view then
            recorded = tuple(await asyncio.to_thread(tables.events_of, table, done.first - 1, done.last))
            table = await asyncio.to_thread(tables.load, table.id, done.last)
        names = table.seat_names
        for event in recorded:
            said = told(table.game, event, viewer, names, table.state.ledger)
            events.append(
                documents.entry(event.version, event.seat, event.at, feed_event(said), said.sentence)
            )
    return {"events": events, **documents.view(str(table.id), table, viewer)}
