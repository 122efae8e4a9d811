"""What the service answers with: a table opened (:class:`Opening`), a seat taken (:class:`Seating`), a
command refereed (:class:`Ruling`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from uuid import UUID

from domain.table import AnyTableEvent, Table


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
