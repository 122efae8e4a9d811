"""Time travel over the append-only log: timeline, seeking, audit, fork, export and import.

Everything here reads the game's stream (and its attempts log) as stored; nothing is deleted or
rewritten. Every path shows the game to one viewer through the game's own ``view`` / ``redact``:

* a seat token gives that seat's perspective, no token the spectator's;
* ``viewer="omniscient"`` and another seat's perspective (``seat=N``) exist only once the game
  is over (``HiddenUntilOver`` before), so a live game never shows more than the caller could see.

Seeking (:func:`at`) loads the nearest snapshot at or before the version and folds the rest
(``Tables.load_at``), so its cost does not grow with the version.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import msgspec

from api.service.application import Tables
from api.service.errors import HiddenUntilOver, ImportRefused, InvalidRequest, NoSuchVersion, NotOver
from api.service.rulings import Opening, seat_of
from api.service.tables import AnyGame, Attempts, Table
from domain import referee, takeback
from domain.codec import encode
from domain.errors import RuleError
from domain.seats import OMNISCIENT, SPECTATOR, Audience, Seat, Viewer

FORMAT = "backroom-log/1"
_JSON = msgspec.json.Decoder()


@dataclass(frozen=True, slots=True)
class Asked:
    """Whose perspective a history request asks for: ``seat=N`` or ``viewer`` (both optional)."""

    seat: int | None = None
    viewer: str | None = None


def viewer_for(table: Table, token: str | None, asked: Asked) -> Viewer:
    """The viewer a request may have: its own seat, the spectator, or (once over) anyone's."""
    own = seat_of(table, token) if token else None
    over = _over(table)
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
    rules = _rules(table)
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
    rules = _rules(table)
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
    rules = _rules(table)
    entries: list[dict[str, Any]] = []
    reverted: list[dict[str, int]] = []
    marks: list[tuple[int, int, int, int | None]] = []  # (version, turn, round, seat) after each game event
    turn = round_number = 0
    last_seat: int | None = None
    for event in tables.events.get(table.id, lte=table.version):
        entry = _entry(rules, event, viewer)
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


def _entry(rules: AnyGame, event: Any, viewer: Viewer) -> dict[str, Any]:
    """One stored event as the viewer may see it: kind, the redacted event and its sentence."""
    shown: Any
    if isinstance(event, Table.Recorded):
        kind = "event"
        shown, sentence = referee.tell(rules, rules.event_decoder.decode(event.event), viewer)
    elif isinstance(event, Table.TakeBackNoted):
        kind = "takeback"
        shown = takeback.EVENT_DECODER.decode(event.event)
        sentence = takeback.describe(shown)
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
    rules = _rules(table)
    attempts: list[dict[str, Any]] = []
    for group in _commands(tables.events.get(table.id, lte=table.version)):
        attempts.append(_accepted(rules, group, viewer))
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


def _accepted(rules: AnyGame, group: list[Any], viewer: Viewer) -> dict[str, Any]:
    first = group[0]
    sender = first.seat is not None and (viewer is OMNISCIENT or viewer == first.seat)
    return {
        "at": first.timestamp,
        "seat": first.seat,
        "outcome": "accepted" if first.seat is not None else "setup",
        "versions": [first.originator_version, group[-1].originator_version],
        "command": _JSON.decode(first.command) if sender and first.command else None,
        "key": first.command_id if sender else None,
        "events": [_entry(rules, event, viewer) for event in group],
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


# -- forks ----------------------------------------------------------------------------------------


def fork(tables: Tables, game_id: str, version: int) -> dict[str, Any]:
    """A sandbox game from a finished game's position at ``version``, with new seat tokens."""
    table = tables.load(game_id)
    if not _over(table):
        raise NotOver("Only a finished game can be forked.")
    if not 1 <= version <= table.version:
        raise NoSuchVersion(f"This game has versions 1 to {table.version}.", {"latest": table.version})
    if not tables.load_at(table, version).started:
        raise NoSuchVersion("The game was not set up yet at that version.", {"version": version})
    opening = tables.fork(table, version)
    names = opening.table.seat_names
    return {
        "id": str(opening.game_id),
        "forked_from": {"id": str(table.id), "version": version},
        "tokens": [
            {"seat": seat, "name": names[seat], "token": token} for seat, token in opening.tokens.items()
        ],
        "version": opening.table.version,
    }


# -- export and import ----------------------------------------------------------------------------


def export(tables: Tables, game_id: str, token: str | None) -> Iterator[bytes]:
    """The whole log as JSON lines: a header, then one line per stored event.

    Once the game is over the export is omniscient and complete (commands, every card, the secret
    seed that drew them), so ``backroom import`` can replay it through the rules. Before the end it is
    the caller's perspective only (``complete: false``), like every other read.
    """
    table = tables.load(game_id)
    over = _over(table)
    viewer: Viewer = OMNISCIENT if over else viewer_for(table, token, Asked())
    yield encode(
        {
            "format": FORMAT,
            "id": str(table.id),
            "game": table.game,
            "rules_version": table.rules_version,
            "options": table.options,
            "complete": over,
            "secret": table.secret if over else None,
            "takeback_timeout": tables.takeback_timeout.total_seconds(),
            "forked_from": table.forked_from,
        }
    )
    for event in tables.events.get(table.id, lte=table.version):
        yield encode(_line(_rules(table), event, viewer))


def _line(rules: AnyGame, event: Any, viewer: Viewer) -> dict[str, Any]:
    entry = _entry(rules, event, viewer)
    line = {key: entry[key] for key in ("version", "at", "seat", "kind", "event")}
    if isinstance(event, Table.Opened):
        line["event"] = {"game": event.game, "seat_names": event.seat_names}
    if isinstance(event, Table.Recorded | Table.TakeBackNoted):
        sender = event.seat is not None and (viewer is OMNISCIENT or viewer == event.seat)
        line["command_id"] = event.command_id if sender else None
        line["command"] = _JSON.decode(event.command) if sender and event.command else None
    return line


class _Clock:
    """The replay clock: the times of the lines being replayed, one per reading, the last repeated."""

    def __init__(self) -> None:
        self.upcoming: list[datetime] = []

    def __call__(self) -> datetime:
        return self.upcoming.pop(0) if len(self.upcoming) > 1 else self.upcoming[0]


def import_log(tables: Tables, lines: Iterable[bytes]) -> Opening:
    """Re-validate a complete export by replaying it through the rules, then store it as a new game.

    The replay runs first in memory; the log is refused (``ImportRefused``, naming the first version
    that differs) unless every line is exactly what the rules give. Then it is replayed into ``tables``.
    """
    header, entries = _parse(lines)
    sandbox = Tables(
        {"PERSISTENCE_MODULE": "eventsourcing.popo"},
        games=tables.games,
        snapshot_interval=0,
    )
    try:
        _check(sandbox, header, entries)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise ImportRefused(f"A line of the log is not a Backroom event line: {error!r}") from None
    finally:
        sandbox.close()
    return _replay(tables, header, entries)


def _parse(lines: Iterable[bytes]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    try:
        decoded = [_JSON.decode(line) for line in lines if line.strip()]
    except msgspec.DecodeError as error:
        raise ImportRefused(f"Not a Backroom export: {error}") from None
    if not decoded or not isinstance(decoded[0], dict) or decoded[0].get("format") != FORMAT:
        raise ImportRefused(f"Not a Backroom export: the first line must be a {FORMAT} header.")
    header, entries = decoded[0], decoded[1:]
    if not header.get("complete") or not header.get("secret"):
        raise ImportRefused(
            "This export was made before the game ended: it hides cards and cannot be replayed."
        )
    if header.get("forked_from"):
        raise ImportRefused("A fork starts from another game's position: import its source instead.")
    if not all(isinstance(entry, dict) for entry in entries):
        raise ImportRefused("Every line after the header must be a JSON object.")
    if not entries or entries[0].get("kind") != "opened":
        raise ImportRefused("The log must start with the table being opened.")
    return header, entries


def _check(sandbox: Tables, header: dict[str, Any], entries: list[dict[str, Any]]) -> None:
    opening = _replay(sandbox, header, entries)
    replayed = [_JSON.decode(line) for line in export(sandbox, str(opening.game_id), None)][1:]
    for given, made in zip(entries, replayed, strict=False):
        if _comparable(given) != _comparable(made):
            raise ImportRefused(
                f"Version {given.get('version')} does not follow from the rules: "
                f"the log says {encode(_comparable(given)).decode()}, "
                f"the rules give {encode(_comparable(made)).decode()}."
            )
    if len(entries) != len(replayed):
        raise ImportRefused(
            f"The log has {len(entries)} events; replaying its commands gives {len(replayed)}."
        )


def _comparable(line: dict[str, Any]) -> dict[str, Any]:
    """A line without what a replay makes anew (the command ids of setup and opening)."""
    if line.get("seat") is None:
        return {key: value for key, value in line.items() if key != "command_id"}
    return line


def _replay(tables: Tables, header: dict[str, Any], entries: list[dict[str, Any]]) -> Opening:
    clock = _Clock()
    saved = tables.clock, tables.takeback_timeout
    tables.clock = clock
    tables.takeback_timeout = timedelta(seconds=float(header.get("takeback_timeout") or 0) or 120)
    try:
        return _play(tables, clock, header, entries)
    finally:
        tables.clock, tables.takeback_timeout = saved


def _play(tables: Tables, clock: _Clock, header: dict[str, Any], entries: list[dict[str, Any]]) -> Opening:
    clock.upcoming = _times(entries, 0)
    names = list(entries[0]["event"]["seat_names"])
    try:
        opening = tables.open(header["game"], names, header.get("options"), seed=str(header["secret"]))
    except (RuleError, InvalidRequest) as error:
        raise ImportRefused(f"The table cannot be opened again: {error}") from None
    game_id, tokens = str(opening.game_id), dict(opening.tokens)
    done: set[str] = set()
    for index, entry in enumerate(entries[1:], start=1):
        clock.upcoming = _times(entries, index)
        if entry["kind"] == "joined":
            seating = tables.join(game_id, str(entry["event"]["name"]))
            tokens[seating.seat] = seating.token
        elif entry.get("seat") is not None and entry.get("command_id") not in done:
            done.add(entry["command_id"])
            _send(tables, game_id, tokens, entry)
    return Opening(opening.game_id, tokens, tables.load(game_id))


def _times(entries: list[dict[str, Any]], index: int) -> list[datetime]:
    """The time of line ``index``, then that of the setup it triggers (opening or the last join)."""
    times = [_time(entries[index]["at"])]
    following = entries[index + 1] if index + 1 < len(entries) else None
    if following is not None and following.get("seat") is None and following["kind"] == "event":
        times.append(_time(following["at"]))
    return times


def _send(tables: Tables, game_id: str, tokens: dict[int, str], entry: dict[str, Any]) -> None:
    seat = entry["seat"]
    if seat not in tokens or entry.get("command") is None:
        raise ImportRefused(f"Version {entry['version']} names no command from a seated player.")
    try:
        tables.submit(game_id, tokens[seat], encode(entry["command"]), command_id=entry["command_id"])
    except (RuleError, InvalidRequest) as error:
        raise ImportRefused(
            f"Version {entry['version']}: the rules refuse seat {seat}'s command: {error.code}"
        ) from None


def _time(text: Any) -> datetime:
    try:
        return datetime.fromisoformat(str(text))
    except ValueError:
        raise ImportRefused(f"Not a time: {text!r}.") from None


# -- helpers --------------------------------------------------------------------------------------


def _rules(table: Table) -> AnyGame:
    assert table.rules is not None
    return table.rules


def _over(table: Table) -> bool:
    return table.started and _rules(table).is_over(table.state)


def _name(viewer: Viewer) -> str:
    if isinstance(viewer, Audience):
        return viewer.value
    return f"seat {viewer}"
