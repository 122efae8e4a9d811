"""A whole game's log taken out of the store and brought back: export, import, and forks.

An export is the log as JSON lines, complete (every card and the secret seed) only once the game is
over. An import re-validates such a log by replaying its commands through the rules before storing it
as a new game. A fork starts a sandbox game from a finished game's position.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta
from typing import Any

import msgspec

from api.service.application import Tables
from api.service.errors import ImportRefused, InvalidRequest, NoSuchVersion, NotOver
from api.service.history import Asked, is_over, timeline_entry, viewer_for
from api.service.rulings import Opening
from api.service.storing import rules_of
from api.service.tables import AnyGame, Table
from domain.codec import encode
from domain.errors import RuleError
from domain.seats import OMNISCIENT, Viewer

FORMAT = "backroom-log/1"
_JSON = msgspec.json.Decoder()


# -- forks ----------------------------------------------------------------------------------------


def fork(tables: Tables, game_id: str, version: int) -> dict[str, Any]:
    """A sandbox game from a finished game's position at ``version``, with new seat tokens."""
    table = tables.load(game_id)
    if not is_over(table):
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
    over = is_over(table)
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
        yield encode(_line(rules_of(table), event, viewer))


def _line(rules: AnyGame, event: Any, viewer: Viewer) -> dict[str, Any]:
    entry = timeline_entry(rules, event, viewer, ())  # an export line keeps no sentence
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
