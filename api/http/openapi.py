"""The OpenAPI: FastAPI's schema, every operation's statuses and bodies, and every game's commands.

Each operation in :data:`ANSWERS` names its success status, the schema (:mod:`api.http.schemas`) or
media type of its body, and every error status it can give, each with the one error body; a 429 also
declares its ``Retry-After`` header.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec
from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from api.http.chat import Say
from api.http.history import Fork
from api.http.passing import Passing, SeatPassing
from api.http.players import Ceremony, Handle, KeyName
from api.http.schemas import (
    Answered,
    Audit,
    Catalogue,
    CeremonyBegun,
    Chances,
    ChatMessage,
    ChatMessages,
    Feed,
    Forked,
    Health,
    KeyMade,
    Keys,
    Legal,
    Lobby,
    Me,
    Moment,
    Opened,
    PlayerPage,
    Probe,
    Problem,
    Ratings,
    RecordBundle,
    RoundExplained,
    Seated,
    Session,
    SignedHead,
    SignedIn,
    SignedOut,
    StreamTicket,
    Summary,
    TableSeen,
    Timeline,
    Tournament,
    TournamentSeat,
    TournamentStandings,
    ViewDocument,
)
from api.http.wire import Contribute, Join, NewGame, Recovery
from api.tournaments.application import LateEntry, NewTournament, Withdrawal
from domain.chat import MAX_LENGTH as CHAT_LENGTH
from domain.table import AnyGame

GAME = (404, 422, 503)
SEAT = (401, 403, *GAME)
HISTORY = (401, 403, *GAME)
PLAYER = (401, 403, 503)
ANSWERS: dict[tuple[str, str], tuple[int, str, tuple[int, ...]]] = {
    ("get", "/api/games/catalogue"): (200, "Catalogue", ()),
    ("post", "/api/games"): (201, "Opened", (404, 409, 413, 422, 429, 503)),
    ("get", "/api/games"): (200, "Lobby", (422, 429, 503)),
    ("get", "/api/games/{game_id}"): (200, "Summary", GAME),
    ("post", "/api/games/{game_id}/join"): (200, "Seated", (401, 409, 410, 413, *GAME)),
    ("post", "/api/games/{game_id}/commands"): (200, "Answered", (409, 412, 413, 429, *SEAT)),
    ("get", "/api/games/{game_id}/view"): (200, "ViewDocument", SEAT),
    ("get", "/api/games/{game_id}/legal"): (200, "Legal", SEAT),
    ("get", "/api/games/{game_id}/events"): (200, "Feed", (429, *SEAT)),
    ("get", "/api/games/{game_id}/table"): (200, "TableSeen", (429, *SEAT)),
    ("get", "/api/games/{game_id}/stream"): (200, "text/event-stream", (429, *SEAT)),
    ("post", "/api/games/{game_id}/stream-ticket"): (201, "StreamTicket", (429, *SEAT)),
    ("get", "/api/games/{game_id}/timeline"): (200, "Timeline", (429, *HISTORY)),
    ("get", "/api/games/{game_id}/at/{version}"): (200, "Moment", HISTORY),
    ("get", "/api/games/{game_id}/audit"): (200, "Audit", (429, *HISTORY)),
    ("post", "/api/games/{game_id}/fork"): (201, "Forked", (409, 413, 429, *GAME)),
    ("get", "/api/games/{game_id}/export"): (200, "application/x-ndjson", (429, *HISTORY)),
    ("get", "/api/games/{game_id}/chat"): (200, "ChatMessages", GAME),
    ("post", "/api/games/{game_id}/chat"): (201, "ChatMessage", (409, 413, 429, *SEAT)),
    ("post", "/api/games/{game_id}/seat-link"): (200, "Seated", (409, 429, *SEAT)),
    ("post", "/api/games/{game_id}/recover-seat"): (200, "Seated", (403, 409, 413, 429, *GAME)),
    ("post", "/api/games/{game_id}/rematch"): (201, "Seated", (409, 410, *SEAT)),
    ("get", "/api/games/{game_id}/passing"): (200, "SeatPassing", SEAT),
    ("put", "/api/games/{game_id}/passing"): (200, "SeatPassing", (413, *SEAT)),
    ("get", "/api/keys"): (200, "Keys", ()),
    ("post", "/api/games/{game_id}/contribution"): (200, "Summary", (409, 413, *SEAT)),
    ("get", "/api/games/{game_id}/head"): (200, "SignedHead", GAME),
    ("get", "/api/games/{game_id}/record"): (200, "RecordBundle", (403, 429, *GAME)),
    ("get", "/health"): (200, "Health", (503,)),
    ("get", "/live"): (200, "Probe", ()),
    ("get", "/ready"): (200, "Probe", (503,)),
    ("post", "/api/players/signup/options"): (200, "CeremonyBegun", (403, 409, 413, 422, 429, 503)),
    ("post", "/api/players/signup"): (200, "SignedIn", (403, 409, 413, 422, 503)),
    ("post", "/api/players/signin/options"): (200, "CeremonyBegun", (403, 429, 503)),
    ("post", "/api/players/signin"): (200, "SignedIn", (403, 413, 422, 503)),
    ("get", "/api/me"): (200, "Me", PLAYER),
    ("get", "/api/session"): (200, "Session", (503,)),
    ("post", "/api/me/signout"): (200, "SignedOut", PLAYER),
    ("post", "/api/me/signout-everywhere"): (200, "SignedOut", PLAYER),
    ("post", "/api/me/passkeys/options"): (200, "CeremonyBegun", (429, *PLAYER)),
    ("post", "/api/me/passkeys"): (200, "Me", (403, 409, 413, 422, *PLAYER)),
    ("delete", "/api/me/passkeys/{credential_id}"): (200, "Me", (404, 409, *PLAYER)),
    ("post", "/api/me/keys"): (201, "KeyMade", (413, 422, *PLAYER)),
    ("delete", "/api/me/keys/{key_id}"): (200, "Me", (404, *PLAYER)),
    ("get", "/api/players/{handle}"): (200, "PlayerPage", (404, 422, 503)),
    ("get", "/api/ratings/{game}"): (200, "Ratings", (404, 503)),
    ("get", "/api/games/{game_id}/chances"): (200, "Chances", GAME),
    ("get", "/metrics"): (200, "text/plain", (404,)),
    ("get", "/api/tournaments/{tournament}"): (200, "Tournament", (404, 503)),
    ("get", "/api/tournaments/{tournament}/rounds/{number}/explain"): (200, "RoundExplained", GAME),
    ("post", "/api/tournaments"): (201, "Tournament", (404, 409, 413, 422, *PLAYER)),
    ("post", "/api/tournaments/{tournament}/start"): (200, "Tournament", (404, 409, *PLAYER)),
    ("post", "/api/tournaments/{tournament}/withdrawals"): (200, "Tournament", (404, 413, 422, *PLAYER)),
    ("post", "/api/tournaments/{tournament}/entries"): (200, "Tournament", (404, 409, 413, 422, *PLAYER)),
    ("post", "/api/tournaments/{tournament}/seat"): (200, "TournamentSeat", (404, 409, *PLAYER)),
    ("get", "/api/tournaments/{tournament}/standings.json"): (200, "TournamentStandings", (404, 503)),
    ("get", "/api/tournaments/{tournament}/standings.csv"): (200, "text/csv", (404, 503)),
}
"""Each operation: its success status, the schema (or media type) of its body, its error statuses."""

REASONS = {
    401: "No seat token (or player key or session), or not sent as 'Authorization: Bearer <token>'",
    403: (
        "The token holds no seat here, the perspective opens only once the game is over, or a passkey "
        "ceremony is refused (unknown, used already, expired, another origin, a bad signature)"
    ),
    404: "No such game (or game type, version, seat, tournament or round)",
    409: "Refused by the rules or the table's state (not your turn, table full, version conflict)",
    410: "The open table expired: nobody joined in time",
    412: "If-Match names a version that is no longer the game's latest",
    413: "The body is longer than this route accepts",
    422: "Malformed: not the schema, a bad number, an illegal move",
    429: "Too many for now: details.retry_after says when to try again",
    503: "The event store or the read store cannot be reached",
}
COMMAND = ("post", "/api/games/{game_id}/commands")
RETRY_AFTER = {
    "description": "Seconds to wait before asking again (as details.retry_after)",
    "schema": {"type": "integer", "minimum": 1},
}
STREAMS = {
    "text/event-stream": "one `game` event per log entry (its id the version), as Server-Sent Events",
    "application/x-ndjson": "a header line, then one JSON object per stored event",
    "text/plain": "the process's metrics in the Prometheus text format",
    "text/csv": "a tournament's standings: a header row, then the JSON rows (marks joined by spaces)",
}
ANSWERED: list[Any] = [
    Problem,
    RecordBundle,
    Summary,
    Opened,
    Forked,
    Seated,
    SignedHead,
    StreamTicket,
    Lobby,
    Catalogue,
    ViewDocument,
    Answered,
    Legal,
]
ANSWERED += [Feed, TableSeen, Timeline, Moment, Audit, Health, ChatMessages, ChatMessage, Probe, SeatPassing]
ANSWERED += [CeremonyBegun, SignedIn, Me, KeyMade, SignedOut, PlayerPage, Ratings, Chances, Session]
ANSWERED += [Keys, SignedHead, RecordBundle]
ANSWERED += [Tournament, RoundExplained, TournamentSeat, TournamentStandings]


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
        if 429 in errors:
            operation["responses"]["429"]["headers"] = {"Retry-After": RETRY_AFTER}
        if (method, path) == COMMAND:  # the store's deadline passed (store/timed_out)
            operation["responses"]["503"]["headers"] = {"Retry-After": RETRY_AFTER}


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


SEAT_TOKEN = {
    "type": "http",
    "scheme": "bearer",
    "description": "Your seat token (from opening, joining or a seat link): play and read as that seat.",
}


def openapi(app: FastAPI, games: Mapping[str, AnyGame]) -> dict[str, Any]:
    """FastAPI's schema plus the request bodies and every game's commands, generated by msgspec."""
    if app.openapi_schema:
        return app.openapi_schema
    schema = get_openapi(title=app.title, version=app.version, routes=app.routes)
    ordered = list(games.values())
    bodies = [NewGame, Join, Recovery, Passing, Fork, Say, Handle, Ceremony, KeyName, Contribute]
    bodies += [NewTournament, Withdrawal, LateEntry]
    roots, components = msgspec.json.schema_components(
        [*bodies, *(game.commands for game in ordered)], ref_template="#/components/schemas/{name}"
    )
    roots, components = _named_by_game(roots, components)
    per_game = {f"{game.id}.Command": root for game, root in zip(ordered, roots[len(bodies) :], strict=True)}
    command = {
        "anyOf": [{"$ref": f"#/components/schemas/{name}"} for name in per_game],
        "description": COMMAND_DESCRIPTION,
        BY_GAME: {game.id: {"$ref": f"#/components/schemas/{game.id}.Command"} for game in ordered},
    }
    found = schema.setdefault("components", {}).setdefault("schemas", {})
    found.update(components | per_game | {"Command": command})
    exactly_one(found["NewGame"], "players", "seats")
    agree(schema)
    document(schema)
    schema["components"]["securitySchemes"] = {"seatToken": SEAT_TOKEN}
    schema["security"] = [{}, {"seatToken": []}]  # optional: without a token you read as a spectator
    app.openapi_schema = schema
    return schema


def _named_by_game(roots: Any, components: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """Two games' commands of one name (``PlayCard``) are named by msgspec for their module
    (``domain.games.<package>.commands.PlayCard``); here by their game, ``<game>.PlayCard``,
    as the games' Command schemas are (a module path is no name for a reader, and the explorer stops
    drawing its schema list at one)."""
    renamed = {
        name: f"{name.split('.')[2].replace('_', '-')}.{name.rsplit('.', 1)[1]}"
        for name in components
        if name.startswith("domain.games.")
    }
    if not renamed:
        return roots, components
    text = msgspec.json.encode([roots, components]).decode()
    for old, new in renamed.items():
        text = text.replace(f'"#/components/schemas/{old}"', f'"#/components/schemas/{new}"')
    roots, components = msgspec.json.decode(text)
    return roots, {renamed.get(name, name): schema for name, schema in components.items()}


BY_GAME = "x-commands-by-game"
"""The Command schema's note of each game's own commands (the game id as ``GET /api/games/{id}`` names it)."""
COMMAND_DESCRIPTION = (
    "One command of the game the table plays: any game's commands are listed, but a table takes only "
    f"its own game's ({BY_GAME} names each game's schema; the game is the summary's 'game'), and the "
    "take-back commands. Another game's command is refused 422 request/invalid ('Not a <game> "
    "command'). A command that fits the game but not the moment (not your turn, not a legal move) is "
    "refused by the rules: 409 or 422 with a 'rule/' code. An OpenAPI path cannot name the schema by "
    "the table it points at, so this is said here rather than in the schema's types."
)
EXCLUSIVE = "x-exclusive-parameters"
"""An operation's note of the parameters that may not be sent together (JSON Schema in an OpenAPI
3.1 document cannot relate one parameter to another)."""
STREAM_CREDENTIALS = {
    "ticket": "A stream ticket (POST .../stream-ticket), used once.",
    "token": "Your seat token (for API clients; a browser's EventSource carries a ticket).",
    "authorization": "'Bearer <your seat token>'.",
}
STREAM_CREDENTIALS_SAID = (
    " Send one credential, not two: a ticket, or a seat token (the Authorization header, or ?token=); "
    "a ticket with a token is refused 422 request/invalid (a ticket speaks for a seat by itself, and "
    "the server does not pick one of two credentials for you). With neither you watch as a spectator."
)
STREAM = ("get", "/api/games/{game_id}/stream")
GAME_SAYS = (
    "\n\nThe game named decides the rest (GET /api/games/catalogue gives each game's seat range and "
    "options schema): a seat count outside its range, options it does not take, or a bot on a seat "
    "the table lacks are refused 422 with an 'options/' code."
)

VERSION_HEADERS = {
    "If-Match": r'^(W/)?"?[0-9]{1,18}"?$',
    "Last-Event-ID": r"^[0-9]{1,18}$",
}
"""Each header that names a version, as the server reads it (:func:`api.http.wire.version_number`)."""
BODIES = {
    ("post", "/api/games/{game_id}/fork"): "Fork",
    ("post", "/api/games/{game_id}/chat"): "Say",
    ("post", "/api/players/signup/options"): "Handle",
    ("post", "/api/players/signup"): "Ceremony",
    ("post", "/api/players/signin"): "Ceremony",
    ("post", "/api/me/passkeys"): "Ceremony",
    ("post", "/api/me/keys"): "KeyName",
}
"""The bodies of routes that read theirs by hand (FastAPI documents none for them)."""
_TAKEN = r"[ -;=?-~\u00a0-\u00ac\u00ae-\u024f]"
_LETTER = r"[0-9A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]"
NAME = f"^{_TAKEN}*{_LETTER}{_TAKEN}*$"
"""A name the server takes whatever the table (:func:`domain.seats.player_name`), in the Latin scripts:
a letter or digit, and nothing that could pass for markup (``<``, ``>``) or a control or format
character. Names in other scripts are taken too (letters, digits, punctuation and spaces): a JSON
Schema pattern cannot say "any printable character" as Python's Unicode categories do."""
_SPOKEN = r"[ -~\u00a0-\u00ac\u00ae-\u024f]"
_SAID = r"[!-~\u00a1-\u00ac\u00ae-\u024f]"
CHAT = f"^{_SPOKEN}*{_SAID}{_SPOKEN}*$"
"""A chat message the server takes whatever the table (:func:`domain.chat.chat_text`), in the Latin
scripts: one line of printable characters with at least one that is not a space (every character
here is its own NFC form, so the rules count what the schema counts). Other scripts are taken too."""
CHAT_DESCRIPTION = (
    "One chat message: 1 to 300 characters once trimmed (Unicode NFC), one line, no control or format "
    "characters. The pattern lists the Latin scripts; every script's printable characters are taken. "
    "A seat sending too fast, or a table's full chat, is refused by the chat's rules (a 'chat/' code)."
)
NAME_DESCRIPTION = (
    "A player's name: 1 to 40 characters once trimmed, at least one letter or digit, no < or >, no "
    "control or format characters. The pattern lists the Latin scripts; letters of every script are taken."
)


def agree(schema: dict[str, Any]) -> None:
    """Make the document promise only what the server takes (issue 34: a request valid by the schema
    is never refused as malformed): the version headers' form, the hand-read bodies, a name's
    characters, a seed only with every player named (``table/sandbox_only``), and the stream's
    credentials one at a time (:data:`EXCLUSIVE`)."""
    for path in schema["paths"].values():
        for operation in path.values():
            for parameter in operation.get("parameters", []):
                pattern = VERSION_HEADERS.get(parameter["name"]) if parameter["in"] == "header" else None
                if pattern is not None:
                    parameter["schema"] = {"type": "string", "pattern": pattern}
    for (method, path), body in BODIES.items():
        reference = {"$ref": f"#/components/schemas/{body}"}
        schema["paths"][path][method]["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": reference}},
        }
    stream = schema["paths"][STREAM[1]][STREAM[0]]
    stream[EXCLUSIVE] = [["ticket", "token"], ["ticket", "authorization"]]
    for parameter in stream["parameters"]:
        if parameter["name"] in STREAM_CREDENTIALS:
            parameter["description"] = STREAM_CREDENTIALS[parameter["name"]] + STREAM_CREDENTIALS_SAID
    found = schema["components"]["schemas"]
    for name in (found["Join"]["properties"]["name"], found["NewGame"]["properties"]["players"]["items"]):
        name.update(pattern=NAME, description=NAME_DESCRIPTION)
    said = found["Say"]["properties"]["text"]
    said.update(maxLength=CHAT_LENGTH, pattern=CHAT, description=CHAT_DESCRIPTION)
    found["NewGame"]["dependentRequired"] = {"seed": ["players"]}
    found["NewGame"]["description"] = found["NewGame"].get("description", "") + GAME_SAYS
