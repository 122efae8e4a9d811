"""Driving the projection from the log: the library's subscription, or a small follower for SQLite.

On PostgreSQL :class:`SubscriptionFollower` iterates ``eventsourcing``'s ``ApplicationSubscription``
(LISTEN/NOTIFY underneath) from the projection's position. SQLite has no subscriptions, so
:class:`LogFollower` reads the notification log page by page: woken at once by a local commit
(:class:`LiveTables`), polling as a fallback for commits made by other processes. Both resume from the
position the read store holds.
"""

from __future__ import annotations

import logging
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from eventsourcing.persistence import Recording
from eventsourcing.projection import ApplicationSubscription

from api.service.application import Tables
from projections.games import GameProjection

log = logging.getLogger(__name__)

PAGE = 200

OUR_TOPICS = "api.service."
"""Topics of the events this service writes; anything else sharing the store is passed over."""


class LiveTables(Tables):
    """Tables that raise :attr:`committed` as soon as a save commits, to wake an in-process follower."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.committed = threading.Event()
        super().__init__(*args, **kwargs)

    def _notify(self, recordings: list[Recording[Any]]) -> None:
        self.committed.set()


def catch_up(tables: Tables, projection: GameProjection, page: int = PAGE) -> int:
    """Project every event in the log after the projection's position; the position reached."""
    while True:
        start = projection.position
        found = tables.recorder.select_notifications(start, page, inclusive_of_start=False)
        if not found:
            return projection.position
        mapper = tables.mapper
        projection.project(
            (mapper.to_domain_event(n) if n.topic.startswith(OUR_TOPICS) else None, n.id) for n in found
        )
        if len(found) < page and projection.position >= found[-1].id:
            return projection.position


class Follower(ABC):
    """A thread that keeps a projection up with the log until stopped."""

    def __init__(self, tables: Tables, projection: GameProjection) -> None:
        self.tables = tables
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
    """Follows the log by reading it: woken by ``wake`` (local commits), else every ``poll`` seconds."""

    def __init__(
        self,
        tables: Tables,
        projection: GameProjection,
        poll: float = 0.25,
        wake: threading.Event | None = None,
    ) -> None:
        super().__init__(tables, projection)
        self.poll = poll
        self.wake = wake or threading.Event()

    def run(self) -> None:
        while not self.stopping.is_set():
            catch_up(self.tables, self.projection)
            self.wake.wait(self.poll)
            self.wake.clear()

    def stop(self) -> None:
        self.stopping.set()
        self.wake.set()
        self.thread.join(timeout=10)


class SubscriptionFollower(Follower):
    """Follows the log through the library's subscription (PostgreSQL), from the projection's position."""

    def __init__(self, tables: Tables, projection: GameProjection) -> None:
        super().__init__(tables, projection)
        self.subscription: ApplicationSubscription[Any] | None = None

    def run(self) -> None:
        subscription = ApplicationSubscription(self.tables, gt=self.projection.position)
        self.subscription = subscription
        with subscription:
            if self.stopping.is_set():
                return
            for event, tracking in subscription:
                if not self.projection.project([(event, tracking.notification_id)]):
                    return  # another writer moved the position: subscribe again from it

    def stop(self) -> None:
        self.stopping.set()
        if self.subscription is not None:
            self.subscription.stop()
        self.thread.join(timeout=10)


def follower_for(tables: Tables, projection: GameProjection, poll: float = 0.25) -> Follower:
    """The library's subscription where the store has one, else the log follower."""
    if has_subscriptions(tables):
        return SubscriptionFollower(tables, projection)
    wake: threading.Event | None = getattr(tables, "committed", None)
    return LogFollower(tables, projection, poll=poll, wake=wake)


def has_subscriptions(tables: Tables) -> bool:
    """True when the store offers the library's subscriptions (PostgreSQL; SQLite does not)."""
    return type(tables.recorder).__module__ == "eventsourcing.postgres"


Progress = Callable[[int, int], None]


def rebuild(tables: Tables, projection: GameProjection, progress: Progress | None = None) -> int:
    """Forget every read model and project the whole log again; ``progress(done, total)`` as it goes."""
    with projection.lock:
        projection.store.clear()
        projection.forget()
        total = tables.recorder.max_notification_id() or 0
        while True:
            reached = catch_up(tables, projection, page=1000)
            if progress is not None:
                progress(reached, total)
            if reached >= total:
                return reached
