"""The audit: every command attempt, accepted or refused, as one viewer may see it.

It reads the game's stream and its attempts log through :class:`store.reader.LogReader`
(blocking: the route runs it in a thread pool) and describes accepted commands' events as the
timeline does (:func:`projections.history.timeline_entry`), for the viewer
:func:`projections.history.viewer_for` allows.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import msgspec

from domain import takeback
from domain.seats import OMNISCIENT, SeatNames, Viewer
from domain.table import AnyGame, AnyTableEvent, GameEventRecorded, TakeBackNoted, ledger_after
from projections.history import PAGE, Asked, timeline_entry, viewer_for, viewer_name
from store.reader import LogReader
from store.stored import Attempted

_JSON = msgspec.json.Decoder()


def audit(  # noqa: PLR0917  (the route's parameters, in its order)
    log: LogReader, game_id: str, token: str | None, asked: Asked, after: int = 0, limit: int = PAGE
) -> dict[str, Any]:
    """Command attempts, accepted or not, as the viewer may see them, in the order they came: at
    most ``limit`` after the first ``after`` (``next`` is the ``after`` of the next page).

    Ruling: the command body, the idempotency key, and a refusal's code and message are shown only to
    the seat that sent it (and to everyone once the game is over). Others learn what a seat did only
    from its redacted events, and of a refused attempt only who made it, when, and that it was refused:
    a code like "must follow suit" would reveal a hand. Only the page's attempts are told.
    """
    table = log.load(game_id)
    viewer = viewer_for(table, token, asked)
    came: list[tuple[Any, list[Any] | Attempted]] = [
        (group[0][0].at, group) for group in _commands(log.events(table))
    ]
    came += [(attempt.timestamp, attempt) for attempt in log.attempts(table.id)]
    came.sort(key=lambda entry: entry[0])  # stable: an accepted command before an attempt at its time
    page = came[after : after + limit]
    attempts = [
        _attempted(one, viewer)
        if isinstance(one, Attempted)
        else _accepted(table.game, one, viewer, table.seat_names)
        for _, one in page
    ]
    following = after + limit if len(came) > after + limit else None
    return {
        "id": str(table.id),
        "version": table.version,
        "viewer": viewer_name(viewer),
        "attempts": attempts,
        "next": following,
    }


def _commands(events: Iterable[AnyTableEvent]) -> Iterator[list[Any]]:
    """The stream's game and take-back events, grouped by the command that produced them, each with
    the take-back ledger just after it (to say what a take-back takes back)."""
    group: list[Any] = []
    ledger = takeback.Ledger()
    for event in events:
        ledger = ledger_after(ledger, event)
        if not isinstance(event, GameEventRecorded | TakeBackNoted):
            continue
        if group and group[0][0].command_id != event.command_id:
            yield group
            group = []
        group.append((event, ledger))
    if group:
        yield group


def _accepted(rules: AnyGame, group: list[Any], viewer: Viewer, names: SeatNames) -> dict[str, Any]:
    first = group[0][0]
    sender = first.seat is not None and (viewer is OMNISCIENT or viewer == first.seat)
    return {
        "at": first.at,
        "seat": first.seat,
        "outcome": "accepted" if first.seat is not None else "setup",
        "versions": [first.version, group[-1][0].version],
        "command": _JSON.decode(first.command) if sender and first.command else None,
        "key": first.command_id if sender else None,
        "events": [timeline_entry(rules, event, viewer, names, ledger) for event, ledger in group],
    }


def _attempted(attempt: Attempted, viewer: Viewer) -> dict[str, Any]:
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
    except (msgspec.DecodeError, RecursionError):
        return body
