"""The read side, for now folded from the aggregate; a later issue swaps these for projections.

Every function returns plain data (dicts holding msgspec values) ready to encode as JSON, and every
path that shows a game goes through the game's ``view`` / ``redact`` for the caller: a seat sees its
own pieces, anyone without a token sees what a spectator sees. Nothing here returns the secret seed
or a token digest.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.utils import get_topic

from api.service.tables import AnyGame, Ruling, Table, Tables, seat_of
from domain import referee
from domain.seats import SPECTATOR, Seat, Viewer

PAGE = 500


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
    """What anyone may know about a game: seats, status, version, who may act, the outcome once over."""
    rules = table.rules
    assert rules is not None
    started = table.started
    outcome = rules.outcome(table.state) if started else None
    return {
        "id": str(table.id),
        "game": table.game,
        "title": rules.title,
        "rules_version": table.rules_version,
        "seats": [{"seat": seat, "name": name} for seat, name in enumerate(table.seat_names)],
        "open_seats": table.open_seats(),
        "status": status(table),
        "version": table.version,
        "to_act": _to_act(table),
        "outcome": outcome,
        "seeded": table.seeded,
        "created_at": table.created_on,
        "updated_at": table.modified_on,
    }


def game_summary(tables: Tables, game_id: str) -> dict[str, Any]:
    """The summary of one game."""
    return summary(tables.load(game_id))


def list_games(
    tables: Tables, game: str | None = None, state: str | None = None, limit: int = 50, offset: int = 0
) -> dict[str, Any]:
    """Games in the order they were opened, filtered by game and status, one page at a time."""
    found = [
        summary(table)
        for table in (tables.load(game_id) for game_id in _opened(tables))
        if (game is None or table.game == game) and (state is None or status(table) == state)
    ]
    return {"games": found[offset : offset + limit], "total": len(found), "limit": limit, "offset": offset}


def seat_view(tables: Tables, game_id: str, token: str | None) -> dict[str, Any]:
    """The caller's view (a seat's with its token, else the spectator's), with version and who may act."""
    table = tables.load(game_id)
    viewer = viewer_of(table, token)
    return _view_of(table, viewer)


def legal(tables: Tables, game_id: str, token: str | None) -> dict[str, Any]:
    """The commands the caller may send now, each ready to POST (none for a spectator)."""
    table = tables.load(game_id)
    viewer = viewer_of(table, token)
    rules = table.rules
    assert rules is not None
    seat = _seat_or_none(viewer)
    commands = rules.legal_commands(table.state, Seat(seat)) if table.started and seat is not None else []
    return {"version": table.version, "seat": seat, "commands": commands}


def feed(tables: Tables, game_id: str, token: str | None, after: int = 0) -> dict[str, Any]:
    """The log after version ``after``, each event redacted for the caller and described."""
    table = tables.load(game_id)
    viewer = viewer_of(table, token)
    rules = table.rules
    assert rules is not None
    stored = tables.events.get(table.id, gt=after, lte=table.version)
    return {"version": table.version, "events": list(_entries(rules, stored, viewer))}


def ruling(tables: Tables, done: Ruling) -> dict[str, Any]:
    """The answer to a command: the new version, the sender's events described, the sender's view."""
    table = done.table
    rules = table.rules
    assert rules is not None
    viewer = Seat(done.seat)
    events: list[dict[str, Any]] = []
    if done.first <= done.last:
        stored = done.recorded or tables.events.get(table.id, gt=done.first - 1, lte=done.last)
        events = list(_entries(rules, stored, viewer))
        table = tables.load_at(table, done.last)
    return {"events": events, **_view_of(table, viewer)}


def viewer_of(table: Table, token: str | None) -> Viewer:
    """The seat the token holds, or the spectator when there is no token."""
    return SPECTATOR if not token else Seat(seat_of(table, token))


def _view_of(table: Table, viewer: Viewer) -> dict[str, Any]:
    rules = table.rules
    assert rules is not None
    return {
        "id": str(table.id),
        "version": table.version,
        "status": status(table),
        "seat": _seat_or_none(viewer),
        "to_act": _to_act(table),
        "view": rules.view(table.state, viewer) if table.started else None,
    }


def _entries(rules: AnyGame, stored: Iterable[Any], viewer: Viewer) -> Iterator[dict[str, Any]]:
    for event in stored:
        if isinstance(event, Table.Recorded):
            seen, description = referee.tell(rules, rules.event_decoder.decode(event.event), viewer)
            public: Any = seen
        elif isinstance(event, Table.SeatTaken):
            public = {"type": "SeatTaken", "seat": event.seat, "name": event.name}
            description = f"{event.name} took seat {event.seat}."
        elif isinstance(event, Table.Opened):
            public = {"type": "TableOpened", "game": event.game, "seats": len(event.seat_names)}
            description = f"A table for {rules.title} was opened with {len(event.seat_names)} seats."
        else:
            continue
        yield {
            "version": event.originator_version,
            "seat": getattr(event, "seat", None),
            "at": event.timestamp,
            "event": public,
            "description": description,
        }


def _to_act(table: Table) -> list[int]:
    if not table.started:
        return []
    assert table.rules is not None
    return sorted(table.rules.to_act(table.state))


def _seat_or_none(viewer: Viewer) -> int | None:
    return None if viewer is SPECTATOR else int(viewer)  # type: ignore[arg-type]  # a Seat here


def _opened(tables: Tables) -> Iterator[UUID]:
    topic = get_topic(Table.Opened)
    start = 1
    while True:
        page = tables.recorder.select_notifications(start, PAGE, topics=[topic])
        for notification in page:
            yield notification.originator_id  # type: ignore[misc]  # UUID ids in this app
        if len(page) < PAGE:
            return
        start = page[-1].id + 1
