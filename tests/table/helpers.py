"""A table driven through the pure table decider alone: no store, no service, the log in a list."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec

from domain.messages import Command
from domain.seats import Seat
from domain.table import (
    AnyGame,
    AnyTableEvent,
    TableContext,
    TableOpened,
    TableState,
    decide_table,
    digest_of,
    evolve_table,
    open_table,
)

START = datetime(2026, 5, 1, tzinfo=UTC)


class Log:
    """A table's log as a list: decide with ``domain.table``, fold what was decided, keep every state."""

    def __init__(self, game: AnyGame, seats: int = 2, secret: str = "s") -> None:
        self.game = game
        self.now = START
        self.events: list[AnyTableEvent] = []
        self.states: list[TableState] = []  # the table after each version (index: version - 1)
        opened = TableOpened(
            version=1,
            at=self.now,
            command_id="open",
            game=game.id,
            rules_version=game.rules_version,
            seat_names=tuple(f"p{seat}" for seat in range(seats)),
            token_digests=(None,) * seats,
            options=msgspec.Raw(b"{}"),
            secret=secret,
            seeded=True,
        )
        self._append(open_table(game, opened, self._context("open")))

    @property
    def table(self) -> TableState:
        return self.states[-1]

    def wait(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)

    def send(self, actor: Any, command: Command, command_id: str | None = None) -> list[AnyTableEvent]:
        """Decide ``command`` from ``actor`` (a seat number or ``REFEREE``) and append what it decided."""
        key = command_id or f"c{len(self.events)}"
        who = Seat(actor) if isinstance(actor, int) else actor
        ctx = self._context(
            key, digest_of(actor if isinstance(actor, int) else None, msgspec.json.encode(command))
        )
        decided = decide_table(self.game, self.table, who, command, ctx)
        self._append(decided)
        return decided

    def refolded(self) -> TableState | None:
        """The table folded again from the whole log (through its stored bytes)."""
        from store import stored

        table: TableState | None = None
        for event in self.events:
            topic, state = stored.encode_event(event)
            table = evolve_table(self.game, table, stored.decode_event(topic, state, event.version))
        return table

    def _context(self, key: str, digest: str = "") -> TableContext:
        return TableContext(
            now=self.now,
            command_id=key,
            digest=digest,
            state_at=lambda version: self.states[version - 1].game_state,
        )

    def _append(self, events: list[AnyTableEvent]) -> None:
        for event in events:
            assert event.version == len(self.events) + 1
            self.events.append(event)
            self.states.append(evolve_table(self.game, self.states[-1] if self.states else None, event))
