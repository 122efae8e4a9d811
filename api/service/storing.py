"""Where tables are kept: the event store (msgspec-mapped), the group committer, loading and saving.

:class:`TableStore` is the persistence half of the application: a load folds the game state with the
game's own ``evolve`` from the nearest snapshot; a save goes through the group committer
(:mod:`api.service.committing`), so the commands of many games share one transaction, and queues a
snapshot every ``snapshot_interval`` versions. The commands are in :class:`api.service.application.Tables`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import timedelta
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError, Mapper, PersistenceError, Transcoder
from eventsourcing.utils import EnvType

from api.service.committing import Committer, GameLocks, Kept, Saving
from api.service.errors import ConcurrentUpdate, GameNotFound, StaleVersion, StoreUnavailable, UnknownGameType
from api.service.mapping import MsgspecMapper, MsgspecTranscoder
from api.service.tables import AnyGame, Attempts, Clock, Table, attempts_id, utc_now
from domain import takeback


def rules_of(table: Table) -> AnyGame:
    """The rules a loaded table was given (every load attaches them)."""
    assert table.rules is not None
    return table.rules


class TableStore(Application[UUID]):
    """Loads and saves tables and their attempts logs; the commands are :class:`Tables`'."""

    name = "Backroom"

    def __init__(
        self,
        env: EnvType | None = None,
        *,
        games: Mapping[str, AnyGame],
        clock: Clock = utc_now,
        snapshot_interval: int = 50,
        takeback_timeout: timedelta = takeback.REQUEST_TIMEOUT,
    ) -> None:
        self.games = dict(games)
        self.clock = clock
        self.snapshot_interval = snapshot_interval
        self.takeback_timeout = takeback_timeout
        super().__init__(env)
        self.committer = Committer(self)
        self.locks = GameLocks()
        self.kept = Kept()

    def close(self) -> None:
        self.committer.close()
        super().close()

    def construct_transcoder(self) -> Transcoder:
        return MsgspecTranscoder()

    def construct_mapper(self) -> Mapper[UUID]:
        return self.factory.mapper(transcoder=self.construct_transcoder(), mapper_class=MsgspecMapper)

    # -- loading ----------------------------------------------------------------------------------

    def load(self, game_id: str | UUID) -> Table:
        """The table with its game state folded; ``GameNotFound`` when there is none."""
        try:
            key = game_id if isinstance(game_id, UUID) else UUID(game_id)
        except ValueError:
            raise GameNotFound(f"No game {game_id}.") from None
        try:
            table: Table = self.repository.get(key, projector_func=self._project)
        except AggregateNotFoundError:
            raise GameNotFound(f"No game {game_id}.") from None
        except PersistenceError as error:
            raise StoreUnavailable("The event store cannot be reached.") from error
        return table

    def load_at(self, table: Table, version: int) -> Table:
        """The same table as it was at ``version``."""
        if version == table.version:
            return table
        past: Table = self.repository.get(table.id, version=version, projector_func=self._project)
        return past

    def rules_for(self, game: str) -> AnyGame:
        """The catalogue entry for ``game``; ``UnknownGameType`` when there is none."""
        try:
            return self.games[game]
        except KeyError:
            raise UnknownGameType(f"No game called {game!r} is offered here.") from None

    def ping(self) -> None:
        """Raise ``StoreUnavailable`` unless the store answers a query."""
        try:
            self.recorder.max_notification_id()
        except Exception as error:  # any failure to answer means unavailable
            raise StoreUnavailable("The event store cannot be reached.") from error

    def attempts(self, game_id: UUID) -> list[Attempts.Attempted]:
        """The attempts at ``game_id`` kept outside its stream (refused, retried, unchanged), oldest first."""
        stored = self.events.get(attempts_id(game_id))
        return [event for event in stored if isinstance(event, Attempts.Attempted)]

    # -- saving -----------------------------------------------------------------------------------

    def _project(self, table: Table | None, events: Iterable[Any]) -> Table | None:
        for event in events:
            table = event.mutate(table)
            assert table is not None
            if table.rules is None:
                table.attach(self.rules_for(table.game))
        return table

    def store(self, table: Table, expected: int | None) -> Saving[None]:
        """Hand ``table`` to the group committer and wait for its commit; queue a snapshot when due."""
        start = table.version - len(table.pending_events)
        try:
            yield self.committer.save(table)
        except IntegrityError:
            self.kept.forget(table.id)
            if expected is not None:
                raise StaleVersion("Another command was recorded first.", {"expected": expected}) from None
            raise ConcurrentUpdate("Another command was recorded first; load the game and retry.") from None
        except PersistenceError as error:
            self.kept.forget(table.id)
            raise StoreUnavailable("The event store cannot be reached.") from error
        self.kept.put(table.id, table)
        interval = self.snapshot_interval
        if self.snapshots is not None and interval and table.version // interval > start // interval:
            self.committer.snapshot(Table.Snapshot.take(table))
