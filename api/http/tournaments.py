"""Tournaments over HTTP (read side so far): a tournament with its rounds and standings, and why a round's
tables are as they are. Each answer is made from the tournament's stream as the log holds it now (one
indexed read; docs/tournaments.md says why not yet a projection)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from api.http.wire import reply
from domain.tournament.explain import explain
from domain.tournament.tournament import Tournament
from store.tournaments import TournamentLog

router = APIRouter(prefix="/api")


def _current(request: Request, tournament: str) -> Tournament:
    return TournamentLog(request.app.state.tables.store.recorder).current(tournament)


def answer_of(state: Tournament) -> dict[str, Any]:
    """A tournament as the API shows it: its declarations, every round's tables (with the service table
    each was opened as, and its ranking once over), byes, and the standings."""
    created = state.created
    opened = {(r, i): table for r, i, table in state.tables}
    ranked = {(r.round, r.index): [list(g) for g in r.ranking] for r in state.results}
    rounds = [
        {
            "round": p.round,
            "planner": p.planner,
            "tables": [
                {
                    "index": i,
                    "entrants": list(seated),
                    "table": opened.get((p.round, i)),
                    "ranking": ranked.get((p.round, i)),
                }
                for i, seated in enumerate(p.tables, start=1)
            ],
            "byes": [{"entrant": b.entrant, "reason": b.reason} for b in p.byes],
        }
        for p in state.pairings
    ]
    return {
        "id": state.id,
        "game": created.game,
        "format": str(created.format),
        "rounds": created.rounds,
        "seed": created.seed,
        "planner": created.planner,
        "table_sizes": list(created.sizes),
        "entrants": list(state.entrants),
        "withdrawn": [w.entrant for w in state.withdrawn],
        "finished": state.finished,
        "paired": rounds,
        "standings": [
            {
                "place": row.place,
                "entrant": row.entrant,
                "points": row.points,
                "tables": row.tables,
                "opponents_average": row.opponents_average,
                "tablemates_beaten": row.tablemates_beaten,
                "head_to_head": row.head_to_head,
                "lot": row.lot,
                "marks": list(row.marks),
            }
            for row in state.standings()
        ],
    }


@router.get("/tournaments/{tournament}", summary="A tournament: declarations, rounds, tables, standings")
async def tournament_page(request: Request, tournament: str) -> Response:
    state = await asyncio.to_thread(_current, request, tournament)
    return reply(answer_of(state))


@router.get(
    "/tournaments/{tournament}/rounds/{number}/explain", summary="Why each table of a round is as it is"
)
async def round_explained(request: Request, tournament: str, number: int) -> Response:
    state = await asyncio.to_thread(_current, request, tournament)
    return reply(explain(state, number))
