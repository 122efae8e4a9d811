"""A commit's way from the write side to the log and on: saved in groups, then handed to the reactions.

Group commit (:class:`Committer`): the events of many commands saved in one transaction, off the event
loop. Each command is decided on its own (under its game's lock, see :class:`GameLocks`); its table is then
handed to the :class:`Committer`. The committer's thread takes everything queued meanwhile and saves it
with one ``Application.save`` call: one transaction and one fsync (SQLite WAL, ``synchronous=FULL``)
for the whole batch. So the fsync is shared by every command in the batch, the event loop never waits
on the disk, and a command is answered only once its events are durable. When a batch fails with
``IntegrityError`` (another process wrote one of its games first), the log is asked which members lost
(one indexed read a game); only they fail, and the others are saved together again. Snapshots are
written after the batch and nobody waits for them: a lost snapshot costs a longer load, never an event.

The write side awaits :meth:`Committer.saved` on its event loop: the committer answers every waiter of
a batch on that loop with one ``call_soon_threadsafe`` (one wake-up of the loop per batch, not one per
command). A blocking caller (a script) waits on the future :meth:`Committer.save` returns.

Handing a commit on (:class:`Routes`): the repository (:mod:`store.repository`) saves a batch and hands
what it recorded to its routes, right after the transaction, on the committer's thread and before any
command of it is answered. The routes say which reaction takes which commit: every :data:`Reaction`
each commit (each saved position with its table event, :data:`Logged`, and the tables the write side
folded, :data:`Folded`, so that nobody folds the commit again); a :data:`Tending` reaction only the
commits it may have to act on. Which reactions a process runs is declared in one place:
:mod:`api.reactions`; whoever folds commits as they land takes each after its own position with
:func:`projections.projection.following`.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from queue import SimpleQueue
from typing import Any, NamedTuple
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError, Recording

from domain.table import AnyTableEvent, StandInChanged, Table
from store.stored import PassingRow, Row

log = logging.getLogger(__name__)

MAX_BATCH = 500
"""Commands saved in one transaction at most (a bound on one transaction's size, rarely reached)."""


@dataclass(slots=True)
class _Job:
    """Events to save together, and who waits: a blocking caller's future or a loop's future."""

    events: list[Any]
    future: Future[None] | None = None
    waiter: asyncio.Future[None] | None = None

    def claim(self) -> bool:
        """False when the waiter went away (the job is then dropped); else the job can't be cancelled."""
        if self.future is not None:
            return self.future.set_running_or_notify_cancel()
        return self.waiter is not None and not self.waiter.cancelled()


Answers = list[tuple[asyncio.Future[None], BaseException | None]]


def _answer(answers: Answers) -> None:
    """On the waiters' loop: each waiter's result (or error), unless it was cancelled meanwhile."""
    for waiter, error in answers:
        if waiter.cancelled():
            continue
        if error is None:
            waiter.set_result(None)
        else:
            waiter.set_exception(error)


class _Snapshot(NamedTuple):
    snapshot: Any


class _Flush(NamedTuple):
    done: Future[None]


_CLOSE = object()
"""Put last by :meth:`Committer.close`: what was queued before it is saved, then the thread ends."""


class Committer:
    """Saves the events handed to it, in batches, on one thread of its own.

    What is handed over goes through one ``queue.SimpleQueue`` (jobs, snapshots, flushes, in order):
    putting is one call in C, with no Python-level lock or condition on the event loop's thread,
    and the thread blocks in ``get`` with the interpreter lock released until something arrives.
    """

    def __init__(self, app: Application[Any]) -> None:
        self.app = app
        self._inbox: SimpleQueue[Any] = SimpleQueue()
        self._putting = threading.Lock()
        """Held while checking that the committer is open and putting (so nothing lands after close)."""
        self._thread: threading.Thread | None = None
        self._closed = False

    def save(self, events: Sequence[Any]) -> Future[None]:
        """Queue ``events`` (saved together or not at all); the future is done once committed (or refused)."""
        future: Future[None] = Future()
        self._put(_Job(list(events), future=future))
        return future

    async def saved(self, events: Sequence[Any]) -> None:
        """Queue ``events`` and wait on this loop until they are committed (or refused: raised here)."""
        waiter = asyncio.get_running_loop().create_future()
        self._put(_Job(list(events), waiter=waiter))
        await waiter

    def snapshot(self, snapshot: Any) -> None:
        """Write ``snapshot`` after the current batch; nobody waits for it."""
        self._put(_Snapshot(snapshot))

    def flush(self) -> None:
        """Wait until everything handed over so far, snapshots included, is written."""
        done: Future[None] = Future()
        self._put(_Flush(done))
        done.result()

    def close(self) -> None:
        """Save what is queued, then stop the thread."""
        with self._putting:
            if self._closed:
                return
            self._closed = True
            if self._thread is None:
                return
            self._inbox.put(_CLOSE)
        self._thread.join(timeout=10)

    def _put(self, item: Any) -> None:
        with self._putting:
            if self._closed:
                raise RuntimeError("The committer is closed.")
            if self._thread is None:  # started on first use: an application that never saves has none
                self._thread = threading.Thread(target=self._run, name="Committer", daemon=True)
                self._thread.start()
            self._inbox.put(item)

    def _run(self) -> None:
        inbox, closing = self._inbox, False
        while not closing:
            batch: list[_Job] = []
            snapshots: list[Any] = []
            flushes: list[Future[None]] = []
            item = inbox.get()  # blocks, the interpreter lock released, until something is handed over
            while True:  # then everything handed over meanwhile, up to a batch's worth of commands
                if isinstance(item, _Job):
                    batch.append(item)
                elif isinstance(item, _Snapshot):
                    snapshots.append(item.snapshot)
                elif isinstance(item, _Flush):
                    flushes.append(item.done)
                else:
                    closing = True  # nothing is put after it
                    break
                if len(batch) == MAX_BATCH or inbox.empty():
                    break
                item = inbox.get_nowait()
            # A job whose waiter went away (a client hung up) is dropped undecided; the others can no
            # longer be cancelled, so setting their results below cannot fail.
            batch = [job for job in batch if job.claim()]
            if batch:
                self._tell(self._commit(batch))
            if snapshots:
                self._put_snapshots(snapshots)
            for done in flushes:
                done.set_result(None)

    def _commit(self, batch: list[_Job]) -> list[tuple[_Job, BaseException | None]]:
        """Save ``batch`` in one transaction; each job with its error (``None``: committed).

        When another process wrote one of the batch's games first, the log is asked which jobs lost
        (:meth:`_losers`): they fail, and the rest are saved together again. Should the log name no
        loser (two jobs of the batch clash with each other), the members are saved one by one."""
        try:
            self.app.save(*(event for job in batch for event in job.events))  # one transaction
        except IntegrityError as error:
            if len(batch) == 1:
                return [(batch[0], error)]
            losers = self._losers(batch)
            if not losers:
                return [told for job in batch for told in self._commit([job])]
            lost = {id(job) for job in losers}
            rest = [job for job in batch if id(job) not in lost]
            return [(job, error) for job in losers] + (self._commit(rest) if rest else [])
        except Exception as error:  # the store failed: every member hears why
            return [(job, error) for job in batch]
        return [(job, None) for job in batch]

    def _losers(self, batch: list[_Job]) -> list[_Job]:
        """The jobs whose first version of a stream the log holds already (another writer's), read
        with one indexed read of each stream's last version; nothing when the log cannot be read."""
        try:
            latest = {
                stream: _latest_version(self.app, stream)
                for stream in {event.originator_id for job in batch for event in job.events}
            }
        except Exception:  # the store failed meanwhile: the one-by-one saves will say so
            return []
        return [
            job
            for job in batch
            if any(event.originator_version <= latest[event.originator_id] for event in job.events)
        ]

    @staticmethod
    def _tell(outcomes: list[tuple[_Job, BaseException | None]]) -> None:
        """Answer every waiter: blocking ones at once, each loop's in one call on that loop."""
        loops: dict[asyncio.AbstractEventLoop, Answers] = {}
        for job, error in outcomes:
            if job.future is not None:
                if error is None:
                    job.future.set_result(None)
                else:
                    job.future.set_exception(error)
            elif job.waiter is not None:
                loops.setdefault(job.waiter.get_loop(), []).append((job.waiter, error))
        for loop, answers in loops.items():
            try:
                loop.call_soon_threadsafe(_answer, answers)
            except RuntimeError:  # that loop is closed: nobody is left to answer
                log.warning("%d commits answered to a closed event loop", len(answers))

    def _put_snapshots(self, snapshots: list[Any]) -> None:
        assert self.app.snapshots is not None
        try:
            self.app.snapshots.put(snapshots)
        except Exception:  # a snapshot is an optimisation; the events are already safe
            log.warning("Snapshots were not written", exc_info=True)


def _latest_version(app: Application[Any], stream: Any) -> int:
    """The version the log holds of ``stream`` (0: none), one row read."""
    last = app.recorder.select_events(stream, desc=True, limit=1)
    return last[0].originator_version if last else 0


class GameLocks:
    """One asyncio lock per game, so two commands of a game are never decided on the same version.

    A game's lock is held from the load to the commit; it is dropped once nobody holds or awaits it.
    Locks are per event loop (an asyncio lock belongs to one): callers on other loops, like other
    processes, are kept apart by the store's optimistic concurrency instead.
    """

    def __init__(self) -> None:
        self._held: dict[tuple[int, str], tuple[asyncio.Lock, int]] = {}

    def hold(self, game: str) -> _Held:
        """``async with locks.hold(game):`` decides alone for ``game`` (on this event loop)."""
        return _Held(self._held, (id(asyncio.get_running_loop()), game))


class _Held:
    """Holding one game's lock: a plain class, as a generator-based context manager costs more."""

    __slots__ = ("_held", "_key", "_lock")

    def __init__(self, held: dict[tuple[int, str], tuple[asyncio.Lock, int]], key: tuple[int, str]) -> None:
        self._held, self._key = held, key
        lock, users = held.get(key, (None, 0))
        self._lock = lock or asyncio.Lock()
        held[key] = (self._lock, users + 1)

    async def __aenter__(self) -> None:
        try:
            await self._lock.acquire()
        except BaseException:
            self._leave()
            raise

    async def __aexit__(self, *_: object) -> None:
        self._lock.release()
        self._leave()

    def _leave(self) -> None:
        lock, users = self._held[self._key]
        if users == 1:
            del self._held[self._key]
        else:
            self._held[self._key] = (lock, users - 1)


class Kept:
    """The tables this process committed last, by id, so the next command of a game skips the load.

    The write side's one cache, and only a hint. Entries are immutable values, handed out as they are.
    An entry may be behind the log when another process wrote the game since: a command accepted on it
    then meets the save's conflict, and anything refused on it is first checked against the log's tail
    (``api.service.application.Tables``); either way it is decided again on the newer table.
    """

    def __init__(self, size: int = 1000) -> None:
        self.size = size
        self._tables: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()  # the event loop and a blocking caller's thread may both use it

    def __len__(self) -> int:
        """How many tables are kept (the live tables of this process, for ``/metrics``)."""
        return len(self._tables)

    def get(self, key: Any) -> Any | None:
        """The table kept under ``key``, or ``None``."""
        with self._lock:
            table = self._tables.get(key)
            if table is not None:
                self._tables.move_to_end(key)
        return table

    def put(self, key: Any, table: Any) -> None:
        """Keep ``table`` (just committed) under ``key``, dropping the least recently used beyond ``size``."""
        with self._lock:
            self._tables[key] = table
            self._tables.move_to_end(key)
            while len(self._tables) > self.size:
                self._tables.popitem(last=False)

    def advance(self, key: Any, table: Any) -> None:
        """Keep ``table`` (read from the log) unless the one kept under ``key`` is as new already."""
        with self._lock:
            kept = self._tables.get(key)
            if kept is not None and kept.version >= table.version:
                return
        self.put(key, table)

    def forget(self, key: Any) -> None:
        """Drop ``key`` (after a conflict or a store failure: the log knows better)."""
        with self._lock:
            self._tables.pop(key, None)


# -- handing a commit on --------------------------------------------------------------------------

Logged = tuple[UUID, AnyTableEvent] | None
"""A table event with its table's id, or ``None`` for a position holding something else."""
Folded = Mapping[int, Table]
"""The tables just after a commit's events, by log position, as the write side folded them."""
NOTHING_FOLDED: Folded = {}

Committed = list[tuple[Logged, int]]
"""A commit: each saved position with what it holds."""
Reaction = Callable[[Committed, Folded], None]
"""Told of every commit of this process as it lands (on the committer's thread: it must be quick)."""
Tending = Callable[[Committed, Folded, int], None]
"""Told only of the commits of this process that concern a tended table (:attr:`domain.table.Table.tended`:
a clock, a bot seat, a game that waits; a stand-in that came or went) or a seat's standing choice, and of
any commit that another process's commit came before (on the committer's thread: it must be quick). The
third argument, ``passed``: every position from ``passed`` up to the commit's first was this process's
own commit, concerning nothing of the kind, and not handed over (a reaction that had taken everything
up to ``passed - 1`` may move past them without reading the log)."""


class Routes:
    """Which reaction takes which commit of this process (see the module docstring)."""

    def __init__(self) -> None:
        self.listeners: list[Reaction] = []
        """Called with every commit of this process as it lands, and the tables the write side folded
        (by log position), so that the embedded projection takes it without folding it again."""
        self.tending: list[Tending] = []
        """Called as :attr:`listeners` are, with only the commits that concern a tended table
        (:data:`Tending`): a move at a table with no clock, no bot seat and a game that never waits
        reaches none of them."""
        self._passed = 0
        """The first position of the run of this process's commits since the last one handed to
        :attr:`tending`, while no other process's commit came between (its end: ``_last``)."""
        self._last = -1

    def hand_on(self, recordings: list[Recording[UUID]]) -> None:
        """Hand a commit to the reactions that take it (on the committer's thread, right after the
        transaction and before any command of it is answered)."""
        if not recordings or not (self.listeners or self.tending):
            return
        committed = [(_logged(saved.domain_event), saved.notification.id) for saved in recordings]
        folded = {
            saved.notification.id: saved.domain_event.after
            for saved in recordings
            if isinstance(saved.domain_event, Row) and saved.domain_event.after is not None
        }
        for listener in self.listeners:
            listener(committed, folded)
        if self.tending:
            self._tend(recordings, committed, folded)

    def _tend(self, recordings: list[Recording[UUID]], committed: Committed, folded: Folded) -> None:
        """Hand the commit to :attr:`tending` when it concerns them, or when another process's commit
        came before it (they then read the log); else note it as passed over."""
        first, last = committed[0][1], committed[-1][1]
        unbroken = first == self._last + 1
        self._last = last
        if not unbroken:
            self._passed = first
        if unbroken and not any(_tended(saved.domain_event) for saved in recordings):
            return
        for reaction in self.tending:
            reaction(committed, folded, self._passed)
        self._passed = last + 1


def _tended(saved: Any) -> bool:
    """Whether a saved row concerns the tended tables: an event of one (or of a table whose bot seat
    just left: a stand-in that went), or a seat's standing choice (the referee passes for it)."""
    if isinstance(saved, Row):
        after = saved.after
        return after is None or after.tended or isinstance(saved.event, StandInChanged)
    return isinstance(saved, PassingRow)


def _logged(saved: Any) -> Logged:
    """A saved event as the projection takes it: a table event with its table's id, else ``None``."""
    return (saved.originator_id, saved.event) if isinstance(saved, Row) else None
