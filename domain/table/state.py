"""The state of a whole table: seats, receipts, the take-back ledger and the game's own state."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec

from domain import takeback
from domain.bots.policies import BotSpec
from domain.table.clocks import TableClock, Timing

RECEIPTS_KEPT = 1000
"""How many of a table's latest command ids are remembered for recognising a retry."""


# -- the state ------------------------------------------------------------------------------------


class Receipt(msgspec.Struct, frozen=True, array_like=True):
    """What one command id did: its digest, who sent it and the versions it appended."""

    digest: str
    seat: int | None
    first: int
    last: int


def receipt_key(seat: int | None, command_id: str) -> str:
    """Where a command's receipt is kept: keys are scoped to the seat that sent them (a seat never
    learns that another used a key); the table's own commands (opening, setup, the referee) apart."""
    return command_id if seat is None else f"{seat}\x1f{command_id}"


class TableState(msgspec.Struct, frozen=True, kw_only=True):
    """A whole table: who sits where, the secret, receipts, take-backs, and the game's own state."""

    game: str
    rules_version: str
    seat_names: tuple[str | None, ...]
    token_digests: tuple[str | None, ...]
    options: msgspec.Raw
    secret: str
    seeded: bool
    version: int
    created_at: datetime
    updated_at: datetime
    recorded: int = 0
    effective: int = 0
    ledger: takeback.Ledger = msgspec.field(default_factory=takeback.Ledger)
    receipts: dict[str, Receipt] = msgspec.field(default_factory=dict)
    game_state: Any = None
    forked_from: tuple[str, int] | None = None
    clock: TableClock | None = None
    timing: Timing | None = None
    bots: tuple[BotSpec | None, ...] = ()
    forfeited: tuple[int, ...] = ()
    """The seats that forfeited on time, in the order they did (:mod:`domain.table.forfeits`)."""
    recovery_digests: tuple[str | None, ...] = ()
    """The digests of the seats' recovery codes (``None``, or an empty tuple, where none was given)."""
    asked_at: datetime | None = None
    """When the latest recorded move that was not a pass was made: the seats the game waits for were
    asked then (:mod:`domain.passing`, rule 2; ``None``: at ``updated_at``)."""
    forfeited_together: tuple[int, ...] = ()
    """The seats of ``forfeited`` that forfeited in the same referee act as the seat before them."""

    @property
    def started(self) -> bool:
        """True once every seat is taken and the game has been set up."""
        return self.recorded > 0

    def open_seats(self) -> list[int]:
        """The seats nobody has taken yet, in seating order."""
        return [seat for seat, name in enumerate(self.seat_names) if name is None]
