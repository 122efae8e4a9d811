"""The projection split by table across workers: partitions, each with its own position, held by lease.

A table belongs to partition ``crc32(id) % N`` (``BACKROOM_PARTITIONS``, the same in every process).
Each partition is a :class:`~projections.projection.GameProjection` of its own over the shared Redis keys,
keeping its own position (``<prefix>:position:<n>``) and committing it with its documents in one
script: the script refuses a batch whose expected position has moved, so an event is applied to a
read model exactly once, whoever holds the partition. Leases (:class:`Leases`) only decide who does
the work: a worker holds its share of the partitions and renews them; a dead worker's lapse after
``BACKROOM_LEASE_SECONDS`` and the others take them, resuming from each partition's position.
"""

from __future__ import annotations

import math
import os
import socket
import time
import uuid
import zlib
from collections.abc import Iterable, Mapping, Sequence

import redis
from eventsourcing.persistence import ApplicationRecorder

from domain.table import AnyGame
from projections.projection import PAGE, GameProjection, logged
from projections.redis_store import RedisReadStore
from store.commits import Logged
from store.table_over import table_over

LEASE_PREFIX = "lease"
"""Keys ``<prefix>:lease:<n>`` (the holder of partition n) and ``<prefix>:lease:members`` (live workers);
the timer and bot workers lease the same partitions under ``<prefix>:lease:<role>:...`` of their own."""

CLIENT_NAME = "backroom-lease:"
"""The name a worker's connections carry in Redis (``CLIENT SETNAME``), followed by its name in the
leases: a worker none of whose connections Redis lists is gone (issue 49 item 4)."""

_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def partition_of(game_id: str, partitions: int) -> int:
    """The partition a table belongs to (stable across processes and restarts)."""
    return zlib.crc32(game_id.encode()) % partitions


def position_key(partition: int, partitions: int) -> str:
    """The key of a partition's position: ``position`` when there is only one."""
    return "position" if partitions == 1 else f"position:{partition}"


def partition_store(
    url: str, prefix: str, partition: int, partitions: int, finished_seconds: int = 0
) -> RedisReadStore:
    """The read store one partition writes through (shared keys, its own position)."""
    return RedisReadStore(url, prefix, position_key(partition, partitions), finished_seconds)


class Leases:
    """Which partitions this worker holds: a fair share of them, renewed while it lives."""

    def __init__(self, url: str, prefix: str, partitions: int, ttl: float, role: str = "") -> None:
        self.me = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        """This worker's name in the leases: host and process id (for operators), and a random part."""
        self.partitions = partitions
        self.ttl_ms = max(1, int(ttl * 1000))
        self.prefix = f"{prefix}:{LEASE_PREFIX}" + (f":{role}" if role else "")
        """The leases' keys start here: projection workers' at ``lease``, the others' at ``lease:<role>``."""
        self.redis = redis.Redis.from_url(url, client_name=f"{CLIENT_NAME}{self.me}")
        """Every connection is named for this worker: while the process lives, Redis lists one."""
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self.held: set[int] = set()

    def _lease(self, partition: int) -> str:
        return f"{self.prefix}:{partition}"

    def _members(self, alive: set[str] | None) -> int:
        """Announce this worker and count the live ones (each entry expires with its lease time, and
        one whose process Redis knows gone leaves at once)."""
        key, now = f"{self.prefix}:members", int(time.time() * 1000)
        pipe = self.redis.pipeline()
        pipe.zadd(key, {self.me: now + self.ttl_ms})
        pipe.zremrangebyscore(key, "-inf", now)
        pipe.zrange(key, 0, -1)
        members = [member.decode() for member in pipe.execute()[-1]]
        dead = [member for member in members if alive is not None and member not in alive]
        if dead:
            self.redis.zrem(key, *dead)
        return max(1, len(members) - len(dead))

    def _alive(self) -> set[str] | None:
        """The workers whose processes hold a connection to Redis now (named :data:`CLIENT_NAME` and
        their name in the leases); ``None`` where Redis does not say (``CLIENT LIST`` refused, as some
        managed services do: the leases then lapse with time alone)."""
        try:
            clients = self.redis.client_list()
        except redis.ResponseError:
            return None
        named = (str(client.get("name", "")) for client in clients)
        return {name.removeprefix(CLIENT_NAME) for name in named if name.startswith(CLIENT_NAME)}

    def refresh(self) -> set[int]:
        """Renew what is held, give back what is over the share, claim free partitions up to it: a
        partition whose holder's process is gone (its connections closed: killed, or crashed) is free
        at once, not a lease time later (issue 49 item 4)."""
        alive = self._alive()
        share = math.ceil(self.partitions / self._members(alive))
        self.held = {p for p in self.held if self._renew(keys=[self._lease(p)], args=[self.me, self.ttl_ms])}
        for extra in sorted(self.held, reverse=True)[: max(0, len(self.held) - share)]:
            self._release(keys=[self._lease(extra)], args=[self.me])
            self.held.discard(extra)
        for partition in self._order():
            if len(self.held) >= share:
                break
            if partition not in self.held and self._claim(partition, alive):
                self.held.add(partition)
        return set(self.held)

    def _claim(self, partition: int, alive: set[str] | None) -> bool:
        """Take ``partition`` if free, or if its holder is known dead."""
        lease = self._lease(partition)
        if self.redis.set(lease, self.me, nx=True, px=self.ttl_ms):
            return True
        holder = self.redis.get(lease)
        if alive is None or holder is None or holder.decode() in alive:  # type: ignore[union-attr]  # bytes
            return False
        self._release(keys=[lease], args=[holder])  # only if still the dead one's
        return bool(self.redis.set(lease, self.me, nx=True, px=self.ttl_ms))

    def _order(self) -> list[int]:
        """Partitions to try, starting at a place of this worker's own, so workers do not all collide."""
        start = zlib.crc32(self.me.encode()) % self.partitions
        return [(start + step) % self.partitions for step in range(self.partitions)]

    def release_all(self) -> None:
        """Give every partition back (a clean stop: the others take them at once)."""
        for partition in self.held:
            self._release(keys=[self._lease(partition)], args=[self.me])
        self.held = set()
        self.redis.zrem(f"{self.prefix}:members", self.me)

    def close(self) -> None:
        self.redis.close()


class Share:
    """The partitions one worker projects, all fed from one read of the log."""

    def __init__(  # noqa: PLR0917  (the log, the store and its settings, as rebuild_partitions passes them)
        self,
        recorder: ApplicationRecorder,
        url: str,
        prefix: str,
        partitions: int,
        games: Mapping[str, AnyGame],
        finished_seconds: int = 0,
    ) -> None:
        self.recorder = recorder
        self.url, self.prefix, self.partitions = url, prefix, partitions
        self.finished_seconds = finished_seconds
        self.games = dict(games)
        self.projections: dict[int, GameProjection] = {}

    def hold(self, partitions: Iterable[int]) -> None:
        """Project exactly ``partitions`` from now on (each resumes from its own stored position)."""
        wanted = set(partitions)
        for gone in set(self.projections) - wanted:
            self.projections.pop(gone).store.close()
        for new in wanted - set(self.projections):
            store = partition_store(self.url, self.prefix, new, self.partitions, self.finished_seconds)
            rater = table_over(self.recorder, self.games)
            self.projections[new] = GameProjection(store, self.games, rater=rater)

    def step(self, page: int = PAGE) -> int:
        """Project the next page of the log into every held partition; how many notifications it read."""
        if not self.projections:
            return 0
        start = min(projection.position for projection in self.projections.values())
        found = self.recorder.select_notifications(start, page, inclusive_of_start=False)
        events = [(logged(notification), notification.id) for notification in found]
        for partition, projection in self.projections.items():
            projection.project(self._mine(events, partition))
        return len(found)

    def _mine(self, events: Sequence[tuple[Logged, int]], partition: int) -> list[tuple[Logged, int]]:
        """The events of this partition's tables; every other position only moves the position."""
        return [
            (event if event is not None and self._of(event) == partition else None, position)
            for event, position in events
        ]

    def _of(self, event: tuple[object, object]) -> int:
        return partition_of(str(event[0]), self.partitions)

    def positions(self) -> dict[int, int]:
        """Each held partition's position."""
        return {partition: projection.position for partition, projection in self.projections.items()}

    def stored(self) -> dict[int, int]:
        """Each held partition's position as Redis holds it (one read; 0 for a key it lost)."""
        held = sorted(self.projections)
        if not held:
            return {}
        store = self.projections[held[0]].store
        assert isinstance(store, RedisReadStore)  # a share's partitions are always in Redis
        keys = [store.full_key(position_key(partition, self.partitions)) for partition in held]
        found: list[bytes | None] = store.redis.mget(keys)  # type: ignore[assignment]  # a list: no asyncio
        return {partition: int(position or 0) for partition, position in zip(held, found, strict=True)}

    def heal(self) -> bool:
        """Start again from what Redis holds wherever it holds less than was written (a Redis replaced
        by an empty one, or flushed): ``True`` when a partition went back, so the next step reads the
        log from there. Without this a worker waited for the next command of each partition (its
        commit refused), and until then the lobby stayed empty and the lag said 0 (issue 49 item 3)."""
        behind = [p for p, position in self.stored().items() if position < self.projections[p].written]
        for partition in behind:
            self.projections[partition].forget()  # reloads the position: where Redis now stands
        return bool(behind)

    def close(self) -> None:
        self.hold(())


def rebuild_partitions(  # noqa: PLR0917  (the log, the store and its settings)
    recorder: ApplicationRecorder,
    url: str,
    prefix: str,
    partitions: int,
    games: Mapping[str, AnyGame],
    finished_seconds: int = 0,
) -> int:
    """Project the whole log into every partition (after the prefix was cleared); the position reached."""
    share = Share(recorder, url, prefix, partitions, games, finished_seconds)
    share.hold(range(partitions))
    try:
        while share.step(page=1000):
            pass
        return min(share.positions().values())
    finally:
        share.close()


def lowest_position(store: object, partitions: int) -> int:
    """The position of the furthest-behind partition of a Redis read store (what every read reflects)."""
    if not isinstance(store, RedisReadStore):
        return 0
    keys = [f"{store.prefix}:{position_key(n, partitions)}" for n in range(partitions)]
    found: list[bytes | None] = store.redis.mget(keys)  # type: ignore[assignment]  # a list: no asyncio
    return min(int(position or 0) for position in found)
