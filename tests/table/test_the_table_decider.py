"""The table's own rules, decided by ``domain.table`` alone: seats, receipts, the referee, choices, turns."""

from __future__ import annotations

from uuid import UUID

import msgspec
import pytest

from domain.choices import Choose, Chosen, NoSuchOption, Pass
from domain.errors import NotYourTurn
from domain.seats import Seat
from domain.table import (
    NEWCOMER,
    REFEREE,
    CloseOverdue,
    GameEventRecorded,
    IdempotencyKeyReused,
    NothingOverdue,
    NotStarted,
    ReissueSeatLink,
    SeatLinkReissued,
    Table,
    TableContext,
    TableFull,
    TableOpened,
    TakeSeat,
    decide_table,
    evolve_table,
    open_table,
    receipt_for,
)
from domain.takeback import ApproveTakeBack, RequestTakeBack, TakeBackLapsed, TurnTakenBack
from tests.support.toll_game import TOLL, WINDOW, Take
from tests.table.helpers import START, Log

GAME_ID = UUID(int=1)
"""Any id: these tables are never stored."""


def _events(decided: list[object]) -> list[object]:
    return [TOLL.event_decoder.decode(e.event) for e in decided if isinstance(e, GameEventRecorded)]


def test_a_table_with_open_seats_waits_and_the_last_seat_taken_sets_the_game_up() -> None:
    """Seats fill one by one; the setup follows the last one, in the same decision."""
    opened = TableOpened(
        version=1, at=START, game="toll", rules_version="1", seat_names=(None, None),
        token_digests=(None, None), options=msgspec.Raw(b"{}"), secret="s", seeded=True,
    )  # fmt: skip
    ctx = TableContext(now=START, command_id="o", digest="")
    [only] = open_table(TOLL, opened, ctx)
    table = evolve_table(TOLL, None, only)
    with pytest.raises(NotStarted):
        decide_table(TOLL, table, Seat(0), Take(count=1), ctx)
    for seat in (0, 1):
        decided = decide_table(TOLL, table, NEWCOMER, TakeSeat(name=f"p{seat}", token_digest="d"), ctx)
        for event in decided:
            table = evolve_table(TOLL, table, event)
    assert table.started and table.seat_names == ("p0", "p1") and len(decided) == 2
    with pytest.raises(TableFull):
        decide_table(TOLL, table, NEWCOMER, TakeSeat(name="late", token_digest="d"), ctx)


def test_a_retry_is_recognised_and_a_key_reused_for_another_command_is_refused() -> None:
    """The same id from the same seat for the same command is a retry; for another command, refused;
    from another seat, a new command (a seat never learns that another used a key)."""
    log = Log(TOLL)
    [recorded] = log.send(0, Take(count=2), command_id="k")
    receipt = receipt_for(log.table, 0, "k", recorded.command_digest)
    assert receipt is not None and (receipt.first, receipt.last) == (recorded.version, recorded.version)
    with pytest.raises(IdempotencyKeyReused):
        receipt_for(log.table, 0, "k", "another command's digest")
    assert receipt_for(log.table, 1, "k", recorded.command_digest) is None  # keys are the seat's own
    assert receipt_for(log.table, 0, "new", recorded.command_digest) is None


def test_a_victim_chooses_not_the_player() -> None:
    """Taking two puts the other seat to a choice: only it acts, among exactly the offered options."""
    log = Log(TOLL)
    log.send(0, Take(count=2))
    assert TOLL.to_act(log.table.game_state) == {Seat(1)}
    assert Table(GAME_ID, TOLL, log.table).legal(1, log.now)[:2] == [
        Choose(option="return"),
        Choose(option="forfeit"),
    ]
    assert TOLL.legal_commands(log.table.game_state, Seat(0)) == []
    with pytest.raises(NotYourTurn):
        log.send(0, Choose(option="return"))
    with pytest.raises(NoSuchOption):
        log.send(1, Pass())
    log.send(1, Choose(option="forfeit"))
    assert log.table.game_state.turn == 0 and log.table.game_state.stones == 5


def test_a_reaction_window_is_due_and_the_referee_closes_it_only_once_overdue() -> None:
    """A window every other seat may answer times out through the referee, recorded as the referee's."""
    log = Log(TOLL)
    log.send(0, Take(count=1))
    assert Table(GAME_ID, TOLL, log.table).due == START + WINDOW
    with pytest.raises(NothingOverdue):
        log.send(REFEREE, CloseOverdue())
    log.wait(WINDOW.total_seconds())
    [closed] = log.send(REFEREE, CloseOverdue())
    assert isinstance(closed, GameEventRecorded) and closed.by_referee and closed.seat is None
    assert _events([closed]) == [Chosen(seat=1, option="", by_referee=True)]
    assert not closed.final and Table(GAME_ID, TOLL, log.table).due is None
    assert TOLL.to_act(log.table.game_state) == {Seat(1)}


def test_a_turn_holds_the_other_seats_reaction_and_is_taken_back_whole() -> None:
    """The game says a turn begins with a take: the victim's answer belongs to it, and goes with it."""
    log = Log(TOLL)
    before = log.table.game_state
    log.send(0, Take(count=1))
    log.send(1, Choose(option="protest"))
    log.send(0, RequestTakeBack())
    [_, reverted] = log.send(1, ApproveTakeBack())
    told = msgspec.json.decode(reverted.event, type=TurnTakenBack)  # type: ignore[union-attr]
    assert (told.first, told.last) == (3, 5)  # the take, the protest and the stone it returned
    assert log.table.game_state == before


def test_the_referee_moving_the_game_lapses_an_open_take_back_request() -> None:
    """When the referee closes a window of the turn a request names, the request lapses, as when a seat acts.

    Found by the interleaving property: approved after the referee's answer, the request named only the
    take, yet the state it restored dropped the referee's answer too.
    """
    log = Log(TOLL)
    log.send(0, Take(count=1))
    log.send(0, RequestTakeBack())
    log.wait(WINDOW.total_seconds())
    lapsed, closed = log.send(REFEREE, CloseOverdue())
    assert msgspec.json.decode(lapsed.event, type=TakeBackLapsed) == TakeBackLapsed(reason="acted")  # type: ignore[union-attr]
    assert _events([closed]) == [Chosen(seat=1, option="", by_referee=True)]
    assert log.table.ledger.request is None
    assert ApproveTakeBack() not in Table(GAME_ID, TOLL, log.table).legal(1, log.now)


def test_the_log_folded_again_from_its_stored_bytes_is_the_table_decided() -> None:
    """Deciding and folding the stored log give the same table (one fold, no rules in it)."""
    log = Log(TOLL)
    for actor, command in ((0, Take(count=2)), (1, Choose(option="return")), (1, Take(count=1)), (0, Pass())):
        log.send(actor, command)
    assert log.refolded() == log.table


def test_a_new_seat_link_replaces_the_token_and_changes_nothing_of_the_game() -> None:
    """Rule 5: the seat's digest is replaced; the game state and the chance position stay; an open
    take-back request does not lapse; someone without a seat cannot replace anyone's link."""
    log = Log(TOLL)
    log.send(0, Take(count=1))
    log.send(0, RequestTakeBack())
    before = log.table
    [reissued] = log.send(1, ReissueSeatLink(token_digest="new"))
    assert isinstance(reissued, SeatLinkReissued) and reissued.seat == 1
    after = log.table
    assert after.token_digests[1] == "new" and after.token_digests[0] == before.token_digests[0]
    assert (after.game_state, after.effective, after.ledger) == (
        before.game_state,
        before.effective,
        before.ledger,
    )
    with pytest.raises(NotStarted):
        decide_table(
            TOLL,
            after,
            NEWCOMER,
            ReissueSeatLink(token_digest="x"),
            TableContext(now=START, command_id="n", digest=""),
        )
