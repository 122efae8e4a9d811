"""A game's ratings stream on the log: finished tables rated once each, whoever asks and however often.

The stream (:func:`domain.ratings.stream_key`) is appended with the log's own optimistic concurrency:
a decision is made on the stream as this process last read it plus its tail, and saved at the next
version; a clash (another worker rated a table meanwhile) reads the tail and decides again. The fold
keeps the ids of the rated tables, so asking again for a table already rated appends nothing: this is
what makes the projection's "a table is over, so rate it" happen exactly once per table, even when a
worker is killed between rating and recording its position (it asks again on restart, and is told no).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.persistence import AggregateRecorder, IntegrityError, StoredEvent

from domain import ratings
from domain.table import AnyGame, Table
from store import stored
from store.reader import LogReader

TRIES = 10
"""Decisions one rating makes at most, each on a newer stream (others rating the same game at once)."""


def ratings_id(game: str) -> UUID:
    """The id of ``game``'s ratings stream (its model and parameters are part of its name)."""
    return uuid5(NAMESPACE_URL, f"backroom:{ratings.stream_key(game)}")


class RatingsLog:
    """Reads and appends the games' ratings streams through the log's recorder (any process)."""

    def __init__(self, recorder: AggregateRecorder, games: Mapping[str, AnyGame]) -> None:
        self.recorder = recorder
        self.reader = LogReader(recorder, None, games, receipts=False)
        self.kept: dict[str, ratings.Ratings] = {}
        self.lock = threading.Lock()

    def events(self, game: str, after: int = 0) -> list[ratings.TableRated]:
        """The stream's events after version ``after``, oldest first."""
        rows = self.recorder.select_events(ratings_id(game), gt=after or None)
        return [stored.decode_rated(row.state) for row in rows]

    def current(self, game: str) -> ratings.Ratings:
        """The game's ratings as the log holds them now (the kept fold and its tail)."""
        with self.lock:
            known = self.kept.get(game) or ratings.Ratings()
            known = ratings.fold(self.events(game, known.version), known)
            self.kept[game] = known
            return known

    def recomputed(self, game: str) -> ratings.Ratings:
        """Every rating of ``game`` made again from nothing from the tables' own logs (each rated table
        loaded and judged afresh, in the stream's order): equal to :meth:`current` (rule 6)."""
        again = ratings.Ratings()
        for rated in self.events(game):
            table = self.reader.load(rated.table)
            finished = ratings.finished_of(table, self.reader.events(table))
            assert finished is not None, "a rated table is over"
            again = ratings.fold(ratings.decide(again, finished), again)
        return again

    def rate(self, table: Table) -> ratings.TableRated | None:
        """Rate the finished ``table`` unless it is rated already or not ratable (rules 1-6). A table
        with a guest, or opened unrated, is passed over before its log is read (most tables, and every
        table of a rebuild that knew no players)."""
        seats = range(len(table.seat_names))
        if not table.state.rated or any(ratings.holder(table, seat) is None for seat in seats):
            return None
        finished = ratings.finished_of(table, self.reader.events(table))
        if finished is None:
            return None
        for _ in range(TRIES):
            now = self.current(table.state.game)
            decided = ratings.decide(now, finished)
            if not decided:
                return None
            row = stored.RatedRow(ratings_id(table.state.game), now.version + 1, decided[0])
            topic, state = stored.ENCODERS[stored.RatedRow](row)
            try:
                self.recorder.insert_events(
                    [StoredEvent(row.originator_id, row.originator_version, topic, state)]
                )
            except IntegrityError:
                continue  # another process rated a table of this game first: decide again on the tail
            return decided[0]
        raise RuntimeError(f"Could not rate table {table.id}: its game's ratings moved {TRIES} times.")
