"""Turn clocks: a table option, decided with the table's rules and folded like everything else.

The rules of a clock
--------------------
1. A table has no clock (the default), a **deadline per move** (``move``: each wait for a move lasts
   ``seconds``), or a **clock per seat** (``seat``: each seat starts with ``seconds`` and gets
   ``increment`` after each move of its own, chess-style).
2. A clock runs for every seat the game waits for. A wait begins when the game is set up and again
   after every recorded game move (a seat's, or the referee's) and every turn taken back; a
   take-back request or answer begins none (it cannot buy time). A seat's clock is charged for the
   whole time it was waited for, whoever else was waited for too. A seat still waited for after
   another seat's move (both asked at once, as when every seat picks together) goes on
   waiting: its deadline per move stays where it was (another seat's move buys it no time), so when
   two seats run out together the referee plays for each of them.
3. When time runs out, the referee acts (:data:`~domain.table.REFEREE`): the table's ``timeout``
   rule says how — ``move``: the game's default move for that seat, else one chosen by a fair bot;
   ``bot``: a bot plays it; ``forfeit``: no move is played, the seat forfeits
   (:mod:`domain.table.forfeits` has those rules). The move is recorded as the referee's, for the
   seat, and is final (never taken back: a seat may not run its clock out and then undo what was
   played for it).
4. A seat whose own clock has run out gets no increment from the referee's moves, so each of its
   later moves is played by the referee as soon as it is asked for one.
5. A fork (a new table from a finished game's position) keeps the source's clock rule, and its
   clocks start afresh: the first wait begins when the fork is made, every seat's clock full.

Each event that begins a wait carries the :class:`Timing` decided then; the fold copies it.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Any, Literal

import msgspec

WEEK = 7 * 24 * 3600.0
Seconds = Annotated[float, msgspec.Meta(ge=1, le=WEEK)]
Increment = Annotated[float, msgspec.Meta(ge=0, le=WEEK)]


class TableClock(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A table's clock rule: ``none``, ``move`` (a deadline per move) or ``seat`` (a clock per seat)."""

    kind: Literal["none", "move", "seat"] = "none"
    seconds: Seconds = 60.0
    increment: Increment = 0.0
    timeout: Literal["move", "bot", "forfeit"] = "move"

    def __post_init__(self) -> None:
        # Seconds given as an int (a test's ``seconds=30``) are stored as 30.0: the event then encodes
        # as it will decode, and the record's chain (docs/record.md) hashes the same bytes either way.
        msgspec.structs.force_setattr(self, "seconds", float(self.seconds))
        msgspec.structs.force_setattr(self, "increment", float(self.increment))

    @property
    def runs(self) -> bool:
        """True unless the table plays without a clock."""
        return self.kind != "none"


class Timing(msgspec.Struct, frozen=True, kw_only=True):
    """The clock as one event left it: when the wait began, for whom, and each seat's time then.

    ``left`` is every seat's clock (``seat``), or, with a deadline per move, what was left of each
    seat's wait at ``since`` when some wait went on past a move (rule 2; empty when every wait
    began then, as in all logs written before that rule)."""

    since: datetime
    waiting: tuple[int, ...] = ()
    left: tuple[float, ...] = ()


def started(rule: TableClock, seats: int, now: datetime, waiting: tuple[int, ...]) -> Timing:
    """The clock when the game is set up: the first wait begins, every seat's clock full."""
    left = (rule.seconds,) * seats if rule.kind == "seat" else ()
    return Timing(since=now, waiting=waiting, left=left)


def after(  # noqa: PLR0917  (what ends a wait)
    rule: TableClock,
    timing: Timing,
    now: datetime,
    waiting: tuple[int, ...],
    mover: int | None,
    moved: int | None = None,
) -> Timing:
    """The clock once a wait ends at ``now`` (``mover``: the seat whose own move ended it, if any;
    ``moved``: the seat whose move, its own or the referee's for it, ended it: every other seat
    still waited for goes on waiting (rule 2). Neither: every wait ends, as a take-back's)."""
    if rule.kind == "move":
        return _moves_after(rule, timing, now, waiting, mover if moved is None else moved)
    spent = (now - timing.since).total_seconds()
    left = [
        max(0.0, time - spent) if seat in timing.waiting else time for seat, time in enumerate(timing.left)
    ]
    if mover is not None and mover in timing.waiting:
        left[mover] += rule.increment
    return Timing(since=now, waiting=waiting, left=tuple(left))


def _moves_after(
    rule: TableClock, timing: Timing, now: datetime, waiting: tuple[int, ...], moved: int | None
) -> Timing:
    """Rule 2 with a deadline per move: the seats waited for before and after, other than ``moved``,
    keep their deadlines; every other wait begins now."""
    going_on = [seat for seat in waiting if seat in timing.waiting and seat != moved]
    if moved is None or not going_on:
        return Timing(since=now, waiting=waiting)
    spent = (now - timing.since).total_seconds()
    left = [rule.seconds] * (max((*waiting, *timing.waiting)) + 1)
    for seat in going_on:
        left[seat] = max(0.0, _wait(rule, timing, seat) - spent)
    return Timing(since=now, waiting=waiting, left=tuple(left))


def _wait(rule: TableClock, timing: Timing, seat: int) -> float:
    """What was left of ``seat``'s wait at ``timing.since`` (deadline per move)."""
    return timing.left[seat] if seat < len(timing.left) else rule.seconds


def deadlines(rule: TableClock, timing: Timing | None, out: tuple[int, ...] = ()) -> dict[int, datetime]:
    """When each waited-for seat's time runs out (``out``: seats whose clock no longer counts, having
    forfeited)."""
    if timing is None or not rule.runs:
        return {}
    waiting = [seat for seat in timing.waiting if seat not in out]
    if rule.kind == "move":
        return {seat: timing.since + timedelta(seconds=_wait(rule, timing, seat)) for seat in waiting}
    return {seat: timing.since + timedelta(seconds=timing.left[seat]) for seat in waiting}


def deadline(rule: TableClock | None, timing: Timing | None, out: tuple[int, ...] = ()) -> datetime | None:
    """The first moment a seat's time runs out, ``None`` when no clock runs."""
    if rule is None:
        return None
    found = deadlines(rule, timing, out).values()
    return min(found) if found else None


def out_of_time(
    rule: TableClock | None, timing: Timing | None, now: datetime, out: tuple[int, ...] = ()
) -> list[int]:
    """The seats whose time has run out at ``now``, lowest first."""
    if rule is None:
        return []
    return sorted(seat for seat, when in deadlines(rule, timing, out).items() if when <= now)


def reading(
    rule: TableClock | None, timing: Timing | None, out: tuple[int, ...] = ()
) -> dict[str, Any] | None:
    """What every viewer is shown: the rule, each waited-for seat's deadline, and every seat's time
    left when the wait began (``since``; a client counts down from there: the answer never goes stale)."""
    if rule is None or not rule.runs or timing is None:
        return None
    due = deadlines(rule, timing, out)
    left = list(timing.left)
    return {
        "kind": rule.kind,
        "seconds": rule.seconds,
        "increment": rule.increment,
        "timeout": rule.timeout,
        "since": timing.since,
        "deadlines": [{"seat": seat, "at": when} for seat, when in sorted(due.items())],
        "left": left,
    }
