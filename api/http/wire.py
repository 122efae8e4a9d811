"""The HTTP floor's wire, shared by every route: request bodies read (with a bound, straight from the
server's ``receive``) and decoded with msgspec, the request's head read in one pass (the seat token, a
version), and the one JSON answer and the one error shape, with errors in the service's own terms."""

from __future__ import annotations

import math
import re
from typing import Annotated, Any, TypeVar

import msgspec
from fastapi import Depends, Header
from fastapi.responses import Response
from pydantic import Field, TypeAdapter, ValidationError
from starlette.requests import ClientDisconnect, Request

from domain.bots import PolicyName
from domain.bots.policies import BotSpec
from domain.codec import decode_request, request_decoder
from domain.errors import BodyTooLarge, BotSeatsInvalid, InvalidRequest, MissingToken, SandboxOnly
from domain.seats import player_name
from domain.table.clocks import TableClock

T = TypeVar("T")

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=r"\S")]
SeatCount = Annotated[int, msgspec.Meta(ge=1, le=64)]


class BotSeat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A seat played by a bot: which one, the policy, and the level (1 to 3)."""

    seat: Annotated[int, msgspec.Meta(ge=0, le=63)]
    policy: PolicyName = "ismcts"
    level: Annotated[int, msgspec.Meta(ge=1, le=3)] = 2


class NewGame(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Open a table: name every player (``players``) or leave ``seats`` open for players to join.

    ``bots`` seat bots: with ``players``, the people fill the other seats in order (the table has
    one seat per player and per bot); with ``seats``, the bots take their seats and the rest stay
    open. ``clock``: the table's turn clock (none by default).
    """

    game: str
    players: list[Name] | None = None
    seats: SeatCount | None = None
    options: dict[str, Any] | None = None
    seed: Annotated[str, msgspec.Meta(min_length=1, max_length=200)] | int | None = None
    clock: TableClock | None = None
    bots: list[BotSeat] | None = None
    rated: bool = True
    """``false``: the table is never rated, whoever sits at it (docs: what is rated)."""

    def secret(self) -> str | None:
        """The seed as the table's secret (a number and its digits seed the same deal).

        A seed makes the deal knowable, so a seeded table is a sandbox: every seat is named by whoever
        opens it (``players``), never left open for a stranger (``table/sandbox_only``).
        """
        if self.seed is None:
            return None
        if self.players is None:
            raise SandboxOnly("A seeded table is a sandbox: name every player ('players'), leave none open.")
        return str(self.seed)

    def seat_names(self) -> list[str | None]:
        """One entry per seat: the player's name, or ``None`` for an open seat."""
        if (self.players is None) == (self.seats is None):
            raise InvalidRequest("Give either 'players' (every seat named) or 'seats' (open seats).")
        people = [player_name(name) for name in self.players] if self.players is not None else None
        count = len(people) + len(self.bots or ()) if people is not None else self.seats or 0
        bots = self.bot_seats(count)
        if people is None:
            return [None] * count
        order = iter(people)
        return [None if seat in bots else next(order) for seat in range(count)]

    def bot_seats(self, count: int) -> dict[int, BotSpec]:
        """The bots by seat, checked against a table of ``count`` seats."""
        found = {bot.seat: BotSpec(policy=bot.policy, level=bot.level) for bot in self.bots or ()}
        if len(found) != len(self.bots or ()) or any(seat >= count for seat in found):
            raise BotSeatsInvalid("Each bot needs a seat of its own, and the table must have that seat.")
        if found and len(found) == count:
            raise BotSeatsInvalid("A table needs at least one seat for a person.")
        return found

    def seating(self) -> tuple[TableClock | None, dict[int, BotSpec]]:
        """The table's clock (``None`` for none) and its bots by seat."""
        clock = self.clock if self.clock is not None and self.clock.runs else None
        return clock, self.bot_seats(len(self.seat_names()))


Pledge = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
"""A commitment to a contribution to the deal: SHA-256 (hex) of ``"backroom/contribution:" + it``."""


class Join(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Take an open seat under this name (a known player: under their handle, ``name`` may be left
    out); ``pledge``: commit to a contribution to the deal, to be revealed once every seat is taken
    (``POST /api/games/{id}/contribution``; docs/record.md)."""

    name: Name | None = None
    pledge: Pledge | None = None


class Contribute(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Reveal the contribution the seat pledged: 1 to 64 lowercase hex digits."""

    contribution: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{1,64}$")]


class Recovery(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A seat's recovery code, as shown on sitting down (case, spaces and dashes do not matter)."""

    code: Annotated[str, msgspec.Meta(min_length=1, max_length=100)]


MAX_VERSION = 2**62
"""No log reaches it: a larger version number is refused as malformed (and fits every store's integers)."""
_VERSION = re.compile(r"[0-9]{1,19}")


def version_number(text: str, field: str) -> int:
    """``text`` as a version number (ASCII digits, at most :data:`MAX_VERSION`); ``InvalidRequest`` if not."""
    if _VERSION.fullmatch(text) is None or int(text) > MAX_VERSION:
        raise InvalidRequest(f"{field} must be a version number.", {field: text[:40]})
    return int(text)


_DECODERS: dict[Any, msgspec.json.Decoder[Any]] = {}


def decode(body: bytes, kind: type[T]) -> T:
    """``body`` as a ``kind`` (a whole number such as ``2.0`` taken as an integer, as the OpenAPI's
    integers admit it: :func:`domain.codec.decode_request`); ``InvalidRequest`` when it is not valid
    JSON of that shape."""
    decoder = _DECODERS.get(kind)
    if decoder is None:
        decoder = _DECODERS[kind] = request_decoder(kind)
    try:
        return decode_request(decoder, body)  # type: ignore[no-any-return]  # a decoder of ``kind``
    except (msgspec.ValidationError, msgspec.DecodeError) as error:
        raise InvalidRequest(f"Invalid request body: {error}") from None
    except RecursionError:  # JSON nested deeper than the decoder follows
        raise InvalidRequest("Invalid request body: nested too deeply.") from None


# -- answers and the request's head and body -------------------------------------------------------

_QUERY_VERSION: TypeAdapter[int | None] = TypeAdapter(Annotated[int | None, Field(ge=0, le=MAX_VERSION)])
"""A version number in a query (``min_version``, ``chat_after``), as the documented routes' ``Query``
reads it (FastAPI's validation, pydantic's lax integers: ``5.0`` and ``+5`` are numbers, ``5.5`` not)."""


def query_version(given: str | None, name: str) -> int | None:
    """A version-number query parameter read by hand (the tuned routes' ``min_version`` and
    ``chat_after``), answered exactly as their documented routes answer it: plain digits at once, any
    other text by the same validation FastAPI gives those routes, refused in the same words."""
    if given is None:
        return None
    if given.isascii() and given.isdigit() and len(given) < len(str(MAX_VERSION)):
        return int(given)  # the bots' form, on the hot path
    try:
        return _QUERY_VERSION.validate_python(given)
    except ValidationError as error:
        errors = [{"loc": ["query", name], "msg": found["msg"]} for found in error.errors()]
        raise InvalidRequest("The request does not fit its schema.", {"errors": errors}) from None


_ENCODER = msgspec.json.Encoder()


def bearer(authorization: str | None) -> str | None:
    """The seat token in an ``Authorization: Bearer`` header (``None`` without the header)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise MissingToken("Send the seat token as 'Authorization: Bearer <token>'.")
    return token.strip()


async def _token(authorization: Annotated[str | None, Header()] = None) -> str | None:
    return bearer(authorization)


TokenDep = Annotated[str | None, Depends(_token)]
"""The seat token of a documented route (``None`` without one): read as the hot endpoints read it."""


def expected_version(if_match: str | None) -> int | None:
    """The game version an ``If-Match`` header names (``None`` without the header)."""
    if if_match is None:
        return None
    return version_number(if_match.removeprefix("W/").strip().strip('"'), "If-Match")


DRAINED = 1 << 20
"""Bytes of a too-large body read (and dropped) before the 413 is sent: a client that writes its whole
body before it reads sees the 413, not a reset. Past this much the connection is closed unread."""


async def read_body(request: Request, limit: int) -> bytes:
    """The request's body, refused (413) once it is longer than ``limit`` bytes, before reading it all."""
    return await read_body_from(request.receive, request.headers.get("content-length"), limit)


def _within_limit(declared: str | None, limit: int, size: int = 0) -> None:
    """``BodyTooLarge`` when the declared ``Content-Length`` or the ``size`` read so far is past ``limit``."""
    bad = declared is not None and (not declared.isascii() or not declared.isdigit() or int(declared) > limit)
    if bad or size > limit:
        raise BodyTooLarge(f"A body here is at most {limit} bytes.", {"limit": limit})


async def _drained(receive: Any, declared: str | None, size: int) -> None:
    """Read and drop what is left of a too-large body, up to :data:`DRAINED` bytes in all."""
    if declared is not None and (not declared.isdigit() or int(declared) > DRAINED):
        return  # too much to read: the connection is closed unread
    while size <= DRAINED:
        message = await receive()
        if message["type"] != "http.request":
            return
        size += len(message.get("body", b""))
        if not message.get("more_body", False):
            return


class JSONAnswer(Response):
    """A JSON body already encoded, with its head made in one step.

    Starlette's ``Response`` renders its content and then scans the headers it was given for a length
    and a type; here the body is bytes and both are known, so the raw head is built directly.
    """

    media_type = "application/json"

    def __init__(self, body: bytes, status: int = 200, headers: dict[str, str] | None = None) -> None:
        self.status_code, self.body, self.background = status, body, None
        self.raw_headers = [(b"content-length", b"%d" % len(body)), (b"content-type", _JSON)]
        if headers:
            self.raw_headers += [
                (name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers.items()
            ]


_JSON = b"application/json"


def reply(content: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """A JSON response encoded by msgspec (structs, datetimes and all)."""
    return JSONAnswer(_ENCODER.encode(content), status, headers)


def heads(scope: Any, *names: bytes) -> list[str | None]:
    """The values of the request headers ``names`` (lower case), in one pass over the head."""
    found: dict[bytes, bytes] = {}
    for name, value in scope["headers"]:
        if name in names:
            found.setdefault(name, value)
    return [None if (value := found.get(name)) is None else value.decode("latin-1") for name in names]


async def read_body_from(receive: Any, declared: str | None, limit: int) -> bytes:
    """The body of a request nothing has read yet, straight from ``receive`` (the hot route's
    :func:`read_body`), refused (413) past ``limit`` bytes: the ``Content-Length`` it ``declared``
    first, then what arrives, before reading it all."""
    chunks, size, more = [], 0, True
    try:
        _within_limit(declared, limit)
        while True:
            message = await receive()
            if message["type"] != "http.request":
                raise ClientDisconnect()
            chunk = message.get("body", b"")
            size, more = size + len(chunk), message.get("more_body", False)
            _within_limit(None, limit, size)
            chunks.append(chunk)
            if not more:
                return chunks[0] if len(chunks) == 1 else b"".join(chunks)
    except BodyTooLarge:
        if more:
            await _drained(receive, declared, size)
        raise


def problem(status: int, code: str, message: str, details: dict[str, Any] | None = None) -> Response:
    """The one error shape: ``{"error": {"code", "message", "details"}}`` (a 429 or a 503 that says when
    to try again with ``Retry-After``)."""
    answer = reply({"error": {"code": code, "message": message, "details": details or {}}}, status)
    if status in {429, 503} and details and "retry_after" in details:
        answer.headers["Retry-After"] = str(max(1, math.ceil(details["retry_after"])))
    return answer
