"""Politrickers scenarios on the shared given/when/then helper, and card shorthands for stacked deals.

``given(dealt(...)).played((0, play(E(3))), ...).when(1, play(E(5))).then(...)`` builds the state by
folding events and playing commands through the referee, then checks the events (or the refusal) of
one command.
"""

from __future__ import annotations

from typing import Any

from domain.games.politrickers import POLITRICKERS
from domain.games.politrickers.cards import MIGRATION, Party, Suit, card
from domain.games.politrickers.commands import Commands, PlayCard, PlayMigration
from domain.games.politrickers.events import Events, RoundDealt
from domain.games.politrickers.state import Playing
from domain.messages import Command
from domain.seats import Seat
from tests.support import scenario

GAME = POLITRICKERS
TAILS, CLAWS = Party.TAILS, Party.CLAWS
MIG = MIGRATION


def E(value: int) -> int:
    """The Environment card of ``value``."""
    return card(Suit.ENVIRONMENT, value)


def H(value: int) -> int:
    """The Health card of ``value``."""
    return card(Suit.HEALTH, value)


def S(value: int) -> int:
    """The Safety card of ``value``."""
    return card(Suit.SAFETY, value)


def W(value: int) -> int:
    """The Welfare card of ``value``."""
    return card(Suit.WELFARE, value)


def ECO(copy: int) -> int:
    """Economy card number ``copy`` (1 to 4)."""
    return card(Suit.ECONOMY, copy)


def play(card_id: int, switch: bool = False) -> PlayCard:
    """Play ``card_id`` (spending a token to switch party first when ``switch``)."""
    return PlayCard(card=card_id, switch_party=switch)


def migrate(source: Party | None = None, switch: bool = False) -> PlayMigration:
    """Play Migration, moving a token off ``source``."""
    return PlayMigration(move_from=source, switch_party=switch)


def dealt(
    *hands: list[int],
    chair: int = 0,
    round_number: int = 1,
    parties: str = "",
    leftovers: tuple[int, ...] = (),
) -> RoundDealt:
    """A stacked deal; ``parties`` like ``"TCT"`` (default: the Chair Tails, alternating clockwise)."""
    count = len(hands)
    if parties:
        sides = tuple(TAILS if side == "T" else CLAWS for side in parties)
    else:
        sides = tuple(TAILS if (seat - chair) % count % 2 == 0 else CLAWS for seat in range(count))
    return RoundDealt(
        round_number=round_number,
        chair=Seat(chair),
        parties=sides,
        power_tokens=5,
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        leftovers=tuple(sorted(leftovers)),
    )


class When(scenario.When):
    """The result of one command (the shared helper, plus the table it left in play)."""

    def legal(self, seat: int) -> list[Commands]:
        """The legal commands of ``seat`` after the command."""
        return GAME.legal_commands(self.state, Seat(seat))

    @property
    def table(self) -> Playing:
        """The state after the command (still in play)."""
        assert isinstance(self.state, Playing)
        return self.state


class Given(scenario.Given):
    """A Politrickers state built from events and commands (the shared helper, plus the table)."""

    def when(self, seat: int, command: Command, seed: int = 0) -> When:
        """Send one command from ``seat``."""
        return When(self.game, self.state, seat, command, seed)

    def played(self, *moves: tuple[int, Command], seed: int = 0) -> Given:
        """Apply each (seat, command) through the referee."""
        super().played(*moves, seed=seed)
        return self

    def adjusted(self, **fields: Any) -> Given:
        """Set table fields directly (tokens, tricks and totals a stacked deal cannot reach cheaply)."""
        super().adjusted(**fields)
        return self

    def legal(self, seat: int) -> list[Commands]:
        """The legal commands of ``seat`` now."""
        return GAME.legal_commands(self.state, Seat(seat))

    @property
    def table(self) -> Playing:
        """The state (in play)."""
        assert isinstance(self.state, Playing)
        return self.state


def given(*events: Events) -> Given:
    """Start a Politrickers scenario from ``events``."""
    return Given(GAME, events)
