"""The one projection: every game's private record, summary, views and feeds, folded from the log, and
what drives it along the log.

Each table event is folded with :func:`domain.table.evolve_table` (the same fold as the write side)
and appended to every perspective's feed, redacted and described for that perspective; once per batch
each changed game's summary and one view per perspective are rendered. A batch and its position are
committed together (:meth:`ReadStore.commit`), so an event is applied once (one found already
applied means another writer moved the store: an :class:`Outrun`) and a restart resumes where the
last commit ended, from the records it left (no re-reading).

Applying and writing are two steps. :meth:`GameProjection.project` does both (a worker, a rebuild).
In the embedded mode the write side hands each commit to :meth:`LogFollower.offer` as it lands, which
has :meth:`GameProjection.take` apply it, so the tables in :attr:`~GameProjection.latest` are current
before the command is answered and a read of them never waits; the store is written behind, a batch of
commits at a time (:meth:`GameProjection.write`, on the follower's thread), and a read of the store
writes what is pending first (:meth:`projections.queries.ReadSide.written`).

The projection reads the library's notification log through its recorder only (no application, no
aggregate): each notification of a table event is decoded by :mod:`store.stored`, anything else
sharing the store only moves the position. On PostgreSQL :class:`SubscriptionFollower` iterates the
recorder's subscription (LISTEN/NOTIFY underneath) from the projection's position. SQLite has no
subscriptions, so :class:`LogFollower` reads the log page by page: woken at once by a local commit
(:meth:`LogFollower.offer`), polling as a fallback for commits made by other processes. Both resume
from the position the read store holds. The follower and the projection it feeds are one module: the
follower is the projection's only driver, and every commit it is offered is the projection's to take.
"""

from __future__ import annotations

import logging
import threading
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from eventsourcing.persistence import ApplicationRecorder, Notification

from domain import ratings
from domain.codec import encode
from domain.seats import Viewer
from domain.table import AnyGame, AnyTableEvent, SeatTaken, Table, TableOpened, evolve_table
from domain.tournament.tournament import TournamentEvent
from projections import documents, tournaments
from projections.documents import lobby_key, perspectives, viewer_key
from projections.stores import Batch, ReadStore
from store import stored
from store.commits import NOTHING_FOLDED, Committed, Folded, Logged

log = logging.getLogger(__name__)

CACHE_SIZE = 10_000
EXPIRED = "expired"
NEVER = datetime.min.replace(tzinfo=UTC)

Changed = Callable[[dict[str, int]], None]


@dataclass(slots=True)
class Live:
    """A game being projected: the table (the same value the write side folded, when it did)."""

    table: Table
    opened: int = 0
    """Its opening position (the lobby's order; 0 when projected before the lobby was indexed)."""
    listed: str = ""
    """The status the lobby indexes list it under (empty before its first render)."""
    expired: bool = False
    """Nobody took its open seats in time (:class:`Expiry`): listed as ``expired``, not ``waiting``."""
    feed: tuple[list[Viewer], str] = ([], "")
    """Every perspective and the key of the feed (made at its first event: a table's seats are fixed)."""
    rated: bool = False
    """The ratings were asked to rate it (once it was over), by this projection since it was loaded."""

    def feed_of(self, game_id: str) -> tuple[list[Viewer], str]:
        """Every perspective of the table, in order, and the key of its feed."""
        if len(self.feed[0]) != len(self.table.seat_names) + 1:  # the seats and the spectator
            self.feed = perspectives(len(self.table.seat_names)), documents.feed_key(game_id)
        return self.feed


@dataclass(slots=True)
class Expiry:
    """When open tables nobody joins expire: ``after`` (0: never) past their last event, looked for
    among the oldest open tables at most every ``every`` of the clock's time, within a batch."""

    after: timedelta = timedelta(0)
    clock: Callable[[], datetime] = lambda: datetime.now(UTC)
    every: timedelta = timedelta(seconds=30)
    swept: datetime = NEVER

    def cutoff(self) -> datetime | None:
        """The time before which an open table has expired, when a sweep is due now."""
        if not self.after:
            return None
        now = self.clock()
        if now - self.swept < self.every:
            return None
        self.swept = now
        return now - self.after


SWEPT = 200
"""Open tables looked at per sweep, oldest first."""


def _waited_out(live: Live, cutoff: datetime) -> bool:
    """Whether the table still has open seats and nobody came since before ``cutoff``."""
    return not live.table.started and live.table.state.updated_at < cutoff


def following(committed: Committed, position: int) -> Committed | None:
    """The part of ``committed`` past ``position``, if it follows it at once (``None``: a gap, so the
    log must be read first). Whoever folds commits as they land takes them through this: the
    projection (:meth:`GameProjection.take`) and the watch (:meth:`workers.timers.Watch.offer`)."""
    fresh = [(logged, at) for logged, at in committed if at > position]
    return None if fresh and fresh[0][1] != position + 1 else fresh


class Outrun(Exception):
    """A game's stored record is not where the log being read expects it: another writer (or a flush of
    the store) moved the store under this projection, so what it holds in memory no longer fits."""


class GameProjection:
    """Folds the Tables log into read models in ``store``; ``changed`` hears of every committed change."""

    def __init__(
        self,
        store: ReadStore,
        games: Mapping[str, AnyGame],
        changed: Changed | None = None,
        cache_size: int = CACHE_SIZE,
        *,
        views: bool = True,
        expiry: Expiry | None = None,
        rater: Callable[[Table], object] | None = None,
    ) -> None:
        self.store = store
        self.rater = rater
        """Asked to rate each table found over, before the batch that ends it is committed (the
        ratings stream rates a table once however often it is asked: :mod:`store.ratings`)."""
        self.games = dict(games)
        self.changed = changed
        self.cache_size = cache_size
        self.views = views
        """Write each perspective's view; off when the reads render views from :attr:`latest` themselves
        (embedded: the reading process is the projecting one, so a view is built only when asked for)."""
        self.lock = threading.RLock()
        self.cache: OrderedDict[str, Live] = OrderedDict()
        self.latest: dict[str, Table] = {}
        """Each game's table as last applied, for reads in this process: an immutable value swapped in
        after each apply, so a reader never waits for the projection (nor for its store)."""
        self.position = self.written = store.position()
        """``position``: the last log position applied; ``written``: the last one in the store."""
        self.pending = Batch(position=self.position)
        self.touched: dict[str, Live] = {}
        self.expiry = expiry or Expiry()

    def project(self, events: Iterable[tuple[Logged, int]]) -> bool:
        """Apply ``(logged, position)`` pairs after our position and write them; ``False`` if outrun.

        When another writer moved the store's position first nothing is written, the cache is dropped
        and the position reloaded, so the caller reads the log again from there.
        """
        with self.lock:
            try:
                self.apply_all(events)
            except Outrun:
                return False  # forgotten already: the caller reads again from the reloaded position
            return self.write()

    def take(self, events: list[tuple[Logged, int]], folded: Folded = NOTHING_FOLDED) -> bool:
        """Apply what this process just committed, in memory, if it follows our position (``False``
        when it does not: something else was committed between, and the log must be read).

        ``folded``: the tables the write side folded (by position), taken instead of folding again.
        The store is written behind (:meth:`write`); a read of the store writes what is pending first.
        """
        with self.lock:
            fresh = following(events, self.position)
            if fresh is None:
                return False
            self.apply_all(fresh, folded)
            return True

    def apply_all(self, events: Iterable[tuple[Logged, int]], folded: Folded = NOTHING_FOLDED) -> None:
        """Fold ``events`` into memory and the pending batch (a table in ``folded`` at an event's
        position is taken as the fold of it); tell ``changed`` which games moved."""
        with self.lock:
            batch, touched, applied = self.pending, self.touched, set()
            try:
                for logged, position in events:
                    if position > batch.position:
                        batch.position = position  # before applying: the lobby is ordered by it
                        if logged is not None and isinstance(logged[1], ratings.TableRated):
                            self._rated(logged[1], batch)
                        elif logged is not None and isinstance(logged[1], TournamentEvent):
                            event: Any = logged[
                                1
                            ]  # ``Logged`` names table events; a tournament's rides it too
                            tournaments.posted(logged[0], event, batch, self.store.get)
                        elif logged is not None:
                            game_id = str(logged[0])
                            self.apply(game_id, logged[1], batch, touched, folded.get(position))
                            applied.add(game_id)
            except BaseException:
                self.forget()
                raise
            self.position = batch.position
            moved = {game_id: touched[game_id] for game_id in applied if game_id in touched}
            self._publish(moved)
        if self.changed is not None and moved:
            self.changed({game_id: live.table.version for game_id, live in moved.items()})

    def write(self) -> bool:
        """Write the pending batch and its position to the store; ``False`` if another writer moved it."""
        with self.lock:
            batch, touched = self.pending, self.touched
            if batch.position == self.written:
                return True
            if self.written == 0:  # a store's first batch says in what format it keeps the models
                batch.put(documents.FORMAT_KEY, documents.FEED_FORMAT)
            try:
                self._expire(touched)
                self._rate(touched)
                for game_id, live in touched.items():
                    self._render(game_id, live, batch)
                committed = self.store.commit(self.written, batch)
            except BaseException:
                self.forget()
                raise
            if not committed:
                self.forget()
                return False
            self.written = batch.position
            self.pending, self.touched = Batch(position=batch.position), {}
        return True

    def forget(self) -> None:
        """Drop the cache, what is pending, and reload the position (after a failed or refused commit).

        Everything in memory is dropped first, back to the last position this projection wrote: when
        the store cannot be asked (the reload raises), that is where it resumes, reading the log again
        from there (a store that moved meanwhile refuses the next commit, and the reload happens then).
        """
        with self.lock:
            self.cache.clear()
            self.latest = {}
            self.position = self.written
            self.pending, self.touched = Batch(position=self.written), {}
            self.position = self.written = self.store.position()
            self.pending = Batch(position=self.position)

    def _rate(self, touched: dict[str, Live]) -> None:
        """Ask the ratings to rate each table that is over (before the batch that ends it is written:
        a worker killed between the two asks again, and the ratings stream says it is rated)."""
        if self.rater is None:
            return
        for live in touched.values():
            if not live.rated and live.table.over:
                self.rater(live.table)
                live.rated = True

    def _rated(self, event: ratings.TableRated, batch: Batch) -> None:
        """A table rated: its players' ratings in the game's ratings document (``ratings:<game>``), and
        the table's own record of what it changed (``rated:<table>``)."""
        key = f"ratings:{event.game}"
        found = batch.documents.get(key) or self.store.get(key)
        board = ratings.Board() if found is None else ratings.BOARD.decode(found)
        board = ratings.posted(board, event)
        batch.put(key, ratings.ENCODER.encode(board))
        batch.put(f"rated:{event.table}", ratings.ENCODER.encode(event))
        for placed in event.seats:
            if placed.rated:
                batch.add(f"player-rated:{placed.who}", batch.position, event.table.encode())

    def _publish(self, touched: dict[str, Live]) -> None:
        latest = self.latest
        for game_id, live in touched.items():
            latest.pop(game_id, None)
            latest[game_id] = live.table  # most recent last, so the oldest go first
        while len(latest) > self.cache_size:
            del latest[next(iter(latest))]

    def apply(
        self,
        game_id: str,
        event: AnyTableEvent,
        batch: Batch,
        touched: dict[str, Live],
        after: Table | None = None,
    ) -> None:
        """Fold one table event and append it to every perspective's feed.

        A table found past ``event`` (opened already, or at its version or beyond) is an outrun, as one
        behind it is: only a store that another writer moved past our position holds it, and building
        on it would skip the event. Its commit is refused, unless a flush took the store back to our
        position first; then it would be taken, the skipped events missing for good.

        ``after``: the table just after ``event`` as the write side folded it (the same
        :func:`evolve_table`, from the same table: the version check below makes sure of that)."""
        live = self._live(game_id, touched)
        if isinstance(event, TableOpened):
            game = self.games.get(event.game)
            if game is None:
                log.warning("Game %s is a %r, which this process does not know: skipped", game_id, event.game)
                return
            if live is not None:
                raise Outrun(f"Game {game_id} is at version {live.table.version}, the log opens it.")
            opened = Live(Table(UUID(game_id), game, evolve_table(game, None, event)), opened=batch.position)
            live = touched[game_id] = self._remember(game_id, opened)
            for handle in event.players:
                if handle is not None:
                    batch.add(f"player:{handle}", batch.position, game_id.encode())
            for key in (lobby_key(None, None), lobby_key(event.game, None)):
                batch.add(key, batch.position, game_id.encode())
                batch.count(key, 1)
        elif live is None:
            return
        elif event.version != live.table.version + 1:
            raise Outrun(f"Game {game_id} is at version {live.table.version}, the log at {event.version}.")
        else:
            event = stored.upcast(live.table.state, event)
            live.table = after if after is not None else live.table.evolve(event)
            if isinstance(event, SeatTaken) and event.player is not None:
                batch.add(f"player:{event.player}", live.opened or batch.position, game_id.encode())
            live.expired = False  # someone came after all
        viewers, feed = live.feed_of(game_id)
        state = live.table.state
        row = documents.feed_row_of(live.table.game, event, viewers, state.seat_names, state.ledger)
        batch.add(feed, event.version, row)

    def _live(self, game_id: str, touched: dict[str, Live]) -> Live | None:
        live = touched.get(game_id) or self.cache.get(game_id)
        if live is not None and game_id not in touched and live.table.over and self._expired(game_id):
            del self.cache[game_id]
            live = None  # its read models left the store: a read rebuilds them from the log, this event too
        if live is None:
            live = self._load(game_id)
            if live is None:
                return None
            self._remember(game_id, live)
        touched[game_id] = live
        return live

    def _expired(self, game_id: str) -> bool:
        """Whether a finished game's record has left the store (a Redis store lets it expire): an event
        after the end (a seat link) is then not projected onto the part of it that is left."""
        return self.store.get(f"record:{game_id}") is None

    def _load(self, game_id: str) -> Live | None:
        found = self.store.get(f"record:{game_id}")
        if found is None:
            return None
        record = documents.RECORD.decode(found)
        game = self.games.get(record.state.game)
        if game is None:
            return None
        table = Table(UUID(game_id), game, stored.state_of(record.state, record.version, self.games))
        expired = record.listed == EXPIRED
        return Live(table, opened=record.opened, listed=record.listed, expired=expired)

    def _remember(self, game_id: str, live: Live) -> Live:
        self.cache[game_id] = live
        self.cache.move_to_end(game_id)
        while len(self.cache) > self.cache_size:
            self.cache.popitem(last=False)
        return live

    def _render(self, game_id: str, live: Live, batch: Batch) -> None:
        table = live.table
        self._index(game_id, live, batch)
        batch.put(f"record:{game_id}", encode(documents.record_of(table.state, live.opened, live.listed)))
        batch.put(f"version:{game_id}", str(table.version).encode())
        summary = documents.summary(game_id, table)
        batch.put(f"summary:{game_id}", encode(summary | {"status": live.listed or summary["status"]}))
        for viewer in perspectives(len(table.seat_names)) if self.views else ():
            batch.put(f"view:{game_id}:{viewer_key(viewer)}", encode(documents.view(game_id, table, viewer)))
        batch.changed[game_id] = table.version
        if table.over:
            batch.finished.add(game_id)

    def _expire(self, touched: dict[str, Live]) -> None:
        """Mark the open tables nobody joined in time as expired (the oldest few, when a sweep is due)."""
        cutoff = self.expiry.cutoff()
        if cutoff is None:
            return
        for _, member in self.store.page(lobby_key(None, "waiting"), 0, SWEPT):
            game_id = member.decode()
            live = touched.get(game_id) or self.cache.get(game_id) or self._load(game_id)
            if live is not None and live.table.state.created_at >= cutoff:
                break  # opened later than this: so were all the rest
            if live is not None and _waited_out(live, cutoff):
                live.expired = True
                touched[game_id] = self._remember(game_id, live)
        for live in touched.values():  # opened in this very batch: not in the index yet
            live.expired = live.expired or _waited_out(live, cutoff)

    @staticmethod
    def _index(game_id: str, live: Live, batch: Batch) -> None:
        """Move the game to the lobby indexes of its status now, counters and all."""
        status = live.table.status
        status = EXPIRED if live.expired and status == "waiting" else status
        if not live.opened or status == live.listed:
            return
        game = live.table.state.game
        if live.listed:
            for key in (lobby_key(None, live.listed), lobby_key(game, live.listed)):
                batch.drop(key, live.opened)
                batch.count(key, -1)
        for key in (lobby_key(None, status), lobby_key(game, status)):
            batch.add(key, live.opened, game_id.encode())
            batch.count(key, 1)
        live.listed = status


# -- following the log ----------------------------------------------------------------------------

PAGE = 200
GATHER = 0.1
"""Seconds the embedded follower lets pass after writing the store, so the next write takes more: a
busy table's record, summary and index are rendered once a write, not once a move. Nothing waits for
it: the tables read in this process are current as each commit lands, and a read of the store writes
what is pending first."""


def logged(notification: Notification) -> Logged:
    """A notification as the projection takes it: a table event with its table's id, a table rated
    with its ratings stream's id, else ``None``."""
    if notification.topic == stored.RATED_TOPIC:
        return notification.originator_id, stored.decode_rated(notification.state)  # type: ignore[return-value]  # a UUID
    if notification.topic == stored.TOURNAMENT_TOPIC:
        return notification.originator_id, stored.decode_tournament(notification.state)  # type: ignore[return-value]  # a UUID
    if not stored.is_table_topic(notification.topic):
        return None
    event = stored.decode_event(notification.topic, notification.state, notification.originator_version)
    return notification.originator_id, event  # type: ignore[return-value]  # a UUID: tables are UUIDs


def project(projection: GameProjection, notifications: Iterable[Notification]) -> bool:
    """Project ``notifications`` (in log order); ``False`` when another writer moved the position."""
    return projection.project((logged(n), n.id) for n in notifications)


def catch_up(recorder: ApplicationRecorder, projection: GameProjection, page: int = PAGE) -> int:
    """Project every event in the log after the projection's position; the position reached."""
    while True:
        found = recorder.select_notifications(projection.position, page, inclusive_of_start=False)
        if not found:
            return projection.position
        project(projection, found)
        if len(found) < page and projection.position >= found[-1].id:
            return projection.position


class Follower(ABC):
    """A thread that keeps a projection up with the log until stopped."""

    def __init__(self, recorder: ApplicationRecorder, projection: GameProjection) -> None:
        self.recorder = recorder
        self.projection = projection
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._guarded, name=type(self).__name__, daemon=True)
        self.error: BaseException | None = None

    def start(self) -> Follower:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=10)

    def _guarded(self) -> None:
        while not self.stopping.is_set():
            try:
                self.run()
            except Exception as error:  # keep following: a store hiccup must not end the read side
                self.error = error
                log.exception("Projection follower failed; retrying")
                self.stopping.wait(0.5)

    @abstractmethod
    def run(self) -> None:
        """Project the log as it grows until :attr:`stopping` is set."""


class LogFollower(Follower):
    """Follows the log: commits of this process handed over (:meth:`offer`), the log read for the rest.

    Woken by ``wake`` (a local commit), else every ``poll`` seconds (commits of other processes), it
    reads the log after the projection's position and writes the store; then it lets ``gather`` seconds
    pass, so that one store transaction takes the commits of that span together.
    """

    def __init__(
        self,
        recorder: ApplicationRecorder,
        projection: GameProjection,
        poll: float = 0.25,
        gather: float = GATHER,
    ) -> None:
        super().__init__(recorder, projection)
        self.poll = poll
        self.wake = threading.Event()
        """Set by :meth:`offer` (the write side hands this process's commits to it)."""
        self.gather = gather
        self.flags = threading.Lock()
        """Held while a wake and what woke it change together, so no wake outlives its reason."""
        self.behind = self.taken = False
        """``behind``: a commit handed over did not follow the projection's position; ``taken``: one did."""
        self.heard: Callable[[], None] | None = None
        """Called when a read of the log found commits that were not handed over (another process's):
        whoever else takes only the commits it is handed (the embedded watch) hears of them so."""

    def offer(self, committed: list[tuple[Logged, int]], folded: Folded = NOTHING_FOLDED) -> None:
        """Apply a commit of this process at once (unless the log holds more before it); wake up.

        Never raises: the commit is durable already and its commands must be answered as committed,
        so a projection that fails to take it (it forgot what it held) reads the log instead.
        """
        try:
            taken = self.projection.take(committed, folded)
        except Exception:
            log.exception("A commit could not be projected as it landed; the log is read instead")
            taken = False
        with self.flags:
            if taken:
                self.taken = True
            else:
                self.behind = True  # it does not follow: the log is read below instead
            self.wake.set()

    def run(self) -> None:
        catch_up(self.recorder, self.projection)  # to start from, and after a failure
        self.projection.write()
        while not self.stopping.is_set():
            woken = self.wake.wait(self.poll)
            self.stopping.wait(self.gather)
            with self.flags:
                self.wake.clear()
                taken, behind = self.taken, self.behind
                self.taken = self.behind = False
            # Woken by commits that were all taken, the projection is at the log's end: only the store
            # is written. The log is read when a commit did not follow, when a wake came without one
            # (a commit not handed over), and at every poll (other processes' commits).
            if behind or not (woken and taken):
                before = self.projection.position
                if catch_up(self.recorder, self.projection) > before and self.heard is not None:
                    self.heard()
            self.projection.write()

    def stop(self) -> None:
        self.stopping.set()
        self.wake.set()
        self.thread.join(timeout=10)


class SubscriptionFollower(Follower):
    """Follows the log through the recorder's subscription (PostgreSQL), from the projection's position."""

    def __init__(self, recorder: ApplicationRecorder, projection: GameProjection) -> None:
        super().__init__(recorder, projection)
        self.subscription: Any = None

    def run(self) -> None:
        subscription = self.recorder.subscribe(gt=self.projection.position)
        self.subscription = subscription
        with subscription:
            if self.stopping.is_set():
                return
            for notification in subscription:
                if not project(self.projection, [notification]):
                    return  # another writer moved the position: subscribe again from it

    def stop(self) -> None:
        self.stopping.set()
        if self.subscription is not None:
            self.subscription.stop()
        self.thread.join(timeout=10)


def follower_for(
    recorder: ApplicationRecorder,
    projection: GameProjection,
    poll: float = 0.25,
) -> Follower:
    """The recorder's subscription where the store has one, else the log follower."""
    if has_subscriptions(recorder):
        return SubscriptionFollower(recorder, projection)
    return LogFollower(recorder, projection, poll=poll)


def has_subscriptions(recorder: ApplicationRecorder) -> bool:
    """True when the store offers subscriptions (PostgreSQL; SQLite does not)."""
    return type(recorder).__module__ == "eventsourcing.postgres"


Progress = Callable[[int, int], None]


class ReadFormatOutdated(Exception):
    """Raised when the read store holds read models of another format than this code keeps, where
    rebuilding them is the operator's call (several workers share the store)."""


def outdated(store: ReadStore) -> bool:
    """Whether ``store`` holds read models of another format (an empty store holds none)."""
    if store.get(documents.FORMAT_KEY) == documents.FEED_FORMAT:
        return False
    return bool(store.page(documents.lobby_key(None, None), 0, 1))  # any table projected at all


def fit_format(recorder: ApplicationRecorder, projection: GameProjection) -> bool:
    """Rebuild the read models when ``projection``'s store keeps them in another format (after an
    upgrade: they are derived from the log); whether it did."""
    if not outdated(projection.store):
        return False
    log.warning("The read models are of an older format: projecting the whole log again")
    rebuild(recorder, projection)
    return True


def rebuild(
    recorder: ApplicationRecorder, projection: GameProjection, progress: Progress | None = None
) -> int:
    """Forget every read model and project the whole log again; ``progress(done, total)`` as it goes."""
    with projection.lock:
        projection.store.clear()
        projection.forget()
        total = recorder.max_notification_id() or 0
        while True:
            reached = catch_up(recorder, projection, page=1000)
            if progress is not None:
                progress(reached, total)
            if reached >= total:
                return reached
