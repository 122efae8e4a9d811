"""Read models in Redis under one key prefix, each batch written with its position by one Lua script.

Keys: ``<prefix>:position``; a document per key (``<prefix>:view:<game>:<viewer>`` ...); a sorted set per
scored list (``<prefix>:feed:<game>`` by version, ``<prefix>:lobby`` by opening position). The
script checks the position, writes everything, moves the position and publishes ``"<game> <version>"``
on the game's own channel, ``<prefix>:changes:<game>``, for every game it changed, atomically: a crash
leaves either all or nothing. A channel per game, not one for the deployment: an API process subscribes
to the games it serves (:class:`RedisRelay`, which forwards them to the process's
:class:`projections.stores.Signals`) and parses no other game's messages. What changes outside the
projection (a chat message) is announced on the same channel by the API process that took it
(:meth:`RedisRelay.announce`), so a stream on any other process wakes at once too.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, TypeVar

import redis

from domain.errors import StoreUnavailable
from projections.stores import Batch, Signals

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")


READS_AWAY = (
    "The read models cannot be reached just now: reads are stale until Redis answers again, and "
    "commands are still taken."
)


def _reachable(method: Callable[P, R]) -> Callable[P, R]:
    """Translate Redis failures into the service's ``StoreUnavailable`` (answered as 503)."""

    @functools.wraps(method)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except redis.RedisError as error:
            raise StoreUnavailable(READS_AWAY, {"stale": True}) from error

    return guarded


_COMMIT = """
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current ~= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
local messages = tonumber(ARGV[4])
local a = 5
for _ = 1, messages do redis.call('PUBLISH', ARGV[a], ARGV[a + 1]); a = a + 2 end
for i = 2, #KEYS do
  if ARGV[a] == 's' then
    redis.call('SET', KEYS[i], ARGV[a + 1]); a = a + 2
  elseif ARGV[a] == 'd' then
    redis.call('ZREMRANGEBYSCORE', KEYS[i], ARGV[a + 1], ARGV[a + 1]); a = a + 2
  elseif ARGV[a] == 'e' then
    redis.call('EXPIRE', KEYS[i], ARGV[a + 1]); a = a + 2
  elseif ARGV[a] == 'c' then
    if redis.call('INCRBY', KEYS[i], ARGV[a + 1]) == 0 then redis.call('DEL', KEYS[i]) end
    a = a + 2
  else
    if redis.call('ZCOUNT', KEYS[i], ARGV[a + 1], ARGV[a + 1]) == 0 then
      redis.call('ZADD', KEYS[i], ARGV[a + 1], ARGV[a + 2])
    end
    a = a + 3
  end
end
return 1
"""


EXPIRING = frozenset({"record", "version", "view", "feed"})
"""The kinds of a game's read models that expire once it is over: all but its summary (a few hundred
bytes, which the lobby's index of finished games lists) and the lobby's own entries."""


def expiring(key: str, finished: set[str]) -> bool:
    """Whether ``key`` (without the prefix) is one of a finished game's expiring read models."""
    kind, _, rest = key.partition(":")
    return kind in EXPIRING and rest.partition(":")[0] in finished


def change_channel(channel: str, game_id: str) -> str:
    """The channel ``game_id``'s changes are published on: ``<prefix>:changes:<game>``."""
    return f"{channel}:{game_id}"


class RedisReadStore:
    """Read models in Redis under ``prefix``; other prefixes (other runs, other deployments) are untouched."""

    def __init__(
        self, url: str, prefix: str, position_key: str = "position", finished_seconds: int = 0
    ) -> None:
        self.prefix = prefix
        self.finished_seconds = finished_seconds
        """A finished game's own read models (record, version, views, feed) expire this long after the
        batch that finished it (0: never); its summary and lobby entries stay (:func:`expiring`)."""
        self.position_key = position_key
        """Partitioned projections each keep their own position (``position:<n>``) beside the shared keys."""
        self.channel = f"{prefix}:changes"
        """The change channels' common name: each game's is ``<channel>:<game>`` (:func:`change_channel`)."""
        self.redis = redis.Redis.from_url(url)
        self._commit = self.redis.register_script(_COMMIT)

    def _key(self, key: str) -> str:
        return f"{self.prefix}:{key}"

    def full_key(self, key: str) -> str:
        """``key`` as Redis names it, under this store's prefix."""
        return self._key(key)

    @_reachable
    def position(self) -> int:
        return int(self.redis.get(self._key(self.position_key)) or 0)

    @_reachable
    def commit(self, expected: int, batch: Batch) -> bool:
        keys: list[str] = [self._key(self.position_key)]
        messages: list[str] = []
        for game, version in batch.changed.items():
            messages += (change_channel(self.channel, game), f"{game} {version}")
        args: list[bytes | str | int] = [expected, batch.position, "", len(batch.changed), *messages]
        for key, body in batch.documents.items():
            keys.append(self._key(key))
            args += ["s", body]
        for key, score, member in batch.scored:
            keys.append(self._key(key))
            args += ["z", score, member]
        for key, score in batch.dropped:
            keys.append(self._key(key))
            args += ["d", score]
        for key, change in batch.counted.items():
            keys.append(self._key(f"counter:{key}"))
            args += ["c", change]
        if self.finished_seconds and batch.finished:
            for key in {*batch.documents, *(key for key, _, _ in batch.scored)}:
                if expiring(key, batch.finished):
                    keys.append(self._key(key))
                    args += ["e", self.finished_seconds]
        return bool(self._commit(keys=keys, args=args))

    @_reachable
    def keep(self, key: str, body: bytes, seconds: int) -> None:
        self.redis.set(self._key(f"kept:{key}"), body, ex=max(1, seconds))

    @_reachable
    def take(self, key: str) -> bytes | None:
        return self.redis.getdel(self._key(f"kept:{key}"))  # type: ignore[return-value]  # bytes, as get

    @_reachable
    def get(self, key: str) -> bytes | None:
        return self.redis.get(self._key(key))  # type: ignore[return-value]  # bytes: no decode_responses

    @_reachable
    def get_many(self, keys: Sequence[str]) -> list[bytes | None]:
        if not keys:
            return []
        return self.redis.mget([self._key(key) for key in keys])  # type: ignore[return-value]  # as above

    @_reachable
    def scored(self, key: str, after: int = 0) -> list[bytes]:
        return self.redis.zrangebyscore(self._key(key), f"({after}", "+inf")  # type: ignore[return-value]  # bytes

    @_reachable
    def page(self, key: str, after: int, limit: int) -> list[tuple[int, bytes]]:
        found: Any = self.redis.zrangebyscore(
            self._key(key), f"({after}", "+inf", start=0, num=limit, withscores=True
        )  # (member, score) pairs: no decode_responses
        return [(int(score), member) for member, score in found]

    @_reachable
    def counter(self, key: str) -> int:
        return int(self.redis.get(self._key(f"counter:{key}")) or 0)

    def _keys(self) -> list[bytes]:
        return list(self.redis.scan_iter(match=f"{self.prefix}:*", count=1000))

    @_reachable
    def clear(self) -> None:
        keys = self._keys()
        for start in range(0, len(keys), 1000):
            self.redis.unlink(*keys[start : start + 1000])

    @_reachable
    def dump(self) -> dict[str, bytes]:
        dumped: dict[str, bytes] = {}
        cut = len(self.prefix) + 1
        for raw in self._keys():
            key = raw.decode()[cut:]
            if key.startswith(("lease:", "kept:", "limit:")):
                continue  # who holds which partition now, stream tickets, budgets: not read models
            if self.redis.type(raw) == b"zset":
                members: list[tuple[bytes, float]] = self.redis.zrange(  # type: ignore[assignment]  # with scores: pairs
                    raw, 0, -1, withscores=True
                )  # bytes: no decode_responses
                dumped[key] = b"\n".join(b"%d:%s" % (int(score), member) for member, score in members)
            else:
                dumped[key] = self.redis.get(raw) or b""  # type: ignore[assignment]  # as above
        return dumped

    def close(self) -> None:
        self.redis.close()


# -- relaying the change channels to a process's signals ------------------------------------------

LINGER = 30.0
"""Seconds a game's channel stays subscribed after its last local reader stopped waiting on it."""
SYNC = 0.05
"""Seconds at most between the relay's looks at which games are waited on (a new reader's game is
subscribed within this; its waiters are woken once the subscription holds)."""


REVOKED_SECONDS = 86_400
"""How long a revocation is kept in Redis: it matters only until the projection has written the link
(the record then holds the new token's digest), which takes well under a second unless every worker is
down; a day covers any outage a worker's supervisor leaves standing."""

_REVOKE = """
local kept = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if tonumber(ARGV[2]) > kept then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
"""


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
        self._revoke = self.redis.register_script(_REVOKE)
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

    def revoke(self, game_id: str, seat: int, version: int) -> None:
        """Note in Redis, before the link is answered, that ``seat``'s token at ``game_id`` was replaced
        at ``version`` (``<prefix>:revoked:<game>``, a hash of seat to version, kept for
        :data:`REVOKED_SECONDS`), then tell every API process's streams. A Redis that does not answer is
        logged, not raised: the link is saved and its new token must reach the player; while Redis is
        away no read of the game is answered from it anyway, and a Redis back empty is rebuilt from the
        log, which holds the link."""
        try:
            self._revoke(keys=[self.revoked_key(game_id)], args=[seat, version, REVOKED_SECONDS])
        except redis.RedisError:
            log.warning("Could not note a revocation on Redis", exc_info=True)
        self.announce({game_id: version}, f"revoked {seat}")

    @_reachable
    def revocations(self, game_id: str) -> dict[int, int]:
        """Each seat of ``game_id`` whose token a link or recovery replaced lately, with the version."""
        found: dict[bytes, bytes] = self.redis.hgetall(self.revoked_key(game_id))  # type: ignore[assignment]  # no decode_responses
        return {int(seat): int(version) for seat, version in found.items()}

    @_reachable
    def record_and_revocations(self, game_id: str) -> tuple[bytes | None, dict[int, int]]:
        """The game's record (``record:<game>``, as :class:`RedisReadStore` keeps it under the same
        prefix) and :meth:`revocations`, in one round trip (a pipeline, no transaction: read in this
        order, as the two reads one after the other were)."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.get(f"{self.channel.removesuffix(':changes')}:record:{game_id}")
        pipe.hgetall(self.revoked_key(game_id))
        record, found = pipe.execute()
        return record, {int(seat): int(version) for seat, version in found.items()}

    def revoked_key(self, game_id: str) -> str:
        return f"{self.channel.removesuffix(':changes')}:revoked:{game_id}"

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(timeout=5)
        self.pubsub.close()
        self.redis.close()
