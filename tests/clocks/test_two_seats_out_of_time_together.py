"""Two seats asked at once and out of time together: Super PACS's simultaneous leader pick.

Clock rule 2 (``domain.table.clocks``): a seat still waited for after another seat's move goes on
waiting, its deadline per move where it was; so when two seats run out together the referee plays for
each of them, and neither is given a fresh minute by the other's move.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from uuid import UUID

import pytest
from freezegun import freeze_time

from api.service.application import Tables
from domain.games.super_pacs import SUPER_PACS
from domain.games.super_pacs.commands import PickLeader
from domain.seats import Seat
from domain.table import (
    REFEREE,
    CloseOverdue,
    GameEventRecorded,
    NothingOverdue,
    Table,
    TableContext,
    decide_table,
)
from domain.table.clocks import TableClock, deadlines
from store.settings import Settings
from tests.clocks.helpers import ClockedLog, frozen_clock
from tests.support.service import bearer, client_for, run
from tests.table.helpers import START
from workers.timers import Watch, tend

PER_MOVE = TableClock(kind="move", seconds=60)
FORFEIT = TableClock(kind="move", seconds=60, timeout="forfeit")
GAME_ID = UUID(int=1)
"""Any id: the rule tests' tables are never stored."""


def waited(log: ClockedLog) -> frozenset[int]:
    return Table(GAME_ID, SUPER_PACS, log.table).to_act


def picked_by_referee(log: ClockedLog) -> list[int]:
    return [
        e.seat for e in log.events if isinstance(e, GameEventRecorded) and e.by_referee if e.seat is not None
    ]


def test_both_seats_pick_their_leader_at_once_with_the_same_deadline() -> None:
    """Setup rule 5 with rule 2: the leader pick waits for every seat, each with the whole minute."""
    log = ClockedLog(SUPER_PACS, PER_MOVE)
    assert waited(log) == {0, 1}
    due = START + timedelta(seconds=60)
    assert deadlines(PER_MOVE, log.table.timing) == {0: due, 1: due}


def test_when_two_seats_run_out_together_the_referee_plays_for_each_of_them() -> None:
    """Rule 2 and 3: the referee's pick for seat 0 gives seat 1 no fresh minute; its time is still up,
    so the referee picks for it too, and then nothing is overdue until the next wait runs out."""
    log = ClockedLog(SUPER_PACS, PER_MOVE)
    log.wait(61)
    log.send(REFEREE, CloseOverdue())
    assert picked_by_referee(log) == [0]
    assert waited(log) == {1}
    assert deadlines(PER_MOVE, log.table.timing)[1] <= log.now  # not a fresh minute
    log.send(REFEREE, CloseOverdue())
    assert sorted(set(picked_by_referee(log))) == [0, 1]  # the last pick also reveals the leaders
    log.wait(1)
    with pytest.raises(NothingOverdue):
        log.send(REFEREE, CloseOverdue())


def test_a_seat_still_waited_for_keeps_its_deadline_when_another_seat_moves() -> None:
    """Rule 2: seat 0 picks after 20 s; seat 1's pick is still due 60 s after the pick began, not 80."""
    log = ClockedLog(SUPER_PACS, PER_MOVE)
    log.wait(20)
    [offer, *_] = log.table.game_state.offers[0]
    log.send(0, PickLeader(leader=offer))
    assert waited(log) == {1}
    assert deadlines(PER_MOVE, log.table.timing) == {1: START + timedelta(seconds=60)}
    assert Table(GAME_ID, SUPER_PACS, log.table).due == START + timedelta(seconds=60)


def test_when_two_seats_run_out_together_each_forfeits_though_a_bot_plays_the_first_on() -> None:
    """Forfeit rules 1 and 4 with clock rule 2: seat 0 forfeits and its bot picks for it; that pick
    gives seat 1 no fresh minute, so the referee's next act forfeits seat 1 too."""
    log = ClockedLog(SUPER_PACS, FORFEIT, seats=3)
    log.wait(61)
    log.send(REFEREE, CloseOverdue())
    assert log.table.forfeited == (0,)
    [offer, *_] = log.table.game_state.offers[0]
    bot = TableContext(now=log.now, command_id="bot", digest="bot", bot="ismcts")
    log._append(decide_table(SUPER_PACS, log.table, Seat(0), PickLeader(leader=offer), bot))
    assert deadlines(FORFEIT, log.table.timing, log.table.forfeited)[1] <= log.now
    log.send(REFEREE, CloseOverdue())
    assert log.table.forfeited == (0, 1)


def test_over_http_two_seats_out_of_time_together_both_get_the_referee_s_pick(tmp_path: Path) -> None:
    """Through the service and its watch (time frozen), then read over HTTP: each seat's pick was the
    referee's, every reader is shown the same clock, and the next wait is a whole minute from then."""
    settings = Settings(sqlite_path=str(tmp_path / "together.sqlite"))
    with freeze_time("2026-06-01 12:00:00") as frozen:
        tables = Tables(settings.eventsourcing_env(), games={SUPER_PACS.id: SUPER_PACS}, clock=frozen_clock)
        opening = run(tables.open(SUPER_PACS.id, ["Ann", "Bob"], seating=(PER_MOVE, {})))
        game_id = str(opening.game_id)
        frozen.tick(61)
        watch = Watch(tables.recorder, tables.games)
        acted = run(tend(watch, tables, tables.clock)) + run(tend(watch, tables, tables.clock))
        tables.close()
    assert acted == 2
    for client in client_for(settings, {SUPER_PACS.id: SUPER_PACS}):
        feed = client.get(f"/api/games/{game_id}/events").json()["events"]
        picks = [entry for entry in feed if entry["event"]["type"] == "LeaderPickedUnseen"]
        assert [(entry["seat"], entry["by"]) for entry in picks] == [(0, "referee"), (1, "referee")]
        assert picks[1]["description"].startswith("Time ran out for Bob; the referee played for them")
        reads = [
            client.get(f"/api/games/{game_id}").json()["clock"],
            client.get(f"/api/games/{game_id}/view").json()["clock"],
            *(
                client.get(f"/api/games/{game_id}/view", headers=bearer(t)).json()["clock"]
                for t in opening.tokens.values()
            ),
        ]
        assert all(read == reads[0] for read in reads)  # one deadline for every seat: nothing to tell apart
        [deadline] = reads[0]["deadlines"]
        assert deadline["at"].startswith("2026-06-01T12:02:01")
