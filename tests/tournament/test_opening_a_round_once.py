"""Opening a round's tables is the service's own reaction, exactly once on any process: two services
on one log opening the same round at once leave one opening a table and one assignment each."""

from __future__ import annotations

import asyncio
from pathlib import Path

from api.service.application import Tables
from api.service.players import Players
from api.service.tournaments import Tournaments
from domain.bots import BotSpec
from domain.table import TableOpened
from domain.table.clocks import TableClock
from domain.tournament import tournament as t
from domain.tournament.planner import Format
from store.settings import Settings
from tests.support.service import GAMES, StepClock, run

BOTS = tuple(t.BotEntrant(name=f"bot-{n}", bot=BotSpec(policy="random", level=1)) for n in range(1, 7))


def service(folder: Path) -> Tournaments:
    settings = Settings(sqlite_path=str(folder / "log.sqlite"))
    tables = Tables(settings.eventsourcing_env(), games=GAMES, clock=StepClock())
    return Tournaments(tables, Players(tables.store, "http://localhost"))


def test_two_processes_opening_one_round_open_each_table_once(tmp_path: Path) -> None:
    """Both ask at once; the log keeps the first opening of each derived table id, and the tournament
    one assignment of each table."""
    one, two = service(tmp_path), service(tmp_path)
    try:
        running = t.Running(organiser="ann", clock=TableClock(kind="move", seconds=30), bots=BOTS)
        names = [b.name for b in BOTS]
        one.log.create(t.create("cup", "pile", Format.SWISS, 2, 3, (2, 2), names, running=running))
        one.log.change("cup", lambda state: t.start(state, "ann"))

        async def both() -> None:
            await asyncio.gather(one.open_due("cup"), two.open_due("cup"))

        run(both())
        cup = one.log.current("cup")
        assert sorted((r, i) for r, i, _ in cup.tables) == [(1, 1), (1, 2), (1, 3)]
        for _, _, table in cup.tables:
            events = one.tables.store.events_of(one.tables.store.load(table))
            assert sum(isinstance(e, TableOpened) for e in events) == 1
            assert one.tables.store.load(table).state.clock == TableClock(kind="move", seconds=30)
    finally:
        one.tables.close()
        two.tables.close()
