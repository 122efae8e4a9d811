"""A seat left empty: a bot stands in for its player until the player comes back.

1. A seated player may leave (:class:`LeaveSeat`); a bot (:data:`STAND_IN`) plays the seat from then
   on, through the command path a person's moves take, and the log says a bot played each move.
2. The player comes back by :class:`ReturnToSeat`, or simply by sending a move of their own: the
   table records the return first, then decides the move.
3. When a table's clock rule is ``timeout: bot``, a seat whose time runs out is stood in for the same
   way (the referee asks; see :mod:`domain.table.clocks`).
"""

from __future__ import annotations

from typing import Any

from domain.bots import BotSpec
from domain.errors import GameIsOver, RuleError
from domain.game import AnyGame
from domain.messages import Command
from domain.seats import Seat
from domain.table import forfeits
from domain.table.events import AnyTableEvent, LeaveSeat, StandInChanged
from domain.table.state import TableState

STAND_IN = BotSpec(policy="ismcts", level=1)
"""The bot that plays a seat its player left."""


class AlreadyAway(RuleError):
    """Raised when a player leaves a seat a bot already plays."""

    code = "table/already_away"


class NotAway(RuleError):
    """Raised when a player comes back to a seat no bot stands in for."""

    code = "table/not_away"


def standing_in(table: TableState, seat: int) -> BotSpec | None:
    """The bot playing ``seat`` (from the start, or standing in), ``None`` when its player does."""
    return table.bots[seat] if seat < len(table.bots) else None


def seated_bots(table: TableState) -> dict[int, BotSpec]:
    """The seats a bot plays from the start (named for it, holding no token): not a stand-in for a
    player who left. An export's header and a fork carry these."""
    return {
        seat: spec
        for seat, spec in enumerate(table.bots)
        if spec is not None and table.token_digests[seat] is None
    }


def decide(game: AnyGame, table: TableState, seat: Seat, command: Command, ctx: Any) -> list[AnyTableEvent]:
    """Leaving (rule 1) or coming back (rule 2)."""
    away = standing_in(table, seat) is not None
    if isinstance(command, LeaveSeat):
        if forfeits.over(game, table):
            raise GameIsOver("The game is over.")
        if away:
            raise AlreadyAway("A bot already plays this seat.")
        return [changed(table, seat, seat, STAND_IN, ctx)]
    if not away:
        raise NotAway("Nobody stands in for this seat.")
    return [changed(table, seat, seat, None, ctx)]


def returning(table: TableState, seat: Seat, ctx: Any) -> list[AnyTableEvent]:
    """Rule 2: a player's own move (not its bot's) brings the player back first."""
    if ctx.bot or standing_in(table, seat) is None:
        return []
    return [changed(table, seat, seat, None, ctx)]


def changed(  # noqa: PLR0917  (what the event records)
    table: TableState, asker: int | None, seat: int, bot: BotSpec | None, ctx: Any, to_the_end: bool = False
) -> StandInChanged:
    """The event recording that ``bot`` now plays ``seat`` (``None``: its player again; ``to_the_end``:
    for good, the seat having forfeited)."""
    return StandInChanged(
        **ctx.stamp(table.version + 1, asker),
        stand_in_for=seat,
        bot=bot,
        to_the_end=to_the_end,
    )
