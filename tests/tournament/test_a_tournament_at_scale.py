"""At scale (PostgreSQL log, Redis read models): two services on one log (one starts the tournament,
the other is the timer worker's, whose watch opens each round paired), two projection workers sharing
the partitions, and one of them dropped mid-round (killed: it writes nothing more) while a fresh one
takes its partitions over. Every table still finishes, each result is taken once, and the read model
in Redis holds the standings the log's fold gives."""

from __future__ import annotations

import pytest

from api.players.application import Players
from api.service.application import Tables
from api.tournaments.application import Tournaments
from domain.bots import BotSpec
from domain.table.clocks import TableClock
from domain.tournament import tournament as t
from domain.tournament.planner import Format
from projections.partitions import Share
from projections.redis_store import RedisReadStore
from projections.tournaments import DOCUMENT, document_key
from tests.support.projecting import REDIS_URL, postgres_schema, redis_prefix, scale_settings
from tests.support.service import GAMES, StepClock, run
from tests.support.waiting import until
from workers.timers import Watch, tend

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

PARTITIONS = 4
BOTS = tuple(t.BotEntrant(name=f"bot-{n}", bot=BotSpec(policy="random", level=1)) for n in range(1, 7))


def service(settings: object) -> Tournaments:
    tables = Tables(settings.eventsourcing_env(), games=GAMES, clock=StepClock())  # type: ignore[attr-defined]
    tables.bot_pause = 0.0
    return Tournaments(tables, Players(tables.store, "http://localhost"))


def test_a_tournament_runs_itself_at_scale_though_a_projection_worker_dies_mid_round() -> None:
    """Six bots, two rounds of pile: round 2 is paired by a projection worker's reaction and opened by
    the timer worker's watch; the worker killed mid-round costs nothing."""
    with postgres_schema() as schema, redis_prefix() as prefix:
        settings = scale_settings(schema, prefix)
        api, timers = service(settings), service(settings)
        recorder = api.tables.store.recorder
        workers = [Share(recorder, REDIS_URL, prefix, PARTITIONS, GAMES) for _ in range(2)]
        try:
            running = t.Running(organiser="ann", clock=TableClock(kind="move", seconds=30), bots=BOTS)
            names = [b.name for b in BOTS]
            api.log.create(t.create("cup", "pile", Format.SWISS, 2, 5, (2, 2), names, running=running))
            run(api.start("cup", "ann"))
            watch = Watch(timers.tables.store.recorder, GAMES)
            watch.opener = timers.open_due
            workers[0].hold([0, 1])
            workers[1].hold([2, 3])
            killed = False

            def look() -> bool:
                nonlocal killed
                run(tend(watch, timers.tables, timers.tables.clock))
                for worker in workers:
                    worker.step(page=2)
                cup = api.log.current("cup")
                if not killed and len(cup.results) % 3:  # a round with results taken and tables to go
                    killed = True  # mid-round 1: worker 0 is gone; a fresh one takes its partitions
                    workers[0] = Share(recorder, REDIS_URL, prefix, PARTITIONS, GAMES)
                    workers[0].hold([0, 1])
                return cup.finished

            until("the tournament finished", look, every=0.0)
            for _ in range(3):  # the last events into the read models
                for worker in workers:
                    worker.step()
            cup = api.log.current("cup")
        finally:
            for worker in workers:
                worker.close()
            api.tables.close()
            timers.tables.close()
        assert killed
        assert len(cup.results) == 6 and len({r.table for r in cup.results}) == 6
        shown = DOCUMENT.decode(RedisReadStore(REDIS_URL, prefix).get(document_key("cup")) or b"{}")
        assert shown["finished"]
        assert [(row["entrant"], row["points"]) for row in shown["standings"]] == [
            (row.entrant, row.points) for row in cup.standings()
        ]
