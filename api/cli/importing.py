"""``backroom import``: a finished game's export replayed through the rules and stored as a new game.

The replay runs first in a sandbox in memory; the log is refused (``ImportRefused``, naming the first
version that differs) unless every line is exactly what the rules give. Then it is replayed into the
store, each command through the same path as any client's (:meth:`Tables.submit`), at the time the log
recorded for it. The export itself is a read (:func:`projections.history.export`).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

import msgspec

from api.http.wire import BotSeat
from api.service.answers import Opening
from api.service.application import Setup, Tables
from api.service.chatting import say
from domain import dealing
from domain.bots import BotSpec
from domain.codec import encode
from domain.errors import ImportRefused, InvalidRequest, RuleError
from domain.table.clocks import TableClock
from projections.history import FORMAT, export

_JSON = msgspec.json.Decoder()


async def import_log(tables: Tables, lines: Iterable[bytes]) -> Opening:
    """Re-validate a complete export by replaying it through the rules, then store it as a new game.

    The replay runs first in memory; the log is refused (``ImportRefused``, naming the first version
    that differs) unless every line is exactly what the rules give. Then it is replayed into ``tables``.
    """
    header, entries = _parse(lines)
    await replayed_alike(tables.store.games, header, entries)
    return await _replay(tables, header, entries)


async def replayed_alike(games: Any, header: dict[str, Any], entries: list[dict[str, Any]]) -> None:
    """Replay a complete export's commands in a sandbox in memory (no database) and refuse it
    (``ImportRefused``, its details naming the first version that differs) unless every line is
    exactly what the rules give; ``backroom verify`` asks this of a record too."""
    sandbox = Tables({"PERSISTENCE_MODULE": "eventsourcing.popo"}, games=games, snapshot_interval=0)
    try:
        await _check(sandbox, header, entries)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise ImportRefused(f"A line of the log is not a Backroom event line: {error!r}") from None
    finally:
        sandbox.close()


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


async def _check(sandbox: Tables, header: dict[str, Any], entries: list[dict[str, Any]]) -> None:
    opening = await _replay(sandbox, header, entries)
    lines = export(
        sandbox.store.reader, str(opening.game_id), None, sandbox.store.takeback_timeout.total_seconds()
    )
    replayed = [_JSON.decode(line) for line in lines][1:]
    for line, replay in zip(entries, replayed, strict=False):
        given, made = _comparable(line, replay)
        if given != made:
            raise ImportRefused(
                f"Version {given.get('version')} does not follow from the rules: "
                f"the log says {encode(given).decode()}, the rules give {encode(made).decode()}.",
                {"version": given.get("version"), "expected": made, "found": given},
            )
    if len(entries) != len(replayed):
        first_missing = min(len(entries), len(replayed)) + 1
        raise ImportRefused(
            f"The log has {len(entries)} events; replaying its commands gives {len(replayed)}.",
            {"version": first_missing, "expected": len(replayed), "found": len(entries)},
        )


def _comparable(given: dict[str, Any], made: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The two lines without what a replay makes anew or adds: the command ids of setup and opening,
    and the fields of an event that the log's line lacks (added to its type since, with a default)."""
    if given.get("seat") is None:
        given = {key: value for key, value in given.items() if key != "command_id"}
        made = {key: value for key, value in made.items() if key != "command_id"}
    event, shown = given.get("event"), made.get("event")
    if isinstance(event, dict) and isinstance(shown, dict) and event.get("type") == shown.get("type"):
        made = made | {"event": {key: value for key, value in shown.items() if key in event}}
    return given, made


async def _replay(tables: Tables, header: dict[str, Any], entries: list[dict[str, Any]]) -> Opening:
    """Send the log's commands again, each at the time the log recorded for it."""
    saved = tables.store.takeback_timeout
    tables.store.takeback_timeout = timedelta(seconds=float(header.get("takeback_timeout") or 0) or 120)
    try:
        return await _play(tables, header, entries)
    finally:
        tables.store.takeback_timeout = saved


class _Seating(msgspec.Struct, frozen=True, kw_only=True):
    """The header's clock rule and bot seats (an export made before they were carried has neither)."""

    clock: TableClock | None = None
    bots: list[BotSeat] = msgspec.field(default_factory=list)


def _seating(header: dict[str, Any]) -> tuple[TableClock | None, dict[int, BotSpec]]:
    try:
        found = msgspec.convert({key: header[key] for key in ("clock", "bots") if key in header}, _Seating)
    except msgspec.ValidationError as error:
        raise ImportRefused(f"The header's clock or bots are not valid: {error}") from None
    return found.clock, {bot.seat: BotSpec(policy=bot.policy, level=bot.level) for bot in found.bots}


async def _play(tables: Tables, header: dict[str, Any], entries: list[dict[str, Any]]) -> Opening:
    names = list(entries[0]["event"]["seat_names"])
    try:
        opening = await tables.open(
            header["game"],
            names,
            header.get("options"),
            seed=str(header["secret"]),
            at=_times(entries, 0),
            seating=_seating(header),
            scheme=_scheme(header),
        )
    except (RuleError, InvalidRequest) as error:
        raise ImportRefused(f"The table cannot be opened again: {error}") from None
    game_id, tokens = str(opening.game_id), dict(opening.tokens)
    done: set[str] = set()
    reached = 0  # the version the last act without a person (the referee's, a bot's) reached
    for index, entry in enumerate(entries[1:], start=1):
        if entry["kind"] == "chat" or entry["version"] <= reached:
            continue  # chat is said once the table's log is replayed, below
        if entry.get("by") is not None:
            reached = await _unattended(tables, game_id, entry)
        elif entry["kind"] == "stand_in" and entry.get("seat") is not None:
            await _stand_in(tables, game_id, tokens, entry, entries[index + 1 : index + 2])
        elif entry["kind"] == "joined":
            pledge = entry["event"].get("pledge")
            seating = await tables.join(
                game_id, str(entry["event"]["name"]), _times(entries, index), pledge=pledge
            )
            tokens[seating.seat] = seating.token
        elif entry["kind"] == "contributed":
            await _contribute(tables, game_id, tokens, entry, _times(entries, index))
        elif entry["kind"] == "relinked":  # the same versions as the export: a new link, as then
            relinked = await tables.relink(game_id, tokens[entry["seat"]], at=_time(entry["at"]))
            tokens[entry["seat"]] = relinked.token
        elif entry.get("seat") is not None and entry.get("command_id") not in done:
            done.add(entry["command_id"])
            await _send(tables, game_id, tokens, entry)
    for entry in entries:
        if entry["kind"] == "chat":
            await say(tables, game_id, tokens[entry["seat"]], str(entry["text"]), at=_time(entry["at"]))
    return Opening(opening.game_id, tokens, tables.store.load(game_id))


async def _unattended(tables: Tables, game_id: str, entry: dict[str, Any]) -> int:
    """The referee's act or a bot's move again, at its recorded time (a bot chooses as it did: its
    RNG is drawn from the table's secret and version); the version it reached."""
    at = _time(entry["at"])
    try:
        if entry["by"] == "bot":
            return (await tables.play_bot(game_id, int(entry["seat"]), at=at)).last
        return (await tables.referee(game_id, at=at)).version
    except (RuleError, InvalidRequest) as error:
        refused = f"Version {entry['version']}: the rules refuse to act: {error.code}"
        raise ImportRefused(refused, {"version": entry["version"], "found": error.code}) from None


async def _stand_in(
    tables: Tables, game_id: str, tokens: dict[int, str], entry: dict[str, Any], following: list[Any]
) -> None:
    """A player left (a bot stands in) or came back: by a command of its own, unless the return came
    with the player's move (the next line, with the same command id), which brings it back again."""
    move = following[0] if following else {}
    same = move.get("seat") == entry["seat"] and move.get("at") == entry["at"] and move.get("kind") == "event"
    if entry["event"]["bot"] is None and same:
        return
    body = b'{"type":"LeaveSeat"}' if entry["event"]["bot"] else b'{"type":"ReturnToSeat"}'
    try:
        await tables.submit(game_id, tokens[entry["seat"]], body, at=_time(entry["at"]))
    except (RuleError, InvalidRequest, KeyError) as error:
        refused = f"Version {entry['version']}: the seat cannot leave or come back: {error}"
        raise ImportRefused(refused) from None


async def _contribute(
    tables: Tables, game_id: str, tokens: dict[int, str], entry: dict[str, Any], at: Setup
) -> None:
    """A seat's contribution revealed again, at its recorded time (and its setup's, when it is the last)."""
    try:
        await tables.contribute(game_id, tokens[entry["seat"]], str(entry["event"]["contribution"]), at)
    except (RuleError, InvalidRequest) as error:
        refused = f"Version {entry['version']}: the seat cannot reveal that contribution: {error.code}"
        raise ImportRefused(refused, {"version": entry["version"], "found": error.code}) from None


def _scheme(header: dict[str, Any]) -> int:
    """The dealing scheme the table was opened with (an export made before the record has none: 1)."""
    scheme = header.get("scheme", dealing.MERSENNE)
    if scheme not in dealing.SCHEMES:
        raise ImportRefused(f"The header's dealing scheme {scheme!r} is not one this Backroom knows.")
    return int(scheme)


def _times(entries: list[dict[str, Any]], index: int) -> tuple[datetime, datetime | None]:
    """The time of line ``index``, and that of the setup it triggers (opening or the last join)."""
    following = entries[index + 1] if index + 1 < len(entries) else None
    setup = following is not None and following.get("seat") is None and following["kind"] == "event"
    return _time(entries[index]["at"]), _time(following["at"]) if setup and following else None


async def _send(tables: Tables, game_id: str, tokens: dict[int, str], entry: dict[str, Any]) -> None:
    seat = entry["seat"]
    if seat not in tokens or entry.get("command") is None:
        raise ImportRefused(f"Version {entry['version']} names no command from a seated player.")
    try:
        await tables.submit(
            game_id,
            tokens[seat],
            encode(entry["command"]),
            command_id=entry["command_id"],
            at=_time(entry["at"]),
        )
    except (RuleError, InvalidRequest) as error:
        raise ImportRefused(
            f"Version {entry['version']}: the rules refuse seat {seat}'s command: {error.code}",
            {"version": entry["version"], "found": error.code},
        ) from None


def _time(text: Any) -> datetime:
    try:
        return datetime.fromisoformat(str(text))
    except ValueError:
        raise ImportRefused(f"Not a time: {text!r}.") from None
