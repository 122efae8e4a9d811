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
from store.ratings import RatingsLog
from store.tournaments import TournamentLog


def table_over(recorder: AggregateRecorder, games: Mapping[str, AnyGame]) -> Callable[[Table], None]:
    """What happens, on the log, once a table is over (a tournament's round paired by it has its
    tables opened by the referee's watch, which reads the pairing off the log: docs/tournaments.md)."""
    rate, take = RatingsLog(recorder, games).rate, TournamentLog(recorder, games).take

    def over(table: Table) -> None:
        rate(table)
        take(table)

    return over
