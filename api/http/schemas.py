"""What every route answers, for the OpenAPI: each status with its body's schema.

The routes reply with msgspec-encoded bodies (never through FastAPI's response models), so the shapes
are declared here as Structs, generated into JSON Schema by msgspec, and written into each operation's
``responses`` by :func:`document`, with every error status the route can give and the one error body
(:class:`Problem`). A view or an event is each game's own (see the ``Command`` schemas for commands):
they are declared as any JSON value.
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


class TokenEntry(_Doc):
    seat: int
    name: str | None
    token: str


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
    seat: int
    token: str
    game: Summary


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


class Answered(ViewDocument, kw_only=True):
    """The answer to a command: the sender's events, its view and its next legal commands."""

    events: list[FeedEntry]
    legal: list[Any]


class Legal(_Doc):
    version: int
    seat: int | None
    commands: list[Any]
    stale: bool = False


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


GAME = (404, 422, 503)
SEAT = (401, 403, *GAME)
HISTORY = (401, 403, *GAME)
ANSWERS: dict[tuple[str, str], tuple[int, str, tuple[int, ...]]] = {
    ("get", "/api/games/catalogue"): (200, "Catalogue", ()),
    ("post", "/api/games"): (201, "Opened", (404, 413, 422, 429, 503)),
    ("get", "/api/games"): (200, "Lobby", (422, 503)),
    ("get", "/api/games/{game_id}"): (200, "Summary", GAME),
    ("post", "/api/games/{game_id}/join"): (200, "Seated", (409, 410, 413, *GAME)),
    ("post", "/api/games/{game_id}/commands"): (200, "Answered", (409, 412, 413, 429, *SEAT)),
    ("get", "/api/games/{game_id}/view"): (200, "ViewDocument", SEAT),
    ("get", "/api/games/{game_id}/legal"): (200, "Legal", SEAT),
    ("get", "/api/games/{game_id}/events"): (200, "Feed", SEAT),
    ("get", "/api/games/{game_id}/stream"): (200, "text/event-stream", SEAT),
    ("get", "/api/games/{game_id}/timeline"): (200, "Timeline", HISTORY),
    ("get", "/api/games/{game_id}/at/{version}"): (200, "Moment", HISTORY),
    ("get", "/api/games/{game_id}/audit"): (200, "Audit", HISTORY),
    ("post", "/api/games/{game_id}/fork"): (201, "Forked", (409, 413, 429, *GAME)),
    ("get", "/api/games/{game_id}/export"): (200, "application/x-ndjson", HISTORY),
    ("get", "/api/games/{game_id}/chat"): (200, "ChatMessages", GAME),
    ("post", "/api/games/{game_id}/chat"): (201, "ChatMessage", (409, 413, 429, *SEAT)),
    ("post", "/api/games/{game_id}/seat-link"): (200, "Seated", (409, *SEAT)),
    ("get", "/health"): (200, "Health", (503,)),
    ("get", "/live"): (200, "Probe", ()),
    ("get", "/ready"): (200, "Probe", (503,)),
    ("get", "/metrics"): (200, "text/plain", ()),
}
"""Each operation: its success status, the schema (or media type) of its body, its error statuses."""

REASONS = {
    401: "No seat token, or not sent as 'Authorization: Bearer <token>'",
    403: "The token holds no seat here, or the perspective opens only once the game is over",
    404: "No such game (or game type, or version)",
    409: "Refused by the rules or the table's state (not your turn, table full, version conflict)",
    410: "The open table expired: nobody joined in time",
    412: "If-Match names a version that is no longer the game's latest",
    413: "The body is longer than this route accepts",
    422: "Malformed: not the schema, a bad number, an illegal move",
    429: "Too many for now: details.retry_after says when to try again",
    503: "The event store or the read store cannot be reached",
}
STREAMS = {
    "text/event-stream": "one `game` event per log entry (its id the version), as Server-Sent Events",
    "application/x-ndjson": "a header line, then one JSON object per stored event",
    "text/plain": "the process's metrics in the Prometheus text format",
}
ANSWERED = [Problem, Summary, Opened, Forked, Seated, Lobby, Catalogue, ViewDocument, Answered, Legal]
ANSWERED += [Feed, Timeline, Moment, Audit, Health, ChatMessages, ChatMessage, Probe]


def document(schema: dict[str, Any]) -> None:
    """Write every operation's statuses and bodies into ``schema`` (and their schemas' components)."""
    _, components = msgspec.json.schema_components(ANSWERED, ref_template="#/components/schemas/{name}")
    found = schema.setdefault("components", {}).setdefault("schemas", {})
    found.update(components)
    for name in ("HTTPValidationError", "ValidationError"):
        found.pop(name, None)  # FastAPI's own 422 body, which this service never sends
    for (method, path), (status, body, errors) in ANSWERS.items():
        operation = schema["paths"][path][method]
        operation["responses"] = {str(status): _success(body)} | {
            str(error): _json("Problem", REASONS[error]) for error in sorted(errors)
        }


def _success(body: str) -> dict[str, Any]:
    if body in STREAMS:
        return {"description": STREAMS[body], "content": {body: {"schema": {"type": "string"}}}}
    return _json(body, "OK")


def _json(name: str, description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}},
    }


def exactly_one(schema: dict[str, Any], *names: str) -> None:
    """Declare that an object holds exactly one of ``names`` (each then not ``null``)."""
    for name in names:
        declared = schema["properties"][name]
        kinds = [kind for kind in declared.pop("anyOf", [declared]) if kind.get("type") != "null"]
        declared.pop("default", None)
        declared.update(kinds[0])
    schema["oneOf"] = [{"required": [name]} for name in names]
