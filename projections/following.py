"""Driving the projection from the log: the recorder's subscription, or a small follower for SQLite.

The projection reads the library's notification log through its recorder only (no application, no
aggregate): each notification of a table event is decoded by :mod:`domain.stored`, anything else
sharing the store only moves the position. On PostgreSQL :class:`SubscriptionFollower` iterates the
recorder's subscription (LISTEN/NOTIFY underneath) from the projection's position. SQLite has no
subscriptions, so :class:`LogFollower` reads the log page by page: woken at once by a local commit
(``wake``), polling as a fallback for commits made by other processes. Both resume from the position
the read store holds.
"""

from __future__ import annotations

import logging
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Any

from eventsourcing.persistence import ApplicationRecorder, Notification

from domain import stored
from projections import documents
from projections.projection import GameProjection
from projections.stores import ReadStore
from store.commits import NOTHING_FOLDED, Folded, Logged

log = logging.getLogger(__name__)

PAGE = 200
GATHER = 0.1
"""Seconds the embedded follower lets pass after writing the store, so the next write takes more: a
busy table's record, summary and index are rendered once a write, not once a move. Nothing waits for
it: the tables read in this process are current as each commit lands, and a read of the store writes
what is pending first."""


def logged(notification: Notification) -> Logged:
    """A notification as the projection takes it: a table event with its table's id, else ``None``."""
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
                catch_up(self.recorder, self.projection)
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
