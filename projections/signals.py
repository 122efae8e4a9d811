"""Telling live readers that a game changed: in-process, and relayed from Redis pub/sub.

:class:`Signals` wakes every local waiter on a game (from any thread). In the embedded mode the
projection calls :meth:`Signals.publish` after each commit; at scale the projection worker's commit
script publishes on each changed game's channel (``<prefix>:changes:<game>``) and each API process
runs one :class:`RedisRelay` that forwards the messages of the games it serves to its own
:class:`Signals`. What changes outside the projection (a chat
message) is announced on the same channel by the API process that took it (:meth:`RedisRelay.announce`),
so a stream on any other process wakes at once too. A signal carries no game content: a woken reader
reads its own perspective from the read store (and the chat from the log). A seat link that replaced a
seat's token is announced the same way (``<game> <version> revoked <seat>``): every process's streams
of that seat opened before that version end at once (:meth:`Signals.revoked`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Iterator

import redis

from projections.redis_store import change_channel

log = logging.getLogger(__name__)

LATEST_KEPT = 100_000
"""Games whose last announced version :class:`Signals` remembers before it starts afresh."""
REVOKED_KEPT = 10_000
"""Revocations remembered (the oldest forgotten first): far more than streams are open at once."""
LINGER = 30.0
"""Seconds a game's channel stays subscribed after its last local reader stopped waiting on it."""
SYNC = 0.05
"""Seconds at most between the relay's looks at which games are waited on (a new reader's game is
subscribed within this; its waiters are woken once the subscription holds)."""


class Waiter:
    """One reader's wake-up flag for one game, set from any thread."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.flag = asyncio.Event()

    def wake(self) -> None:
        self.loop.call_soon_threadsafe(self.flag.set)

    async def wait(self, timeout: float) -> bool:
        """Wait until woken (``True``) or ``timeout`` seconds pass (``False``); then re-arm."""
        try:
            async with asyncio.timeout(timeout):
                await self.flag.wait()
        except TimeoutError:
            return False
        finally:
            self.flag.clear()
        return True


class Signals:
    """Local waiters per game, woken when the game's read models change."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiters: dict[str, set[Waiter]] = {}
        self._latest: dict[str, int] = {}
        self._revoked: dict[tuple[str, int], int] = {}

    def latest(self, game_id: str) -> int:
        """The highest version of ``game_id`` announced here (0: none seen), a lower bound of what the
        read store holds: a change is announced only once its read models are written."""
        return self._latest.get(game_id, 0)

    @contextlib.contextmanager
    def listen(self, game_id: str) -> Iterator[Waiter]:
        """A waiter for ``game_id``, registered before the caller reads (so no change slips between)."""
        waiter = Waiter()
        with self._lock:
            self._waiters.setdefault(game_id, set()).add(waiter)
        try:
            yield waiter
        finally:
            with self._lock:
                found = self._waiters.get(game_id)
                if found is not None:
                    found.discard(waiter)
                    if not found:
                        del self._waiters[game_id]

    def publish(self, changed: dict[str, int]) -> None:
        """Note each changed game's version and wake every waiter on it."""
        with self._lock:
            if len(self._latest) > LATEST_KEPT:
                self._latest.clear()  # a forgotten version costs one read of the store, never a wrong one
            for game_id, version in changed.items():
                self._latest[game_id] = max(version, self._latest.get(game_id, 0))
            woken = [w for game_id in changed for w in self._waiters.get(game_id, ())]
        for waiter in woken:
            waiter.wake()

    def forget(self, game_id: str) -> None:
        """Forget the version announced for ``game_id``: the read store was found behind it (Redis lost
        what it held), so :meth:`latest` is no lower bound of it any more until announced again."""
        with self._lock:
            self._latest.pop(game_id, None)

    def revoke(self, game_id: str, seat: int, version: int) -> None:
        """Note that ``seat``'s token at ``game_id`` was replaced at ``version``; wake its streams."""
        with self._lock:
            key = (game_id, seat)
            self._revoked[key] = max(version, self._revoked.pop(key, 0))
            while len(self._revoked) > REVOKED_KEPT:
                del self._revoked[next(iter(self._revoked))]
        self.publish({game_id: version})

    def revoked(self, game_id: str, seat: int) -> int:
        """The version at which ``seat``'s token at ``game_id`` was last replaced (0: not heard of here).

        A stream (or ticket) whose token was checked at an earlier version holds a dead token.
        """
        return self._revoked.get((game_id, seat), 0)

    def watched(self) -> list[str]:
        """The games some reader waits on now."""
        with self._lock:
            return list(self._waiters)

    def listening(self) -> int:
        """How many readers wait now (for tests and health)."""
        with self._lock:
            return sum(len(found) for found in self._waiters.values())


class RedisRelay:
    """A thread forwarding the change messages of the games this process serves to local :class:`Signals`.

    Each game has its own channel (``<prefix>:changes:<game>``, :func:`change_channel`). The relay
    subscribes to a game's channel while a reader of this process waits on the game (a stream, a read
    naming ``min_version``) and for :data:`LINGER` seconds after the last one left (a table being played
    through this process stays heard, so its versions stay known without a read of Redis), and
    unsubscribes after: a process parses the messages of the games it serves, not every game's. Once
    Redis confirms a subscription the game's waiters are woken to read again, so a change published
    before the subscription took effect is never waited for.
    """

    def __init__(self, url: str, channel: str, signals: Signals) -> None:
        self.redis = redis.Redis.from_url(url)
        self.channel = channel
        self.signals = signals
        self.pubsub = self.redis.pubsub()
        self._wanted: dict[str, float] = {}
        """Subscribed games, each with the last time a local reader waited on it."""
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="redis-relay", daemon=True)

    def start(self) -> None:
        self._thread.start()

    @property
    def thread(self) -> threading.Thread:
        """The relaying thread (alive while it relays)."""
        return self._thread

    def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                self._follow_watched()
                message = self.pubsub.get_message(timeout=SYNC) if self._wanted else None
            except redis.RedisError:
                log.warning("Redis relay lost its connection; retrying", exc_info=True)
                self._stopping.wait(0.5)
                self.signals.publish(dict.fromkeys(self._wanted, 0))  # read again: something may be missed
                continue
            if message is None:
                if not self._wanted:
                    self._stopping.wait(SYNC)
            elif message["type"] == "message":
                self.relay(message["data"].decode())
            elif message["type"] == "subscribe":
                game_id = message["channel"].decode()[len(self.channel) + 1 :]
                self.signals.publish({game_id: 0})  # heard from now on: its waiters read once more

    def _follow_watched(self) -> None:
        """Subscribe to the games waited on here, unsubscribe from those nobody waited on for a while."""
        now = time.monotonic()
        watched = self.signals.watched()
        new = [game_id for game_id in watched if game_id not in self._wanted]
        if new:  # before they count as subscribed: a failed subscription is tried again at the next look
            self.pubsub.subscribe(*(change_channel(self.channel, game_id) for game_id in new))
        for game_id in watched:
            self._wanted[game_id] = now
        gone = [game_id for game_id, seen in self._wanted.items() if now - seen > LINGER]
        if gone:
            channels = [change_channel(self.channel, game_id) for game_id in gone]
            self.pubsub.unsubscribe(*channels)  # type: ignore[no-untyped-call]  # redis-py leaves it untyped
            for game_id in gone:
                del self._wanted[game_id]

    def relay(self, text: str) -> None:
        """Tell the local signals what one message on the channel says."""
        game_id, version, *what = text.split(" ")
        if what[:1] == ["revoked"] and len(what) == 2 and what[1].isdigit():
            self.signals.revoke(game_id, int(what[1]), int(version))
        else:
            self.signals.publish({game_id: int(version)})

    def announce(self, changed: dict[str, int], what: str) -> None:
        """Tell every API process's streams (this one's too) that ``what`` changed at these games
        (``"<game> <version> <what>"``, beside the projection's ``"<game> <version>"``); a Redis that
        does not answer is logged, not raised (the local streams were woken already, and others
        find the change at their next keepalive)."""
        try:
            for game_id, version in changed.items():
                self.redis.publish(change_channel(self.channel, game_id), f"{game_id} {version} {what}")
        except redis.RedisError:
            log.warning("Could not announce a change on Redis", exc_info=True)

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(timeout=5)
        self.pubsub.close()
        self.redis.close()
