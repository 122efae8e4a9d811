"""Tournaments on the log: each a stream of its own, changed by deciding on its fold, like a table.

A tournament's stream is appended with the log's own optimistic concurrency, as the ratings are
(:mod:`store.ratings`): a decision is made on the stream as last read, saved at the next versions, and
made again on the newer stream when another process appended first. Each table a tournament opens
also gets a note of one row, ``TableAssigned`` in the table's own tournament-note stream, so the
reaction "a table is over, so its tournament takes the result" finds the tournament from the table
alone. The fold knows the tables whose result it took, so asking again appends nothing: the reaction
runs in the projection before the batch that ends the table is committed (beside the ratings), and a
worker killed between the two asks again and is told no.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.persistence import AggregateRecorder, IntegrityError, StoredEvent

from domain.table import AnyGame, Table
from domain.tournament import tournament as t
from domain.tournament.attendance import attendance
from store import stored
from store.reader import LogReader

TRIES = 10
"""Decisions one change makes at most, each on a newer stream."""


def tournament_id(name: str) -> UUID:
    """The id of tournament ``name``'s stream."""
    return uuid5(NAMESPACE_URL, f"backroom:tournament:{name}")


def note_id(table: str) -> UUID:
    """The id of a table's one-row note of the tournament it belongs to."""
    return uuid5(NAMESPACE_URL, f"backroom:tournament-table:{table}")


class TournamentLog:
    """Reads and changes tournaments through the log's recorder (any process)."""

    def __init__(self, recorder: AggregateRecorder, games: Mapping[str, AnyGame] | None = None) -> None:
        self.recorder = recorder
        self.reader = LogReader(recorder, None, games or {}, receipts=False)

    def events(self, name: str) -> list[t.AnyTournamentEvent]:
        """The tournament's events, oldest first."""
        return [
            stored.decode_tournament(row.state) for row in self.recorder.select_events(tournament_id(name))
        ]

    def current(self, name: str) -> t.Tournament:
        """The tournament as the log holds it now."""
        state = t.fold(self.events(name))
        if state is None:
            raise t.TournamentNotFound(f"No tournament {name!r}.")
        return state

    def create(self, events: list[t.AnyTournamentEvent]) -> t.Tournament:
        """Save a tournament's creation (a second of one name fails on the log: ``IntegrityError``)."""
        self._insert(tournament_id(events[0].tournament), 0, events)
        return self.current(events[0].tournament)

    def change(
        self, name: str, decide: Callable[[t.Tournament], list[t.AnyTournamentEvent]]
    ) -> list[t.AnyTournamentEvent]:
        """Decide on the tournament as the log has it and save, deciding again when the log moved."""
        for _ in range(TRIES):
            state = self.current(name)
            decided = decide(state)
            if not decided:
                return []
            try:
                self._insert(tournament_id(name), state.version, decided)
            except IntegrityError:
                continue  # another process changed the tournament first: decide again on the newer one
            for event in decided:
                if isinstance(event, t.TableAssigned):
                    self._note(event)
            return decided
        raise RuntimeError(f"Could not change tournament {name}: it moved {TRIES} times.")

    def tournament_of(self, table: str) -> str | None:
        """The tournament whose table ``table`` is, from the table's one-row note."""
        notes = self.recorder.select_events(note_id(table), limit=1)
        return stored.decode_tournament(notes[0].state).tournament if notes else None

    def take(self, table: Table) -> list[t.AnyTournamentEvent]:
        """The reaction: a finished ``table`` of a tournament gives it its result with who was absent
        (once; else nothing), then the tournament pairs its next round if that was the round's last
        (rule 8; asked again after a result taken before, so a worker killed between the two pairs
        on its restart)."""
        name = self.tournament_of(str(table.id))
        if name is None or not table.over or table.outcome is None:
            return []
        ranking = table.outcome.ranking
        seen = attendance(table, self.reader.events(table))
        taken = self.change(name, lambda state: t.take_result(state, str(table.id), ranking, seen))
        return taken + self.change(name, t.pair_due)

    def _note(self, event: t.TableAssigned) -> None:
        with contextlib.suppress(IntegrityError):  # noted already: the same assignment, saved again
            self._insert(note_id(event.table), 0, [event])

    def _insert(self, stream: UUID, after: int, events: list[t.AnyTournamentEvent]) -> None:
        rows = [stored.TournamentRow(stream, after + n, event) for n, event in enumerate(events, start=1)]
        encoded = [(row, stored.ENCODERS[stored.TournamentRow](row)) for row in rows]
        self.recorder.insert_events(
            [
                StoredEvent(row.originator_id, row.originator_version, topic, state)
                for row, (topic, state) in encoded
            ]
        )
