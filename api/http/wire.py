"""Request bodies and JSON responses: msgspec both ways, with errors in the service's own terms."""

from __future__ import annotations

import re
from typing import Annotated, Any, TypeVar

import msgspec

from domain.bots import PolicyName
from domain.bots.policies import BotSpec
from domain.codec import decode_request, request_decoder
from domain.errors import BotSeatsInvalid, InvalidRequest, SandboxOnly
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


class Join(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Take an open seat under this name."""

    name: Name


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
