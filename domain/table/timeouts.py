"""The clock's part of a table decision: the wait each recorded move begins, and the move the referee
plays for a seat whose time ran out (:mod:`domain.table.clocks` has the rules in prose)."""

from __future__ import annotations

import hashlib
import random
from datetime import datetime

import msgspec

from domain import takeback
from domain.bots import BotSpec, choose
from domain.bots.policies import Stop
from domain.game import AnyGame
from domain.messages import Command
from domain.seats import Seat
from domain.table import clocks, forfeits
from domain.table.events import AnyTableEvent, GameEventRecorded, TableForked, TakeBackNoted
from domain.table.state import TableState, evolve_table

TIMEOUT_BOT = BotSpec(policy="greedy", level=1)
"""Who chooses the referee's move for a seat out of time, when the game names no default move."""
TIMEOUT_BOTS: dict[str, BotSpec | None] = {"move": None, "bot": BotSpec(policy="ismcts", level=1)}
"""The bot a table's ``timeout`` rule asks for (``None``: the game's default move, else ``TIMEOUT_BOT``)."""


def timed(  # noqa: PLR0917  (what a wait's end depends on)
    game: AnyGame,
    table: TableState,
    events: list[AnyTableEvent],
    mover: int | None,
    now: datetime,
    moved: int | None = None,
) -> list[AnyTableEvent]:
    """``events``, the last carrying the clock's next wait when they begin one (rule 2; ``moved``: the
    seat the referee played for, whose wait they end)."""
    rule = table.clock
    if rule is None or not rule.runs or not events or not _begins_a_wait(events):
        return events
    after = table
    for event in events:
        after = evolve_table(game, after, event)
    over = forfeits.over(game, after)
    waiting = () if over else tuple(sorted(game.to_act(after.game_state)))
    if table.timing is None:
        timing = clocks.started(rule, len(table.seat_names), now, waiting)
    else:
        timing = clocks.after(rule, table.timing, now, waiting, mover, moved)
    last = events[-1]
    if not isinstance(last, GameEventRecorded | TakeBackNoted | TableForked):
        return events
    return [*events[:-1], msgspec.structs.replace(last, timing=timing)]


def _begins_a_wait(events: list[AnyTableEvent]) -> bool:
    return any(
        isinstance(event, GameEventRecorded | TableForked)
        or (
            isinstance(event, TakeBackNoted)
            and isinstance(takeback.EVENT_DECODER.decode(event.event), takeback.TurnTakenBack)
        )
        for event in events
    )


def out_of_time(table: TableState, now: datetime) -> list[int]:
    """The seats whose time has run out at ``now`` (none once the game is over; never a seat that
    forfeited, which a bot plays on)."""
    return clocks.out_of_time(table.clock, table.timing, now, table.forfeited)


def stand_in(
    game: AnyGame, table: TableState, seat: Seat, bot: BotSpec | None = None, cut: Stop | None = None
) -> Command:
    """The move played for ``seat`` when it is not there: the game's default, else a fair bot's.

    The bot's RNG is drawn from the table's secret and version through a one-way hash, so it is the
    same on every worker and tells nobody anything about the game's own chance. ``cut``: when the
    bot's thinking must end (:func:`domain.bots.policies.choose`).
    """
    if bot is None:
        default: Command | None = game.default_move(table.game_state, seat)
        if default is not None:
            return default
    seed = hashlib.sha256(f"{table.secret}:{table.version}:{seat}:stand-in".encode()).hexdigest()
    seats = len(table.seat_names)
    return choose(game, table.game_state, seat, seats, bot or TIMEOUT_BOT, random.Random(seed), cut=cut)
