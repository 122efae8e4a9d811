"""What follows a fully played card: the turn passes on, or (after the final turn) the game ends."""

from __future__ import annotations

from domain.games.slush_fund_2.events import Events, GameEnded, TurnPassed
from domain.games.slush_fund_2.state import State


def card_done(table: State, seat: int, events: list[Events], hand_left: int) -> list[Events]:
    """``events`` plus what follows once ``seat`` has fully played a card and holds ``hand_left`` more."""
    other = 1 - seat
    if not table.final:
        return [*events, TurnPassed(seat=other)] if hand_left == 0 else events
    if table.hands[other]:
        return [*events, TurnPassed(seat=other)]
    return [*events, GameEnded()] if hand_left == 0 else events
