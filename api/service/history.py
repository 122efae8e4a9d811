"""Time travel over the append-only log: the viewer, seeking, the timeline and the audit.

Everything here reads the game's stream (and its attempts log) as stored; nothing is deleted or
rewritten. Every path shows the game to one viewer through the game's own ``view`` / ``redact``:

* a seat token gives that seat's perspective, no token the spectator's;
* ``viewer="omniscient"`` and another seat's perspective (``seat=N``) exist only once the game
  is over (``HiddenUntilOver`` before), so a live game never shows more than the caller could see.

Seeking (:func:`at`) loads the nearest snapshot at or before the version and folds the rest
(``Tables.load_at``), so its cost does not grow with the version. Export, import and forks, which
take a whole log out of or into the store, are in :mod:`api.service.archive`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import msgspec

from api.service.application import Tables
from api.service.errors import HiddenUntilOver, InvalidRequest, NoSuchVersion
from api.service.rulings import seat_of
from api.service.storing import rules_of
from api.service.tables import AnyGame, Attempts, Table
from domain import referee, takeback
from domain.seats import OMNISCIENT, SPECTATOR, Audience, Seat, SeatNames, Viewer

_JSON = msgspec.json.Decoder()


@dataclass(frozen=True, slots=True)
class Asked:
    """Whose perspective a history request asks for: ``seat=N`` or ``viewer`` (both optional)."""

    seat: int | None = None
    viewer: str | None = None


def viewer_for(table: Table, token: str | None, asked: Asked) -> Viewer:
    """The viewer a request may have: its own seat, the spectator, or (once over) anyone's."""
    own = seat_of(table, token) if token else None
    over = is_over(table)
    if asked.viewer == "omniscient":
        if not over:
            raise HiddenUntilOver("The omniscient view opens once the game is over.")
        return OMNISCIENT
    if asked.viewer == "spectator":
        return SPECTATOR
    if asked.viewer is not None:
        raise InvalidRequest("viewer is 'omniscient' or 'spectator'.", {"viewer": asked.viewer})
    if asked.seat is not None and asked.seat != own:
        if not 0 <= asked.seat < len(table.seat_names):
            raise InvalidRequest(f"This game has no seat {asked.seat}.", {"seat": asked.seat})
        if not over:
            raise HiddenUntilOver("Another seat's perspective opens once the game is over.")
        return Seat(asked.seat)
    return SPECTATOR if own is None else Seat(own)


# -- seeking --------------------------------------------------------------------------------------


def at(tables: Tables, game_id: str, version: int, token: str | None, asked: Asked) -> dict[str, Any]:
    """The game as the viewer may see it at ``version``: its view, who may act, its status then."""
    table = tables.load(game_id)
    viewer = viewer_for(table, token, asked)
    if not 1 <= version <= table.version:
        raise NoSuchVersion(f"This game has versions 1 to {table.version}.", {"latest": table.version})
    rules = rules_of(table)
    state, started = seek(tables, table, version)
    return {
        "id": str(table.id),
        "version": version,
        "latest": table.version,
        "viewer": _name(viewer),
        "status": ("over" if rules.is_over(state) else "playing") if started else "waiting",
        "to_act": sorted(rules.to_act(state)) if started else [],
        "view": rules.view(state, viewer) if started else None,
    }


class _SeekRecord(msgspec.Struct):
    """The part of a stored table snapshot a seek needs (the rest, receipts and all, is skipped)."""

    state: msgspec.Raw
    recorded: int = 0


class _SeekSnapshot(msgspec.Struct):
    state: _SeekRecord


_SNAPSHOT = msgspec.json.Decoder(_SeekSnapshot)


def seek(tables: Tables, table: Table, version: int) -> tuple[Any, bool]:
    """The game state at ``version`` and whether it was set up: nearest snapshot, then a short fold.

    Only the game state is rebuilt: the snapshot's state field, then the game events after it; a
    take-back carries the state it returns to, so the fold starts at the last take-back in range.
    """
    rules = rules_of(table)
    state: Any = None
    started = False
    after = 0
    snapshots = tables.snapshots
    if snapshots is not None:
        rows = snapshots.recorder.select_events(table.id, desc=True, limit=1, lte=version)
        if rows:
            record = _SNAPSHOT.decode(_plain(tables, rows[0].state)).state
            after, started = rows[0].originator_version, record.recorded > 0
            state = None if bytes(record.state) == b"null" else rules.state_decoder.decode(record.state)
    events: list[Any] = list(tables.events.get(table.id, gt=after, lte=version))
    restored = [i for i, e in enumerate(events) if isinstance(e, Table.TakeBackNoted | Table.Forked)]
    restored = [i for i in restored if bytes(events[i].state) != b"null"]
    if restored:
        state, started = rules.state_decoder.decode(events[restored[-1]].state), True
        events = events[restored[-1] + 1 :]
    for event in events:
        if isinstance(event, Table.Recorded):
            state, started = rules.evolve(state, rules.event_decoder.decode(event.event)), True
    return state, started


def _plain(tables: Tables, stored: bytes) -> bytes:
    """A stored snapshot's bytes, decrypted and decompressed as the mapper would."""
    mapper = tables.snapshots.mapper if tables.snapshots is not None else tables.mapper
    if mapper.cipher:
        stored = mapper.cipher.decrypt(stored)
    if mapper.compressor:
        stored = mapper.compressor.decompress(stored)
    return stored


# -- the timeline ---------------------------------------------------------------------------------


def timeline(tables: Tables, game_id: str, token: str | None, asked: Asked) -> dict[str, Any]:
    """Every version with its description for the viewer, turn and round marks, reverted ranges.

    Turns and rounds are numbered along the game as it stands: after a take-back the numbering
    resumes from before the reverted range, so a turn played again keeps its number.
    """
    table = tables.load(game_id)
    viewer = viewer_for(table, token, asked)
    rules = rules_of(table)
    entries: list[dict[str, Any]] = []
    reverted: list[dict[str, int]] = []
    marks: list[tuple[int, int, int, int | None]] = []  # (version, turn, round, seat) after each game event
    turn = round_number = 0
    last_seat: int | None = None
    for event in tables.events.get(table.id, lte=table.version):
        entry = timeline_entry(rules, event, viewer, table.seat_names)
        if isinstance(event, Table.Recorded):
            entry["turn_start"] = event.seat is not None and event.seat != last_seat
            entry["round_start"] = rules.takebacks.new_round(rules.event_decoder.decode(event.event))
            turn, round_number = turn + entry["turn_start"], round_number + entry["round_start"]
            last_seat = event.seat if event.seat is not None else last_seat
            marks.append((event.originator_version, turn, round_number, last_seat))
        if isinstance(event, Table.TakeBackNoted):
            told = takeback.EVENT_DECODER.decode(event.event)
            if isinstance(told, takeback.TurnTakenBack):
                reverted.append({"first": told.first, "last": told.last, "by": event.originator_version})
                marks = [mark for mark in marks if mark[0] < told.first]
                _, turn, round_number, last_seat = marks[-1] if marks else (0, 0, 0, None)
        entries.append(entry | {"turn": turn, "round": round_number})
    for entry in entries:
        entry["reverted"] = any(span["first"] <= entry["version"] <= span["last"] for span in reverted)
    return {
        "id": str(table.id),
        "version": table.version,
        "viewer": _name(viewer),
        "reverted": reverted,
        "entries": entries,
    }


def timeline_entry(rules: AnyGame, event: Any, viewer: Viewer, names: SeatNames) -> dict[str, Any]:
    """One stored event as the viewer may see it: kind, the redacted event and its sentence."""
    shown: Any
    if isinstance(event, Table.Recorded):
        kind = "event"
        shown, sentence = referee.tell(rules, rules.event_decoder.decode(event.event), viewer, names)
    elif isinstance(event, Table.TakeBackNoted):
        kind = "takeback"
        shown = takeback.EVENT_DECODER.decode(event.event)
        sentence = takeback.describe(shown, names)
    elif isinstance(event, Table.SeatTaken):
        kind, shown = "joined", {"seat": event.seat, "name": event.name}
        sentence = f"{event.name} took seat {event.seat}."
    elif isinstance(event, Table.Forked):
        kind, shown = "forked", {"source": event.source, "source_version": event.source_version}
        sentence = f"This table starts from game {event.source} at version {event.source_version}."
    else:
        kind, shown = "opened", {"game": event.game, "seats": len(event.seat_names)}
        sentence = f"A table for {rules.title} was opened with {len(event.seat_names)} seats."
    return {
        "version": event.originator_version,
        "at": event.timestamp,
        "seat": getattr(event, "seat", None),
        "kind": kind,
        "event": shown,
        "description": sentence,
    }


# -- the audit ------------------------------------------------------------------------------------


def audit(tables: Tables, game_id: str, token: str | None, asked: Asked) -> dict[str, Any]:
    """Every command attempt, accepted or not, as the viewer may see it, in the order they came.

    Ruling: the command body, the idempotency key, and a refusal's code and message are shown only to
    the seat that sent it (and to everyone once the game is over). Others learn what a seat did only
    from its redacted events, and of a refused attempt only who made it, when, and that it was refused:
    a code like "must follow suit" would reveal a hand.
    """
    table = tables.load(game_id)
    viewer = viewer_for(table, token, asked)
    rules = rules_of(table)
    attempts: list[dict[str, Any]] = []
    for group in _commands(tables.events.get(table.id, lte=table.version)):
        attempts.append(_accepted(rules, group, viewer, table.seat_names))
    for attempt in tables.attempts(table.id):
        attempts.append(_attempted(attempt, viewer))
    attempts.sort(key=lambda entry: entry["at"])
    return {"id": str(table.id), "version": table.version, "viewer": _name(viewer), "attempts": attempts}


def _commands(stored: Iterable[Any]) -> Iterator[list[Any]]:
    """The stream's game and take-back events, grouped by the command that produced them."""
    group: list[Any] = []
    for event in stored:
        if not isinstance(event, Table.Recorded | Table.TakeBackNoted):
            continue
        if group and group[0].command_id != event.command_id:
            yield group
            group = []
        group.append(event)
    if group:
        yield group


def _accepted(rules: AnyGame, group: list[Any], viewer: Viewer, names: SeatNames) -> dict[str, Any]:
    first = group[0]
    sender = first.seat is not None and (viewer is OMNISCIENT or viewer == first.seat)
    return {
        "at": first.timestamp,
        "seat": first.seat,
        "outcome": "accepted" if first.seat is not None else "setup",
        "versions": [first.originator_version, group[-1].originator_version],
        "command": _JSON.decode(first.command) if sender and first.command else None,
        "key": first.command_id if sender else None,
        "events": [timeline_entry(rules, event, viewer, names) for event in group],
    }


def _attempted(attempt: Attempts.Attempted, viewer: Viewer) -> dict[str, Any]:
    sender = viewer is OMNISCIENT or viewer == attempt.seat
    return {
        "at": attempt.timestamp,
        "seat": attempt.seat,
        "outcome": attempt.outcome,
        "command": _as_sent(attempt.command) if sender else None,
        "key": (attempt.command_id or None) if sender else None,
        "code": (attempt.code or None) if sender else None,
        "message": (attempt.message or None) if sender else None,
    }


def _as_sent(body: str) -> Any:
    """A refused body as JSON when it is JSON, else as the text that was sent (cut to its audited size)."""
    try:
        return _JSON.decode(body)
    except msgspec.DecodeError:
        return body


# -- helpers --------------------------------------------------------------------------------------


def is_over(table: Table) -> bool:
    """True once the game at ``table`` has been set up and has ended."""
    return table.started and rules_of(table).is_over(table.state)


def _name(viewer: Viewer) -> str:
    if isinstance(viewer, Audience):
        return viewer.value
    return f"seat {viewer}"
