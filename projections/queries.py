"""The reads: the read side one API process uses (:class:`ReadSide`), and every ``GET`` it answers.

:class:`ReadSide` holds the process's read store, live signals and, when embedded, the projection.
Embedded (no Redis URL): read models in SQLite beside the event store (in memory for a PostgreSQL store
without Redis), the projection runs in this process on a follower thread, and every read first catches
the projection up with the log, so a read always sees the caller's own writes. At scale (a Redis URL):
read models in Redis, written by ``backroom worker projections``; this process only reads them and
relays change messages to its streams; a read that names ``min_version`` waits briefly for it.

``GET`` reads (summary, list, view, feed, legal) read the projections only (:mod:`projections`), never
an aggregate: the documents there were built for each perspective with the game's ``view`` and
``redact``, and a caller gets its seat's (with its token) or the spectator's. A read naming
``min_version`` waits briefly for the projection and says ``"stale": true`` when it had to answer
without it, or when what the read models hold is behind the version named (Redis lost the rest). A game
the read models do not hold at all yet is read from the log and answered ``"stale": true`` (the feed
with no entries yet), never ``game/not_found``: that is for games the log does not hold. Nothing here
returns the secret seed, a token digest or the projection's private record.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

import msgspec
from eventsourcing.persistence import ApplicationRecorder

from domain import ratings
from domain.codec import encode
from domain.errors import GameNotFound, InvalidToken, StoreUnavailable
from domain.memos import memo
from domain.seats import SPECTATOR, Seat, Viewer
from domain.table import AnyGame, Table, parsed_id, table_id
from domain.tokens import seat_holding
from projections import documents
from projections.documents import RECORD, viewer_key
from projections.projection import Follower, GameProjection, catch_up
from projections.stores import ReadStore, Signals
from store import stored
from store.reader import LogReader

if TYPE_CHECKING:  # the Redis client is loaded at scale only (api.http.app.read_side)
    from projections.redis_store import RedisRelay

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
    restore: Callable[[str], bool] | None = None
    """At scale: rebuilds a finished game's expired read models from the log (:mod:`projections.restoring`);
    ``True`` when it did."""
    log: LogReader | None = None
    """At scale, the log, asked only for a game the read models do not hold (:meth:`from_log`)."""

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
            self.relay.revoke(game_id, seat, version)

    def revocations(self, game_id: str, noted: dict[int, int] | None = None) -> dict[int, int]:
        """Each seat of ``game_id`` whose token was replaced lately, with the version that replaced it:
        heard of here, and at scale as Redis notes it (one read: another process may have answered the
        link a moment ago, before any worker wrote it), or as ``noted`` already read from Redis."""
        found = self.signals.revocations(game_id)
        if noted is None and self.relay is not None:
            noted = self.relay.revocations(game_id)
        for seat, version in (noted or {}).items():
            found[seat] = max(version, found.get(seat, 0))
        return found

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

    def written(self, game_id: str | None = None) -> ReadStore:
        """The read store, with what this process's projection applied written to it first; with
        ``game_id``, only when what is pending holds something of that game.

        A live stream's opening reads its game's feed this way: during a burst of spectators' openings
        each of them otherwise wrote the playing tables' latest commits in the openings' thread (a
        small batch each, about a seventh of that thread's time, 2026-12-05), commits the follower
        writes anyway. A game is among the pending batch's before any stream hears of its change
        (:meth:`GameProjection.apply_all`), so a woken stream always finds its game's new entries."""
        projection = self.projection
        if projection is not None and (game_id is None or game_id in projection.touched):
            projection.write()
        return self.store

    def version(self, game_id: str) -> int:
        """The version the game's read models reflect (0 when not projected yet)."""
        table = self.projection.latest.get(game_id) if self.projection is not None else None
        if table is not None:
            return table.version
        found = self.written().get(f"version:{game_id}")
        if found is None and self._restored(game_id):
            found = self.store.get(f"version:{game_id}")
        return int(found) if found else 0

    def table(self, game_id: str) -> Table | None:
        """The game's table as its read models reflect it: this process's projection's, else the record."""
        table = self.projection.latest.get(game_id) if self.projection is not None else None
        if table is not None:
            return table
        found = self.written().get(f"record:{game_id}")
        if found is None and self._restored(game_id):
            found = self.store.get(f"record:{game_id}")
        return self._recorded(game_id, found)

    def seated_table(self, game_id: str, token: str | None) -> tuple[Table | None, dict[int, int]]:
        """:meth:`table` and, for a caller with a token, :meth:`revocations` (else none).

        At scale both come from Redis in one round trip (:meth:`RedisRelay.record_and_revocations`):
        the view, legal and feed reads asked for them one after the other, each a blocking round trip
        on the event loop, and under ``bench_scale`` those two were half of the API loop's wall time
        (docs/scaling.md, "Random routing"). A game whose record is missing is read as :meth:`table`
        reads it (a finished game restored)."""
        relay = self.relay
        if relay is None or self.projection is not None or not token:
            return self.table(game_id), (self.revocations(game_id) if token else {})
        found, revoked = relay.record_and_revocations(game_id)
        table = self._recorded(game_id, found) if found is not None else self.table(game_id)
        return table, self.revocations(game_id, revoked)

    async def settled(
        self, game_id: str, token: str | None, min_version: int | None
    ) -> tuple[bool, Table | None, dict[int, int]]:
        """:meth:`settle`, then :meth:`seated_table`: whether the game is not there (stale), its table
        and the revocations.

        At scale the table is read first, and waited for only when it is behind ``min_version``: a read
        whose version the workers had already written (nearly every one) takes one round trip to Redis,
        not two (the version's, then the table's), whether or not the change channel had told this
        process of it."""
        if self.relay is None or self.projection is not None or min_version is None:
            stale = await self.settle(game_id, min_version)
            return (stale, *self.seated_table(game_id, token))
        table, revoked = self.seated_table(game_id, token)
        if table is not None and table.version >= max(min_version, 1):
            return False, table, revoked
        stale = await self.settle(game_id, min_version)
        return (stale, *self.seated_table(game_id, token))

    def _recorded(self, game_id: str, found: bytes | None) -> Table | None:
        """The table a stored record holds (``None`` for none, or a game not offered here)."""
        if found is None:
            return None
        record = RECORD.decode(found)
        game = self.games.get(record.state.game)
        if game is None:
            return None
        return Table(UUID(game_id), game, stored.state_of(record.state, record.version, self.games))

    def _restored(self, game_id: str) -> bool:
        """Whether a finished game's expired read models were just written again from the log (one read
        of its summary when there is nothing to restore; blocking, on this rare path)."""
        if self.restore is None or not game_id:
            return False
        try:
            return self.restore(game_id)
        except Exception:  # the log or Redis away: the read answers as if the game were missing
            log.warning("Could not restore the read models of %s", game_id, exc_info=True)
            return False

    async def from_log(self, game_id: str) -> Table:
        """The game's table read from the log (off the event loop), for a read of a game the read models
        do not hold: ``GameNotFound`` only when the log has no such game either."""
        if self.log is None:
            raise GameNotFound(f"No game {game_id}.")
        return await asyncio.to_thread(self.log.load, game_id)

    def behind(self, game_id: str, version: int, min_version: int | None) -> bool:
        """Whether a read at ``version`` is behind the ``min_version`` its caller named (stale). The
        signals' version was then no lower bound of the store's (Redis lost what it held): forgotten,
        so the next read waits for the projection again."""
        if min_version is None or version >= min_version:
            return False
        self.signals.forget(game_id)
        return True

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


# -- the reads -------------------------------------------------------------------------------------


def catalogue(games: Mapping[str, AnyGame]) -> list[dict[str, Any]]:
    """Every game offered: its id, title, seat range, rules version and options schema."""
    return [
        {
            "id": game.id,
            "title": game.title,
            "summary": game.summary,
            "rules_version": game.rules_version,
            "min_seats": game.min_seats,
            "max_seats": game.max_seats,
            "options_schema": msgspec.json.schema(game.options_type),
        }
        for game in games.values()
    ]


async def game_summary(reads: ReadSide, game_id: str, min_version: int | None = None) -> Any:
    """The summary of one game, as projected."""
    game_id = canonical_id(game_id)
    stale = await reads.settle(game_id, min_version)
    found = reads.written().get(f"summary:{game_id}")
    if found is None:  # not projected yet: the log's table, stale
        return documents.summary(game_id, await reads.from_log(game_id)) | {"stale": True}
    return _answer(reads, game_id, found, min_version, stale)


async def list_games(  # noqa: PLR0917  (the lobby's filters and page, as the route reads them)
    reads: ReadSide,
    game: str | None = None,
    state: str | None = None,
    limit: int = 50,
    offset: int = 0,
    after: int = 0,
) -> dict[str, Any]:
    """Games in the order they were opened, filtered by game and status, one page at a time.

    Read from the lobby index of that filter (keyset: ``after`` is the ``next`` of the page before)
    and its counter: the cost is the page's, whatever the number of games.
    """
    await reads.settle("", None)
    store, key = reads.written(), documents.lobby_key(game, state)
    page = store.page(key, after, offset + limit + 1)[offset:]
    more, page = len(page) > limit, page[:limit]
    bodies = store.get_many([f"summary:{member.decode()}" for _, member in page])
    return {
        "games": [msgspec.Raw(body) for body in bodies if body is not None],
        "total": store.counter(key),
        "limit": limit,
        "offset": offset,
        "next": page[-1][0] if more else None,
    }


async def seat_view(reads: ReadSide, game_id: str, token: str | None, min_version: int | None = None) -> Any:
    """The caller's view (a seat's with its token, else the spectator's), with version and who may act."""
    game_id = canonical_id(game_id)
    stale, table, revoked = await reads.settled(game_id, token, min_version)
    if table is None:  # not projected yet: the log's table, stale
        table = await reads.from_log(game_id)
        return documents.view(game_id, table, _viewer(table, token)) | {"stale": True}
    table, viewer = await _seated(reads, game_id, table, token, revoked)
    return _answer(reads, game_id, _view_document(reads, game_id, table, viewer), min_version, stale)


def _view_document(reads: ReadSide, game_id: str, table: Table, viewer: Viewer) -> bytes:
    """``viewer``'s view document: built from ``table`` where the projection keeps no views (embedded),
    else the one the projection wrote."""
    if reads.projection is not None and not reads.projection.views:
        return encode(documents.view(game_id, table, viewer))
    return _document(reads, f"view:{game_id}:{viewer_key(viewer)}")


async def legal(
    reads: ReadSide, game_id: str, token: str | None, min_version: int | None = None
) -> dict[str, Any]:
    """The commands the caller may send now (none for a spectator), from the projected state."""
    game_id = canonical_id(game_id)
    stale, table, revoked = await reads.settled(game_id, token, min_version)
    unprojected = table is None
    if table is None:  # not projected yet: the log's table, stale
        table = await reads.from_log(game_id)
        seat = _seat_or_none(_viewer(table, token))
    else:
        table, viewer = await _seated(reads, game_id, table, token, revoked)
        seat = _seat_or_none(viewer)
    answer = _legal_at(reads, table, seat)
    if unprojected:
        return answer | {"stale": True}
    if min_version is None:
        return answer
    return answer | {"stale": stale or reads.behind(game_id, table.version, min_version)}


def _legal_at(reads: ReadSide, table: Table, seat: int | None) -> dict[str, Any]:
    """The legal answer at ``table`` for ``seat`` (no commands for a spectator)."""
    commands = table.legal(seat, reads.clock()) if seat is not None else []
    return {"version": table.version, "seat": seat, "commands": commands} | documents.clock_of(table)


PAGE = 500
"""Entries a history read answers at most, unless asked for fewer (``limit``)."""


async def feed(  # noqa: PLR0917  (the feed's parameters, as the route reads them)
    reads: ReadSide,
    game_id: str,
    token: str | None,
    after: int = 0,
    min_version: int | None = None,
    limit: int = PAGE,
) -> dict[str, Any]:
    """At most ``limit`` entries of the log after version ``after``, each redacted for the caller and
    described; ``next`` is the ``after`` of the next page (``None`` at the end)."""
    game_id = canonical_id(game_id)
    stale, table, revoked = await reads.settled(game_id, token, min_version)
    if table is None:  # not projected yet: the token is checked at the log's table; no entries yet
        _viewer(await reads.from_log(game_id), token)
        return {"version": 0, "events": [], "next": None, "stale": True}
    table, viewer = await _seated(reads, game_id, table, token, revoked)
    version = reads.version(game_id)
    # Up to a page of 500 entries: read in the thread pool, so a flood of feeds never stalls the loop.
    page = await asyncio.to_thread(feed_page, reads, game_id, viewer, after, limit + 1)
    following = page[limit - 1][0] if len(page) > limit else None
    events = [msgspec.Raw(line) for _, line in page[:limit]]
    answer = {"version": version, "events": events, "next": following}
    if min_version is None:
        return answer
    return answer | {"stale": stale or reads.behind(game_id, version, min_version)}


async def table_seen(
    reads: ReadSide, game_id: str, token: str | None, min_version: int | None = None, after: int = 0
) -> dict[str, Any]:
    """The table as the caller sees it, at one version and in one read: the summary, the caller's view,
    its legal commands (before :meth:`~api.service.application.Tables.offered`) and its feed after
    ``after`` (a page: ``next`` pages on), each as the summary, ``/view``, ``/legal`` and ``/events``
    answer them, with the same token checks (a page's four reads after each move, issue 44)."""
    game_id = canonical_id(game_id)
    stale, table, revoked = await reads.settled(game_id, token, min_version)
    if table is None:  # not projected yet: the log's table, stale, no entries yet
        table = await reads.from_log(game_id)
        viewer = _viewer(table, token)
        built = (encode(documents.summary(game_id, table)), encode(documents.view(game_id, table, viewer)))
        return _seen(reads, table, viewer, built, []) | {"stale": True}
    table, viewer = await _seated(reads, game_id, table, token, revoked)
    page = []
    if after < table.version:  # else nothing to read; entries past the table's version wait for the next read
        page = await asyncio.to_thread(feed_page, reads, game_id, viewer, after, PAGE + 1)
        page = [entry for entry in page if entry[0] <= table.version]
    documents_now = (_document(reads, f"summary:{game_id}"), _view_document(reads, game_id, table, viewer))
    answer = _seen(reads, table, viewer, documents_now, page)
    if min_version is None:
        return answer
    return answer | {"stale": stale or reads.behind(game_id, table.version, min_version)}


def _seen(
    reads: ReadSide, table: Table, viewer: Viewer, shown: tuple[bytes, bytes], page: list[tuple[int, bytes]]
) -> dict[str, Any]:
    """:func:`table_seen`'s answer from its parts: the summary and view documents (``shown``) and a
    page of the feed read."""
    summary, view = shown
    following = page[PAGE - 1][0] if len(page) > PAGE else None
    events = [msgspec.Raw(line) for _, line in page[:PAGE]]
    return {
        "version": table.version,
        "summary": msgspec.Raw(summary),
        "view": msgspec.Raw(view),
        "legal": _legal_at(reads, table, _seat_or_none(viewer)),
        "feed": {"version": table.version, "events": events, "next": following},
    }


def feed_page(
    reads: ReadSide, game_id: str, viewer: Viewer, after: int, limit: int
) -> list[tuple[int, bytes]]:
    """``(version, encoded entry)`` of at most ``limit`` of ``viewer``'s feed entries after ``after``."""
    rows = reads.written(game_id).page(documents.feed_key(game_id), after, limit)
    return [(version, documents.line_for(row, viewer)) for version, row in rows]


def perspective(reads: ReadSide, game_id: str, token: str | None) -> Viewer:
    """Who is asking: the seat ``token`` holds at this game, or the spectator without a token."""
    return _viewer(_table(reads, canonical_id(game_id)), token)


async def watcher(reads: ReadSide, log: Callable[[str], Table], game_id: str, token: str | None) -> Viewer:
    """Who opens a stream: :func:`perspective`, asked of the log (``log``: the game's table from it,
    ``GameNotFound`` when there is none) when the read models do not hold the game or do not answer.
    They lack it only while they are projected again (a flushed Redis), and do not answer while Redis
    restarts: a stream opened or resumed then waits for its feed (or is cut, and resumed, when its
    feed's read finds Redis still away) instead of being refused, as a browser's ``EventSource`` gives
    up for good on any answer but 200."""
    return viewer_at(await watched_table(reads, log, game_id), token)


async def watched_table(reads: ReadSide, log: Callable[[str], Table], game_id: str) -> Table:
    """The table a stream's token is checked against: the read models', else the log's (:func:`watcher`)."""
    game_id = canonical_id(game_id)
    table = None
    with contextlib.suppress(StoreUnavailable):  # Redis restarting: the log still knows who is who
        table = reads.table(game_id)
    if table is None:
        table = await asyncio.to_thread(log, game_id)
    return table


async def _seated(
    reads: ReadSide, game_id: str, table: Table, token: str | None, revoked: dict[int, int]
) -> tuple[Table, Viewer]:
    """The table to answer from and the caller's perspective at it, with a seat link answered lately
    (``revoked``: :meth:`ReadSide.revocations`, read with the table) taken into account: a link's views
    may not be written yet, so a read naming no version of a game whose read models are behind a link
    waits for them as a read naming that version would (the new token reads at once), and a token the
    link replaced reads nothing meanwhile (issue 49 items 1, 2)."""
    if not token:
        return table, SPECTATOR
    newest = max(revoked.values(), default=0)
    if newest > table.version:
        await reads.settle(game_id, newest)
        table = reads.table(game_id) or table
    return table, _live(revoked, table, token)


def live_viewer(reads: ReadSide, game_id: str, table: Table, token: str | None) -> Viewer:
    """:func:`viewer_at`, refusing a token a seat link replaced after ``table``'s version (a stream's or a
    ticket's check: they wait for nothing, and a new token behind the read models is refused as before)."""
    return _live(reads.revocations(game_id) if token else {}, table, token)


def _live(revoked: dict[int, int], table: Table, token: str | None) -> Viewer:
    viewer = _viewer(table, token)
    if viewer is not SPECTATOR and revoked.get(int(viewer), 0) > table.version:  # type: ignore[arg-type]  # a Seat
        raise InvalidToken("This token holds no seat at this game.")  # the words of any stranger's token
    return viewer


def viewer_at(table: Table, token: str | None) -> Viewer:
    """The seat ``token`` holds at ``table``, the spectator without one (``InvalidToken``: a stranger's)."""
    return _viewer(table, token)


def _viewer(table: Table, token: str | None) -> Viewer:
    """The spectator without a token, else the seat it holds (``InvalidToken`` for a stranger's)."""
    return Seat(table.seat_of(token)) if token else SPECTATOR


def _table(reads: ReadSide, game_id: str) -> Table:
    table = reads.table(game_id)
    if table is None:
        raise GameNotFound(f"No game {game_id}.")
    return table


@memo(4096, "every read of a table names it again")
def canonical_id(game_id: str) -> str:
    """The canonical form of a game id; ``GameNotFound`` for anything that is not one."""
    return str(table_id(game_id))


def _document(reads: ReadSide, key: str) -> bytes:
    found = reads.written().get(key)
    if found is None:
        raise GameNotFound(f"No game {key.split(':')[1]}.")
    return found


def _answer(reads: ReadSide, game_id: str, document: bytes, min_version: int | None, stale: bool) -> Any:
    """A stored document as the answer, with ``stale`` added when the caller named a version (also
    when the document is behind that version, whatever the wait said)."""
    if min_version is None:
        return msgspec.Raw(document)
    answer = msgspec.json.decode(document)
    return answer | {"stale": stale or reads.behind(game_id, answer["version"], min_version)}


def _seat_or_none(viewer: Viewer) -> int | None:
    return None if viewer is SPECTATOR else int(viewer)  # type: ignore[arg-type]  # a Seat here


# -- players and ratings --------------------------------------------------------------------------

PLAYER_TABLES = 500
"""Tables a player's page lists at most (the latest first)."""


def player_page(reads: ReadSide, handle: str) -> dict[str, Any]:
    """A player's page: their live tables first (with whose turn it is, and whether it is theirs),
    their finished games with their replays, and their ratings. Only what each table's public summary
    shows: a player's page tells nobody more than the tables' spectators are told."""
    store = reads.written()
    entries = store.page(f"player:{handle}", 0, 100_000)[-PLAYER_TABLES:]
    live, finished = [], []
    for _, member in reversed(entries):
        found = store.get(f"summary:{member.decode()}")
        if found is None:
            continue
        summary = msgspec.json.decode(found)
        seats = [seat["seat"] for seat in summary["seats"] if seat.get("player") == handle]
        row = {
            "id": summary["id"],
            "game": summary["game"],
            "title": summary["title"],
            "status": summary["status"],
            "seat": seats[0] if seats else None,
            "seats": summary["seats"],
            "to_act": [summary["seats"][seat]["name"] for seat in summary["to_act"]],
            "your_turn": any(seat in summary["to_act"] for seat in seats),
            "updated_at": summary["updated_at"],
        }
        if summary["status"] == "over":
            finished.append(row | {"outcome": summary["outcome"], "replay": f"/games/{summary['id']}/replay"})
        else:
            live.append(row)
    live.sort(key=lambda row: not row["your_turn"])  # your turn first, then the rest, latest first
    return {
        "handle": handle,
        "your_turn": [row["id"] for row in live if row["your_turn"]],
        "live": live,
        "finished": finished,
        "ratings": _player_ratings(reads, handle),
    }


def board_of(reads: ReadSide, game: str) -> ratings.Board:
    found = reads.written().get(f"ratings:{game}")
    return ratings.Board() if found is None else ratings.BOARD.decode(found)


def _player_ratings(reads: ReadSide, handle: str) -> list[dict[str, Any]]:
    found = []
    for game in reads.games:
        rating = board_of(reads, game).players.get(handle)
        if rating is not None:
            found.append(
                {
                    "game": game,
                    "rating": ratings.shown(rating),
                    "games": rating.games,
                    "provisional": ratings.provisional(rating) is not None,
                    "shown": ratings.provisional(rating) or f"{ratings.shown(rating):.0f}",
                }
            )
    return found


def ratings_of(reads: ReadSide, game: str) -> dict[str, Any]:
    """``GET /api/ratings/{game}``: every rated player best first, and how the numbers are made."""
    board = board_of(reads, game)
    return {"game": game, "players": ratings.standings(board), "tables": board.tables} | ratings.described()


def chances_at(reads: ReadSide, game_id: str) -> dict[str, Any]:
    """Each seat's chance to win from the ratings now (a guest's or an open seat's: a new player's;
    a bot's: its anchor). They sum to 1."""
    table = _table(reads, canonical_id(game_id))
    board = board_of(reads, table.state.game)
    known = ratings.Ratings(players=board.players)
    seats = range(len(table.seat_names))
    holders = [ratings.holder(table, seat) for seat in seats]
    before = [ratings.rating_of(known, who) if who else ratings.Rating() for who in holders]
    rated = table.state.rated and all(holders)
    chance = ratings.chances(before)
    return {
        "id": str(table.id),
        "rated": rated,
        "seats": [
            {"seat": seat, "name": table.seat_names[seat], "holder": who, "chance": round(chance[seat], 6)}
            for seat, who in zip(seats, holders, strict=True)
        ],
    }
