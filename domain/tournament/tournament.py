"""A tournament as an aggregate: decided and folded like a table, stored as events in a stream of its own.

The rules of a tournament (so far)
----------------------------------
1. A tournament is created with its game, format, rounds, seed, the planner version that will pair it,
   the table sizes, the placement points per size, the bye points and its entrants.
2. A round is paired only when every table of the round before has a result (the first at once); its
   pairing (:func:`domain.tournament.planner.plan_round`) is recorded in the event, so a rebuild reads it
   and never pairs again. A tournament whose planner version is not this code's is refused.
3. Each table of a round is opened by the service and recorded (``TableAssigned``); when a table is
   over its tournament takes the result (``ResultTaken``), once: a table taken already adds nothing.
4. After the last round's last result the tournament is finished (it says so in the same decision).
5. A late entry joins before the next round is paired; each round paired before it is credited at its
   declared score (by default the tournament's bye points, so entering late neither helps nor hurts on
   average), and the row is marked ``late``.
6. A withdrawn entrant is paired in no later round (a table already paired plays on with them); their
   row stays, marked ``withdrawn``. Only the organiser (the known player who created the tournament)
   withdraws an entrant or starts the tournament.
7. Every table of a tournament has the declared clock; its timeout is the declared no-show rule (a
   stand-in bot plays the seat, or the seat forfeits). A seat that had turns at a finished table and
   made no move of its own there was **absent**; a seat that forfeited on time **forfeited**. Both are
   taken with the result and marked in the standings; the second absence withdraws the entrant from
   every later round, in the decision that takes the result.
8. The tournament runs itself once started: round 1 is paired by the start, and each later round as
   soon as the last result of the round before is taken (:func:`pair_due`; nothing while a table of
   it plays, nothing once every round is paired).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import msgspec

from domain.bots import BotSpec
from domain.table.clocks import TableClock
from domain.tournament.events import (
    ABSENCES_TO_WITHDRAW,
    EVENTS,
    NO_SHOW_RULES,
    AlreadyStarted,
    AnyTournamentEvent,
    BotEntrant,
    EntrantAdded,
    EntrantKnown,
    EntrantWithdrawn,
    NoSuchEntrant,
    NoSuchRound,
    NotOrganiser,
    ResultTaken,
    RoundNotOver,
    RoundPaired,
    TableAssigned,
    TournamentCreated,
    TournamentError,
    TournamentEvent,
    TournamentFinished,
    TournamentNotFound,
    TournamentOver,
)
from domain.tournament.planner import (
    PLANNER_VERSION,
    Entrant,
    Format,
    Pairing,
    PlannerVersionRefused,
    plan_round,
)
from domain.tournament.standings import PLACEMENT_POINTS, Standing, TableResult, standings

__all__ = [  # the events and refusals are read through this module, beside the rules that decide them
    "ABSENCES_TO_WITHDRAW",
    "EVENTS",
    "NO_SHOW_RULES",
    "AlreadyStarted",
    "AnyTournamentEvent",
    "BotEntrant",
    "EntrantAdded",
    "EntrantKnown",
    "EntrantWithdrawn",
    "NoSuchEntrant",
    "NoSuchRound",
    "NotOrganiser",
    "ResultTaken",
    "RoundNotOver",
    "RoundPaired",
    "TableAssigned",
    "TournamentCreated",
    "TournamentError",
    "TournamentEvent",
    "TournamentFinished",
    "TournamentNotFound",
    "TournamentOver",
]


class Tournament(msgspec.Struct, frozen=True, kw_only=True):
    """A tournament as its events left it (``version``: how many)."""

    created: TournamentCreated
    pairings: tuple[Pairing, ...] = ()
    tables: tuple[tuple[int, int, str], ...] = ()
    results: tuple[ResultTaken, ...] = ()
    finished: bool = False
    version: int = 1
    late: tuple[EntrantAdded, ...] = ()
    withdrawn: tuple[EntrantWithdrawn, ...] = ()

    @property
    def id(self) -> str:
        return self.created.tournament

    @property
    def entrants(self) -> tuple[Entrant, ...]:
        """Everyone ever entered, the late last (rule 5)."""
        return self.created.entrants + tuple(added.entrant for added in self.late)

    @property
    def playing(self) -> tuple[Entrant, ...]:
        """The entrants a next round pairs: every entrant not withdrawn (rule 6)."""
        gone = {w.entrant for w in self.withdrawn}
        return tuple(e for e in self.entrants if e not in gone)

    def table_of(self, table: str) -> tuple[int, int] | None:
        """The round and index of a service table in this tournament, if it is one of its."""
        return next(((r, i) for r, i, t in self.tables if t == table), None)

    def round_over(self, number: int) -> bool:
        """Every table of round ``number`` has a result."""
        taken = {(r.round, r.index) for r in self.results}
        tables = self.pairings[number - 1].tables if number <= len(self.pairings) else ()
        return all((number, index) in taken for index in range(1, len(tables) + 1))

    def standings(self, before: int | None = None) -> list[Standing]:
        """The standings from the results (of the rounds before ``before`` only, when given)."""
        last = len(self.pairings) if before is None else before - 1
        pairings = self.pairings[:last]
        results = [
            TableResult(entrants=pairings[r.round - 1].tables[r.index - 1], ranking=r.ranking)
            for r in self.results
            if r.round <= last
        ]
        byes = [bye.entrant for pairing in pairings for bye in pairing.byes]
        low, high = self.created.sizes
        scale = dict(zip(range(low, high + 1), self.created.points, strict=True))
        bye = Fraction(*self.created.bye_points)
        credits = {a.entrant: Fraction(*a.points) * min(a.missed, last) for a in self.late}
        marks = self._marks(last)
        return standings(self.entrants, results, byes, self.created.seed, bye, scale, marks, credits)

    def _marks(self, last: int) -> dict[Entrant, list[str]]:
        """Rules 5-7: late, then each absence and forfeit in the rounds counted, then withdrawn."""
        marks: dict[Entrant, list[str]] = {a.entrant: ["late"] for a in self.late}
        for result in self.results:
            if result.round <= last:
                seated = self.pairings[result.round - 1].tables[result.index - 1]
                for kind, seats in (("absent", result.absent), ("forfeit", result.forfeited)):
                    for seat in seats:
                        marks.setdefault(seated[seat], []).append(kind)
        for gone in self.withdrawn:
            marks.setdefault(gone.entrant, []).append("withdrawn")
        return marks

    def absences(self, entrant: Entrant) -> int:
        """Rule 7: the tables ``entrant`` was absent from."""
        return sum(
            self.pairings[r.round - 1].tables[r.index - 1][seat] == entrant
            for r in self.results
            for seat in r.absent
        )

    def bot_of(self, entrant: Entrant) -> BotSpec | None:
        """The bot that plays ``entrant``, if it is a bot."""
        bots = (*self.created.bots, *(a.bot for a in self.late if a.bot is not None))
        return next((b.bot for b in bots if b.name == entrant), None)

    def next_table(self, entrant: Entrant) -> tuple[int, int, int] | None:
        """The round, table index and seat of ``entrant``'s table in the last round paired, if any."""
        if not self.pairings:
            return None
        pairing = self.pairings[-1]
        for index, seated in enumerate(pairing.tables, start=1):
            if entrant in seated:
                return pairing.round, index, seated.index(entrant)
        return None


class Running(msgspec.Struct, frozen=True, kw_only=True):
    """Rules 6-7's declarations of a tournament that runs itself (none: one run by the operator's tools)."""

    organiser: str | None = None
    clock: TableClock | None = None
    bots: tuple[BotEntrant, ...] = ()
    seat_key: str = ""


def create(  # noqa: PLR0917  (the declarations, named)
    tournament: str,
    game: str,
    format: Format,
    rounds: int,
    seed: int,
    sizes: tuple[int, int],
    entrants: Sequence[Entrant],
    points: Sequence[Sequence[int]] | None = None,
    running: Running | None = None,
) -> list[AnyTournamentEvent]:
    """Rule 1 (default points: :data:`PLACEMENT_POINTS`; byes: the smallest table's average)."""
    scale = tuple(
        tuple(points[n] if points else PLACEMENT_POINTS[size])
        for n, size in enumerate(range(sizes[0], sizes[1] + 1))
    )
    bye = Fraction(sum(scale[0]), sizes[0])
    runs = running or Running()
    return [
        TournamentCreated(
            tournament=tournament,
            game=game,
            format=format,
            rounds=rounds,
            seed=seed,
            planner=PLANNER_VERSION,
            sizes=sizes,
            points=scale,
            bye_points=(bye.numerator, bye.denominator),
            entrants=tuple(entrants),
            organiser=runs.organiser,
            clock=runs.clock,
            bots=runs.bots,
            seat_key=runs.seat_key,
        )
    ]


def organised_by(state: Tournament, handle: str | None) -> None:
    """Rule 6: refuse anyone but the organiser."""
    organiser = state.created.organiser
    if organiser is None or handle is None or handle.casefold() != organiser.casefold():
        raise NotOrganiser("Only the tournament's organiser may do this.")


def start(state: Tournament, handle: str | None) -> list[AnyTournamentEvent]:
    """Rule 8: the organiser pairs round 1."""
    organised_by(state, handle)
    if state.pairings:
        raise AlreadyStarted("This tournament has started already.")
    return pair_next(state)


def pair_due(state: Tournament) -> list[AnyTournamentEvent]:
    """Rule 8: the next round, once the last is over (not started, still playing or all paired: nothing)."""
    number = len(state.pairings)
    if not number or state.finished or number >= state.created.rounds or not state.round_over(number):
        return []
    return pair_next(state)


def pair_next(state: Tournament) -> list[AnyTournamentEvent]:
    """Rule 2: pair the next round from the standings and the history."""
    if state.created.planner != PLANNER_VERSION:
        raise PlannerVersionRefused(f"this tournament is paired by planner {state.created.planner}")
    number = len(state.pairings) + 1
    if state.finished or number > state.created.rounds:
        raise TournamentOver("Every round of this tournament has been played.")
    if number > 1 and not state.round_over(number - 1):
        raise RoundNotOver(f"Round {number - 1} has a table still playing.")
    points = {row.entrant: row.points for row in state.standings()}
    low, high = state.created.sizes
    pairing = plan_round(
        number,
        state.playing,
        points,
        state.pairings,
        state.created.seed,
        range(low, high + 1),
        state.created.format,
        state.created.planner,
    )
    return [RoundPaired(tournament=state.id, pairing=pairing)]


def enter_late(
    state: Tournament, entrant: Entrant, points: Fraction | None = None, bot: BotEntrant | None = None
) -> list[AnyTournamentEvent]:
    """Rule 5: enter ``entrant`` before the next round (credited ``points`` a missed round)."""
    if state.finished or len(state.pairings) >= state.created.rounds:
        raise TournamentOver("Every round of this tournament has been paired: it takes no more entries.")
    if entrant.casefold() in {e.casefold() for e in state.entrants}:
        raise EntrantKnown(f"{entrant} is entered already.")
    credit = Fraction(*state.created.bye_points) if points is None else points
    missed = len(state.pairings)
    pair = (credit.numerator, credit.denominator)
    return [EntrantAdded(tournament=state.id, entrant=entrant, missed=missed, points=pair, bot=bot)]


def withdraw(
    state: Tournament, entrant: Entrant, reason: str, by: str | None = None
) -> list[AnyTournamentEvent]:
    """Rule 6: pair ``entrant`` in no later round (withdrawn already: nothing); ``by``: who asks, when
    the tournament has an organiser."""
    if state.created.organiser is not None:
        organised_by(state, by)
    if entrant not in state.entrants:
        raise NoSuchEntrant(f"{entrant} is not entered in this tournament.")
    if entrant not in state.playing:
        return []
    return [
        EntrantWithdrawn(tournament=state.id, entrant=entrant, after_round=len(state.pairings), reason=reason)
    ]


def assign(state: Tournament, number: int, index: int, table: str) -> list[AnyTournamentEvent]:
    """Rule 3: record the service table a round's table was opened as (again: nothing)."""
    if any((r, i) == (number, index) for r, i, _ in state.tables):
        return []
    return [TableAssigned(tournament=state.id, round=number, index=index, table=table)]


class Attendance(msgspec.Struct, frozen=True, kw_only=True):
    """Rule 7: the seats of a finished table that were absent, and those that forfeited on time."""

    absent: tuple[int, ...] = ()
    forfeited: tuple[int, ...] = ()


def take_result(
    state: Tournament, table: str, ranking: Sequence[Sequence[int]], seen: Attendance | None = None
) -> list[AnyTournamentEvent]:
    """Rules 3, 4 and 7: a finished table's result, once, with who was absent (a second absence
    withdraws); the tournament finished with its last one."""
    where = state.table_of(table)
    if where is None or any(r.table == table for r in state.results):
        return []
    seen = seen or Attendance()
    taken = ResultTaken(
        tournament=state.id,
        round=where[0],
        index=where[1],
        table=table,
        ranking=tuple(tuple(g) for g in ranking),
        absent=seen.absent,
        forfeited=seen.forfeited,
    )
    after = evolve(state, taken)
    decided: list[AnyTournamentEvent] = [taken]
    for seat in seen.absent:
        entrant = after.pairings[where[0] - 1].tables[where[1] - 1][seat]
        if after.absences(entrant) >= ABSENCES_TO_WITHDRAW and entrant in after.playing:
            gone = EntrantWithdrawn(
                tournament=state.id, entrant=entrant, after_round=len(after.pairings), reason="absent twice"
            )
            decided.append(gone)
            after = evolve(after, gone)
    if len(after.pairings) == after.created.rounds and after.round_over(after.created.rounds):
        decided.append(TournamentFinished(tournament=state.id))
    return decided


def evolve(state: Tournament | None, event: AnyTournamentEvent) -> Tournament:
    """Apply one event (no rules here: the event says what was decided)."""
    if isinstance(event, TournamentCreated):
        return Tournament(created=event)
    assert state is not None, "a tournament starts with TournamentCreated"
    version = state.version + 1
    match event:
        case RoundPaired(pairing=pairing):
            return msgspec.structs.replace(state, pairings=(*state.pairings, pairing), version=version)
        case TableAssigned(round=number, index=index, table=table):
            return msgspec.structs.replace(
                state, tables=(*state.tables, (number, index, table)), version=version
            )
        case ResultTaken():
            return msgspec.structs.replace(state, results=(*state.results, event), version=version)
        case TournamentFinished():
            return msgspec.structs.replace(state, finished=True, version=version)
        case EntrantAdded():
            return msgspec.structs.replace(state, late=(*state.late, event), version=version)
        case EntrantWithdrawn():
            return msgspec.structs.replace(state, withdrawn=(*state.withdrawn, event), version=version)
    raise TypeError(event)


def fold(events: Sequence[AnyTournamentEvent], state: Tournament | None = None) -> Tournament | None:
    """Every event applied in order."""
    for event in events:
        state = evolve(state, event)
    return state
