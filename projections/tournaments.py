"""The tournaments' read model: one document per tournament, which the page, the API and the exports
(CSV and JSON) all read, so they agree on every row (issue 46 item 5; STYLE point 8).

The projection takes each event of a tournament's stream (a table's one-row note of its tournament is
passed over: it repeats an assignment the stream holds), keeps the stream's events in
``tournament-log:<id>`` and writes the tournament as shown in ``tournament:<id>``, both in the batch
that records the event's position: idempotent, and rebuilt from the log like every read model. The
scored list ``tournaments`` holds the tournaments not finished (a resumed watch opens what they paired).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any
from uuid import UUID

import msgspec

from domain.tournament import tournament as t
from projections.stores import Batch
from store.tournaments import tournament_id

EVENT_LIST = msgspec.json.Decoder(list[t.AnyTournamentEvent])
DOCUMENT = msgspec.json.Decoder(dict[str, Any])
STANDING_COLUMNS = (
    "place",
    "entrant",
    "points",
    "tables",
    "opponents_average",
    "tablemates_beaten",
    "head_to_head",
    "lot",
    "marks",
)
"""The standings' columns, in order: the JSON rows' keys and the CSV's header."""


RUNNING = "tournaments"
"""The scored list of the tournaments not finished, by the position of their creation."""


def document_key(name: str) -> str:
    return f"tournament:{name}"


def log_key(name: str) -> str:
    return f"tournament-log:{name}"


def posted(
    stream: UUID, event: t.AnyTournamentEvent, batch: Batch, stored: Callable[[str], bytes | None]
) -> None:
    """Take one event of the log into the tournament's documents (``stored``: the store's document)."""
    name = event.tournament
    if stream != tournament_id(name):
        return  # a table's note of its tournament: the tournament's own stream holds the assignment
    key = log_key(name)
    found = batch.documents.get(key) or stored(key)
    events = [*(EVENT_LIST.decode(found) if found else []), event]
    batch.put(key, msgspec.json.encode(events))
    state = t.fold(events)
    assert state is not None, "a tournament's stream starts with its creation"
    batch.put(document_key(name), msgspec.json.encode(shown(state)))
    _running(name, event, batch, stored)


def _running(
    name: str, event: t.AnyTournamentEvent, batch: Batch, stored: Callable[[str], bytes | None]
) -> None:
    """Keep the running tournaments' list (``tournaments``, scored by the position of each creation)."""
    since = f"tournament-since:{name}"
    if isinstance(event, t.TournamentCreated):
        batch.add(RUNNING, batch.position, name.encode())
        batch.put(since, str(batch.position).encode())
    elif isinstance(event, t.TournamentFinished):
        found = batch.documents.get(since) or stored(since)
        if found is not None:
            batch.drop(RUNNING, int(found))


def shown(state: t.Tournament) -> dict[str, Any]:
    """A tournament as every reader shows it: declarations, rounds with their tables, standings."""
    created = state.created
    return {
        "id": state.id,
        "game": created.game,
        "format": str(created.format),
        "rounds": created.rounds,
        "seed": created.seed,
        "planner": created.planner,
        "table_sizes": list(created.sizes),
        "organiser": created.organiser,
        "clock": msgspec.to_builtins(created.clock),
        "bots": [b.name for b in created.bots] + [a.entrant for a in state.late if a.bot is not None],
        "entrants": list(state.entrants),
        "withdrawn": [w.entrant for w in state.withdrawn],
        "started": bool(state.pairings),
        "finished": state.finished,
        "paired": [_round(state, pairing) for pairing in state.pairings],
        "standings": [_row(row) for row in state.standings()],
    }


def _round(state: t.Tournament, pairing: Any) -> dict[str, Any]:
    opened = {(r, i): table for r, i, table in state.tables}
    taken = {(r.round, r.index): r for r in state.results}

    def table(index: int, seated: tuple[str, ...]) -> dict[str, Any]:
        result = taken.get((pairing.round, index))
        return {
            "index": index,
            "entrants": list(seated),
            "table": opened.get((pairing.round, index)),
            "ranking": None if result is None else [list(g) for g in result.ranking],
            "absent": [] if result is None else [seated[s] for s in result.absent],
            "forfeited": [] if result is None else [seated[s] for s in result.forfeited],
        }

    return {
        "round": pairing.round,
        "planner": pairing.planner,
        "tables": [table(i, seated) for i, seated in enumerate(pairing.tables, start=1)],
        "byes": [{"entrant": b.entrant, "reason": b.reason} for b in pairing.byes],
    }


def _row(row: Any) -> dict[str, Any]:
    return {
        column: list(row.marks) if column == "marks" else getattr(row, column) for column in STANDING_COLUMNS
    }


def standings_csv(document: dict[str, Any]) -> str:
    """The standings rows of ``document`` as CSV (marks joined by spaces), the JSON's rows exactly."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDING_COLUMNS)
    for row in document["standings"]:
        writer.writerow([" ".join(row[c]) if c == "marks" else row[c] for c in STANDING_COLUMNS])
    return out.getvalue()
