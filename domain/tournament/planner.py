"""The planner: who sits at which table, in which seat, in a round of a tournament.

A round's pairing is a pure function of the standings (each entrant's points), the history (every
earlier round's tables in seat order, and its byes), the tournament's seed, the round's number, the
format and :data:`PLANNER_VERSION`; it is stored with the round, so a rebuild reads it back and never
pairs again. Rules, in order:

1. **Table sizes.** Every entrant is seated once a round whenever the count can be split into allowed
   sizes: as many tables as the sizes allow, as even as possible (9 in tables of 3 to 5 is 3, 3, 3).
   Otherwise the fewest entrants sit out (a bye, with the reason said): first those with the fewest
   byes so far, then the lowest in the standings (Swiss) or by lot (round-robin).
2. **Tables**, minimising in this order: tablemates who met before (each earlier meeting of each pair
   at a table counts one); the spread of points at a table (highest minus lowest, summed; Swiss only);
   first-seat balance (the first seat goes to the member with the fewest first seats so far, and a
   table whose members all had it often costs more); same-seat repeats (an entrant in a seat number it
   held before). Ties are broken by the seeded standing order (points, then lots drawn from the seed).
3. **Search.** Branch and bound over tables, the top unplaced entrant choosing mates among the next
   :data:`WINDOW` unplaced entrants: for up to ``WINDOW + 1`` entrants it is exhaustive, so the pairing is
   optimal; beyond that it stops after :data:`BUDGET` tables weighed and then swaps entrants between
   tables while a swap lowers the cost. Both are counted, never timed, so the result never depends on
   the machine.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from enum import StrEnum

import msgspec

from domain.errors import ServiceError

PLANNER_VERSION = 1
"""Bumped whenever any pairing could change; a running tournament refuses a different one."""
WINDOW = 11
"""Rule 3: mates are chosen among this many next unplaced entrants."""
BUDGET = 4_000
"""Rule 3: tables weighed, for more than ``WINDOW + 1`` entrants, before the search keeps the best it has
(about 0.2 s a round for 40 entrants in tables of 3 to 5)."""

Entrant = str
Cost = tuple[int, float, int, int]
"""Rule 2's measures in order: repeats, spread, first seats, same-seat repeats."""
ZERO: Cost = (0, 0.0, 0, 0)


class Format(StrEnum):
    """How rounds are paired: by standings (Swiss) or to meet new tablemates only (round-robin)."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"


class Bye(msgspec.Struct, frozen=True, kw_only=True):
    """An entrant who sits out a round, and why."""

    entrant: Entrant
    reason: str


class Pairing(msgspec.Struct, frozen=True, kw_only=True):
    """One round as planned: its tables (entrants in seat order), its byes, the planner that made it."""

    round: int
    planner: int
    tables: tuple[tuple[Entrant, ...], ...]
    byes: tuple[Bye, ...] = ()


class PlannerVersionRefused(ServiceError):
    """Raised when a round is asked of a planner version other than the one this code implements."""

    code = "tournament/planner_version"


def table_sizes(count: int, sizes: range) -> tuple[int, ...] | None:
    """Rule 1: the sizes of the tables ``count`` entrants fill, largest first; None if they cannot."""
    if count == 0:
        return ()
    for tables in range(count // sizes.start, 0, -1):
        low, extra = divmod(count, tables)
        if low >= sizes.start and low + (extra > 0) <= sizes.stop - 1:
            return (low + 1,) * extra + (low,) * (tables - extra)
    return None


class Meetings:
    """What the history says: who met whom, who sat first and where, who had byes."""

    def __init__(self, history: Sequence[Pairing]) -> None:
        self.pairs: Counter[frozenset[Entrant]] = Counter()
        self.firsts: Counter[Entrant] = Counter()
        self.seats: Counter[tuple[Entrant, int]] = Counter()
        self.byes: Counter[Entrant] = Counter()
        for pairing in history:
            for table in pairing.tables:
                self.firsts[table[0]] += 1
                self.seats.update((entrant, seat) for seat, entrant in enumerate(table))
                self.pairs.update(frozenset(pair) for pair in itertools.combinations(table, 2))
            self.byes.update(bye.entrant for bye in pairing.byes)

    def repeats(self, table: Sequence[Entrant]) -> int:
        """Earlier meetings of every pair at ``table``."""
        return sum(self.pairs[frozenset(pair)] for pair in itertools.combinations(table, 2))

    def seated(self, table: Sequence[Entrant]) -> tuple[tuple[Entrant, ...], int, int]:
        """Rule 2's seat order for ``table`` (in standing order) with its first-seat and same-seat costs."""
        best = min(
            itertools.permutations(table),
            key=lambda order: (self.firsts[order[0]], self._same(order)),
        )
        return best, self.firsts[best[0]], self._same(best)

    def _same(self, order: Sequence[Entrant]) -> int:
        return sum(self.seats[(entrant, seat)] for seat, entrant in enumerate(order))


def plan_round(  # noqa: PLR0917  (every input of the pure function, named)
    number: int,
    entrants: Sequence[Entrant],
    points: Mapping[Entrant, float],
    history: Sequence[Pairing],
    seed: int,
    sizes: range,
    format: Format = Format.SWISS,
    version: int = PLANNER_VERSION,
) -> Pairing:
    """Pair round ``number`` of the entrants still in (rules 1-3)."""
    if version != PLANNER_VERSION:
        raise PlannerVersionRefused(f"planner {version} asked of planner {PLANNER_VERSION}")
    lots = random.Random(f"backroom:planner:{version}:{seed}:{number}")
    drawn = {entrant: lots.random() for entrant in sorted(entrants)}
    swiss = format is Format.SWISS
    order = sorted(entrants, key=lambda e: (-points.get(e, 0.0) if swiss else 0.0, drawn[e], e))
    meetings = Meetings(history)
    byes, seated = _byes(order, sizes, meetings, swiss)
    search = _Search(meetings, {e: points.get(e, 0.0) if swiss else 0.0 for e in seated})
    tables = search.best(seated, table_sizes(len(seated), sizes) or ())
    return Pairing(round=number, planner=version, tables=tables, byes=byes)


def _byes(
    order: list[Entrant], sizes: range, meetings: Meetings, swiss: bool
) -> tuple[tuple[Bye, ...], list[Entrant]]:
    """Rule 1: the fewest entrants who must sit out, and the rest in standing order."""
    out = next(n for n in range(len(order) + 1) if table_sizes(len(order) - n, sizes) is not None)
    if out == 0:
        return (), order
    rank = {entrant: place for place, entrant in enumerate(order)}
    chosen = sorted(order, key=lambda e: (meetings.byes[e], -rank[e] if swiss else rank[e]))[:out]
    if len(order) < sizes.start:
        why = f"{len(order)} entrants cannot fill a table of {sizes.start}"
    else:
        allowed = f"{sizes.start} to {sizes.stop - 1}" if len(sizes) > 1 else f"{sizes.start}"
        why = f"{len(order)} entrants cannot be split into tables of {allowed}"
    reason = f"{why}; {out} sit out: the fewest byes so far, then " + ("lowest standing" if swiss else "lots")
    return tuple(Bye(entrant=e, reason=reason) for e in sorted(chosen, key=rank.__getitem__)), [
        e for e in order if e not in chosen
    ]


def _plus(a: Cost, b: Cost) -> Cost:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


class _Search:
    """Rule 3: branch and bound over tables, then swaps."""

    def __init__(self, meetings: Meetings, points: Mapping[Entrant, float]) -> None:
        self.meetings = meetings
        self.points = points
        self.weighed = 0
        self.known: dict[tuple[Entrant, ...], tuple[tuple[Entrant, ...], Cost]] = {}
        self.found: tuple[Cost, tuple[tuple[Entrant, ...], ...]] | None = None
        self.rank: dict[Entrant, int] = {}
        self.budget: int | None = None

    def table(self, members: tuple[Entrant, ...]) -> tuple[tuple[Entrant, ...], Cost]:
        """A table's seat order and cost (members in standing order)."""
        if members not in self.known:
            scores = [self.points[m] for m in members]
            seated, first, same = self.meetings.seated(members)
            cost = (self.meetings.repeats(members), max(scores) - min(scores), first, same)
            self.known[members] = (seated, cost)
        self.weighed += 1
        return self.known[members]

    def best(self, order: list[Entrant], sizes: tuple[int, ...]) -> tuple[tuple[Entrant, ...], ...]:
        """The cheapest tables found for ``order`` (standing order) in tables of ``sizes``."""
        if not sizes:
            return ()
        self.rank = {entrant: place for place, entrant in enumerate(order)}
        self.budget = BUDGET if len(order) > WINDOW + 1 else None
        self._descend(order, Counter(sizes), ZERO, [])
        assert self.found is not None
        return self._swapped(list(self.found[1]))

    def _descend(
        self, left: list[Entrant], sizes: Counter[int], cost: Cost, tables: list[tuple[Entrant, ...]]
    ) -> None:
        if self.found is not None and (
            cost >= self.found[0] or (self.budget is not None and self.weighed >= self.budget)
        ):
            return
        if not left:
            self.found = (cost, tuple(tables))
            return
        top, rest = left[0], left[1:]
        options = []
        for size in sorted(s for s in sizes if sizes[s]):
            for mates in itertools.combinations(rest[:WINDOW], size - 1):
                seated, table_cost = self.table((top, *mates))
                options.append((table_cost, size, mates, seated))
        for table_cost, size, mates, seated in sorted(options, key=lambda o: o[0]):
            sizes[size] -= 1
            self._descend(
                [e for e in rest if e not in mates], sizes, _plus(cost, table_cost), [*tables, seated]
            )
            sizes[size] += 1

    def _swapped(self, tables: list[tuple[Entrant, ...]]) -> tuple[tuple[Entrant, ...], ...]:
        """Swap two entrants of two tables while that lowers the summed cost (for large fields)."""
        rank = self.rank
        improved = True
        while improved:
            improved = False
            for i, j in itertools.combinations(range(len(tables)), 2):
                better = self._swap(tables[i], tables[j], rank)
                if better is not None:
                    tables[i], tables[j] = better
                    improved = True
        return tuple(tables)

    def _swap(
        self, one: tuple[Entrant, ...], two: tuple[Entrant, ...], rank: Mapping[Entrant, int]
    ) -> tuple[tuple[Entrant, ...], tuple[Entrant, ...]] | None:
        now = _plus(self.table(self._ranked(one, rank))[1], self.table(self._ranked(two, rank))[1])
        for a, b in itertools.product(one, two):
            first = self._ranked(tuple(b if e == a else e for e in one), rank)
            second = self._ranked(tuple(a if e == b else e for e in two), rank)
            (s1, c1), (s2, c2) = self.table(first), self.table(second)
            if _plus(c1, c2) < now:
                return s1, s2
        return None

    @staticmethod
    def _ranked(members: tuple[Entrant, ...], rank: Mapping[Entrant, int]) -> tuple[Entrant, ...]:
        return tuple(sorted(members, key=rank.__getitem__))
