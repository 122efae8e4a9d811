"""The read side one API process uses: its read store, live signals and, when embedded, the projection.

Embedded (no Redis URL): read models in SQLite beside the event store (in memory for a PostgreSQL store
without Redis), the projection runs in this process on a follower thread, and every read first catches
the projection up with the log, so a read always sees the caller's own writes. At scale (a Redis URL):
read models in Redis, written by ``backroom worker projections``; this process only reads them and
relays change messages to its streams; a read that names ``min_version`` waits briefly for it.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from eventsourcing.persistence import ApplicationRecorder

from domain import stored
from domain.table import AnyGame, Table, parsed_id
from domain.tokens import seat_holding
from projections.documents import RECORD
from projections.following import Follower, catch_up
from projections.projection import GameProjection
from projections.signals import RedisRelay, Signals
from projections.stores import ReadStore

log = logging.getLogger(__name__)

WAIT = 2.0
"""Seconds a read naming ``min_version`` waits for the projection before answering as stale."""
LOOK_AGAIN = 1.0
"""Embedded, what another ``serve --workers`` process projected into the shared read store is not
signalled here: one thread a process looks at the watched games' versions this often (never a stream
on its own: a look costs one read a watched game, however many streams watch it)."""


@dataclass
class ReadSide:
    """The read store, the signals and (embedded) the projection and its follower."""

    store: ReadStore
    games: dict[str, AnyGame]
    signals: Signals
    recorder: ApplicationRecorder | None = None
    projection: GameProjection | None = None
    follower: Follower | None = None
    relay: RedisRelay | None = None
    clock: Callable[[], datetime] = lambda: datetime.now().astimezone()
    """The service's clock: take-back offers depend on whether a request's deadline has passed."""

    def __post_init__(self) -> None:
        self._stopping = threading.Event()
        self._looking = threading.Thread(target=self._look_again, name="look-again", daemon=True)

    def start(self) -> None:
        if self.follower is not None:
            self.follower.start()
            self._looking.start()
        if self.relay is not None:
            self.relay.start()

    def close(self) -> None:
        self._stopping.set()
        if self._looking.is_alive():
            self._looking.join(timeout=5)
        if self.follower is not None:
            self.follower.stop()
        if self.relay is not None:
            self.relay.stop()
        self.store.close()

    def _look_again(self) -> None:
        """Wake the streams of a watched game whose stored version is past what was signalled here."""
        while not self._stopping.wait(LOOK_AGAIN):
            try:
                for game_id in self.signals.watched():
                    found = self.store.get(f"version:{game_id}")
                    if found and int(found) > self.signals.latest(game_id):
                        self.signals.publish({game_id: int(found)})
            except Exception:
                log.warning("Could not look at the watched games' versions", exc_info=True)

    def running(self) -> bool:
        """True while the follower (embedded) and the relay (at scale) threads are alive."""
        threads = [part.thread for part in (self.follower,) if part is not None]
        if self.relay is not None:
            threads.append(self.relay.thread)
        return all(thread.is_alive() for thread in threads)

    def announce(self, changed: dict[str, int], what: str) -> None:
        """Wake the streams on these games for a change the projection does not make (``what``:
        ``"chat"``): this process's at once, and at scale every other API process's through Redis
        (blocking: call it off the event loop)."""
        self.signals.publish(changed)
        if self.relay is not None:
            self.relay.announce(changed, what)

    def revoke(self, game_id: str, seat: int, version: int) -> None:
        """End the streams ``seat`` opened at ``game_id`` with the token a seat link replaced at
        ``version``: this process's at once, and at scale every other API process's through Redis
        (blocking: call it off the event loop)."""
        self.signals.revoke(game_id, seat, version)
        if self.relay is not None:
            self.relay.announce({game_id: version}, f"revoked {seat}")

    def seat_of(self, game_id: str, token: str) -> tuple[str, int] | None:
        """The game (its canonical id) and the seat ``token`` holds there, as the read models say; else
        ``None`` (no such game, or a token that names no seat of it)."""
        found = parsed_id(game_id)
        table = self.table(str(found)) if found is not None else None
        seat = seat_holding(token, table.state.token_digests) if table is not None else None
        return None if seat is None else (str(found), seat)

    def replaced(self, game_id: str, seat: int, token_digest: str) -> bool:
        """Whether the read models show ``seat`` at ``game_id`` holding another token than the one of
        ``token_digest`` (``False`` while they do not hold the game)."""
        table = self.table(game_id)
        if table is None or seat >= len(table.state.token_digests):
            return False
        held = table.state.token_digests[seat]
        return held is None or not hmac.compare_digest(held, token_digest)

    def catch_up(self) -> None:
        """Embedded: project whatever the log holds beyond our position (read-your-writes)."""
        if self.projection is not None and self.recorder is not None:
            catch_up(self.recorder, self.projection)

    def catch_up_unless_followed(self) -> None:
        """:meth:`catch_up`, unless a follower thread projects each commit as it lands (and the
        others' at its poll): a live stream's opening then asks nothing of the log on the event loop
        (a query each, the most of an opening's time during a burst of them: see
        :mod:`api.http.fast_stream`)."""
        if not self._following():
            self.catch_up()

    def written(self) -> ReadStore:
        """The read store, with what this process's projection applied written to it first."""
        if self.projection is not None:
            self.projection.write()
        return self.store

    def version(self, game_id: str) -> int:
        """The version the game's read models reflect (0 when not projected yet)."""
        table = self.projection.latest.get(game_id) if self.projection is not None else None
        if table is not None:
            return table.version
        found = self.written().get(f"version:{game_id}")
        return int(found) if found else 0

    def table(self, game_id: str) -> Table | None:
        """The game's table as its read models reflect it: this process's projection's, else the record."""
        table = self.projection.latest.get(game_id) if self.projection is not None else None
        if table is not None:
            return table
        found = self.written().get(f"record:{game_id}")
        if found is None:
            return None
        record = RECORD.decode(found)
        game = self.games.get(record.state.game)
        if game is None:
            return None
        return Table(UUID(game_id), game, stored.state_of(record.state, record.version, self.games))

    async def settle(self, game_id: str, min_version: int | None) -> bool:
        """Wait up to :data:`WAIT` s for ``min_version``; ``True`` when the game is not there (stale).

        At scale a version announced on the change channel needs no read of Redis: polling Redis for
        the version was the largest share of the event loop's time (the profile of ``bench_scale.py``,
        in docs/scaling.md). The reads that remain stay on the loop: a thread hop per read cost more
        than the round trip it spared on two busy cores (the same document).
        """
        if min_version is None:
            self.catch_up()
            return False
        wanted = max(min_version, 1)  # a game is there from its first version: 0 means not projected yet
        if self._reached(game_id, wanted):
            return False  # already there: no need to ask the log for more (one query saved per read)
        deadline = asyncio.get_running_loop().time() + WAIT
        with self.signals.listen(game_id) as waiter:
            while not self._reached(game_id, wanted):
                if not self._following():
                    self.catch_up()
                remaining = deadline - asyncio.get_running_loop().time()
                if remaining <= 0:
                    return True
                await waiter.wait(min(remaining, 0.1 if self.projection is not None else remaining))
        return False

    def _reached(self, game_id: str, wanted: int) -> bool:
        if self.projection is None and self.signals.latest(game_id) >= wanted:
            return True
        return self.version(game_id) >= wanted

    def _following(self) -> bool:
        """True when a follower thread projects each commit as it lands.

        A read naming a version then waits for the follower's signal instead of projecting on the
        event loop itself: the same work, but the loop stays free to answer other requests.
        """
        return self.follower is not None and self.follower.thread.is_alive()
