"""A command on its way in (decoded against its game, its id, its lock) and what the service answers
(:class:`Opening`, :class:`Seating`, :class:`Ruling`)."""

from __future__ import annotations

import functools
import os
import random
import secrets
from dataclasses import dataclass, field
from typing import Any, Union
from uuid import UUID

import msgspec

from domain import takeback
from domain.codec import request_decoder, retried
from domain.errors import InvalidRequest
from domain.table import AnyGame, AnyTableEvent, Table, parsed_id
from domain.table.events import SEAT_COMMANDS


@dataclass(frozen=True, slots=True)
class Opening:
    """A table just opened: its id, the tokens of the seats named at opening, and the table."""

    game_id: UUID
    tokens: dict[int, str]
    table: Table
    codes: dict[int, str] = field(default_factory=dict)
    """The recovery code of each seat named at opening, answered once (the log keeps its digest)."""


@dataclass(frozen=True, slots=True)
class Seating:
    """A seat just taken: which one, its token, and the table after (``revoked``: the version at which
    a seat link replaced the seat's former token, 0 when no token was replaced just now)."""

    seat: int
    token: str
    table: Table
    revoked: int = 0
    recovery_code: str = ""
    """The seat's recovery code, when this seating gave one (sitting down, or a recovery's new one)."""


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
    recorded: tuple[AnyTableEvent, ...] | None = None


def decode_command(rules: AnyGame, body: bytes) -> Any:
    """The command in ``body``, decoded with the game's own decoder; ``InvalidRequest`` if it is not one."""
    decoder = _with_takebacks(rules)
    try:
        try:
            return decoder.decode(body)
        except msgspec.ValidationError as refused:  # ``2.0`` for an integer too, as documented
            return retried(decoder, body, refused)  # (:func:`domain.codec.decode_request`, inlined)
    except (msgspec.ValidationError, msgspec.DecodeError) as error:
        raise InvalidRequest(f"Not a {rules.title} command: {error}") from None


_DECODERS: dict[AnyGame, msgspec.json.Decoder[Any]] = {}


def _with_takebacks(rules: AnyGame) -> msgspec.json.Decoder[Any]:
    """A decoder for the game's commands and the take-back commands, built once per game."""
    decoder = _DECODERS.get(rules)
    if decoder is None:
        kinds: Any = Union.__getitem__((rules.commands, *takeback.TAKEBACK_COMMANDS, *SEAT_COMMANDS))
        decoder = _DECODERS[rules] = request_decoder(kinds)
    return decoder


_IDS = random.Random(secrets.token_bytes(32))
os.register_at_fork(after_in_child=lambda: _IDS.seed(secrets.token_bytes(32)))


def fresh_id() -> str:
    """An id nothing else has (a command's, a request's): 128 bits from a generator seeded per process.

    ``uuid4`` asks the kernel for every id, and that call lets go of the interpreter lock in the middle
    of a command, so another thread runs and the command waits its turn back. These ids only have
    to be unique (a command id keys the sender's receipt), not secret.
    """
    return f"{_IDS.getrandbits(128):032x}"


@functools.lru_cache(maxsize=4096)
def lock_key(game_id: str) -> str:
    """One key per game however its id is spelled (anything else is refused by the load)."""
    found = parsed_id(game_id)
    return game_id if found is None else str(found)
