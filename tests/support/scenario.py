"""A game-agnostic given/when/then helper for rule tests.

``given(GAME, *events).when(seat, command).then(*events)`` folds the given events into a state, sends
one command through the referee (``domain.referee.decide``) and checks the events it produced, or
``.raises(code)`` checks the stable code of the refusal. Stacked decks come from the given events.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain import referee
from domain.chance import Context
from domain.errors import RuleError
from domain.game import AnyGame
from domain.messages import Command, Event
from domain.seats import Seat, Viewer


class When:
    """The result of one command: its events and the state after them, or the error that refused it."""

    def __init__(self, game: AnyGame, state: Any, seat: int, command: Command, seed: int) -> None:
        self.game = game
        self.before = state
        self.state: Any = state
        self.error: RuleError | None = None
        self.events: list[Event] = []
        try:
            self.events = referee.decide(game, state, Seat(seat), command, Context.seeded(seed))
        except RuleError as error:
            self.error = error
        else:
            self.state = referee.fold(game, self.events, state)

    def _accepted(self) -> None:
        assert self.error is None, f"refused: {self.error.code}: {self.error.message}"

    def then(self, *expected: Event) -> When:
        """Assert the command produced exactly ``expected``."""
        self._accepted()
        assert self.events == list(expected), f"{self.events!r} != {list(expected)!r}"
        return self

    def starts_with(self, *expected: Event) -> When:
        """Assert the command's events begin with ``expected``."""
        self._accepted()
        assert self.events[: len(expected)] == list(expected), f"{self.events!r}"
        return self

    def raises(self, code: str) -> When:
        """Assert the command was refused with the stable error ``code``."""
        assert self.error is not None, f"accepted: {self.events!r}"
        assert self.error.code == code, f"{self.error.code}: {self.error.message}"
        return self

    def legal(self, seat: int) -> list[Command]:
        """The legal commands of ``seat`` after the command."""
        return self.game.legal_commands(self.state, Seat(seat))

    def view(self, viewer: Viewer) -> Any:
        """The view of ``viewer`` after the command."""
        return self.game.view(self.state, viewer)


class Given:
    """A state built by folding events (and optionally playing commands through the referee)."""

    def __init__(self, game: AnyGame, events: tuple[Event, ...]) -> None:
        self.game = game
        self.state: Any = referee.fold(game, events)

    def played(self, *moves: tuple[int, Command], seed: int = 0) -> Given:
        """Apply each (seat, command) through the referee."""
        for seat, command in moves:
            self.state, _ = referee.play(self.game, self.state, Seat(seat), command, Context.seeded(seed))
        return self

    def folded(self, *events: Event) -> Given:
        """Apply more events (a stacked draw, a card placed) without a command."""
        self.state = referee.fold(self.game, events, self.state)
        return self

    def adjusted(self, **fields: Any) -> Given:
        """Set state fields directly (for positions that events cannot reach cheaply)."""
        self.state = msgspec.structs.replace(self.state, **fields)
        return self

    def when(self, seat: int, command: Command, seed: int = 0) -> When:
        """Send one command from ``seat``."""
        return When(self.game, self.state, seat, command, seed)

    def legal(self, seat: int) -> list[Command]:
        """The legal commands of ``seat`` now."""
        return self.game.legal_commands(self.state, Seat(seat))

    def to_act(self) -> set[int]:
        """The seats that may act now."""
        return set(self.game.to_act(self.state))

    def view(self, viewer: Viewer) -> Any:
        """The view of ``viewer`` now."""
        return self.game.view(self.state, viewer)


def given(game: AnyGame, *events: Event) -> Given:
    """Start a scenario of ``game`` from ``events`` (the first one sets the table up)."""
    return Given(game, events)
