"""The one projection: every game's private record, summary, views and feeds, folded from the log.

For each table event it updates the game's record (the omniscient state folded with the game's own
``evolve``) and appends the event to every perspective's feed, redacted and described for that
perspective; once per batch it renders each changed game's summary and one view per perspective. A
batch and its position are committed together (:meth:`ReadStore.commit`), so a replayed event changes
nothing and a restart resumes where the last commit ended, from the records it left (no re-reading).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import singledispatchmethod
from typing import Any

import msgspec

from api.service.tables import Table
from domain import takeback
from domain.codec import encode
from projections import documents
from projections.documents import AnyGame, GameRecord, perspectives, viewer_key
from projections.stores import Batch, ReadStore

log = logging.getLogger(__name__)

CACHE_SIZE = 10_000
_RECORD = msgspec.json.Decoder(GameRecord)

Changed = Callable[[dict[str, int]], None]


@dataclass(slots=True)
class Live:
    """A game being projected: its record, its rules and its decoded state."""

    record: GameRecord
    rules: AnyGame
    state: Any


class GameProjection:
    """Folds the Tables log into read models in ``store``; ``changed`` hears of every committed change."""

    def __init__(
        self,
        store: ReadStore,
        games: Mapping[str, AnyGame],
        changed: Changed | None = None,
        cache_size: int = CACHE_SIZE,
    ) -> None:
        self.store = store
        self.games = dict(games)
        self.changed = changed
        self.cache_size = cache_size
        self.lock = threading.RLock()
        self.cache: OrderedDict[str, Live] = OrderedDict()
        self.position = store.position()

    def project(self, events: Iterable[tuple[Any, int]]) -> bool:
        """Apply ``(event, position)`` pairs after our position and commit them; ``False`` if outrun.

        An event of ``None`` is a position holding something that is not ours: only the position moves.

        When another writer moved the store's position first nothing is written, the cache is dropped
        and the position reloaded, so the caller reads the log again from there.
        """
        with self.lock:
            batch = Batch(position=self.position)
            touched: dict[str, Live] = {}
            try:
                for event, position in events:
                    if position > batch.position:
                        batch.position = position  # before applying: the lobby is ordered by it
                        if event is not None:
                            self.apply(event, batch, touched)
                if batch.position == self.position:
                    return True
                for game_id, live in touched.items():
                    self._render(game_id, live, batch)
                committed = self.store.commit(self.position, batch)
            except BaseException:
                self.forget()
                raise
            if not committed:
                self.forget()
                return False
            self.position = batch.position
        if self.changed is not None and batch.changed:
            self.changed(batch.changed)
        return True

    def forget(self) -> None:
        """Drop the cache and reload the position (after a failed or refused commit)."""
        with self.lock:
            self.cache.clear()
            self.position = self.store.position()

    # -- one event --------------------------------------------------------------------------------

    @singledispatchmethod
    def apply(self, event: Any, batch: Batch, touched: dict[str, Live]) -> None:
        """Any other event: only its version is noted (the batch records the position)."""
        live = self._live(str(event.originator_id), touched)
        if live is not None and event.originator_version > live.record.version:
            live.record.version = event.originator_version
            live.record.updated_at = event.timestamp

    @apply.register
    def _opened(self, event: Table.Opened, batch: Batch, touched: dict[str, Live]) -> None:
        game_id = str(event.originator_id)
        rules = self.games.get(event.game)
        if rules is None or self._live(game_id, touched) is not None:
            if rules is None:
                log.warning("Game %s is a %r, which this process does not know: skipped", game_id, event.game)
            return
        record = GameRecord(
            id=game_id,
            game=event.game,
            rules_version=event.rules_version,
            seat_names=list(event.seat_names),
            token_digests=list(event.token_digests),
            seeded=event.seeded,
            version=event.originator_version,
            recorded=0,
            created_at=event.timestamp,
            updated_at=event.timestamp,
            effective=event.originator_version,
        )
        live = touched[game_id] = self._remember(game_id, Live(record, rules, None))
        seats = len(record.seat_names)
        public = {"type": "TableOpened", "game": event.game, "seats": seats}
        sentence = f"A table for {rules.title} was opened with {seats} seats."
        self._tell_everyone(live, event, public, sentence, batch)
        batch.add("lobby", batch.position, game_id.encode())

    @apply.register
    def _seat_taken(self, event: Table.SeatTaken, batch: Batch, touched: dict[str, Live]) -> None:
        live = self._next(event, touched)
        if live is None:
            return
        live.record.seat_names[event.seat] = event.name
        live.record.token_digests[event.seat] = event.token_digest
        live.record.effective += 1
        public = {"type": "SeatTaken", "seat": event.seat, "name": event.name}
        self._tell_everyone(live, event, public, f"{event.name} took seat {event.seat}.", batch)

    @apply.register
    def _recorded(self, event: Table.Recorded, batch: Batch, touched: dict[str, Live]) -> None:
        live = self._next(event, touched)
        if live is None:
            return
        rules = live.rules
        game_event = rules.event_decoder.decode(event.event)
        live.state = rules.evolve(live.state, game_event)
        live.record.recorded += 1
        record = live.record
        version = event.originator_version
        step = takeback.Step(
            event.seat, event.command_id, version, version, record.effective, event.checkpoint, event.final
        )
        record.ledger = takeback.noted(record.ledger, step)
        record.effective += 1
        for viewer in perspectives(len(live.record.seat_names)):
            seen, sentence = documents.told(rules, game_event, viewer, record.seat_names)
            line = documents.entry(event.originator_version, event.seat, event.timestamp, seen, sentence)
            batch.add(f"feed:{live.record.id}:{viewer_key(viewer)}", event.originator_version, encode(line))

    @apply.register
    def _taken_back(self, event: Table.TakeBackNoted, batch: Batch, touched: dict[str, Live]) -> None:
        """A take-back event (public); a take-back returns the game to the state it carries."""
        live = self._next(event, touched)
        if live is None:
            return
        told = takeback.EVENT_DECODER.decode(event.event)
        live.record.ledger = takeback.evolve(live.record.ledger, told)
        if isinstance(told, takeback.TurnTakenBack):
            live.state = live.rules.state_decoder.decode(event.state)
            live.record.effective = told.effective
        sentence = takeback.describe(told, live.record.seat_names)
        self._tell_everyone(live, event, told, sentence, batch)

    @apply.register
    def _forked(self, event: Table.Forked, batch: Batch, touched: dict[str, Live]) -> None:
        """A fork starts from the position it carries."""
        live = self._next(event, touched)
        if live is None:
            return
        live.state = live.rules.state_decoder.decode(event.state)
        live.record.recorded = 1
        live.record.effective = event.effective
        public = {"type": "Forked", "source": event.source, "source_version": event.source_version}
        sentence = f"This table starts from game {event.source} at version {event.source_version}."
        self._tell_everyone(live, event, public, sentence, batch)

    # -- helpers ----------------------------------------------------------------------------------

    def _next(self, event: Any, touched: dict[str, Live]) -> Live | None:
        """The game ``event`` continues, with version and time moved on; ``None`` if already applied."""
        live = self._live(str(event.originator_id), touched)
        if live is None or event.originator_version <= live.record.version:
            return None
        live.record.version = event.originator_version
        live.record.updated_at = event.timestamp
        return live

    def _tell_everyone(self, live: Live, event: Any, public: Any, sentence: str, batch: Batch) -> None:
        version = event.originator_version
        seat = getattr(event, "seat", None)
        line = encode(documents.entry(version, seat, event.timestamp, public, sentence))
        for viewer in perspectives(len(live.record.seat_names)):
            batch.add(f"feed:{live.record.id}:{viewer_key(viewer)}", version, line)

    def _live(self, game_id: str, touched: dict[str, Live]) -> Live | None:
        live = touched.get(game_id) or self.cache.get(game_id)
        if live is None:
            live = self._load(game_id)
            if live is None:
                return None
            self._remember(game_id, live)
        touched[game_id] = live
        return live

    def _load(self, game_id: str) -> Live | None:
        stored = self.store.get(f"record:{game_id}")
        if stored is None:
            return None
        record = _RECORD.decode(stored)
        rules = self.games.get(record.game)
        if rules is None:
            return None
        state = None if bytes(record.state) == b"null" else rules.state_decoder.decode(record.state)
        return Live(record, rules, state)

    def _remember(self, game_id: str, live: Live) -> Live:
        self.cache[game_id] = live
        self.cache.move_to_end(game_id)
        while len(self.cache) > self.cache_size:
            self.cache.popitem(last=False)
        return live

    def _render(self, game_id: str, live: Live, batch: Batch) -> None:
        record, rules, state = live.record, live.rules, live.state
        record.state = msgspec.Raw(encode(state))
        batch.put(f"record:{game_id}", encode(record))
        batch.put(f"version:{game_id}", str(record.version).encode())
        batch.put(f"summary:{game_id}", encode(documents.summary(record, rules, state)))
        for viewer in perspectives(len(record.seat_names)):
            seen = documents.view(record, rules, state, viewer)
            batch.put(f"view:{game_id}:{viewer_key(viewer)}", encode(seen))
        batch.changed[game_id] = record.version

