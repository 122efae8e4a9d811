"""Why each table of a round is as it is: the planner's measures, said of the tables it made.

Everything is computed from the tournament's own record (the standings before the round, the earlier
rounds' tables) by the measures of :mod:`domain.tournament.planner`, so the page, the API and a second
implementation read the same reasons. Nothing hidden is in it: names, points and seats only.
"""

from __future__ import annotations

import itertools
from typing import Any

from domain.tournament.planner import Meetings
from domain.tournament.tournament import NoSuchRound, Tournament


def _met(pairings: Any, a: str, b: str) -> list[int]:
    return [p.round for p in pairings for table in p.tables if a in table and b in table]


def explain(state: Tournament, number: int) -> dict[str, Any]:
    """Round ``number``'s tables, each with its reasons, and its byes with theirs."""
    if not 1 <= number <= len(state.pairings):
        raise NoSuchRound(f"Round {number} has not been paired.")
    pairing, earlier = state.pairings[number - 1], state.pairings[: number - 1]
    points = {row.entrant: row.points for row in state.standings(before=number)}
    meetings = Meetings(earlier)
    tables = []
    for index, seated in enumerate(pairing.tables, start=1):
        repeats = [
            {"entrants": [a, b], "met_in_rounds": _met(earlier, a, b)}
            for a, b in itertools.combinations(seated, 2)
            if meetings.pairs[frozenset((a, b))]
        ]
        scores = [points[e] for e in seated]
        first = seated[0]
        reasons = [
            "nobody here has sat with another before"
            if not repeats
            else f"{len(repeats)} pair(s) met before: the fewest the planner found for the whole round",
            f"points {min(scores):g} to {max(scores):g} (spread {max(scores) - min(scores):g})",
            f"{first} sits first, having sat first {meetings.firsts[first]} time(s) before",
        ]
        same = [e for seat, e in enumerate(seated) if meetings.seats[(e, seat)]]
        if same:
            reasons.append(f"{', '.join(same)} in a seat held before (the fewest this first seat allows)")
        tables.append(
            {
                "index": index,
                "entrants": list(seated),
                "points_before": scores,
                "repeats": repeats,
                "reasons": reasons,
            }
        )
    return {
        "round": number,
        "planner": pairing.planner,
        "format": str(state.created.format),
        "measures": ["repeat tablemates", "score spread", "first-seat balance", "same-seat repeats"],
        "tables": tables,
        "byes": [{"entrant": bye.entrant, "reason": bye.reason} for bye in pairing.byes],
    }
