"""Who came to a tournament table (rule 7 of :mod:`domain.tournament.tournament`), read off its log.

A seat **was absent** when it had turns at the finished table (or forfeited) and made no move of its
own there: every move for it was the referee's (its time ran out) or a stand-in bot's. A bot entrant's
own seat is never absent (a bot always comes). A seat **forfeited** when the table records it
forfeiting on time. Both are facts of the table's log: any process reading it finds the same.
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.table import AnyTableEvent, GameEventRecorded, Table
from domain.tournament.tournament import Attendance


def attendance(table: Table, events: Iterable[AnyTableEvent]) -> Attendance:
    """The absent and forfeited seats of the finished ``table``, from its ``events``."""
    seats = len(table.seat_names)
    turns, own = [0] * seats, [0] * seats
    for event in events:
        if isinstance(event, GameEventRecorded) and event.turn and event.seat is not None:
            turns[event.seat] += 1
            own[event.seat] += not event.by_referee and not event.bot
    state = table.state
    forfeited = tuple(sorted(state.forfeited))
    absent = tuple(
        seat
        for seat in range(seats)
        if not own[seat] and (turns[seat] or seat in forfeited) and not _bots_own(table, seat)
    )
    return Attendance(absent=absent, forfeited=forfeited)


def _bots_own(table: Table, seat: int) -> bool:
    """A bot seated at the opening (not a stand-in for a player: that seat holds a token)."""
    state = table.state
    return seat < len(state.bots) and state.bots[seat] is not None and state.token_digests[seat] is None
