"""A seat left empty: a bot stands in until the player comes back (``domain.table.standins``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from domain.table import REFEREE, CloseOverdue, GameEventRecorded, LeaveSeat, ReturnToSeat, StandInChanged
from domain.table.clocks import TableClock
from domain.table.standins import STAND_IN, AlreadyAway, NotAway
from store.settings import Settings
from tests.clocks.helpers import TAKE_ONE, ClockedLog
from tests.support.service import bearer, client_for
from tests.support.tiny_game import PILE
from tests.table.helpers import Log


def test_a_player_who_leaves_is_stood_in_for_and_comes_back_by_moving() -> None:
    """Rules 1 and 2: the seat's bot is recorded; the player's own move records the return first."""
    log = Log(PILE)
    [left] = log.send(0, LeaveSeat())
    assert isinstance(left, StandInChanged) and (left.stand_in_for, left.bot) == (0, STAND_IN)
    assert log.table.bots[0] == STAND_IN
    back, moved = log.send(0, TAKE_ONE)
    assert isinstance(back, StandInChanged) and back.bot is None
    assert isinstance(moved, GameEventRecorded) and moved.seat == 0
    assert log.table.bots[0] is None


def test_leaving_twice_or_coming_back_when_present_is_refused() -> None:
    """A seat already stood in for cannot be left again; a present player cannot come back."""
    log = Log(PILE)
    with pytest.raises(NotAway):
        log.send(1, ReturnToSeat())
    log.send(1, LeaveSeat())
    with pytest.raises(AlreadyAway):
        log.send(1, LeaveSeat())
    log.send(1, ReturnToSeat())
    assert log.table.bots[1] is None


def test_a_seat_out_of_time_under_the_bot_rule_is_stood_in_for() -> None:
    """Rule 3: the referee plays the timed-out move, then a bot takes the seat over."""
    log = ClockedLog(PILE, TableClock(kind="move", seconds=30, timeout="bot"))
    log.wait(31)
    played, took_over = log.send(REFEREE, CloseOverdue())
    assert isinstance(played, GameEventRecorded) and played.by_referee and played.seat == 0
    assert isinstance(took_over, StandInChanged) and took_over.seat is None and took_over.bot is not None
    assert log.refolded() == log.table


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_for(Settings(sqlite_path=str(tmp_path / "away.sqlite")))


def test_over_http_the_stand_in_plays_the_seat_in_process(client: TestClient) -> None:
    """Ann leaves on her turn; the bot moves for her; the summary marks the seat as stood in for."""
    opened = client.post("/api/games", json={"game": "pile", "players": ["ann", "bob"]}).json()
    game_id, token = opened["id"], opened["tokens"][0]["token"]
    left = client.post(f"/api/games/{game_id}/commands", json={"type": "LeaveSeat"}, headers=bearer(token))
    assert left.status_code == 200, left.text
    after = client.get(f"/api/games/{game_id}", params={"min_version": left.json()["version"] + 1}).json()
    assert after["to_act"] == [1]
    assert after["seats"][0]["bot"]["standing_in"] is True
    feed = client.get(f"/api/games/{game_id}/events", headers=bearer(token)).json()["events"]
    assert feed[-1]["by"] == "bot" and feed[-1]["seat"] == 0
    assert "plays for ann" in feed[-2]["description"]
