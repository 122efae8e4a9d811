"""What the read models hold: the private game record and the documents players read.

A game's record (:class:`Record`) holds the table as the projection folded it (the omniscient game
state and the token digests; the secret seed and receipts are dropped): the projection resumes from
it and reads resolve tokens with it, but it is never served. Everything served is built here by
whitelisting: the summary from public fields, each view with the game's own ``view`` for one viewer,
each feed entry with :func:`domain.table.told` for one viewer.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec

from domain.codec import encode
from domain.seats import SPECTATOR, Seat, SeatNames, Viewer, is_seat
from domain.table import (
    NO_LEDGER,
    AnyGame,
    AnyTableEvent,
    Table,
    TableState,
    Told,
    feed_event,
    played_by,
    rematch_id,
    told_alike,
    told_each,
)
from domain.takeback import Ledger
from store.stored import TableRecord
from store.stored import record_of as stored_record

SPECTATOR_KEY = "spectator"


class Record(msgspec.Struct, kw_only=True):
    """One game as the projection knows it (never served: it holds the state and token digests)."""

    version: int
    state: TableRecord
    opened: int = 0
    """The log position that opened the game: its place in every lobby index (0: not indexed)."""
    listed: str = ""
    """The status the lobby indexes list it under."""


class _SeatingState(msgspec.Struct):
    game: str
    token_digests: list[str | None]


class Seating(msgspec.Struct):
    """The part of a :class:`Record` a read needs to tell who is asking."""

    version: int
    state: _SeatingState


RECORD = msgspec.json.Decoder(Record)


def record_of(table: TableState, opened: int = 0, listed: str = "") -> Record:
    """The projection's record of ``table``: no secret seed, no receipts (reads never need them)."""
    kept = msgspec.structs.replace(table, secret="", receipts={})
    return Record(version=table.version, state=stored_record(kept), opened=opened, listed=listed)


def lobby_key(game: str | None, status: str | None) -> str:
    """The lobby index of the games of ``game`` (any when ``None``) in ``status`` (any when ``None``).

    Each index is a scored list by opening position, kept with a counter of the same name.
    """
    if status is None:
        return "lobby" if game is None else f"lobby:{game}"
    return f"lobby:status:{status}" if game is None else f"lobby:{game}:{status}"


def viewer_key(viewer: Viewer) -> str:
    """The name of a perspective in read-model keys: the seat number or ``spectator``."""
    return str(int(viewer)) if is_seat(viewer) else SPECTATOR_KEY


def perspectives(seat_count: int) -> list[Viewer]:
    """Every perspective a read model is kept for: each seat and the spectator."""
    return [*(Seat(seat) for seat in range(seat_count)), SPECTATOR]


def summary(game_id: str, table: Table) -> dict[str, Any]:
    """What anyone may know about a game: seats, status, version, who may act, the outcome once over."""
    state = table.state
    return (
        {
            "id": game_id,
            "game": state.game,
            "title": table.game.title,
            "rules_version": state.rules_version,
            "seats": [seat_entry(state, seat) for seat in range(len(state.seat_names))],
            "open_seats": state.open_seats(),
            "status": table.status,
            "version": state.version,
            "to_act": sorted(table.to_act),
            "outcome": table.outcome,
            "forfeited": list(state.forfeited),
            "seeded": state.seeded,
            "sandbox": sandbox(state),
            "created_at": state.created_at,
            "updated_at": state.updated_at,
            "options": state.options,
        }
        | _sandbox(state)
        | clock_of(table)
        | record_head(state)
        | ({"rematch": str(rematch_id(game_id))} if table.over else {})
    )


def record_head(table: TableState) -> dict[str, Any]:
    """The table's commitment to its secret and the head of its hash chain (``docs/record.md``), the
    same for everyone: a commitment and a salted head tell nobody anything; nothing for a table
    opened before the record."""
    if not table.commitment:
        return {}
    unrevealed = table.unrevealed() if not table.started and not table.open_seats() else []
    return {"commitment": table.commitment, "head": table.chain} | (
        {"unrevealed": unrevealed} if unrevealed else {}
    )


def _sandbox(table: TableState) -> dict[str, Any]:
    """A fork says where it comes from (a sandbox, not a real game); other summaries say nothing."""
    if table.forked_from is None:
        return {}
    source, version = table.forked_from
    return {"forked_from": {"id": source, "version": version}}


def sandbox(table: TableState) -> bool:
    """Whether the table is a sandbox: its secret was chosen (a seed) or its past is known (a fork).

    Only live tables whose secret nobody knows are real games; a sandbox's every seat was named by
    whoever opened it (no stranger joins), and every read marks it.
    """
    return table.seeded or table.forked_from is not None


def view(game_id: str, table: Table, viewer: Viewer) -> dict[str, Any]:
    """The game as ``viewer`` sees it, with version, status and who may act."""
    started = table.started
    return {
        "id": game_id,
        "version": table.version,
        "status": table.status,
        "seat": int(viewer) if is_seat(viewer) else None,
        "to_act": sorted(table.to_act),
        "view": table.game.view(table.game_state, viewer) if started else None,
    } | clock_of(table)


def answer(table: Table, recorded: tuple[AnyTableEvent, ...], viewer: Seat) -> dict[str, Any]:
    """The answer to a seat's command: the events it ``recorded``, each as that seat is told it, and
    the seat's view of ``table`` (the table they left)."""
    events = []
    for event in recorded:
        said = table.tell(event, viewer, table.state.ledger)
        events.append(entry(event.version, event.seat, event.at, feed_event(said), said.sentence))
    return {"events": events, **view(str(table.id), table, viewer)}


def clock_of(table: Table) -> dict[str, Any]:
    """The table's clock for every viewer (``{"clock": ...}``), nothing for a table without one; and
    when the game's open window closes (``{"closes": ...}``), nothing while none is open. Both are the
    same for every viewer: they depend on when public things happened, never on a hidden card."""
    found, closes = table.clock, table.closes
    return ({} if found is None else {"clock": found}) | ({} if closes is None else {"closes": closes})


def seat_entry(table: TableState, seat: int) -> dict[str, Any]:
    """A seat in a summary: its number and player's name, and its bot when a bot plays it."""
    bot = table.bots[seat] if seat < len(table.bots) else None
    entry: dict[str, Any] = {"seat": seat, "name": table.seat_names[seat]}
    player = table.player_at(seat)
    if player is not None:
        entry["player"] = player
    if bot is None:
        return entry
    standing_in = table.token_digests[seat] is not None  # a person's seat, its player away
    return entry | {"bot": {"policy": bot.policy, "level": bot.level, "standing_in": standing_in}}


def feed_lines(
    rules: AnyGame, event: AnyTableEvent, viewers: list[Viewer], names: SeatNames, ledger: Ledger = NO_LEDGER
) -> list[bytes]:
    """Each of ``viewers``' line of its feed for ``event``, encoded: the event as that viewer may see
    it and its sentence (``ledger``: the table's take-back ledger just after it, to say what a
    take-back takes back). One line is built and encoded for all the viewers told alike
    (:func:`domain.table.told_each`): viewers told alike get the very same ``bytes``."""
    encoded: dict[int, bytes] = {}
    lines = []
    for said in told_each(rules, event, viewers, names, ledger):
        line = encoded.get(id(said))
        if line is None:
            line = encoded[id(said)] = _line(event, said)
        lines.append(line)
    return lines


def _line(event: AnyTableEvent, said: Told) -> bytes:
    """The encoded feed line of ``event`` told as ``said``."""
    shown = entry(event.version, event.seat, event.at, feed_event(said), said.sentence)
    return encode(shown | played_by(event))


FEED_FORMAT = b"2"
"""The read models' format: ``2`` keeps one feed row an event (:class:`FeedRow`) where ``1`` kept a
row for every perspective. Stored under :data:`FORMAT_KEY`; a store of another format is rebuilt."""
FORMAT_KEY = "read-format"


class FeedRow(msgspec.Struct, array_like=True, frozen=True):
    """One event in a game's feed: its distinct lines, and the line each perspective reads.

    ``seen[n]`` is the index in ``lines`` of perspective ``n`` (the seats in order, then the
    spectator); empty when every perspective reads ``lines[0]`` (a public event). A line is only ever
    served to the perspective whose index names it (:func:`line_for`).
    """

    lines: list[msgspec.Raw]
    seen: list[int] = msgspec.field(default_factory=list)


_FEED_ROW = msgspec.json.Decoder(FeedRow)


def feed_key(game_id: str) -> str:
    """The key of a game's feed: one row an event, by version."""
    return f"feed:{game_id}"


def feed_row(lines: list[bytes]) -> bytes:
    """The stored row of one event from each perspective's line (:func:`feed_lines`, in
    :func:`perspectives` order): each distinct line once."""
    first = lines[0]
    if all(line is first for line in lines):
        return encode(FeedRow([msgspec.Raw(first)]))
    distinct: dict[int, int] = {}
    kept: list[msgspec.Raw] = []
    seen = []
    for line in lines:
        index = distinct.get(id(line))
        if index is None:
            index = distinct[id(line)] = len(kept)
            kept.append(msgspec.Raw(line))
        seen.append(index)
    return encode(FeedRow(kept, seen))


def feed_row_of(
    rules: AnyGame, event: AnyTableEvent, viewers: list[Viewer], names: SeatNames, ledger: Ledger = NO_LEDGER
) -> bytes:
    """The stored row of ``event`` in the feed of ``viewers`` (:func:`perspectives` order): a public
    move is told once, asking no viewer's redaction (:func:`domain.table.told_alike`); anything else
    is each distinct line of :func:`feed_lines` once (:func:`feed_row`)."""
    alike = told_alike(rules, event, names)
    if alike is None:
        return feed_row(feed_lines(rules, event, viewers, names, ledger))
    return encode(FeedRow([msgspec.Raw(_line(event, alike))]))


def line_for(row: bytes, viewer: Viewer) -> bytes:
    """``viewer``'s line in a stored feed row (a seat reads its own; anyone else, the spectator's)."""
    found = _FEED_ROW.decode(row)
    if not found.seen:
        return bytes(found.lines[0])
    at = int(viewer) if is_seat(viewer) else len(found.seen) - 1
    return bytes(found.lines[found.seen[at]])


def entry(version: int, seat: int | None, at: datetime, event: Any, description: str) -> dict[str, Any]:
    """One line of a perspective's feed: an already-redacted event and its sentence."""
    return {"version": version, "seat": seat, "at": at, "event": event, "description": description}
