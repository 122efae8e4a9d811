"""A seat forfeits on time through the service: the watch's referee records it once, and every read
says so (summary, view, timeline, export). Time is freezegun's; the tests move it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from freezegun import freeze_time

from api.service.application import Tables
from domain.seats import Seat
from domain.table import SeatForfeited
from domain.table.clocks import TableClock
from projections import documents
from projections.history import FORMAT, Asked, export, timeline
from store.settings import Settings
from tests.clocks.helpers import frozen_clock
from tests.support.service import bearer, client_for, run
from tests.support.tiny_game import PILE
from workers.timers import Watch, tend

FORFEIT = TableClock(kind="move", seconds=30, timeout="forfeit")
TAKE_ONE = b'{"type":"Take","count":1}'


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(sqlite_path=str(tmp_path / "forfeit.sqlite"))


@pytest.fixture
def tables(settings: Settings) -> Iterator[Tables]:
    with freeze_time("2026-06-01 12:00:00") as frozen:
        service = Tables(settings.eventsourcing_env(), games={PILE.id: PILE}, clock=frozen_clock)
        service.frozen = frozen  # type: ignore[attr-defined]  (the tests move the time)
        try:
            yield service
        finally:
            service.close()


def forfeited(tables: Tables) -> str:
    """Alice moves; Bob lets his 30 s run out; the watch's referee acts."""
    opening = run(tables.open("pile", ["Alice", "Bob"], seating=(FORFEIT, {})))
    game_id = str(opening.game_id)
    run(tables.submit(game_id, opening.tokens[0], TAKE_ONE))
    tables.frozen.tick(31)  # type: ignore[attr-defined]
    watch = Watch(tables.store.recorder, tables.store.games)
    assert run(tend(watch, tables, tables.clock)) == 1
    assert run(tend(watch, tables, tables.clock)) == 0  # over: the watch lets the table go
    assert not watch.tables
    return game_id


def test_the_watch_s_referee_records_one_forfeit_and_the_game_is_over(tables: Tables) -> None:
    """Rule 1 and 3: one SeatForfeited, by the referee; the game is over and cannot be played on."""
    game_id = forfeited(tables)
    loaded = tables.store.load(game_id)
    [forfeit] = [e for e in tables.store.events_of(loaded) if isinstance(e, SeatForfeited)]
    assert (forfeit.forfeiter, forfeit.seat) == (1, None)
    assert loaded.over


def test_the_summary_and_views_show_the_outcome_by_forfeit(tables: Tables) -> None:
    """The summary's outcome names the winner and the forfeit; nobody is to act; no deadline is shown."""
    game_id = forfeited(tables)
    table = tables.store.load(game_id)
    summary = documents.summary(game_id, table)
    assert summary["status"] == "over" and summary["to_act"] == []
    assert summary["outcome"].winners == (0,) and summary["forfeited"] == [1]
    assert summary["clock"]["deadlines"] == []
    view = documents.view(game_id, table, Seat(0))
    assert view["status"] == "over" and view["clock"]["deadlines"] == []


def test_the_timeline_tells_the_forfeit_and_marks_it_as_the_referee_s(tables: Tables) -> None:
    """The replay's timeline: "Bob forfeits on time.", by the referee, as its last entry."""
    game_id = forfeited(tables)
    last = timeline(tables.store.reader, game_id, None, Asked())["entries"][-1]
    assert (last["kind"], last["description"], last["by"]) == ("forfeit", "Bob forfeits on time.", "referee")


def test_a_game_over_by_forfeit_exports_complete(tables: Tables) -> None:
    """Over by forfeit is over: the export is omniscient and holds the forfeit line."""
    game_id = forfeited(tables)
    lines = export(tables.store.reader, game_id, None, 120)
    assert f'"format":"{FORMAT}"'.encode() in lines[0] and b'"complete":true' in lines[0]
    assert b'"kind":"forfeit"' in lines[-1]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_for(Settings(sqlite_path=str(tmp_path / "form.sqlite")))


def test_the_forfeit_rule_is_a_table_option_shown_in_every_read(client: TestClient) -> None:
    """``timeout: forfeit`` is accepted when a table is opened and read back in its clock."""
    clock = {"kind": "seat", "seconds": 300, "increment": 5, "timeout": "forfeit"}
    opened = client.post("/api/games", json={"game": "pile", "players": ["ann", "bob"], "clock": clock})
    assert opened.status_code in (200, 201)
    summary = client.get(f"/api/games/{opened.json()['id']}").json()
    assert summary["clock"]["timeout"] == "forfeit" and summary["forfeited"] == []


def test_over_http_the_forfeited_seat_is_refused_and_every_read_tells_the_forfeit(settings: Settings) -> None:
    """Served over the same store: Alice's move is 409 ``table/forfeited``, Bob's 409 ``rule/game_over``;
    the summary, the feed and /legal say the game is over by forfeit. Nothing is appended."""
    with freeze_time("2026-06-01 12:00:00") as frozen:  # only while the clock runs out
        tables = Tables(settings.eventsourcing_env(), games={PILE.id: PILE}, clock=frozen_clock)
        opening = run(tables.open("pile", ["Alice", "Bob"], seating=(FORFEIT, {})))
        game_id = str(opening.game_id)
        frozen.tick(31)
        assert run(tend(Watch(tables.store.recorder, tables.store.games), tables, tables.clock)) == 1
        version = tables.store.load(game_id).version
        tables.close()
    for client in client_for(settings):
        for seat, code in ((0, "table/forfeited"), (1, "rule/game_over")):
            sent = client.post(
                f"/api/games/{game_id}/commands", content=TAKE_ONE, headers=bearer(opening.tokens[seat])
            )
            assert (sent.status_code, sent.json()["error"]["code"]) == (409, code)
        summary = client.get(f"/api/games/{game_id}").json()
        assert summary["status"] == "over" and summary["version"] == version
        assert summary["outcome"]["winners"] == [1] and summary["forfeited"] == [0]
        feed = client.get(f"/api/games/{game_id}/events").json()
        assert "Alice forfeits on time." in [entry["description"] for entry in feed["events"]]
        legal = client.get(f"/api/games/{game_id}/legal", headers=bearer(opening.tokens[1])).json()
        assert legal["commands"] == []
