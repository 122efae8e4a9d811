"""The repository port of the write side: tables loaded, folded and saved on the ``eventsourcing`` library.

A table is a functional aggregate (like the library's ``aggregate9`` example): its state is the
immutable :class:`~domain.table.TableState`, folded from its events with ``domain.table.evolve_table``.
The library keeps the log: its event store and recorder (SQLite or PostgreSQL), its snapshot store, its
unique ``(id, version)`` constraint for optimistic concurrency. :class:`TableMapper` stores each table
event under its topic with msgspec (:mod:`store.stored`), and reads old rows alike.

Saving goes through the group committer, and each commit saved is handed on to the reactions by the
routes beside it (:mod:`store.commits`). One cache only: the tables
this process committed last (:class:`~store.commits.Kept`), so a game's next command skips
the load. The library's own aggregate cache is off: it would hold the same tables a second time, and
its entries are mutable aggregates where ours are immutable values that need no copying.

On SQLite a commit reaches the disk through :class:`~store.one_statement.OneStatement`, the library's
recorder with a commit's rows sent as one statement: a tuning, fenced in its own module with what it
bought; the repository only names it as the SQLite recorder. Its snapshots go through
:class:`~store.quiet_snapshots.QuietSnapshots` (a tuning too): without a durable commit of their own,
which the commands queued behind a snapshot used to wait for.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from eventsourcing.application import Application, EventSourcedLog, ProcessingEvent
from eventsourcing.persistence import (
    EventStore,
    IntegrityError,
    Mapper,
    PersistenceError,
    Recording,
)
from eventsourcing.sqlite import SQLiteAggregateRecorder
from eventsourcing.utils import EnvType

from domain import takeback
from domain.errors import ConcurrentUpdate, StaleVersion, StoreUnavailable
from domain.table import AnyGame, AnyTableEvent, Table, TableContext
from store.commits import Committer, Kept, Routes
from store.one_statement import OneStatement
from store.quiet_snapshots import QuietSnapshots
from store.reader import LogReader, attempts_id
from store.settings import creating_schema
from store.stored import Attempted, PlainTranscoder, Row, Snapshot, TableMapper

Clock = Any  # a callable returning the current time

AUDITED_BODY = 2000
"""How many bytes of a refused command's body the attempts log keeps."""


def utc_now() -> datetime:
    """The real clock."""
    return datetime.now(UTC)


# -- the store ------------------------------------------------------------------------------------


class AttemptsLog(EventSourcedLog[Any]):
    """A game's attempts log: the library's ``EventSourcedLog``, stamped with the service's clock."""

    def __init__(self, app: TableStore, game_id: UUID) -> None:
        super().__init__(app.events, attempts_id(game_id), Attempted)
        self.clock = app.clock

    def trigger_event(self, next_originator_version: int | None = None, **kwargs: Any) -> Attempted:
        """The next attempt, at the service's time (the library's own stamps the wall clock)."""
        if next_originator_version is None:
            last = self.get_last()
            next_originator_version = 1 if last is None else last.originator_version + 1
        return Attempted(
            originator_id=self.originator_id,
            originator_version=next_originator_version,
            timestamp=self.clock(),
            **kwargs,
        )


class TableStore(Application[UUID]):
    """Loads tables (snapshot, then a short fold) and saves their events (group commit, one cache)."""

    name = "Backroom"

    def __init__(
        self,
        env: EnvType | None = None,
        *,
        games: Mapping[str, AnyGame],
        clock: Clock = utc_now,
        snapshot_interval: int = 50,
        takeback_timeout: timedelta = takeback.REQUEST_TIMEOUT,
        cache_size: int = 1000,
    ) -> None:
        self.games = dict(games)
        self.clock = clock
        self.snapshot_interval = snapshot_interval
        self.takeback_timeout = takeback_timeout
        env = {**(env or {}), "AGGREGATE_CACHE_MAXSIZE": ""}
        if env.get("PERSISTENCE_MODULE") == "eventsourcing.sqlite":
            env.setdefault("APPLICATION_RECORDER_TOPIC", f"{OneStatement.__module__}:{OneStatement.__name__}")
        with creating_schema(env):
            super().__init__(env)
        self.committer = Committer(self)
        self.kept = Kept(cache_size)
        self.routes = Routes()
        """Which reaction takes which commit: each commit is handed to them as it lands."""
        snapshots = self.snapshots.recorder if self.snapshots is not None else None
        self.reader = LogReader(self.recorder, snapshots, self.games)
        self.history = LogReader(self.recorder, snapshots, self.games, receipts=False)
        """The reader for history reads: they decide nothing, so they skip the receipts."""

    def close(self) -> None:
        self.committer.close()
        quiet = self.snapshots.recorder if self.snapshots is not None else None
        if isinstance(quiet, QuietSnapshots):
            quiet.close()
        super().close()

    def construct_snapshot_store(self) -> EventStore[UUID]:
        """The library's snapshot store; on a SQLite file, written without a sync of its own
        (:class:`~store.quiet_snapshots.QuietSnapshots`: nothing waits for a snapshot)."""
        snapshots = super().construct_snapshot_store()
        recorder = snapshots.recorder
        if not isinstance(recorder, SQLiteAggregateRecorder) or recorder.datastore.pool.is_sqlite_memory_mode:
            return snapshots
        quiet = QuietSnapshots(recorder.datastore, recorder.events_table_name)
        return EventStore(mapper=snapshots.mapper, recorder=quiet)

    def save(self, *objs: Any, **kwargs: Any) -> list[Recording[UUID]]:
        """The library's ``save`` for what this application saves: table rows, each already an event.

        ``Application.save`` asks of every object whether it is an event or an aggregate, by
        ``isinstance`` against the library's runtime protocols, which reads each of a row's properties
        (a few per cent of a command's CPU). Rows are events, so they go straight into the one
        ``ProcessingEvent``; then the same steps: record, notify. (No snapshotting intervals are set:
        the committer writes the snapshots itself.)
        """
        processing_event: ProcessingEvent[UUID] = ProcessingEvent()
        processing_event.events.extend(objs)
        processing_event.saved_kwargs.update(kwargs)
        recordings = self._record(processing_event)
        self.routes.hand_on(recordings)
        return recordings

    def construct_mapper(self) -> Mapper[UUID]:
        return TableMapper(PlainTranscoder(), self.games)

    def rules_for(self, game: str) -> AnyGame:
        """The catalogue entry for ``game``; ``UnknownGameType`` when there is none."""
        return self.reader.rules_for(game)

    # -- reading (the log reader) -----------------------------------------------------------------

    def load(self, game_id: str | UUID, version: int | None = None) -> Table:
        """The table (at ``version``, else the latest); ``GameNotFound`` when there is none."""
        return self.reader.load(game_id, version)

    def context(  # noqa: PLR0917  (the context's parts)
        self,
        table: Table,
        command_digest: str,
        command_id: str,
        now: datetime | None = None,
        setup_at: datetime | None = None,
        sent: str = "",
        bot: str = "",
    ) -> TableContext:
        """The context a decision at ``table`` is made in: the command's time (now, unless recorded),
        id and digest, this store's take-back timeout, and the table's past states read from this log."""
        return TableContext(
            now=now or self.clock(),
            command_id=command_id,
            digest=command_digest,
            sent=sent,
            timeout=self.takeback_timeout,
            state_at=lambda version: self.load(table.id, version).game_state,
            setup_at=setup_at,
            bot=bot,
        )

    def events_of(self, loaded: Table, after: int = 0, upto: int | None = None) -> list[AnyTableEvent]:
        """The table's events after ``after`` up to ``upto``."""
        return self.reader.events(loaded, after, upto)

    async def newer(self, table: Table) -> Table | None:
        """The table the log holds past ``table`` (kept from now on), or ``None`` when ``table`` is the
        log's latest: one read of the events after its version, off the event loop."""
        fresh = await asyncio.to_thread(self.reader.tail, table)
        if fresh.version == table.version:
            return None
        self.kept.advance(fresh.id, fresh)
        return fresh

    def ping(self) -> None:
        """Raise ``StoreUnavailable`` unless the store answers a query."""
        try:
            self.recorder.max_notification_id()
        except Exception as error:  # any failure to answer means unavailable
            raise StoreUnavailable("The event store cannot be reached.") from error

    # -- writing ----------------------------------------------------------------------------------

    async def commit(self, loaded: Table, events: list[AnyTableEvent], expected: int | None) -> Table:
        """Commit ``events`` after ``loaded`` (all or none); the table after them."""
        after, rows = loaded, []
        for event in events:
            after = after.evolve(event)
            rows.append(Row(loaded.id, event, after))
        try:
            await self.committer.saved(rows)
        except IntegrityError:
            self.kept.forget(loaded.id)
            if expected is not None:
                raise StaleVersion("Another command was recorded first.", {"expected": expected}) from None
            raise ConcurrentUpdate("Another command was recorded first; load the game and retry.") from None
        except PersistenceError as error:
            self.kept.forget(loaded.id)
            raise StoreUnavailable("The event store cannot be reached.") from error
        self.kept.put(loaded.id, after)
        interval = self.snapshot_interval
        if self.snapshots is not None and interval and after.version // interval > loaded.version // interval:
            self.committer.snapshot(Snapshot(loaded.id, after.version, after.state))
        return after

    async def note_attempt(  # noqa: PLR0917  (an attempt's parts, as the attempts log keeps them)
        self, game_id: UUID, seat: int, body: bytes, command_id: str | None, outcome: str, error: Any = None
    ) -> None:
        """Append one attempt to the game's attempts log (retrying when another lands first): the seat,
        the start of the body it sent, its command id, the outcome and the error's code and message."""
        log = AttemptsLog(self, game_id)
        attempt: dict[str, Any] = {
            "seat": seat,
            "command": body[:AUDITED_BODY].decode("utf-8", "replace"),
            "command_id": command_id or "",
            "outcome": outcome,
            "code": str(getattr(error, "code", "")),
            "message": str(getattr(error, "message", error or "")),
        }
        for _ in range(5):
            entry = await asyncio.to_thread(log.trigger_event, **attempt)
            try:
                await self.committer.saved([entry])
            except IntegrityError:
                continue
            except PersistenceError:
                return  # the store failed; the answer to the sender does not depend on the audit
            return
