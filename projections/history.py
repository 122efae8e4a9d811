"""Time travel over the append-only log: the viewer, seeking, the timeline and the export.

Everything here reads the game's stream (and its attempts log) as stored, folds it with
:func:`domain.table.evolve_table` and tells each event with :func:`domain.table.told`; nothing is
deleted or rewritten. Every path shows the game to one viewer through the game's own ``view`` and
redaction:

* a seat token gives that seat's perspective, no token the spectator's;
* ``viewer="omniscient"`` and another seat's perspective (``seat=N``) exist only once the game
  is over (``HiddenUntilOver`` before), so a live game never shows more than the caller could see.

They read the log through :class:`store.reader.LogReader` (blocking: the routes run them in a
thread pool, never on the event loop).
The audit of command attempts is :mod:`projections.audit`, on the same viewer and descriptions.
Seeking (:func:`at`) loads the nearest snapshot at or before the version and folds the rest, so its
cost does not grow with the version.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from domain import dealing, takeback
from domain.chat import ChatSent
from domain.codec import encode
from domain.errors import HiddenUntilOver, InvalidRequest, NoSuchSeat, NoSuchVersion
from domain.seats import OMNISCIENT, SPECTATOR, Audience, Seat, SeatNames, Viewer
from domain.table import (
    NO_LEDGER,
    AnyGame,
    AnyTableEvent,
    GameEventRecorded,
    Table,
    TableOpened,
    TableState,
    TakeBackNoted,
    ledger_after,
    played_by,
    standins,
    told,
)
from projections import documents
from store.reader import LogReader

_JSON = msgspec.json.Decoder()
MAX_VERSION = 2**62
"""No log is longer: a version past it is simply past the end (and fits the store's integers)."""


@dataclass(frozen=True, slots=True)
class Asked:
    """Whose perspective a history request asks for: ``seat=N`` or ``viewer`` (both optional)."""

    seat: int | None = None
    viewer: str | None = None


def viewer_for(
    table: Table, token: str | None, asked: Asked, over: Callable[[], bool] | None = None
) -> Viewer:
    """The viewer a request may have: its own seat, the spectator, or (once over) anyone's.

    ``over`` says whether the game is over now, when ``table`` is an earlier version of it.
    """
    own = table.seat_of(token) if token else None
    ended = over or (lambda: table.over)
    if asked.viewer == "omniscient":
        if not ended():
            raise HiddenUntilOver("The omniscient view opens once the game is over.")
        return OMNISCIENT
    if asked.viewer == "spectator":
        return SPECTATOR
    if asked.viewer is not None:
        raise InvalidRequest("viewer is 'omniscient' or 'spectator'.", {"viewer": asked.viewer})
    if asked.seat is not None and asked.seat != own:
        if not 0 <= asked.seat < len(table.seat_names):
            raise NoSuchSeat(f"This game has no seat {asked.seat}.", {"seat": asked.seat})
        if not ended():
            raise HiddenUntilOver("Another seat's perspective opens once the game is over.")
        return Seat(asked.seat)
    return SPECTATOR if own is None else Seat(own)


def at(log: LogReader, game_id: str, version: int, token: str | None, asked: Asked) -> dict[str, Any]:
    """The game as the viewer may see it at ``version``: its view, who may act, its status then."""
    past = log.load(game_id, min(max(version, 1), MAX_VERSION))  # the latest only when the past cannot say
    latest = log.latest_version(past.id)
    seated = past if past.started or past.version == latest else log.load(past.id)  # seats all taken
    viewer = viewer_for(seated, token, asked, over=lambda: log.load(past.id).over)
    if not 1 <= version <= latest:
        raise NoSuchVersion(f"This game has versions 1 to {latest}.", {"latest": latest})
    return {
        "id": str(past.id),
        "version": version,
        "latest": latest,
        "viewer": viewer_name(viewer),
        "status": past.status,
        "to_act": sorted(past.to_act),
        "view": past.game.view(past.game_state, viewer) if past.started else None,
        "outcome": past.outcome,
        "forfeited": list(past.state.forfeited),
    }


PAGE = 500
"""Entries a timeline or audit answers at most, unless asked for fewer (``limit``)."""


def timeline(  # noqa: PLR0917  (the route's parameters, in its order)
    log: LogReader, game_id: str, token: str | None, asked: Asked, after: int = 0, limit: int = PAGE
) -> dict[str, Any]:
    """The versions after ``after`` (at most ``limit``; ``next`` pages on) described for the viewer,
    with turn and round marks; and every reverted range.

    Every event is folded for the marks (linear in the log's length, see :class:`_Numbering`); only
    the page's are told.
    """
    table = log.load(game_id)
    viewer = viewer_for(table, token, asked)
    numbering = _Numbering(table.game)
    entries, following = _page(log, table, viewer, numbering, after, limit)
    return {
        "id": str(table.id),
        "version": table.version,
        "viewer": viewer_name(viewer),
        "reverted": numbering.reverted,
        "entries": entries,
        "next": following,
    }


def _page(  # noqa: PLR0917  (the timeline's own arguments, in its order)
    log: LogReader, table: Table, viewer: Viewer, numbering: _Numbering, after: int, limit: int
) -> tuple[list[dict[str, Any]], int | None]:
    """The entries after ``after`` (at most ``limit``) and the version the next page follows, if any;
    every event is folded into ``numbering``, the page's entries are told."""
    entries: list[dict[str, Any]] = []
    following = None
    for event in log.events(table):
        starts = numbering.take(event)
        if event.version <= after or following is not None:
            continue
        if len(entries) == limit:
            following = entries[-1]["version"]
            continue
        entry = timeline_entry(table.game, event, viewer, table.seat_names, numbering.ledger)
        if isinstance(event, GameEventRecorded):
            entry["turn_start"], entry["round_start"] = starts
        entries.append(entry | {"turn": numbering.turn, "round": numbering.round})
    _mark_reverted(entries, numbering.reverted)
    return entries, following


@dataclass(slots=True)
class _Numbering:
    """The turn and round numbers along a game's log, its reverted ranges and its take-back ledger.

    Turns begin where the game says (each recorded event carries it) and rounds where its take-back
    declaration says; after a take-back the numbering resumes from before the reverted range, so a
    turn played again keeps its number.
    """

    rules: AnyGame
    turn: int = 0
    round: int = 0
    marks: list[tuple[int, int, int]] = field(default_factory=list)  # (version, turn, round) per game event
    reverted: list[dict[str, int]] = field(default_factory=list)
    ledger: takeback.Ledger = field(default_factory=takeback.Ledger)

    def take(self, event: AnyTableEvent) -> tuple[bool, bool]:
        """Fold ``event`` in; whether it starts a turn and whether it starts a round."""
        self.ledger = ledger_after(self.ledger, event)
        if isinstance(event, GameEventRecorded):
            played = self.rules.event_decoder.decode(event.event)
            starts = (bool(event.turn), self.rules.takebacks.new_round(played))
            self.turn, self.round = self.turn + starts[0], self.round + starts[1]
            self.marks.append((event.version, self.turn, self.round))
            return starts
        if isinstance(event, TakeBackNoted):
            noted = takeback.EVENT_DECODER.decode(event.event)
            if isinstance(noted, takeback.TurnTakenBack):
                self.reverted.append({"first": noted.first, "last": noted.last, "by": event.version})
                while self.marks and self.marks[-1][0] >= noted.first:
                    self.marks.pop()
                _, self.turn, self.round = self.marks[-1] if self.marks else (0, 0, 0)
        return (False, False)


def _mark_reverted(entries: list[dict[str, Any]], reverted: list[dict[str, int]]) -> None:
    """Mark each entry inside a reverted range (ranges sorted by version; one pass)."""
    spans = sorted((span["first"], span["last"]) for span in reverted)
    index, covered_to = 0, 0
    for entry in entries:  # entries are in version order
        while index < len(spans) and spans[index][0] <= entry["version"]:
            covered_to = max(covered_to, spans[index][1])
            index += 1
        entry["reverted"] = entry["version"] <= covered_to and bool(spans)


def timeline_entry(
    rules: AnyGame,
    event: AnyTableEvent,
    viewer: Viewer,
    names: SeatNames,
    ledger: takeback.Ledger = NO_LEDGER,
) -> dict[str, Any]:
    """One stored event as the viewer may see it: kind, the redacted event and its sentence
    (``ledger``: the take-back ledger just after it, to say what a take-back takes back)."""
    said = told(rules, event, viewer, names, ledger)
    return {
        "version": event.version,
        "at": event.at,
        "seat": event.seat,
        "kind": said.kind,
        "event": said.event,
        "description": said.sentence,
    } | played_by(event)


# -- export --------------------------------------------------------------------------------------

FORMAT = "backroom-log/1"


def export(log: LogReader, game_id: str, token: str | None, takeback_timeout: float) -> list[bytes]:
    """The whole log as JSON lines: a header, then one line per stored event.

    Once the game is over the export is omniscient and complete (commands, every card, the secret
    seed that drew them), so ``backroom import`` can replay it through the rules. Before the end it is
    the caller's perspective only (``complete: false``), like every other read.
    """
    table = log.load(game_id)
    over = table.over
    viewer: Viewer = OMNISCIENT if over else viewer_for(table, token, Asked())
    header = encode(
        {
            "format": FORMAT,
            "id": str(table.id),
            "game": table.state.game,
            "rules_version": table.state.rules_version,
            "options": table.state.options,
            "complete": over,
            "secret": table.state.secret if over else None,
            "takeback_timeout": takeback_timeout,
            "forked_from": table.state.forked_from,
            "sandbox": documents.sandbox(table.state),
        }
        | scheme_of(table.state)
        | seating(table.state)
    )
    lines = [header, *(encode(line_of(table.game, event, viewer)) for event in log.events(table))]
    return lines + [encode(_said(sent)) for sent in log.chat(table.id)]


def scheme_of(table: TableState) -> dict[str, Any]:
    """The table's dealing scheme (``{"scheme": 2}``); nothing for scheme 1, which an export without
    one means (every export made before the record)."""
    return {} if table.scheme == dealing.MERSENNE else {"scheme": table.scheme}


def seating(table: TableState) -> dict[str, Any]:
    """The table's clock rule and its bot seats (the seats a bot plays from the start, holding no
    token; not a stand-in for a player who left), as an export's header and a fork carry them."""
    bots = [
        {"seat": seat, "policy": spec.policy, "level": spec.level}
        for seat, spec in standins.seated_bots(table).items()
    ]
    return {"clock": table.clock, "bots": bots}


def _said(sent: ChatSent) -> dict[str, Any]:
    """A chat message as an export line (table talk is as public as the table: every export holds it)."""
    return {"kind": "chat", "number": sent.number, "at": sent.at, "seat": sent.seat, "text": sent.text}


def line_of(rules: AnyGame, event: AnyTableEvent, viewer: Viewer) -> dict[str, Any]:
    """``event`` as a line of an export read by ``viewer``."""
    entry = timeline_entry(rules, event, viewer, ())  # an export line keeps no sentence
    line = {key: entry[key] for key in ("version", "at", "seat", "kind", "event")} | played_by(event)
    if isinstance(event, TableOpened):
        line["event"] = {"game": event.game, "seat_names": event.seat_names}
    if isinstance(event, GameEventRecorded | TakeBackNoted):
        sender = event.seat is not None and (viewer is OMNISCIENT or viewer == event.seat)
        line["command_id"] = event.command_id if sender else None
        line["command"] = _JSON.decode(event.command) if sender and event.command else None
    return line


def viewer_name(viewer: Viewer) -> str:
    if isinstance(viewer, Audience):
        return viewer.value
    return f"seat {viewer}"
