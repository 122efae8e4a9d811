"""A finished game's read models, rebuilt from the log when a read finds they have expired.

At scale a finished game's own read models (its record, version, every perspective's view and feed)
expire from Redis ``BACKROOM_FINISHED_SECONDS`` after it ended (:mod:`projections.redis_store`); its
summary and lobby entries stay. A read that then finds the game missing, while the summary says it is
over, has :class:`Restorer` fold the game's events from the log with the one projection (into a batch
that is kept, not committed: no position moves) and write that game's documents back, expiring again.
A finished game's log no longer grows, so what is written is exactly what the workers wrote before;
a game still playing is never restored here (the workers own it), and an id with no summary costs no
read of the log.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.persistence import ApplicationRecorder

from domain.table import AnyGame
from projections.documents import feed_key, lobby_key
from projections.projection import GameProjection
from projections.redis_store import RedisReadStore, expiring
from projections.stores import Batch
from store import stored

log = logging.getLogger(__name__)


class _Kept:
    """A read store that holds nothing and keeps the one batch committed to it."""

    def __init__(self) -> None:
        self.batch = Batch()

    def position(self) -> int:
        return 0

    def commit(self, expected: int, batch: Batch) -> bool:
        self.batch = batch
        return True

    def get(self, key: str) -> bytes | None:
        return None

    def page(self, key: str, after: int, limit: int) -> list[tuple[int, bytes]]:
        return []


class Restorer:
    """Writes an expired finished game's read models again, from its events in the log."""

    def __init__(
        self, recorder: ApplicationRecorder, store: RedisReadStore, games: Mapping[str, AnyGame], seconds: int
    ) -> None:
        self.recorder, self.store, self.games, self.seconds = recorder, store, dict(games), seconds

    def __call__(self, game_id: str) -> bool:
        """Restore ``game_id``'s read models when its summary says it is over; whether it did."""
        summary = self.store.get(f"summary:{game_id}")
        if summary is None or msgspec.json.decode(summary).get("status") != "over":
            return False
        opened = self.store.redis.zscore(self.store.full_key(lobby_key(None, None)), game_id)
        batch = self._folded(UUID(game_id), int(opened or 1))
        self._write(game_id, batch)
        log.info("Restored the read models of finished game %s from the log", game_id)
        return True

    def _folded(self, identity: UUID, opened: int) -> Batch:
        """The batch the projection makes of the game's events, its opening at the lobby's position."""
        kept = _Kept()
        projection = GameProjection(kept, self.games)  # type: ignore[arg-type]  # reads nothing of it
        rows = [row for row in self.recorder.select_events(identity) if stored.is_table_topic(row.topic)]
        events: list[tuple[Any, int]] = [
            ((identity, stored.decode_event(row.topic, row.state, row.originator_version)), opened + number)
            for number, row in enumerate(rows)
        ]
        projection.project(events)
        return kept.batch

    def _write(self, game_id: str, batch: Batch) -> None:
        """The game's own documents and feed, each expiring again, and its summary (kept); nothing
        shared (lobby, counters)."""
        mine, key_of = {game_id}, self.store.full_key
        pipe = self.store.redis.pipeline(transaction=True)
        for key, body in batch.documents.items():
            if expiring(key, mine):
                pipe.set(key_of(key), body, ex=self.seconds or None)
            elif key == f"summary:{game_id}":  # kept, and as new as the rest (a seat link after the end)
                pipe.set(key_of(key), body)
        feed = [(score, member) for key, score, member in batch.scored if key == feed_key(game_id)]
        if feed:
            pipe.delete(key_of(feed_key(game_id)))
            pipe.zadd(key_of(feed_key(game_id)), {member: score for score, member in feed})
            if self.seconds:
                pipe.expire(key_of(feed_key(game_id)), self.seconds)
        pipe.execute()


def restorer_for(recorder: Any, store: object, games: Mapping[str, AnyGame], seconds: int) -> Restorer | None:
    """A :class:`Restorer` over a Redis read store whose finished games expire; ``None`` otherwise."""
    if not seconds or not isinstance(store, RedisReadStore):
        return None
    return Restorer(recorder, store, games, seconds)


__all__: Sequence[str] = ("Restorer", "restorer_for")
