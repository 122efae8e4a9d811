"""Opening a round's tables is the service's own reaction, exactly once on any process: two services
on one log opening the same round at once leave one opening a table and one assignment each."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from api.players.application import Players
from api.service.application import Tables
from api.tournaments.application import Tournaments
from domain.bots import BotSpec
from domain.table import TableOpened
from domain.table.clocks import TableClock
from domain.tournament import tournament as t
from domain.tournament.planner import Format
from projections.projection import GameProjection, catch_up
from projections.stores import SQLiteReadStore
from projections.tournaments import RUNNING
from store.settings import Settings
from tests.support.service import GAMES, StepClock, run
from workers.timers import Watch, tend

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


def test_a_resumed_watch_opens_a_round_its_process_paired_but_never_opened(tmp_path: Path) -> None:
    """Ruling 29: the round was paired and the process stopped before opening it; a watch resumed from
    the read side (which lists the tournaments not finished) opens its tables at its first look."""
    one = service(tmp_path)
    try:
        running = t.Running(organiser="ann", clock=TableClock(kind="move", seconds=30), bots=BOTS)
        one.log.create(
            t.create("cup", "pile", Format.SWISS, 2, 3, (2, 2), [b.name for b in BOTS], running=running)
        )
        one.log.change("cup", lambda state: t.start(state, "ann"))
        reads = SQLiteReadStore(str(tmp_path / "reads.sqlite"))
        recorder: Any = one.tables.store.recorder
        catch_up(recorder, GameProjection(reads, GAMES, views=False))
        assert reads.scored(RUNNING) == [b"cup"]
        watch = Watch(recorder, GAMES)
        watch.resume(reads)
        watch.opener = one.open_due
        run(tend(watch, one.tables, one.tables.clock))
        assert len(one.log.current("cup").tables) == 3
    finally:
        one.tables.close()
