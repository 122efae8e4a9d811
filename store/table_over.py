"""The log's reactions to a table found over, declared once: rate it, then give its tournament the result.

Both must run once per table whichever process wrote its end, also at scale, so both run where every
table's end is met exactly once by position: in the projection, before the batch holding the end is
committed (:attr:`projections.projection.GameProjection.rater`). Each stream refuses a second time
(:mod:`store.ratings`, :mod:`store.tournaments`), so a worker killed between asking and committing asks
again harmlessly. The order is the ratings' first: a tournament's standings never wait on a rating.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from eventsourcing.persistence import AggregateRecorder

from domain.table import AnyGame, Table
from domain.tournament.tournament import RoundPaired
from store.ratings import RatingsLog
from store.tournaments import TournamentLog


def table_over(
    recorder: AggregateRecorder,
    games: Mapping[str, AnyGame],
    paired: Callable[[str], None] | None = None,
) -> Callable[[Table], None]:
    """What happens, on the log, once a table is over; ``paired(tournament)`` is told when a
    tournament paired its next round (the process opens its tables: docs/tournaments.md)."""
    rate, take = RatingsLog(recorder, games).rate, TournamentLog(recorder, games).take

    def over(table: Table) -> None:
        rate(table)
        taken = take(table)
        if paired is not None and any(isinstance(event, RoundPaired) for event in taken):
            paired(taken[-1].tournament)

    return over
