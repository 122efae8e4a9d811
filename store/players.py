"""Players' streams on the log: each player's events under its handle's id, read and appended by any process.

A player is read as its stream folded (:func:`domain.players.fold`): this process keeps the fold it
read last and reads only the rows past it, every time it is asked, so a key revoked or a session ended
on another process is refused here at the next request (one indexed read of an empty tail). An append
is saved at the next version with the log's optimistic concurrency: two sign-ups of one handle, or two
changes of one player at once, clash, and the loser is told so (``ConcurrentUpdate``, or
``HandleTaken`` for the first event).
"""

from __future__ import annotations

import asyncio
import threading

from eventsourcing.persistence import IntegrityError, PersistenceError

from domain import players
from domain.errors import ConcurrentUpdate, StoreUnavailable
from store import stored
from store.repository import TableStore

KEPT = 10_000
"""Players whose fold a process keeps at most (the oldest read first out)."""


class PlayerLog:
    """Players read from the log (the kept fold and its tail) and their events appended to it."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.kept: dict[str, players.Player] = {}
        self.lock = threading.Lock()

    def read(self, handle: str) -> players.Player | None:
        """The player ``handle`` names as the log holds it now (``None``: nobody holds the handle)."""
        with self.lock:
            known = self.kept.get(handle)
        after = known.version if known is not None else 0
        try:
            rows = self.store.recorder.select_events(players.player_key(handle), gt=after or None)
        except PersistenceError as error:
            raise StoreUnavailable("The event store cannot be reached.") from error
        found = players.fold([stored.decode_player(row.state) for row in rows], known)
        if found is not None and found is not known:
            with self.lock:
                self.kept.pop(handle, None)
                self.kept[handle] = found
                while len(self.kept) > KEPT:
                    del self.kept[next(iter(self.kept))]
        return found

    async def player(self, handle: str) -> players.Player | None:
        return await asyncio.to_thread(self.read, handle)

    async def append(
        self, handle: str, player: players.Player | None, events: list[players.AnyPlayerEvent]
    ) -> players.Player:
        """Save ``events`` after ``player`` (``None``: a new player); the player after them."""
        version = player.version if player is not None else 0
        key = players.player_key(handle)
        rows = [stored.PlayerRow(key, version + n, event) for n, event in enumerate(events, start=1)]
        try:
            await self.store.committer.saved(rows)
        except IntegrityError:
            with self.lock:
                self.kept.pop(handle, None)
            if player is None:
                taken = {"handle": handle}
                raise players.HandleTaken("That handle belongs to another player.", taken) from None
            raise ConcurrentUpdate("Your account changed meanwhile; try again.") from None
        after = players.fold(events, player)
        assert after is not None
        with self.lock:
            self.kept[handle] = after
        return after
