"""The verifiable record: contributions, the service's public keys, a table's signed head, the bundle.

``POST /api/games/{id}/contribution`` reveals the contribution a seat pledged when it sat down.
``GET /api/keys`` lists the current and retired Ed25519 public keys heads are signed with.
``GET /api/games/{id}/head`` is the head of the table's hash chain at the version its summary shows,
signed: a seat's page keeps every one it is shown (its receipts, for ``backroom verify --receipts``).
``GET /api/games/{id}/record`` is the bundle ``backroom verify`` checks, given once the game is over.
The spec is ``docs/record.md``.
"""

from __future__ import annotations

import asyncio
from typing import Annotated

import msgspec
from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from api.http.reads import ReadsDep
from api.http.routes import BodyDep, TablesDep, _body_schema
from api.http.wire import Contribute, TokenDep, decode, reply
from api.record.signing import Signer
from projections import documents, queries
from projections.record import bundle

router = APIRouter(prefix="/api")


async def _signer(request: Request) -> Signer:
    return request.app.state.signer  # type: ignore[no-any-return]  # Starlette's app.state is untyped


SignerDep = Annotated[Signer, Depends(_signer)]


@router.post(
    "/games/{game_id}/contribution",
    summary="Reveal your seat's contribution to the deal, once every seat is taken",
    openapi_extra=_body_schema("Contribute"),
)
async def contribution(tables: TablesDep, game_id: str, token: TokenDep, body: BodyDep) -> Response:
    table = await tables.contribute(game_id, token, decode(body, Contribute).contribution)
    return reply(documents.summary(str(table.id), table))


@router.get("/keys", summary="The public keys the record's heads are signed with, current and retired")
async def keys(signer: SignerDep) -> Response:
    return reply({"keys": signer.keys()})


@router.get("/games/{game_id}/head", summary="The signed head of the game's hash chain, as its summary shows")
async def head(reads: ReadsDep, signer: SignerDep, game_id: str) -> Response:
    summary = await queries.game_summary(reads, game_id)
    shown = msgspec.json.decode(summary) if isinstance(summary, msgspec.Raw) else summary
    return reply(signer.sign_head(shown["id"], shown["version"], shown.get("head") or ""))


@router.get("/games/{game_id}/record", summary="The signed record of a finished game (backroom verify)")
async def record(tables: TablesDep, signer: SignerDep, game_id: str) -> Response:
    timeout = tables.store.takeback_timeout.total_seconds()
    made = await asyncio.to_thread(bundle, tables.store.history, game_id, timeout)
    signed = signer.sign_head(made["id"], len(made["log"]), made["heads"][-1])
    return reply(made | {"signed": signed, "keys": signer.keys()})
