"""Forfeit on time, decided by the table alone (``domain.table.forfeits`` has the rules in prose)."""

from __future__ import annotations

from uuid import UUID

import msgspec
import pytest

from domain.errors import GameIsOver
from domain.games.politrickers import POLITRICKERS
from domain.messages import Outcome
from domain.playout import play_random_game
from domain.seats import SPECTATOR, Seat
from domain.table import (
    REFEREE,
    CloseOverdue,
    GameEventRecorded,
    LeaveSeat,
    NothingOverdue,
    ReturnToSeat,
    SeatForfeited,
    StandInChanged,
    Table,
    TableContext,
    decide_table,
    digest_of,
    played_by,
    told,
)
from domain.table.clocks import TableClock
from domain.table.forfeits import FORFEIT_BOT, Forfeited, outcome, over, to_act
from domain.takeback import RequestTakeBack
from tests.clocks.helpers import TAKE_ONE, ClockedLog
from tests.support.tiny_game import PILE

FORFEIT = TableClock(kind="move", seconds=30, timeout="forfeit")

GAME_ID = UUID(int=1)
"""Any id: these tables are never stored."""


def forfeited_pile() -> ClockedLog:
    log = ClockedLog(PILE, FORFEIT)
    log.send(0, TAKE_ONE)
    log.wait(31)
    return log


def test_a_seat_out_of_time_forfeits_and_its_opponent_wins_a_two_player_game() -> None:
    """Rules 1 and 3: the referee records the forfeit (no move), and the one seat left wins."""
    log = forfeited_pile()
    [forfeit] = log.send(REFEREE, CloseOverdue())
    assert isinstance(forfeit, SeatForfeited)
    assert (forfeit.forfeiter, forfeit.seat) == (1, None)
    assert log.table.game_state.stones == 6  # nothing was played for seat 1
    assert over(PILE, log.table) and not PILE.is_over(log.table.game_state)
    assert outcome(PILE, log.table) == Outcome(
        scores=(0, 0), ranking=((0,), (1,)), winners=(0,), tiebreak="forfeited on time: seat 1"
    )
    assert to_act(PILE, log.table) == frozenset()


def test_a_game_won_by_forfeit_waits_for_nobody_and_refuses_every_command() -> None:
    """Rule 2 and 3: nothing is due, the referee finds nothing overdue, and no seat may act."""
    log = forfeited_pile()
    log.send(REFEREE, CloseOverdue())
    log.wait(3600)
    assert Table(GAME_ID, PILE, log.table).due is None
    with pytest.raises(NothingOverdue):
        log.send(REFEREE, CloseOverdue())
    with pytest.raises(GameIsOver):
        log.send(0, TAKE_ONE)
    with pytest.raises(Forfeited) as refused:
        log.send(1, RequestTakeBack())
    assert refused.value.code == "table/forfeited"
    table = Table(GAME_ID, PILE, log.table)
    assert table.legal(0, log.now) == table.legal(1, log.now) == []


def test_a_forfeit_folds_the_same_from_the_stored_log() -> None:
    """The forfeit is a stored table event: the log folded from its bytes gives the same table."""
    log = forfeited_pile()
    log.send(REFEREE, CloseOverdue())
    refolded = log.refolded()
    assert refolded is not None and refolded.forfeited == (1,) == log.table.forfeited
    assert outcome(PILE, refolded) == outcome(PILE, log.table)


def test_a_forfeit_is_told_to_every_viewer_as_the_referee_s() -> None:
    """The feed says who forfeited, by name; the timeline and replay mark it as the referee's."""
    log = forfeited_pile()
    [forfeit] = log.send(REFEREE, CloseOverdue())
    for viewer in (Seat(0), Seat(1), SPECTATOR):
        said = told(PILE, forfeit, viewer, ("Alice", "Bob"))
        assert (said.kind, said.event, said.sentence) == ("forfeit", {"seat": 1}, "Bob forfeits on time.")
    assert played_by(forfeit) == {"by": "referee"}


def test_a_table_whose_rule_is_a_move_plays_one_rather_than_forfeiting() -> None:
    """The default rule is unchanged: the referee plays the seat's move and nobody forfeits."""
    log = ClockedLog(PILE, TableClock(kind="move", seconds=30))
    log.wait(31)
    [played] = log.send(REFEREE, CloseOverdue())
    assert isinstance(played, GameEventRecorded) and played.by_referee
    assert log.table.forfeited == ()


def three_seats_forfeited() -> ClockedLog:
    log = ClockedLog(POLITRICKERS, FORFEIT, seats=3)
    log.wait(31)
    return log


def test_with_three_seats_the_game_goes_on_with_a_bot_for_the_seat_that_forfeited() -> None:
    """Rule 4: the forfeit, then a bot stands in; the seat's clock no longer counts."""
    log = three_seats_forfeited()
    [seat] = sorted(POLITRICKERS.to_act(log.table.game_state))
    forfeit, stand_in = log.send(REFEREE, CloseOverdue())
    assert isinstance(forfeit, SeatForfeited) and forfeit.forfeiter == seat
    assert isinstance(stand_in, StandInChanged) and stand_in.bot == FORFEIT_BOT and stand_in.to_the_end
    sentence = told(POLITRICKERS, stand_in, SPECTATOR, ("Ann", "Bob", "Cy")).sentence
    assert sentence.endswith(f"plays for {('Ann', 'Bob', 'Cy')[seat]} to the end of the game.")
    assert not over(POLITRICKERS, log.table) and to_act(POLITRICKERS, log.table) == {seat}
    assert Table(GAME_ID, POLITRICKERS, log.table).due is None  # only the forfeited seat is waited for
    with pytest.raises(NothingOverdue):
        log.send(REFEREE, CloseOverdue())


def test_the_player_of_a_forfeited_seat_may_not_come_back_but_its_bot_plays_on() -> None:
    """Rule 2 and 4: the player's moves and returns are refused; the bot's move is recorded."""
    log = three_seats_forfeited()
    log.send(REFEREE, CloseOverdue())
    seat = log.table.forfeited[0]
    move = POLITRICKERS.legal_commands(log.table.game_state, Seat(seat))[0]
    for command in (move, ReturnToSeat(), LeaveSeat()):
        with pytest.raises(Forfeited):
            log.send(seat, command)
    ctx = TableContext(now=log.now, command_id="bot:0", digest=digest_of(seat, b"bot"), bot="ismcts")
    played = decide_table(POLITRICKERS, log.table, Seat(seat), move, ctx)
    assert played and all(isinstance(event, GameEventRecorded) for event in played)


def finished_politrickers(forfeited: tuple[int, ...]) -> tuple[Outcome, Outcome | None]:
    """A finished 3-seat game's own outcome, and the table's once ``forfeited`` forfeited."""
    log = ClockedLog(POLITRICKERS, TableClock(), seats=3)
    state, _ = play_random_game(POLITRICKERS, 3, 3)
    table = msgspec.structs.replace(log.table, game_state=state, forfeited=forfeited)
    played = POLITRICKERS.outcome(state)
    assert played is not None
    return played, outcome(POLITRICKERS, table)


def test_a_game_that_ends_by_its_own_rules_ranks_the_forfeited_seat_last() -> None:
    """Rule 4: the game's scores stand; the forfeited seat leaves its place and is ranked last."""
    played, ruled = finished_politrickers((0,))
    assert ruled is not None and ruled.scores == played.scores
    assert ruled.ranking[-1] == (0,)
    assert 0 not in ruled.winners and ruled.winners
    assert sorted(seat for group in ruled.ranking for seat in group) == [0, 1, 2]
    assert ruled.tiebreak.endswith("forfeited on time: seat 0")


def test_every_seat_ranks_once_whoever_forfeited() -> None:
    """Rule 4, for every seat that may forfeit: each seat is ranked exactly once, the forfeited last."""
    for seat in range(3):
        played, ruled = finished_politrickers((seat,))
        assert ruled is not None and ruled.ranking[-1] == (seat,)
        assert sorted(s for group in ruled.ranking for s in group) == [0, 1, 2]
        kept = [s for s in played.winners if s != seat]
        assert list(ruled.winners) == kept or (not kept and ruled.winners == ruled.ranking[0])
