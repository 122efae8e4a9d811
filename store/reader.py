"""Reading the log: a table at any version, its events, its attempts — for every reader alike.

:class:`LogReader` reads the library's recorders (the events and the snapshots) and nothing else: rows
are decoded by :mod:`store.stored` and folded by :func:`domain.table.evolve_table`. The write side
loads with it (then decides and saves), and the history reads (timeline, seek, audit, export) read
with it; neither interprets a table event itself. Reads are blocking: callers on an event loop run
them in a thread pool.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID, uuid5

import msgspec
from eventsourcing.persistence import AggregateRecorder, PersistenceError

from domain.chat import ChatSent
from domain.errors import GameNotFound, StoreUnavailable, UnknownGameType
from domain.passing import PassingChosen, passing_id
from domain.table import AnyGame, AnyTableEvent, Table, TableState, evolve_table
from domain.table.table import table_id
from store import stored


def attempts_id(game_id: UUID) -> UUID:
    """The id of the attempts log of ``game_id``."""
    return uuid5(game_id, "attempts")


def chat_id(game_id: UUID) -> UUID:
    """The id of the chat stream of ``game_id``."""
    return uuid5(game_id, "chat")


class LogReader:
    """Tables, events and attempts read from the library's recorders."""

    def __init__(
        self,
        events: AggregateRecorder,
        snapshots: AggregateRecorder | None,
        games: Mapping[str, AnyGame],
        *,
        receipts: bool = True,
    ) -> None:
        self.recorder = events
        self.snapshots = snapshots
        self.games = games
        self.receipts = receipts
        """False for a reader that decides nothing: snapshots are read without the receipts."""

    def rules_for(self, game: str) -> AnyGame:
        """The catalogue entry for ``game``; ``UnknownGameType`` when there is none."""
        try:
            return self.games[game]
        except KeyError:
            raise UnknownGameType(f"No game called {game!r} is offered here.") from None

    def load(self, game_id: str | UUID, version: int | None = None) -> Table:
        """The table (at ``version``, else the latest): nearest snapshot, then the events after it."""
        key = table_id(game_id)
        try:
            after, table = 0, None
            if self.snapshots is not None:
                found = self.snapshots.select_events(key, desc=True, limit=1, lte=version)
                if found:
                    after = found[0].originator_version
                    table = stored.decode_snapshot(found[0].state, after, self.games, receipts=self.receipts)
            rows = self.recorder.select_events(key, gt=after, lte=version)
            if table is None and rows and not stored.is_table_topic(rows[0].topic):
                raise GameNotFound(f"No game {game_id}.")  # another log of the store (an attempts log)
            table = self._fold(
                table, (stored.decode_event(r.topic, r.state, r.originator_version) for r in rows)
            )
        except PersistenceError as error:
            raise StoreUnavailable("The event store cannot be reached.") from error
        if table is None:
            raise GameNotFound(f"No game {game_id}.")
        return Table(key, self.rules_for(table.game), table)

    def tail(self, table: Table) -> Table:
        """``table`` with whatever the log holds past its version folded on (``table`` itself when
        nothing): a kept table checked against the log for the price of one indexed read."""
        try:
            rows = self.recorder.select_events(table.id, gt=table.version)
        except PersistenceError as error:
            raise StoreUnavailable("The event store cannot be reached.") from error
        if not rows:
            return table
        state = self._fold(
            table.state, (stored.decode_event(r.topic, r.state, r.originator_version) for r in rows)
        )
        assert state is not None
        return Table(table.id, table.game, state)

    def latest_version(self, game_id: UUID) -> int:
        """The version the table's log has reached (one row read, nothing decoded)."""
        last = self.recorder.select_events(game_id, desc=True, limit=1)
        return last[0].originator_version if last else 0

    def events(self, loaded: Table, after: int = 0, upto: int | None = None) -> list[AnyTableEvent]:
        """The table's events after ``after`` up to ``upto`` (a whole log: old rows read as today's)."""
        rows = self.recorder.select_events(
            loaded.id, gt=after, lte=upto if upto is not None else loaded.version
        )
        events = [stored.decode_event(row.topic, row.state, row.originator_version) for row in rows]
        if after:
            return events  # a slice: old rows keep ``turn`` unread (only a whole log's fold reads it)
        table: TableState | None = None
        read: list[AnyTableEvent] = []
        for event in events:  # old rows are read onto the table they follow (``stored.upcast``)
            read.append(stored.upcast(table, event))
            table = evolve_table(loaded.game, table, read[-1])
            if not self.receipts and table.receipts:  # copied on every event: the fold grew with them
                table = msgspec.structs.replace(table, receipts={})
        return read

    def attempts(self, game_id: UUID) -> list[stored.Attempted]:
        """The attempts at ``game_id`` kept outside its stream, oldest first."""
        rows = self.recorder.select_events(attempts_id(game_id))
        found = [
            stored.decode_attempt(row.topic, row.state, row.originator_id, row.originator_version)
            for row in rows
        ]
        return [attempt for attempt in found if isinstance(attempt, stored.Attempted)]

    def chat(self, game_id: UUID, after: int = 0) -> list[ChatSent]:
        """The table's chat messages after number ``after``, oldest first."""
        rows = self.recorder.select_events(chat_id(game_id), gt=after or None)
        return [stored.decode_chat(row.state, row.originator_version) for row in rows]

    def chat_said(self, game_id: UUID) -> int:
        """The number of the table's last chat message (0: nothing said yet)."""
        rows = self.recorder.select_events(chat_id(game_id), desc=True, limit=1)
        return rows[0].originator_version if rows else 0

    def passing(self, game_id: UUID) -> list[PassingChosen]:
        """The seats' standing choices at ``game_id``, oldest first (:mod:`domain.passing`)."""
        rows = self.recorder.select_events(passing_id(game_id))
        return [stored.decode_passing(row.state, row.originator_version) for row in rows]

    def _fold(self, table: TableState | None, events: Any) -> TableState | None:
        game: AnyGame | None = self.rules_for(table.game) if table is not None else None
        for event in events:
            if game is None:
                assert table is None, "a table's log opens with TableOpened"
                game = self.rules_for(event.game)
            table = evolve_table(game, table, stored.upcast(table, event))
        return table
