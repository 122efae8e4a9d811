"""Standings: placement points at each table, then the declared tie-breaks, each one explained.

The rules of standing
---------------------
1. **Placement points** are declared per table size (:data:`PLACEMENT_POINTS` unless the organiser says
   otherwise, e.g. 4-2-1-0 for four seats). Seats that tie share the points of the places they cover
   (two tied first at a table of four take (4 + 2) / 2 = 3 each).
2. **A bye** scores the declared bye points (by default the average result of the smallest table:
   the mean of its placement points), and is marked ``bye``.
3. **Tie-breaks, in this order**: opponents' average score (the mean final points of every tablemate
   met, each meeting counted); tablemates beaten (at every table, how many tablemates finished behind);
   head-to-head among the entrants still tied (places ahead of them at shared tables, minus places
   behind); then lots drawn from the tournament's seed (a SHA-256 of the seed and the entrant), so no
   two entrants ever share a place and anyone can recompute the order.
4. **Marks** (absent, forfeit, bye, late, withdrawn) are carried on the row; they never change points
   beyond what the table's own outcome already says.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction

import msgspec

from domain.tournament.planner import Entrant

PLACEMENT_POINTS: Mapping[int, tuple[int, ...]] = {
    2: (2, 0),
    3: (3, 1, 0),
    4: (4, 2, 1, 0),
    5: (5, 3, 2, 1, 0),
}
"""Rule 1's default: points for first, second, ... place at a table of each size."""
TIE_BREAKS = ("opponents' average score", "tablemates beaten", "head-to-head", "lots drawn from the seed")
"""Rule 3, in order."""


class TableResult(msgspec.Struct, frozen=True, kw_only=True):
    """A finished tournament table: its entrants in seat order and the outcome's ranking of seats."""

    entrants: tuple[Entrant, ...]
    ranking: tuple[tuple[int, ...], ...]


class Standing(msgspec.Struct, frozen=True, kw_only=True):
    """One row of the standings, with every number that placed it."""

    place: int
    entrant: Entrant
    points: float
    tables: int
    opponents_average: float
    tablemates_beaten: int
    head_to_head: int
    lot: str
    marks: tuple[str, ...] = ()


def shared_points(result: TableResult, scale: Mapping[int, Sequence[int]]) -> dict[Entrant, Fraction]:
    """Rule 1: each entrant's placement points at one table, ties sharing the places they cover."""
    points = scale[len(result.entrants)]
    earned: dict[Entrant, Fraction] = {}
    place = 0
    for group in result.ranking:
        share = Fraction(sum(points[place : place + len(group)]), len(group))
        earned.update((result.entrants[seat], share) for seat in group)
        place += len(group)
    return earned


def default_bye_points(smallest: int, scale: Mapping[int, Sequence[int]] = PLACEMENT_POINTS) -> Fraction:
    """Rule 2: the average result at the smallest table."""
    return Fraction(sum(scale[smallest]), smallest)


def lot(seed: int, entrant: Entrant) -> str:
    """Rule 3's last tie-break: the entrant's lot, drawn from the tournament's seed (lower places higher)."""
    return hashlib.sha256(f"backroom:lot:{seed}:{entrant}".encode()).hexdigest()[:16]


def _places(result: TableResult) -> dict[Entrant, int]:
    """Each entrant's place (0 first; tied seats share the better place)."""
    places: dict[Entrant, int] = {}
    place = 0
    for group in result.ranking:
        places.update((result.entrants[seat], place) for seat in group)
        place += len(group)
    return places


def standings(  # noqa: PLR0917  (the declared rules and the record, named)
    entrants: Sequence[Entrant],
    results: Sequence[TableResult],
    byes: Sequence[Entrant],
    seed: int,
    bye_points: Fraction,
    scale: Mapping[int, Sequence[int]] = PLACEMENT_POINTS,
    marks: Mapping[Entrant, Sequence[str]] | None = None,
    credits: Mapping[Entrant, Fraction] | None = None,
) -> list[Standing]:
    """Rules 1-4: every entrant's row, best first (``credits``: points given outside any table, such as
    a late entry's missed rounds)."""
    points: dict[Entrant, Fraction] = {e: (credits or {}).get(e, Fraction(0)) for e in entrants}
    tables: dict[Entrant, int] = dict.fromkeys(entrants, 0)
    beaten: dict[Entrant, int] = dict.fromkeys(entrants, 0)
    met: dict[Entrant, list[Entrant]] = defaultdict(list)
    for result in results:
        places = _places(result)
        for entrant, earned in shared_points(result, scale).items():
            points[entrant] += earned
            tables[entrant] += 1
            others = [e for e in result.entrants if e != entrant]
            met[entrant].extend(others)
            beaten[entrant] += sum(places[o] > places[entrant] for o in others)
    for entrant in byes:
        points[entrant] += bye_points
    average = {e: Fraction(sum((points[o] for o in met[e]), Fraction(0)), len(met[e]) or 1) for e in entrants}
    tied = defaultdict(list)
    for e in entrants:
        tied[(points[e], average[e], beaten[e])].append(e)
    head = {e: _head_to_head(e, tied[(points[e], average[e], beaten[e])], results) for e in entrants}
    lots = {e: lot(seed, e) for e in entrants}
    order = sorted(entrants, key=lambda e: (-points[e], -average[e], -beaten[e], -head[e], lots[e]))
    bye_marks = {e: ("bye",) * byes.count(e) for e in entrants}
    return [
        Standing(
            place=n,
            entrant=e,
            points=float(points[e]),
            tables=tables[e],
            opponents_average=round(float(average[e]), 4),
            tablemates_beaten=beaten[e],
            head_to_head=head[e],
            lot=lots[e],
            marks=tuple((marks or {}).get(e, ())) + bye_marks[e],
        )
        for n, e in enumerate(order, start=1)
    ]


def _head_to_head(entrant: Entrant, tied: Sequence[Entrant], results: Sequence[TableResult]) -> int:
    """Rule 3: places ahead of the other tied entrants at shared tables, minus places behind."""
    score = 0
    for result in results:
        if entrant not in result.entrants:
            continue
        places = _places(result)
        for other in tied:
            if other != entrant and other in places:
                score += (places[other] > places[entrant]) - (places[other] < places[entrant])
    return score
