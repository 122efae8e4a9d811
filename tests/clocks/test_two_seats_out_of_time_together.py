"""Two seats asked at once and out of time together: Super PACS's simultaneous leader pick.

Clock rule 2 (``domain.table.clocks``): a seat still waited for after another seat's move goes on
waiting, its deadline per move where it was; so when two seats run out together the referee plays for
each of them, and neither is given a fresh minute by the other's move. With ``timeout: forfeit``
(``domain.table.forfeits`` rules 1 and 3) they forfeit together in one referee act, and share a place.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from uuid import UUID

import msgspec
import pytest
from freezegun import freeze_time

from api.service.application import Tables
from domain.games.super_pacs import SUPER_PACS
from domain.games.super_pacs.commands import PickLeader
from domain.messages import Outcome
from domain.table import (
    REFEREE,
    AnyTableEvent,
    CloseOverdue,
    GameEventRecorded,
    NothingOverdue,
    SeatForfeited,
    StandInChanged,
    Table,
    fold_table,
)
from domain.table.clocks import TableClock, deadlines
from domain.table.forfeits import acts, outcome, over, to_act
from store import stored
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


def picked(log: ClockedLog, seat: int) -> None:
    """``seat`` picks its first offered leader (in time)."""
    [offer, *_] = log.table.game_state.offers[seat]
    log.send(seat, PickLeader(leader=offer))


def forfeits_of(events: list[AnyTableEvent]) -> list[tuple[int, bool]]:
    return [(e.forfeiter, e.together) for e in events if isinstance(e, SeatForfeited)]


def test_seats_out_of_time_at_the_same_referee_act_forfeit_together_in_that_act() -> None:
    """Forfeit rule 1: both seats out of time forfeit in the one act, one event each, lowest first,
    the second marked as forfeiting together with the first."""
    log = ClockedLog(SUPER_PACS, FORFEIT)
    log.wait(61)
    decided = log.send(REFEREE, CloseOverdue())
    assert forfeits_of(decided) == [(0, False), (1, True)]
    assert all(isinstance(e, SeatForfeited) for e in decided)  # the game is over: no bot stands in
    assert log.table.forfeited == (0, 1) and acts(log.table) == [(0, 1)]


def test_when_nobody_is_left_in_the_game_nobody_wins_and_they_share_the_last_place() -> None:
    """Forfeit rule 3: with none left the game is over, nobody wins, and the two seats that forfeited in
    one act share one place; nothing is overdue any more."""
    log = ClockedLog(SUPER_PACS, FORFEIT)
    log.wait(61)
    log.send(REFEREE, CloseOverdue())
    assert over(SUPER_PACS, log.table) and to_act(SUPER_PACS, log.table) == frozenset()
    assert outcome(SUPER_PACS, log.table) == Outcome(
        scores=(0, 0), ranking=((0, 1),), winners=(), tiebreak="forfeited on time: seat 0, seat 1"
    )
    log.wait(3600)
    with pytest.raises(NothingOverdue):
        log.send(REFEREE, CloseOverdue())


def test_of_three_seats_the_two_out_of_time_forfeit_in_one_act_and_the_third_wins() -> None:
    """Forfeit rules 1 and 3: seat 2 picked in time; seats 0 and 1 run out together and forfeit in the
    one act; the one seat left wins, the two share the place after it."""
    log = ClockedLog(SUPER_PACS, FORFEIT, seats=3)
    log.wait(20)
    picked(log, 2)
    log.wait(41)
    assert forfeits_of(log.send(REFEREE, CloseOverdue())) == [(0, False), (1, True)]
    assert outcome(SUPER_PACS, log.table) == Outcome(
        scores=(0, 0, 0), ranking=((2,), (0, 1)), winners=(2,), tiebreak="forfeited on time: seat 0, seat 1"
    )


def test_of_four_seats_two_forfeit_together_and_a_bot_plays_each_on() -> None:
    """Forfeit rules 1 and 4: two seats left, so the game goes on, a bot standing in for each seat that
    forfeited; neither seat's clock counts any more."""
    log = ClockedLog(SUPER_PACS, FORFEIT, seats=4)
    log.wait(20)
    picked(log, 1)
    picked(log, 3)
    log.wait(41)
    decided = log.send(REFEREE, CloseOverdue())
    assert forfeits_of(decided) == [(0, False), (2, True)]
    stand_ins = [e.stand_in_for for e in decided if isinstance(e, StandInChanged) and e.to_the_end]
    assert stand_ins == [0, 2]
    assert not over(SUPER_PACS, log.table)
    assert deadlines(FORFEIT, log.table.timing, log.table.forfeited) == {}


def test_the_latest_act_ranks_first_and_one_act_s_seats_share_a_place() -> None:
    """Forfeit rule 3 over several acts: seat 3 forfeited alone, later seats 0 and 1 together; seat 2 wins,
    then seats 0 and 1 (they lasted longer), then seat 3."""
    log = ClockedLog(SUPER_PACS, FORFEIT, seats=4)
    table = msgspec.structs.replace(log.table, forfeited=(3, 0, 1), forfeited_together=(1,))
    assert acts(table) == [(3,), (0, 1)]
    ruled = outcome(SUPER_PACS, table)
    assert ruled is not None and ruled.ranking == ((2,), (0, 1), (3,)) and ruled.winners == (2,)


def _without_together(state: bytes) -> dict[str, object]:
    row: dict[str, object] = msgspec.json.decode(state)
    row.pop("together", None)
    return row


def test_a_log_written_before_the_ruling_folds_each_forfeit_as_its_own_act() -> None:
    """A stored forfeit without ``together`` (every older log) decodes as one act a seat: two
    forfeits one after another rank apart, the later first, as they always did; the new field
    survives storage and snapshots."""
    log = ClockedLog(SUPER_PACS, FORFEIT, seats=3)
    picked(log, 2)
    log.wait(61)
    log.send(REFEREE, CloseOverdue())
    rows = [(stored.encode_event(e), e.version) for e in log.events if isinstance(e, SeatForfeited)]
    assert [b'"together":true' in state for (_, state), _ in rows] == [False, True]
    older = [  # the rows as a log written before the ruling holds them
        stored.decode_event(topic, msgspec.json.encode(_without_together(state)), version)
        for (topic, state), version in rows
    ]
    assert [event.together for event in older if isinstance(event, SeatForfeited)] == [False, False]
    table = fold_table(SUPER_PACS, older, log.states[-3])
    assert table is not None and table.forfeited == (0, 1) and acts(table) == [(0,), (1,)]
    ruled = outcome(SUPER_PACS, table)
    assert ruled is not None and ruled.ranking == ((2,), (1,), (0,))
    refolded = log.refolded()
    assert refolded is not None and acts(refolded) == [(0, 1)]  # the new field round-trips
    again = stored.decode_snapshot(
        stored.encode_snapshot(refolded), refolded.version, {SUPER_PACS.id: SUPER_PACS}
    )
    assert acts(again) == [(0, 1)]  # and so does a snapshot


def test_over_http_two_seats_out_of_time_together_both_get_the_referee_s_pick(tmp_path: Path) -> None:
    """Through the service and its watch (time frozen), then read over HTTP: each seat's pick was the
    referee's, every reader is shown the same clock, and the next wait is a whole minute from then."""
    settings = Settings(sqlite_path=str(tmp_path / "together.sqlite"))
    with freeze_time("2026-06-01 12:00:00") as frozen:
        tables = Tables(settings.eventsourcing_env(), games={SUPER_PACS.id: SUPER_PACS}, clock=frozen_clock)
        opening = run(tables.open(SUPER_PACS.id, ["Ann", "Bob"], seating=(PER_MOVE, {})))
        game_id = str(opening.game_id)
        frozen.tick(61)
        watch = Watch(tables.store.recorder, tables.store.games)
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
