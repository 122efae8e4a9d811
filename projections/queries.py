"""The reads: projected read models for every ``GET``, and the answers to commands.

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
import functools
from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from domain.codec import encode
from domain.errors import GameNotFound
from domain.seats import SPECTATOR, Seat, Viewer
from domain.table import AnyGame, Table, table_id
from projections import documents
from projections.documents import viewer_key
from projections.read_side import ReadSide


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
    stale = await reads.settle(game_id, min_version)
    table = reads.table(game_id)
    if table is None:  # not projected yet: the log's table, stale
        table = await reads.from_log(game_id)
        return documents.view(game_id, table, _viewer(table, token)) | {"stale": True}
    viewer = _viewer(table, token)
    if reads.projection is not None and not reads.projection.views:  # embedded: built when asked for
        document = encode(documents.view(game_id, table, viewer))
        return _answer(reads, game_id, document, min_version, stale)
    document = _document(reads, f"view:{game_id}:{viewer_key(viewer)}")
    return _answer(reads, game_id, document, min_version, stale)


async def legal(
    reads: ReadSide, game_id: str, token: str | None, min_version: int | None = None
) -> dict[str, Any]:
    """The commands the caller may send now (none for a spectator), from the projected state."""
    game_id = canonical_id(game_id)
    stale = await reads.settle(game_id, min_version)
    table = reads.table(game_id)
    unprojected = table is None
    if table is None:  # not projected yet: the log's table, stale
        table = await reads.from_log(game_id)
    seat = _seat_or_none(_viewer(table, token))
    commands = table.legal(seat, reads.clock()) if seat is not None else []
    answer = {"version": table.version, "seat": seat, "commands": commands} | documents.clock_of(table)
    if unprojected:
        return answer | {"stale": True}
    if min_version is None:
        return answer
    return answer | {"stale": stale or reads.behind(game_id, table.version, min_version)}


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
    stale = await reads.settle(game_id, min_version)
    table = reads.table(game_id)
    if table is None:  # not projected yet: the token is checked at the log's table; no entries yet
        _viewer(await reads.from_log(game_id), token)
        return {"version": 0, "events": [], "next": None, "stale": True}
    viewer = _viewer(table, token)
    version = reads.version(game_id)
    # Up to a page of 500 entries: read in the thread pool, so a flood of feeds never stalls the loop.
    page = await asyncio.to_thread(feed_page, reads, game_id, viewer, after, limit + 1)
    following = page[limit - 1][0] if len(page) > limit else None
    events = [msgspec.Raw(line) for _, line in page[:limit]]
    answer = {"version": version, "events": events, "next": following}
    if min_version is None:
        return answer
    return answer | {"stale": stale or reads.behind(game_id, version, min_version)}


def feed_page(
    reads: ReadSide, game_id: str, viewer: Viewer, after: int, limit: int
) -> list[tuple[int, bytes]]:
    """``(version, encoded entry)`` of at most ``limit`` of ``viewer``'s feed entries after ``after``."""
    rows = reads.written().page(documents.feed_key(game_id), after, limit)
    return [(version, documents.line_for(row, viewer)) for version, row in rows]


def perspective(reads: ReadSide, game_id: str, token: str | None) -> Viewer:
    """Who is asking: the seat ``token`` holds at this game, or the spectator without a token."""
    return _viewer(_table(reads, canonical_id(game_id)), token)


async def watcher(reads: ReadSide, log: Callable[[str], Table], game_id: str, token: str | None) -> Viewer:
    """Who opens a stream: :func:`perspective`, asked of the log (``log``: the game's table from it,
    ``GameNotFound`` when there is none) when the read models do not hold the game. They lack it only
    while they are projected again (a flushed Redis): a stream opened or resumed then waits for its
    feed instead of being refused, as a browser's ``EventSource`` gives up on any answer but 200."""
    return viewer_at(await watched_table(reads, log, game_id), token)


async def watched_table(reads: ReadSide, log: Callable[[str], Table], game_id: str) -> Table:
    """The table a stream's token is checked against: the read models', else the log's (:func:`watcher`)."""
    game_id = canonical_id(game_id)
    table = reads.table(game_id)
    if table is None:
        table = await asyncio.to_thread(log, game_id)
    return table


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


@functools.lru_cache(maxsize=4096)
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
