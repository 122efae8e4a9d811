"""The read API under ``/api``: projected summaries, lists, views, feeds and legal moves, and the live stream.

Every route reads the projections through :mod:`projections.queries` (never an aggregate). A read may
name ``min_version`` (say, the version a command just answered with) to wait briefly for the projection.
``/stream`` sends the caller's feed as Server-Sent Events (FastAPI's own ``EventSourceResponse``): one
``game`` event per log entry, its ``id`` the version, resumable with ``Last-Event-ID``. A seat follows
it with its token in the header, or with a single-use ticket in the address (:mod:`api.http.tickets`).

A stream waits for its game's change signal (:class:`projections.stores.Signals`), never polls on its own: at
a keepalive with no change it reads nothing (a seat's stream only looks whether its token is still the
seat's: in memory embedded, one read at scale, where an announcement ends it sooner). A
seat's stream lasts as long as the token it was opened with: a seat link that replaces the token ends
it at once (a last ``revoked`` event, then the end), on every process. Streams are counted per client
address and per game in each process (``BACKROOM_STREAMS_PER_ADDRESS``, ``BACKROOM_STREAMS_PER_GAME``);
one past either is refused with 429 ``rate/limited`` before it starts.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Annotated, Any, NamedTuple, TypeVar

import msgspec
from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import Response
from fastapi.sse import EventSourceResponse

from api.http import tickets
from api.http.chat import Chat
from api.http.metrics import Metrics
from api.http.throttle import client_address
from api.http.wire import MAX_VERSION, TokenDep, reply, version_number
from api.limits import Streams, Turn
from api.record.signing import Signer
from api.service.application import Tables
from domain.errors import InvalidRequest, MissingToken, StoreUnavailable
from domain.seats import Seat, Viewer, is_seat
from domain.table import table_id
from domain.tokens import digest
from projections import queries
from projections.queries import ReadSide

R = TypeVar("R")
KEEPALIVE = 15.0
"""Seconds a stream waits for a change signal before it sends a keepalive comment and looks again."""
AWAY = 1.0
"""Seconds a stream whose read models do not answer (Redis away) waits before it reads again (or less,
woken by the relay): it stays open through the outage; ended, each browser reconnected over and over,
49-52 times over two Redis losses in the audit (issue 49 item 4)."""
AWAY_COMMENT = b": the read models are away; this stream goes on once they are back\n\n"
"""What a stream sends at each look that finds the read models away (a comment: clients ignore it)."""
_ENCODER = msgspec.json.Encoder()


async def _reads(request: Request) -> ReadSide:
    return request.app.state.reads  # type: ignore[no-any-return]  # Starlette's app.state is untyped


async def _stream_token(
    authorization: Annotated[str | None, Header()] = None, token: str | None = None
) -> str | None:
    """The seat token from ``Authorization: Bearer`` or ``?token=`` (kept for API clients: a browser's
    EventSource should carry a ticket instead)."""
    if authorization is None:
        return token or None
    scheme, _, given = authorization.partition(" ")
    if scheme.lower() != "bearer" or not given.strip():
        raise MissingToken("Send the seat token as 'Authorization: Bearer <token>'.")
    return given.strip()


async def _resume(last_event_id: Annotated[str | None, Header(alias="Last-Event-ID")] = None) -> int:
    if last_event_id is None:
        return 0
    return version_number(last_event_id.strip(), "Last-Event-ID")


ReadsDep = Annotated[ReadSide, Depends(_reads)]


TicketParam = Annotated[
    str | None, Query(max_length=100, description="a stream ticket (POST .../stream-ticket), used once")
]


async def _watched(
    request: Request,
    reads: ReadsDep,
    game_id: str,
    token: Annotated[str | None, Depends(_stream_token)],
    ticket: TicketParam = None,
) -> Watched:
    """The game and perspective a stream follows, checked before the stream starts (so errors are JSON)."""
    return await watched_of(reads, request.app.state.tables, game_id, token, ticket)


async def watched_of(
    reads: ReadSide, tables: Tables, game_id: str, token: str | None, ticket: str | None
) -> Watched:
    """:func:`_watched`, for the stream's tuned opening too (:mod:`api.http.fast_stream`)."""
    reads.catch_up_unless_followed()
    game_id = queries.canonical_id(game_id)
    if ticket is None:
        table = await queries.watched_table(reads, tables.store.load, game_id)
        viewer = queries.live_viewer(reads, game_id, table, token)
        return Watched(game_id, viewer, table.version, digest(token) if token else "")
    if token is not None:
        raise InvalidRequest("Send a stream ticket or a seat token, not both.")
    kept = tickets.taken(reads, game_id, ticket, tables.clock())
    return Watched(game_id, Seat(kept.seat), kept.version, kept.holder)


class Watched(NamedTuple):
    """A stream's game and perspective, and for a seat the version at which its token was checked and
    the token's digest (a seat link after that version ends the stream)."""

    game_id: str
    viewer: Viewer
    checked: int = 0
    holder: str = ""

    def revoked(self, reads: ReadSide, *, look: bool) -> bool:
        """Whether the seat's token was replaced since: heard of here (an announcement), or, when
        ``look``, no longer the seat's in the read models."""
        if not is_seat(self.viewer):
            return False
        seat = int(self.viewer)
        if reads.signals.revoked(self.game_id, seat) > self.checked:
            return True
        return look and reads.replaced(self.game_id, seat, self.holder)


class Opening:
    """A stream's turn to open (:attr:`api.limits.Streams.opening`), given back once its feed
    so far is sent (or it fails first), and the thread that reads what it sends meanwhile
    (:attr:`api.limits.Streams.reader`)."""

    def __init__(self, streams: Streams, turn: Turn) -> None:
        self.turn: Turn | None = turn
        self.reader = streams.reader

    async def read(self, read: Callable[..., R], *args: Any) -> R:
        """``read(*args)`` in the openings' thread."""
        return await asyncio.get_running_loop().run_in_executor(self.reader, read, *args)

    @property
    def held(self) -> bool:
        """Whether the stream still opens (its turn not given back)."""
        return self.turn is not None

    def done(self) -> None:
        if self.turn is not None:
            self.turn.done()
            self.turn = None


async def _opening(request: Request) -> AsyncIterator[Opening]:
    """Wait for a turn to open a stream: the first thing a stream asks, before any other work."""
    streams: Streams = request.app.state.streams
    opening = Opening(streams, await streams.opening.take())
    try:
        yield opening
    finally:
        opening.done()


async def _admitted(request: Request, watched: Annotated[Watched, Depends(_watched)]) -> AsyncIterator[None]:
    """A place among the streams of this address and this game (429 when either is full), held until
    the stream ends."""
    streams: Streams = request.app.state.streams
    with streams.admit(client_address(request.scope), watched.game_id):
        yield


MinVersion = Annotated[
    int | None, Query(ge=0, le=MAX_VERSION, description="wait briefly for the game to reach this version")
]
WatchedDep = Annotated[Watched, Depends(_watched)]
PageLimit = Annotated[int, Query(ge=1, le=1000, description="at most this many entries; 'next' pages on")]
ResumeDep = Annotated[int, Depends(_resume)]

router = APIRouter(prefix="/api")


@router.get("/games", summary="Games, filtered by game and status, paginated")
async def list_games(  # noqa: PLR0917  (FastAPI injects each parameter by name)
    reads: ReadsDep,
    game: str | None = None,
    status: Annotated[str | None, Query(pattern="^(waiting|playing|over|expired)$")] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
    offset: Annotated[int, Query(ge=0, le=10_000, description="prefer after: its cost does not grow")] = 0,
    after: Annotated[int, Query(ge=0, le=MAX_VERSION, description="the previous page's next")] = 0,
) -> Response:
    return reply(await queries.list_games(reads, game, status, limit, offset, after))


@router.get("/games/{game_id}", summary="A game's seats, status, version, who may act and outcome")
async def game_summary(reads: ReadsDep, game_id: str, min_version: MinVersion = None) -> Response:
    return reply(await queries.game_summary(reads, game_id, min_version))


@router.get("/games/{game_id}/view", summary="The caller's view (a seat's with its token)")
async def view(reads: ReadsDep, game_id: str, token: TokenDep, min_version: MinVersion = None) -> Response:
    return reply(await queries.seat_view(reads, game_id, token, min_version))


@router.get("/games/{game_id}/legal", summary="The commands the caller may send now")
async def legal(
    request: Request, reads: ReadsDep, game_id: str, token: TokenDep, min_version: MinVersion = None
) -> Response:
    answer = await queries.legal(reads, game_id, token, min_version)
    return reply(await request.app.state.tables.offered(table_id(game_id), answer))


@router.get("/games/{game_id}/events", summary="The log after a version, redacted for the caller")
async def events(  # noqa: PLR0917  (FastAPI injects each parameter by name)
    reads: ReadsDep,
    game_id: str,
    token: TokenDep,
    after: Annotated[int, Query(ge=0, le=MAX_VERSION)] = 0,
    min_version: MinVersion = None,
    limit: PageLimit = queries.PAGE,
) -> Response:
    return reply(await queries.feed(reads, game_id, token, after, min_version, limit))


@router.get(
    "/games/{game_id}/table",
    summary="The table as the caller sees it: summary, view, legal commands and the feed after a version",
)
async def table_seen(  # noqa: PLR0917  (FastAPI injects each parameter by name)
    request: Request,
    reads: ReadsDep,
    game_id: str,
    token: TokenDep,
    after: Annotated[int, Query(ge=0, le=MAX_VERSION)] = 0,
    min_version: MinVersion = None,
) -> Response:
    """What a table page reads after each move, in one read: the summary, ``/view``, ``/legal`` and
    ``/events?after=`` as each answers the caller, at one version; for a seat at a table with a record,
    the signed head its summary shows (``/head``), which the page keeps."""
    answer = await queries.table_seen(reads, game_id, token, min_version, after)
    await request.app.state.tables.offered(table_id(game_id), answer["legal"])
    if answer["legal"]["seat"] is not None:
        answer["head"] = signed_head(request.app.state.signer, answer["summary"])
    return reply(answer)


def signed_head(signer: Signer, summary: msgspec.Raw) -> dict[str, Any] | None:
    """The signed head of the chain at the version ``summary`` shows (``None``: a table without a record)."""
    shown = msgspec.json.decode(summary)
    if not shown.get("commitment"):
        return None
    return signer.sign_head(shown["id"], shown["version"], shown.get("head") or "")


@router.get(
    "/games/{game_id}/stream",
    summary="Live: the caller's feed as Server-Sent Events, resumable with Last-Event-ID",
    dependencies=[Depends(_opening), Depends(_admitted)],
)
async def stream(  # noqa: PLR0917  (FastAPI injects each parameter by name)
    request: Request,
    reads: ReadsDep,
    watched: WatchedDep,
    after: ResumeDep,
    opening: Annotated[Opening, Depends(_opening)],
    chat_after: Annotated[int | None, Query(ge=0, le=MAX_VERSION)] = None,
) -> Response:
    chat = await Chat.opened(request.app.state.tables, watched.game_id, chat_after, opening.read)
    lines = _told(reads, watched, after, chat, opening, request.app.state.metrics)
    return EventSourceResponse(lines, headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


async def _told(  # noqa: PLR0917  (the stream's parts, as the route gathers them)
    reads: ReadSide, watched: Watched, after: int, chat: Chat, opening: Opening, metrics: Metrics
) -> AsyncIterator[bytes]:
    """The stream's bytes: each page of the feed as one write (no framework object an entry), the chat,
    a keepalive comment when nothing changed for :data:`KEEPALIVE` s, and ``revoked`` at the end.

    While the stream opens, each page of the feed so far is read and framed, and the chat read, in
    the openings' thread (:meth:`Opening.read`): the event loop only hands their bytes to the
    socket. Read on the loop, the page of ``bench_floods``' finished game (250 entries) took
    0.1-0.6 ms of SQLite alone and far more in a burst (each row read lets go of the interpreter
    lock, and a busy thread may keep it for the switch interval before the loop has it back):
    sampled during its openings, the loop was in that read for about 40% of the time, and turns of the
    loop with over 2 ms of work ahead of a player's command fell from 61-89 to 5-24 a burst once it
    moved to a thread (2026-12-05). Once open, a change's few entries are read on the loop (a
    thread's hop would cost more than the read).
    """
    game_id, viewer = watched.game_id, watched.viewer
    try:
        with metrics.stream_open(), reads.signals.listen(game_id) as waiter:
            replaced = False
            while not replaced and not _revoked(watched, reads, look=reads.relay is None):
                try:
                    if opening.held:
                        told, after, read = await opening.read(_framed_page, reads, game_id, viewer, after)
                    else:
                        told, after, read = _framed_page(reads, game_id, viewer, after)
                except StoreUnavailable:  # the read models away (Redis): wait for them here, not the client
                    opening.done()
                    yield AWAY_COMMENT
                    await waiter.wait(AWAY)
                    continue
                if told:
                    yield told
                if read == queries.PAGE:
                    continue  # more already: send it before waiting
                # table talk, as public as the table: no id (the feed's)
                said = await (opening.read(chat.said) if opening.held else chat.new())
                if said:
                    framed = (b"event: chat\ndata: %s\n\n" % _ENCODER.encode(message) for message in said)
                    yield b"".join(framed)
                opening.done()
                while not await waiter.wait(KEEPALIVE):  # nothing changed: nothing to read but the token's
                    if replaced := _revoked(watched, reads, look=True):
                        break
                    yield b": ping\n\n"
            yield b'event: revoked\ndata: {"reason":"This seat took a new link."}\n\n'
    finally:  # a stream revoked at once, or whose client left while it opened, hands its turn on now
        opening.done()


def _revoked(watched: Watched, reads: ReadSide, *, look: bool) -> bool:
    """:meth:`Watched.revoked`, ``False`` while the read models cannot say (Redis away: a link made
    meanwhile is announced, or found at a keepalive once they answer)."""
    try:
        return watched.revoked(reads, look=look)
    except StoreUnavailable:
        return False


def _framed_page(reads: ReadSide, game_id: str, viewer: Viewer, after: int) -> tuple[bytes, int, int]:
    """The next page of ``viewer``'s feed after version ``after`` as the stream's bytes (one ``game``
    event an entry, its id the version): the bytes, the last version in them and how many entries."""
    page = queries.feed_page(reads, game_id, viewer, after, queries.PAGE)
    if not page:
        return b"", after, 0
    told = b"".join(b"id: %d\nevent: game\ndata: %s\n\n" % (version, line) for version, line in page)
    return told, page[-1][0], len(page)
