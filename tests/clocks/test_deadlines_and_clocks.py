"""The table's turn clock, decided by the table's rules (``domain.table.clocks`` has them in prose)."""

from __future__ import annotations

from datetime import timedelta
from uuid import UUID

import pytest

from domain.table import (
    REFEREE,
    CloseOverdue,
    GameEventRecorded,
    NothingOverdue,
    Table,
    TakeBackNoted,
)
from domain.table.clocks import TableClock, deadlines
from domain.takeback import ApproveTakeBack, RequestTakeBack, TakeBack
from tests.clocks.helpers import TAKE_ONE, ClockedLog
from tests.support.tiny_game import PILE
from tests.table.helpers import START

PER_MOVE = TableClock(kind="move", seconds=30)
PER_SEAT = TableClock(kind="seat", seconds=60, increment=5)

GAME_ID = UUID(int=1)
"""Any id: these tables are never stored."""


def test_the_first_wait_begins_when_the_game_is_set_up() -> None:
    """Rule 2: the seat to act at setup has the whole deadline from the moment of setup."""
    log = ClockedLog(PILE, PER_MOVE)
    assert deadlines(PER_MOVE, log.table.timing) == {0: START + timedelta(seconds=30)}
    assert Table(GAME_ID, PILE, log.table).due == START + timedelta(seconds=30)


def test_the_referee_acts_only_once_the_deadline_has_passed() -> None:
    """Rule 3: before the deadline there is nothing overdue, and nothing is appended."""
    log = ClockedLog(PILE, PER_MOVE)
    log.wait(29)
    with pytest.raises(NothingOverdue):
        log.send(REFEREE, CloseOverdue())


def test_a_move_past_its_deadline_is_played_by_the_referee_for_the_seat() -> None:
    """Rule 3: the referee's move names the seat it was played for, is final, and begins the next wait."""
    log = ClockedLog(PILE, PER_MOVE)
    log.wait(31)
    [played] = log.send(REFEREE, CloseOverdue())
    assert isinstance(played, GameEventRecorded)
    assert (played.seat, played.by_referee, played.final) == (0, True, True)
    assert log.table.game_state.stones == 6
    assert deadlines(PER_MOVE, log.table.timing) == {1: log.now + timedelta(seconds=30)}


def test_each_move_restarts_the_deadline_for_the_next_seat() -> None:
    """Rule 2: the wait for seat 1 begins when seat 0 moves."""
    log = ClockedLog(PILE, PER_MOVE)
    log.wait(20)
    log.send(0, TAKE_ONE)
    assert deadlines(PER_MOVE, log.table.timing) == {1: START + timedelta(seconds=50)}


def test_a_seat_clock_is_charged_its_thinking_time_and_earns_the_increment() -> None:
    """Rule 1: seat 0 thinks 10 s of its 60 and gets 5 back; seat 1's clock did not run meanwhile."""
    log = ClockedLog(PILE, PER_SEAT)
    log.wait(10)
    log.send(0, TAKE_ONE)
    assert log.table.timing is not None
    assert log.table.timing.left == (55.0, 60.0)
    log.wait(50)
    log.send(1, TAKE_ONE)
    assert log.table.timing.left == (55.0, 15.0)
    assert deadlines(PER_SEAT, log.table.timing) == {0: log.now + timedelta(seconds=55)}


def test_a_seat_out_of_time_has_every_later_move_played_at_once() -> None:
    """Rule 4: the referee's moves earn no increment, so the seat's next wait is over as it begins."""
    log = ClockedLog(PILE, PER_SEAT)
    log.wait(61)
    log.send(REFEREE, CloseOverdue())
    assert log.table.timing is not None and log.table.timing.left == (0.0, 60.0)
    log.send(1, TAKE_ONE)
    assert Table(GAME_ID, PILE, log.table).due == log.now
    [played] = log.send(REFEREE, CloseOverdue())
    assert isinstance(played, GameEventRecorded) and played.seat == 0 and played.by_referee


def test_a_take_back_request_buys_no_time() -> None:
    """Rule 2: asking to take a turn back begins no wait; the deadline stays where the move set it."""
    log = ClockedLog(PILE, PER_MOVE)
    log.send(0, TAKE_ONE)
    before = deadlines(PER_MOVE, log.table.timing)
    log.wait(10)
    log.send(0, RequestTakeBack())
    assert deadlines(PER_MOVE, log.table.timing) == before


def test_a_deadline_crossing_a_take_back_request_closes_both_at_once() -> None:
    """The request lapses and the waited-for seat's move is played, in one act of the referee."""
    log = ClockedLog(PILE, PER_MOVE)
    log.send(0, TAKE_ONE)
    log.send(0, RequestTakeBack())
    log.wait(121)  # past the request's 120 s and the move's 30 s
    lapsed, played = log.send(REFEREE, CloseOverdue())
    assert isinstance(lapsed, TakeBackNoted) and isinstance(played, GameEventRecorded)
    assert (played.seat, played.by_referee) == (1, True)
    assert log.table.ledger.request is None and log.table.game_state.stones == 5


def test_a_turn_taken_back_begins_a_new_wait_for_the_seat_to_act_again() -> None:
    """Rule 2: once the turn is taken back, seat 0 is waited for again, from then."""
    log = ClockedLog(PILE, PER_MOVE)
    log.send(0, TAKE_ONE)
    log.send(0, RequestTakeBack())
    log.wait(20)
    log.send(1, ApproveTakeBack())
    assert log.table.game_state.stones == 7
    assert deadlines(PER_MOVE, log.table.timing) == {0: log.now + timedelta(seconds=30)}


def test_a_move_the_referee_played_is_never_taken_back() -> None:
    """Rule 3: a seat may not run its clock out and then undo what was played for it."""
    log = ClockedLog(PILE, PER_MOVE)
    log.wait(31)
    log.send(REFEREE, CloseOverdue())
    log.send(1, TAKE_ONE)
    assert log.table.ledger.steps[-2].final


def test_the_clock_folds_the_same_from_the_stored_log() -> None:
    """The events carry what was decided: folding their stored bytes gives the same clock."""
    log = ClockedLog(PILE, PER_SEAT)
    log.wait(7)
    log.send(0, TAKE_ONE)
    log.wait(70)
    log.send(REFEREE, CloseOverdue())
    refolded = log.refolded()
    assert refolded is not None and refolded.timing == log.table.timing and refolded.clock == PER_SEAT


def test_a_table_without_a_clock_waits_for_ever() -> None:
    """Rule 1: no clock is the default; nothing is ever overdue on its account."""
    log = ClockedLog(PILE, TableClock())
    log.wait(10**6)
    assert Table(GAME_ID, PILE, log.table).due is None
    with pytest.raises(NothingOverdue):
        log.send(REFEREE, CloseOverdue())


def test_an_own_take_back_is_not_offered_for_a_referee_move() -> None:
    """The undo of one's own step never reaches a move the referee played."""
    log = ClockedLog(PILE, PER_MOVE)
    log.wait(31)
    log.send(REFEREE, CloseOverdue())
    assert TakeBack() not in Table(GAME_ID, PILE, log.table).legal(0, log.now)
