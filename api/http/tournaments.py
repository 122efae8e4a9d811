"""Tournaments over HTTP: create and run one (the organiser: the known player who created it), a
player's link to their next table, and the reads (the tournament, its standings as JSON and CSV, why a
round's tables are as they are).

Every read comes from the tournaments' one read model (:mod:`projections.tournaments`), so the page,
the API and the exports agree on every row; a change answers the tournament as the log has it then.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from api.http.callers import SignedInDep
from api.http.routes import BodyDep, _body_schema
from api.http.wire import decode, reply
from api.tournaments.application import LateEntry, NewTournament, SeatLink, Tournaments, Withdrawal
from domain.tournament.explain import explain
from domain.tournament.tournament import Tournament, TournamentNotFound, fold
from projections.queries import ReadSide
from projections.tournaments import DOCUMENT, EVENT_LIST, document_key, log_key, shown, standings_csv

router = APIRouter(prefix="/api")


def _tournaments(request: Request) -> Tournaments:
    return request.app.state.tournaments  # type: ignore[no-any-return]  # Starlette's app.state is untyped


TournamentsDep = Annotated[Tournaments, Depends(_tournaments)]


def _document(request: Request, tournament: str) -> dict[str, Any]:
    reads: ReadSide = request.app.state.reads
    found = reads.written().get(document_key(tournament))
    if found is None:
        raise TournamentNotFound(f"No tournament {tournament!r}.")
    return DOCUMENT.decode(found)


async def _shown(request: Request, tournament: str) -> dict[str, Any]:
    return await asyncio.to_thread(_document, request, tournament)


@router.post(
    "/tournaments",
    status_code=201,
    summary="Create a tournament (you organise it)",
    openapi_extra=_body_schema("NewTournament"),
)
async def create(service: TournamentsDep, caller: SignedInDep, body: BodyDep) -> Response:
    created = await service.create(caller.player.handle, decode(body, NewTournament))
    return reply(shown(created), 201)


@router.post("/tournaments/{tournament}/start", summary="Start: pair round 1 and open its tables")
async def start(service: TournamentsDep, caller: SignedInDep, tournament: str) -> Response:
    return reply(shown(await service.start(tournament, caller.player.handle)))


@router.post(
    "/tournaments/{tournament}/withdrawals",
    summary="Withdraw an entrant from later rounds",
    openapi_extra=_body_schema("Withdrawal"),
)
async def withdraw(service: TournamentsDep, caller: SignedInDep, tournament: str, body: BodyDep) -> Response:
    withdrawal = decode(body, Withdrawal)
    return reply(shown(await service.withdraw(tournament, caller.player.handle, withdrawal)))


@router.post(
    "/tournaments/{tournament}/entries",
    summary="Enter a player or bot late, with a bye score",
    openapi_extra=_body_schema("LateEntry"),
)
async def enter_late(
    service: TournamentsDep, caller: SignedInDep, tournament: str, body: BodyDep
) -> Response:
    entry = decode(body, LateEntry)
    return reply(shown(await service.enter_late(tournament, caller.player.handle, entry)))


@router.post("/tournaments/{tournament}/seat", summary="Your seat at your next table: a link that seats you")
async def seat(service: TournamentsDep, caller: SignedInDep, tournament: str) -> Response:
    found = await service.seat(tournament, caller.player.handle)
    link = f"/games/{found.table}#seat={found.token}"
    return reply(_seat_answer(found) | {"link": link})


def _seat_answer(found: SeatLink) -> dict[str, Any]:
    return {
        "round": found.round,
        "index": found.index,
        "game": found.table,
        "seat": found.seat,
        "token": found.token,
    }


@router.get("/tournaments/{tournament}", summary="A tournament: declarations, rounds, tables, standings")
async def tournament_page(request: Request, tournament: str) -> Response:
    return reply(await _shown(request, tournament))


@router.get("/tournaments/{tournament}/standings.json", summary="The standings, as JSON rows")
async def standings_json(request: Request, tournament: str) -> Response:
    document = await _shown(request, tournament)
    return reply({"tournament": tournament, "standings": document["standings"]})


@router.get("/tournaments/{tournament}/standings.csv", summary="The standings, as CSV")
async def standings_as_csv(request: Request, tournament: str) -> Response:
    document = await _shown(request, tournament)
    return Response(standings_csv(document), media_type="text/csv; charset=utf-8")


@router.get(
    "/tournaments/{tournament}/rounds/{number}/explain", summary="Why each table of a round is as it is"
)
async def round_explained(request: Request, tournament: str, number: int) -> Response:
    state = await asyncio.to_thread(_folded, request, tournament)
    return reply(explain(state, number))


def _folded(request: Request, tournament: str) -> Tournament:
    """The tournament folded from the events its read model keeps."""
    reads: ReadSide = request.app.state.reads
    found = reads.written().get(log_key(tournament))
    state = None if found is None else fold(EVENT_LIST.decode(found))
    if state is None:
        raise TournamentNotFound(f"No tournament {tournament!r}.")
    return state
