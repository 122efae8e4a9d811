"""The shapes of what the routes answer, for the OpenAPI.

The routes reply with msgspec-encoded bodies (never through FastAPI's response models), so the shapes
are declared here as Structs, generated into JSON Schema by msgspec and written into each operation's
``responses`` by :mod:`api.http.openapi`, with the one error body (:class:`Problem`). A view or an
event is each game's own (see the ``Command`` schemas for commands): they are declared as any JSON
value.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

import msgspec

Status = Literal["waiting", "playing", "over", "expired"]


class _Doc(msgspec.Struct, kw_only=True):
    """A documented answer (never decoded: only its schema is used)."""


class ErrorBody(_Doc):
    code: str
    message: str
    details: dict[str, Any]


class Problem(_Doc):
    """Every refusal: a stable ``code`` (``rule/...``, ``request/...``), a message for people, details."""

    error: ErrorBody


class SeatEntry(_Doc):
    seat: int
    name: str | None


class Summary(_Doc):
    """What anyone may know about a game. ``sandbox``: seeded or forked, its cards may be known.
    ``forfeited``: the seats that forfeited on time, in order (the outcome then says so)."""

    id: str
    game: str
    title: str
    rules_version: str
    seats: list[SeatEntry]
    open_seats: list[int]
    status: Status
    version: int
    to_act: list[int]
    outcome: Any
    seeded: bool
    sandbox: bool
    created_at: datetime
    updated_at: datetime
    stale: bool = False
    forfeited: list[int] = msgspec.field(default_factory=list)
    closes: datetime | None = None
    """When the open reaction window closes and the referee answers for whoever is still asked
    (absent while none is open); the same for every reader."""
    options: Any = None
    """The table options it was opened with, as the opener sent them (``{}``: the game's defaults);
    public, as the table's rules are."""
    rematch: str | None = None
    """Once over: the id of the table its players play again at (``POST .../rematch`` opens it and
    seats the asker; until then reading it answers 404)."""


class TokenEntry(_Doc):
    seat: int
    name: str | None
    token: str
    recovery_code: str = ""


class Opened(_Doc):
    id: str
    tokens: list[TokenEntry]
    game: Summary


class Source(_Doc):
    id: str
    version: int


class Forked(_Doc):
    id: str
    forked_from: Source
    tokens: list[TokenEntry]
    version: int


class Seated(_Doc):
    """A seat's token; ``recovery_code`` (shown only now) when sitting down or recovering gave one."""

    seat: int
    token: str
    game: Summary
    recovery_code: str = ""


class Lobby(_Doc):
    """One page of the lobby; ``next`` is the ``after`` of the next page (``null`` on the last)."""

    games: list[Summary]
    total: int
    limit: int
    offset: int
    next: int | None


class CatalogueEntry(_Doc):
    id: str
    title: str
    summary: str
    rules_version: str
    min_seats: int
    max_seats: int
    options_schema: dict[str, Any]


class Catalogue(_Doc):
    games: list[CatalogueEntry]


class FeedEntry(_Doc):
    version: int
    seat: int | None
    at: datetime
    event: Any
    description: str


class ViewDocument(_Doc):
    id: str
    version: int
    status: Status
    seat: int | None
    to_act: list[int]
    view: Any
    stale: bool = False
    closes: datetime | None = None


class Limited(_Doc):
    """Commands held back from a legal list because the seat spent its allowance for them, until when."""

    types: list[str]
    until: datetime
    message: str


class Answered(ViewDocument, kw_only=True):
    """The answer to a command: the sender's events, its view and its next legal commands."""

    events: list[FeedEntry]
    legal: list[Any]
    limited: list[Limited] = []
    auto_pass: bool = False


class Legal(_Doc):
    """What the seat may send now: every command listed would be accepted now (a command its spent
    allowance would refuse is left out, and ``limited`` says which, and until when)."""

    version: int
    seat: int | None
    commands: list[Any]
    stale: bool = False
    closes: datetime | None = None
    limited: list[Limited] = []
    auto_pass: bool = False
    """True when the seat's only command would be ``Pass`` and it chose to be passed for: the referee
    passes for it at the pause (docs/bots.md, "Timing in a reaction window"), so nothing is listed."""


class Feed(_Doc):
    version: int
    events: list[FeedEntry]
    next: int | None
    stale: bool = False


class Span(_Doc):
    first: int
    last: int
    by: int


class LogEntry(_Doc):
    """One stored event as the viewer may see it: its kind (event, takeback, opened, ...) and sentence."""

    version: int
    at: datetime
    seat: int | None
    kind: str
    event: Any
    description: str


class TimelineEntry(LogEntry, kw_only=True):
    turn: int
    round: int
    reverted: bool
    turn_start: bool = False
    round_start: bool = False


class Timeline(_Doc):
    id: str
    version: int
    viewer: str
    reverted: list[Span]
    entries: list[TimelineEntry]
    next: int | None


class Moment(_Doc):
    id: str
    version: int
    latest: int
    viewer: str
    status: Status
    to_act: list[int]
    view: Any


class Attempt(_Doc):
    at: datetime
    seat: int | None
    outcome: str
    command: Any
    key: str | None
    versions: list[int] = []
    events: list[LogEntry] = []
    code: str | None = None
    message: str | None = None


class Audit(_Doc):
    id: str
    version: int
    viewer: str
    attempts: list[Attempt]
    next: int | None


class ChatLine(_Doc):
    """One chat message: its number at the table, time, seat, the seat's name as the table shows it."""

    number: int
    at: datetime
    seat: int
    name: str
    text: str


class ChatMessages(_Doc):
    messages: list[ChatLine]


class ChatMessage(_Doc):
    message: ChatLine


class Probe(_Doc):
    """A probe's answer: ``live`` or ``ready``."""

    status: str


class Health(_Doc):
    status: str
    store: str
    reads: str


class StreamTicket(_Doc):
    """A single-use ticket for ``/stream?ticket=``, good for ``seconds`` (until ``expires_at``)."""

    ticket: str
    seat: int
    expires_at: datetime
    seconds: int
