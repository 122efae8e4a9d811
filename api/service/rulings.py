"""What the referee answers, and the small checks every command passes: seat tokens, decoding, retries."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Union
from uuid import UUID

import msgspec

from api.service.errors import IdempotencyKeyReused, InvalidRequest, InvalidToken, MissingToken
from api.service.tables import AnyGame, GameId, Table
from api.service.tokens import seat_holding
from domain import takeback


@dataclass(frozen=True, slots=True)
class Opening:
    """A table just opened: its id, the tokens of the seats named at opening, and its version."""

    game_id: GameId
    tokens: dict[int, str]
    table: Table


@dataclass(frozen=True, slots=True)
class Seating:
    """A seat just taken: which one, its token, and the table after."""

    seat: int
    token: str
    table: Table


@dataclass(frozen=True, slots=True)
class Ruling:
    """What a command did: the table after, the sender's seat, and the versions it appended.

    ``first > last`` when the command changed nothing; ``replayed`` when it was a recognised retry;
    ``recorded`` holds the events just saved (``None`` for a retry: they are read back from the log).
    """

    table: Table
    seat: int
    first: int
    last: int
    replayed: bool = False
    recorded: tuple[Table.Recorded, ...] | None = None


def seat_of(table: Table, token: str | None) -> int:
    """The seat ``token`` acts for at ``table``; refuses a missing or foreign token."""
    if not token:
        raise MissingToken("This request needs a seat token (Authorization: Bearer ...).")
    seat = seat_holding(token, table.token_digests)
    if seat is None:
        raise InvalidToken("This token holds no seat at this game.")
    return seat


def decode_command(rules: AnyGame, body: bytes) -> Any:
    """The command in ``body``, decoded with the game's own decoder; ``InvalidRequest`` if it is not one."""
    try:
        return _with_takebacks(rules).decode(body)
    except (msgspec.ValidationError, msgspec.DecodeError) as error:
        raise InvalidRequest(f"Not a {rules.title} command: {error}") from None


_DECODERS: dict[AnyGame, msgspec.json.Decoder[Any]] = {}


def _with_takebacks(rules: AnyGame) -> msgspec.json.Decoder[Any]:
    """A decoder for the game's commands and the take-back commands, built once per game."""
    decoder = _DECODERS.get(rules)
    if decoder is None:
        kinds: Any = Union.__getitem__((rules.commands, *takeback.TAKEBACK_COMMANDS))
        decoder = _DECODERS[rules] = msgspec.json.Decoder(kinds)
    return decoder


def lock_key(game_id: str) -> str:
    """One key per game however its id is spelled (anything else is refused by the load)."""
    try:
        return str(UUID(game_id))
    except ValueError:
        return game_id


def digest_of(seat: int | None, payload: bytes) -> str:
    """What a command is, for recognising a retry: the sender's seat and the payload, hashed."""
    return hashlib.sha256(f"{seat}:".encode() + payload).hexdigest()


def replayed(table: Table, seat: int, command_id: str, command_digest: str) -> Ruling:
    """The answer to a retry of ``command_id``; ``IdempotencyKeyReused`` when it was another command."""
    receipt = table.receipts[command_id]
    if receipt.digest != command_digest or receipt.seat != seat:
        raise IdempotencyKeyReused(
            "This Idempotency-Key was already used for a different command.", {"key": command_id}
        )
    return Ruling(table, seat, receipt.first, receipt.last, replayed=True)
