"""What the service answers a command with (:class:`Opening`, :class:`Seating`, :class:`Ruling`), and the
key of the lock it is decided under.

A command's body is decoded by the table that takes it (:meth:`domain.table.Table.command`: the game's
commands, the take-back and the seat commands) and given an id by the application
(:func:`api.service.application.fresh_id`)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from uuid import UUID

from domain.table import AnyTableEvent, Table, parsed_id


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


@functools.lru_cache(maxsize=4096)
def lock_key(game_id: str) -> str:
    """One key per game however its id is spelled (anything else is refused by the load)."""
    found = parsed_id(game_id)
    return game_id if found is None else str(found)
