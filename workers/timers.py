"""The referee's and the bots' own turns: who acts when no person sends a command.

A :class:`Watch` follows the log (from its start, so a deadline that passed while everything was down
is found on start) and folds, with the table's one fold, every table that may need acting on without
a person: one with a clock or a bot seat, or a game that waits with deadlines of its own. From it
:func:`tend` asks the write side (a :class:`Steward`: the application service) to let the referee
close what is overdue and to let each bot whose turn it is move.

Embedded (``backroom serve``), the watch is handed the commits of its process that concern the tables it
keeps (:data:`store.commits.Tending`: a move at a table with no clock, no bot seat and a game that never
waits is not handed to it), and :func:`run` looks when such a commit wakes it (:meth:`Watch.wake`), every
:data:`TICK` while it keeps a table (a clock may be stepped by hand, a bot's move that lost a race is
tried again), and never otherwise: it reads the log for other processes' commits when the projection's
follower, which reads the log anyway, tells it that it found some. A worker's watch reads the log at
every look (:mod:`workers.tending`).

Exactly once, across workers and restarts, comes from the log, not from here: the referee's events
and a bot's move are saved with the log's optimistic concurrency (a second worker acting on the same
version clashes and finds nothing left to do), and a bot's command id is the version it moved at (a
retry of it is recognised). So several workers may tend the same tables. At scale they split them
instead, by the projection's table partitions (:mod:`workers.tending` leases them): a watch acts
only on the tables of the partitions it holds (:attr:`Watch.held`), and folds every table, so a
partition taken over from a dead worker is tended at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol
from uuid import UUID

from eventsourcing.persistence import ApplicationRecorder

from domain.errors import RuleError, ServiceError
from domain.passing import NOBODY, PassingChosen, Standing, fold_passing, passing_id
from domain.table import AnyGame, StandInChanged, Table, TableOpened, evolve_table
from domain.tournament.tournament import RoundPaired
from projections.documents import lobby_key
from projections.projection import following
from projections.stores import ReadStore
from projections.tournaments import RUNNING
from store import stored
from store.commits import NOTHING_FOLDED, Folded
from store.tournaments import tournament_id

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
OPENED, STAND_IN = stored.topic_of(TableOpened), stored.topic_of(StandInChanged)
PAGE = 500
LIVE = ("waiting", "playing")
"""The lobby statuses of the tables a resumed watch adopts."""
TICK = 0.1
"""Seconds between looks at the log and the clock while tending."""
LEAD = timedelta(seconds=0.2)
"""How long before its moment the referee's pass for a seat is handed to the write side, which holds
it until then: more than a look (:data:`TICK`) and the table's load, so it wakes at the moment itself,
as a pass sent by hand and held does, rather than at the first look after it."""


class Steward(Protocol):
    """The write side as the workers use it (``api.service.application.Tables``)."""

    async def referee(self, game_id: str) -> Any: ...

    async def play_bot(self, game_id: str, seat: int) -> Any: ...


class Watch:
    """Every table that may need the referee or a bot, folded from the log as it grows."""

    def __init__(
        self, recorder: ApplicationRecorder, games: Mapping[str, AnyGame], partitions: int = 1
    ) -> None:
        self.recorder = recorder
        self.games = games
        self.position = 0
        self.tables: dict[UUID, Table] = {}
        self.partitions = partitions
        self.held: frozenset[int] | None = None
        """The partitions this watch acts on (``None``: every table, as embedded or unleased)."""
        self.auto: dict[UUID, Standing] = {}
        """The standing choices of each watched table's seats, to be passed for."""
        self.streams: dict[UUID, UUID] = {}
        """Each watched table by the id of its passing stream."""
        self._passes: dict[UUID, tuple[int, Standing, datetime | None]] = {}
        self.passing: dict[str, asyncio.Task[int]] = {}
        """The referee's passes handed over ahead of their moment, each held until then (by table)."""
        self.passed = 0
        """How many of those were recorded since the last look counted them."""
        self.backlog = Backlog()
        self.read = 0
        """Log entries (notifications) this watch has read from the log, for the workers' metrics."""
        self.stirred = time.monotonic()
        """When this watch last read a page or adopted a table: progress while it starts or catches up."""
        self._lock = threading.Lock()  # the committer's thread offers, a worker thread catches up
        self.hearing = False
        """Whether something tells this watch of other processes' commits (:meth:`wake`: the embedded
        projection's follower, which reads the log), so that it need not look at the log while it keeps
        no table."""
        self._woken: tuple[asyncio.AbstractEventLoop, asyncio.Event] | None = None
        self.opener: Callable[[str], Awaitable[Any]] | None = None
        """Opens a tournament's round's tables (the application service's, set by whoever composes the
        watch): the reaction "a round is paired, so its tables are opened" (docs/tournaments.md)."""
        self.paired: set[str] = set()
        """The tournaments that paired a round since the last look, their tables to be opened."""

    def wake(self) -> None:
        """Have :func:`run` look at once (from any thread): a commit changed what it may act on, or the
        log holds commits it was not handed."""
        woken = self._woken
        if woken is not None and not woken[1].is_set():
            with contextlib.suppress(RuntimeError):  # its loop closed meanwhile: nothing left to wake
                woken[0].call_soon_threadsafe(woken[1].set)

    def catch_up(self) -> int:
        """Fold every event logged since the last look; the log position reached."""
        while True:
            found = self.recorder.select_notifications(self.position, PAGE, inclusive_of_start=False)
            self.read, self.stirred = self.read + len(found), time.monotonic()
            with self._lock:
                for notification in found:
                    if notification.id > self.position:
                        self._note(notification)
                        self.position = notification.id
            if len(found) < PAGE:
                return self.position

    def resume(self, index: ReadStore, position: int | None = None) -> int:
        """Start from the read side rather than the log's start: the tables its lobby lists as waiting
        or playing, each folded from its own events (those that may need acting are kept), and then the
        log after the read side's position, as usual (what a table's own events folded is passed over).
        Finding what is pending on start is then proportional to the live tables, not the whole log; the
        position reached. ``position``: the read side's, when it is not ``index.position()`` (at scale
        with partitions, the furthest-behind partition's, read before the lobby as that is)."""
        position = index.position() if position is None else position  # read first: the index is newer
        with self._lock:
            for status in LIVE:
                for member in index.scored(lobby_key(None, status)):
                    self._adopt(UUID(member.decode()), needed_only=True)
            self.paired |= {member.decode() for member in index.scored(RUNNING)}  # a round may be unopened
            self.position = max(self.position, position)
        return self.position

    def offer(
        self, committed: list[tuple[Any, int]], folded: Folded = NOTHING_FOLDED, passed: int | None = None
    ) -> None:
        """Fold a commit of this process as it lands, when it follows what was folded (else the log
        is read at the next look), and wake the look: the embedded watch then reads nothing back from
        the log. ``folded``: the tables the write side folded, by position, taken instead of folding
        again. ``passed``: from there up to the commit, the positions were this process's commits of
        no table the watch keeps (:data:`store.commits.Tending`): passed over when the watch had
        taken everything before them."""
        with self._lock:
            if passed is not None and committed and passed <= self.position + 1:
                self.position = max(self.position, committed[0][1] - 1)
            for logged, position in following(committed, self.position) or []:
                if logged is None:
                    break  # not a table event (a chat message, a standing choice): read at the next look
                self._fold(*logged, after=folded.get(position))
                self.position = position
        self.wake()

    def _fold(self, identity: UUID, event: Any, after: Table | None = None) -> None:
        """One table event, as :meth:`_note` folds it from a notification (``after``: its fold, when
        the write side made it)."""
        opening = isinstance(event, TableOpened)
        if isinstance(event, StandInChanged) and identity not in self.tables:
            self._adopt(identity)
        if identity not in self.tables and not opening:
            return
        known = self.tables.get(identity)
        game = self.games.get(event.game) if opening else (known.game if known is not None else None)
        if game is None:
            return
        if known is not None and event.version <= known.version:
            return
        if after is None:
            after = (
                known.evolve(event)
                if known is not None
                else Table(identity, game, evolve_table(game, None, event))
            )
        if opening and not after.tended:
            return
        self._keep(identity, after)

    def _note(self, notification: Any) -> None:
        identity = UUID(str(notification.originator_id))
        topic = notification.topic
        if topic == stored.TOURNAMENT_TOPIC:
            self._tournament(identity, stored.decode_tournament(notification.state))
            return
        if topic == stored.PASSING_TOPIC:
            self._chose(
                identity, [stored.decode_passing(notification.state, notification.originator_version)]
            )
            return
        watched = identity in self.tables or topic in (OPENED, STAND_IN)
        if not watched or not stored.is_table_topic(topic):
            return  # not decoded: most of the log is of tables nobody needs to tend
        self._fold(identity, stored.decode_event(topic, notification.state, notification.originator_version))

    def _tournament(self, identity: UUID, event: Any) -> None:
        """A round paired on a tournament's own stream (not a table's note of it): open its tables."""
        if isinstance(event, RoundPaired) and identity == tournament_id(event.tournament):
            self.paired.add(event.tournament)

    def _adopt(self, identity: UUID, *, needed_only: bool = False) -> None:
        """Fold a table from its own stored events (all of them, as far as the log holds them now);
        ``needed_only``: keep it only when it may need acting on without a person."""
        table = None
        game = None
        self.stirred = time.monotonic()
        for row in self.recorder.select_events(identity):
            if not stored.is_table_topic(row.topic):
                continue
            event = stored.decode_event(row.topic, row.state, row.originator_version)
            game = game or self.games.get(getattr(event, "game", ""))
            if game is None:
                return
            table = evolve_table(game, table, event)
        if game is None or table is None:
            return
        kept = Table(identity, game, table)
        if needed_only and not kept.tended:
            return
        self._keep(identity, kept)
        rows = self.recorder.select_events(passing_id(identity))
        self._chose(
            passing_id(identity), [stored.decode_passing(r.state, r.originator_version) for r in rows]
        )

    def _keep(self, identity: UUID, table: Table) -> None:
        if table.over:
            self.tables.pop(identity, None)
            self.auto.pop(identity, None)
            self._passes.pop(identity, None)
            self.streams.pop(passing_id(identity), None)
        else:
            self.tables[identity] = table
            self.streams.setdefault(passing_id(identity), identity)

    def _chose(self, stream: UUID, chosen: list[PassingChosen]) -> None:
        """Seats' standing choices, from the passing stream ``stream`` of a watched table."""
        identity = self.streams.get(stream)
        if identity is not None and identity in self.tables:
            self.auto[identity] = fold_passing(chosen, self.auto.get(identity, NOBODY))

    def mine(self, identity: UUID) -> bool:
        """True when this watch acts on the table (its partition is held, or every one is)."""
        if self.held is None:
            return True
        from projections.partitions import partition_of  # at scale: it loads the Redis client

        return partition_of(str(identity), self.partitions) in self.held

    def overdue(self, now: datetime) -> list[str]:
        """The tables of the held partitions where the referee must act at ``now``."""
        return [identity for identity, when in self._dues() if when <= now and identity not in self.passing]

    def passing_soon(self, now: datetime) -> list[str]:
        """The tables where the referee is to pass for a seat within :data:`LEAD` of ``now`` (and has no
        other deadline before), not yet handed to it: it is called now, and holds the pass until its
        moment, as a pass sent by hand is held (issue 49 item 5)."""
        soon = []
        for identity, table in self.tables.items():
            if str(identity) in self.passing or not self.mine(identity):
                continue
            due = self._passing_due(identity, table)
            own = table.due
            if due is not None and now < due <= now + LEAD and (own is None or own > due):
                soon.append(str(identity))
        return soon

    def _passing_due(self, identity: UUID, table: Table) -> datetime | None:
        """When the referee must pass for a seat of ``table``: worked out once a version and choice
        (each look asks it again; a legal list per seat passed for is not free)."""
        auto = self.auto.get(identity, NOBODY)
        if not auto:
            return None
        known = self._passes.get(identity)
        if known is not None and known[0] == table.version and known[1] == auto:
            return known[2]
        due = table.passing_due(auto)
        self._passes[identity] = (table.version, auto, due)
        return due

    def next_due(self, now: datetime) -> datetime | None:
        """The earliest moment after ``now`` the referee must act at a held table (``None``: none)."""
        later = [when for _, when in self._dues() if when > now]
        return min(later) if later else None

    def _dues(self) -> list[tuple[str, datetime]]:
        """When the referee must act at each held table that waits for it: its own due, or a pass
        for a seat that chose so (:mod:`domain.passing`)."""
        found: list[tuple[str, datetime]] = []
        for identity, table in self.tables.items():
            if not self.mine(identity):
                continue
            times = [table.due, self._passing_due(identity, table)]
            known = [time for time in times if time is not None]
            if known:
                found.append((str(identity), min(known)))
        return found

    def bot_turns(self) -> list[tuple[str, int]]:
        """(table, seat) for every bot seat the game is waiting for, at the held partitions' tables."""
        turns: list[tuple[str, int]] = []
        for identity, table in self.tables.items():
            bots = table.state.bots
            if bots and table.started and self.mine(identity):
                turns += [(str(identity), s) for s in sorted(table.to_act) if s < len(bots) and bots[s]]
        return turns


@dataclass(frozen=True, slots=True)
class Backlog:
    """What a look found waiting: tables past their deadline, bot seats to move (held partitions)."""

    overdue: int = 0
    bot_turns: int = 0


async def tend(
    watch: Watch, steward: Steward, clock: Clock, *, referee: bool = True, bots: bool = True
) -> int:
    """One look: the referee closes what is overdue now, then each bot to act moves; how many acted.

    The clock is read only when some table is watched (a service's clock is read by nothing else).
    """
    await asyncio.to_thread(watch.catch_up)
    opened = await _open_rounds(watch)
    if not watch.tables:
        watch.backlog = Backlog()
        return opened
    now = clock() if referee else None
    overdue = watch.overdue(now) if now is not None else []
    for game_id in watch.passing_soon(now) if now is not None else []:
        _hand_over(watch, game_id, steward.referee(game_id))
    turns = watch.bot_turns() if bots else []
    watch.backlog = Backlog(overdue=len(overdue), bot_turns=len(turns))
    refereed = await asyncio.gather(*(_attempt(steward.referee(game_id)) for game_id in overdue))
    moved = await asyncio.gather(*(_attempt(steward.play_bot(game_id, seat)) for game_id, seat in turns))
    passed, watch.passed = watch.passed, 0
    return opened + sum(refereed) + sum(moved) + passed  # each bot thinks and waits its pause at once


async def _open_rounds(watch: Watch) -> int:
    """Open the tables of each round paired since the last look (once on the log, however many
    watches try: a round's table ids are derived); how many tournaments were asked."""
    if watch.opener is None or not watch.paired:
        return 0
    with watch._lock:
        names, watch.paired = sorted(watch.paired), set()
    for name in names:
        try:
            await watch.opener(name)
        except Exception:  # one tournament's trouble must not stop the referee (its seat links heal it)
            log.exception("Opening the tables of tournament %s failed", name)
    return len(names)


def _hand_over(watch: Watch, game_id: str, action: Any) -> None:
    """Run the referee's held pass at ``game_id`` beside the looks (counted at the look after it)."""

    def done(task: asyncio.Task[int]) -> None:
        watch.passing.pop(game_id, None)
        if not task.cancelled() and task.exception() is None:
            watch.passed += task.result()

    task = asyncio.ensure_future(_attempt(action))
    watch.passing[game_id] = task
    task.add_done_callback(done)


async def _attempt(action: Any) -> int:
    """1 when the action was recorded; 0 when another worker (or a person) got there first."""
    try:
        done = await action
    except (RuleError, ServiceError) as error:
        log.debug("Nothing to do: %s", error)
        return 0
    return 0 if getattr(done, "replayed", False) else 1  # a replay: another worker's move, answered


async def run(
    watch: Watch,
    steward: Steward,
    clock: Clock,
    stop: asyncio.Event,
    **roles: bool,
) -> None:
    """Tend at once, whenever the watch is woken, every :data:`TICK` seconds while it keeps a table (or
    sooner, at the moment the referee must pass for a seat), until ``stop`` is set (a failure is logged,
    and tending goes on). A watch that keeps no table and hears of other processes' commits
    (:attr:`Watch.hearing`) rests until woken."""
    woken = asyncio.Event()
    watch._woken = asyncio.get_running_loop(), woken
    try:
        while not stop.is_set():
            woken.clear()  # before the look: a commit handed during it wakes the next one
            try:
                await tend(watch, steward, clock, **roles)
            except Exception:  # a store hiccup must not end the referee's watch
                log.exception("Tending failed; trying again")
            rest = None if watch.hearing and not watch.tables else until_next(watch, clock)
            await _rest(stop, woken, rest)
    finally:
        watch._woken = None


async def _rest(stop: asyncio.Event, woken: asyncio.Event, seconds: float | None) -> None:
    """Until ``stop`` or ``woken`` is set, or ``seconds`` pass (``None``: no limit)."""
    waits = [asyncio.ensure_future(stop.wait()), asyncio.ensure_future(woken.wait())]
    try:
        await asyncio.wait(waits, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiting in waits:
            waiting.cancel()


def until_next(watch: Watch, clock: Clock) -> float:
    """Seconds to the next look: :data:`TICK`, or less when the referee must act sooner (a pass for a
    seat is made at its moment, as a pass by hand held until then is: docs/bots.md)."""
    if not any(watch.auto.values()):
        return TICK  # the clock is read only when a seat is passed for (a test's clock may step when read)
    now = clock()
    due = watch.next_due(now)
    return TICK if due is None else min(TICK, max(0.0, (due - now).total_seconds()))
