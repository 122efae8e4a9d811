"""The reads: projected read models for every ``GET``, and the answers to commands.

``GET`` reads (summary, list, view, feed, legal) read the projections only (:mod:`projections`), never
an aggregate: the documents there were built for each perspective with the game's ``view`` and
``redact``, and a caller gets its seat's (with its token) or the spectator's. A read naming
``min_version`` waits briefly for the projection and says ``"stale": true`` when it had to answer
without it. The answers to commands (``summary(table)``, ``ruling``) are built from the table the
write side has in hand, with the same document functions. Nothing here returns the secret seed, a
token digest or the projection's private record.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any
from uuid import UUID

import msgspec

from api.service.application import Tables
from api.service.errors import GameNotFound, InvalidToken
from api.service.rulings import Ruling, seat_of
from api.service.tables import AnyGame, Table
from api.service.tokens import seat_holding
from domain import referee, takeback
from domain.seats import SPECTATOR, Seat, SeatNames, Viewer
from projections import documents
from projections.documents import GameRecord, Seating, viewer_key
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


def status(table: Table) -> str:
    """``waiting`` for players, ``playing``, or ``over``."""
    if not table.started:
        return "waiting"
    assert table.rules is not None
    return "over" if table.rules.is_over(table.state) else "playing"


def summary(table: Table) -> dict[str, Any]:
    """What anyone may know about a game, from the table just written (the projection's own summary)."""
    assert table.rules is not None
    return documents.summary(_record(table), table.rules, table.state)


async def game_summary(reads: ReadSide, game_id: str, min_version: int | None = None) -> Any:
    """The summary of one game, as projected."""
    game_id = canonical_id(game_id)
    stale = await reads.settle(game_id, min_version)
    return _answer(_document(reads, f"summary:{game_id}"), min_version, stale)


async def list_games(
    reads: ReadSide, game: str | None = None, state: str | None = None, limit: int = 50, offset: int = 0
) -> dict[str, Any]:
    """Games in the order they were opened, filtered by game and status, one page at a time."""
    await reads.settle("", None)
    opened = [game_id.decode() for game_id in reads.store.scored("lobby")]
    found = [
        msgspec.Raw(body)
        for body in reads.store.get_many([f"summary:{game_id}" for game_id in opened])
        if body is not None and _listed(_LISTED.decode(body), game, state)
    ]
    return {"games": found[offset : offset + limit], "total": len(found), "limit": limit, "offset": offset}


async def seat_view(
    reads: ReadSide, game_id: str, token: str | None, min_version: int | None = None
) -> Any:
    """The caller's view (a seat's with its token, else the spectator's), with version and who may act."""
    game_id = canonical_id(game_id)
    stale = await reads.settle(game_id, min_version)
    viewer = perspective(reads, game_id, token)
    return _answer(_document(reads, f"view:{game_id}:{viewer_key(viewer)}"), min_version, stale)


async def legal(
    reads: ReadSide, game_id: str, token: str | None, min_version: int | None = None
) -> dict[str, Any]:
    """The commands the caller may send now (none for a spectator), from the projected state."""
    game_id = canonical_id(game_id)
    stale = await reads.settle(game_id, min_version)
    viewer = perspective(reads, game_id, token)
    record = _RECORD.decode(_document(reads, f"record:{game_id}"))
    rules = reads.games[record.game]
    seat = _seat_or_none(viewer)
    commands: list[Any] = []
    if record.recorded and seat is not None:
        state = rules.state_decoder.decode(record.state)
        situation = takeback.Situation(
            seats=len(record.seat_names),
            to_act=rules.to_act(state),
            over=rules.is_over(state),
            now=reads.clock(),
        )
        commands = rules.legal_commands(state, Seat(seat))
        commands += takeback.offers(record.ledger, Seat(seat), situation)
    answer = {"version": record.version, "seat": seat, "commands": commands}
    return answer if min_version is None else answer | {"stale": stale}


async def feed(
    reads: ReadSide, game_id: str, token: str | None, after: int = 0, min_version: int | None = None
) -> dict[str, Any]:
    """The log after version ``after``, each event redacted for the caller and described."""
    game_id = canonical_id(game_id)
    stale = await reads.settle(game_id, min_version)
    viewer = perspective(reads, game_id, token)
    version = reads.version(game_id)
    events = [msgspec.Raw(line) for line in feed_lines(reads, game_id, viewer, after)]
    answer = {"version": version, "events": events}
    return answer if min_version is None else answer | {"stale": stale}


def feed_lines(reads: ReadSide, game_id: str, viewer: Viewer, after: int) -> list[bytes]:
    """The encoded feed entries of ``viewer`` after version ``after`` (for the feed and the live stream)."""
    return reads.store.scored(f"feed:{game_id}:{viewer_key(viewer)}", after)


def perspective(reads: ReadSide, game_id: str, token: str | None) -> Viewer:
    """Who is asking: the seat ``token`` holds at this game, or the spectator without a token."""
    seating = _SEATING.decode(_document(reads, f"record:{canonical_id(game_id)}"))
    if not token:
        return SPECTATOR
    seat = seat_holding(token, seating.token_digests)
    if seat is None:
        raise InvalidToken("This token holds no seat at this game.")
    return Seat(seat)


def ruling(tables: Tables, done: Ruling) -> dict[str, Any]:
    """The answer to a command: the new version, the sender's events described, the sender's view."""
    table = done.table
    rules = table.rules
    assert rules is not None
    viewer = Seat(done.seat)
    events: list[dict[str, Any]] = []
    if done.first <= done.last:
        stored = done.recorded or tables.events.get(table.id, gt=done.first - 1, lte=done.last)
        events = list(_entries(rules, stored, viewer, table.seat_names))
        table = tables.load_at(table, done.last)
    return {"events": events, **_view_of(table, viewer)}


def viewer_of(table: Table, token: str | None) -> Viewer:
    """The seat the token holds, or the spectator when there is no token."""
    return SPECTATOR if not token else Seat(seat_of(table, token))


def _view_of(table: Table, viewer: Viewer) -> dict[str, Any]:
    assert table.rules is not None
    return documents.view(_record(table), table.rules, table.state, viewer)


def _record(table: Table) -> GameRecord:
    """The public fields of ``table`` in the projection's record shape (no digests, no state)."""
    return GameRecord(
        id=str(table.id),
        game=table.game,
        rules_version=table.rules_version,
        seat_names=list(table.seat_names),
        token_digests=[],
        seeded=table.seeded,
        version=table.version,
        recorded=table.recorded,
        created_at=table.created_on,
        updated_at=table.modified_on,
    )


class _Listed(msgspec.Struct):
    game: str
    status: str


_LISTED = msgspec.json.Decoder(_Listed)
_SEATING = msgspec.json.Decoder(Seating)
_RECORD = msgspec.json.Decoder(GameRecord)


def _listed(found: _Listed, game: str | None, state: str | None) -> bool:
    return (game is None or found.game == game) and (state is None or found.status == state)


def canonical_id(game_id: str) -> str:
    """The canonical form of a game id; ``GameNotFound`` for anything that is not one."""
    try:
        return str(UUID(game_id))
    except ValueError:
        raise GameNotFound(f"No game {game_id}.") from None


def _document(reads: ReadSide, key: str) -> bytes:
    found = reads.store.get(key)
    if found is None:
        raise GameNotFound(f"No game {key.split(':')[1]}.")
    return found


def _answer(document: bytes, min_version: int | None, stale: bool) -> Any:
    """A stored document as the answer, with ``stale`` added when the caller named a version."""
    if min_version is None:
        return msgspec.Raw(document)
    return msgspec.json.decode(document) | {"stale": stale}


def _entries(
    rules: AnyGame, stored: Iterable[Any], viewer: Viewer, names: SeatNames
) -> Iterator[dict[str, Any]]:
    for event in stored:
        if isinstance(event, Table.Recorded):
            seen, description = referee.tell(rules, rules.event_decoder.decode(event.event), viewer, names)
            public: Any = seen
        elif isinstance(event, Table.SeatTaken):
            public = {"type": "SeatTaken", "seat": event.seat, "name": event.name}
            description = f"{event.name} took seat {event.seat}."
        elif isinstance(event, Table.Opened):
            public = {"type": "TableOpened", "game": event.game, "seats": len(event.seat_names)}
            description = f"A table for {rules.title} was opened with {len(event.seat_names)} seats."
        elif isinstance(event, Table.TakeBackNoted):  # public: who asked, answered, took back what
            public = takeback.EVENT_DECODER.decode(event.event)
            description = takeback.describe(public, names)
        else:
            continue
        yield {
            "version": event.originator_version,
            "seat": getattr(event, "seat", None),
            "at": event.timestamp,
            "event": public,
            "description": description,
        }


def _seat_or_none(viewer: Viewer) -> int | None:
    return None if viewer is SPECTATOR else int(viewer)  # type: ignore[arg-type]  # a Seat here
