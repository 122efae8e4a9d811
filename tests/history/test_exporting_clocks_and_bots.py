"""An export carries the table's clock and its bot seats; import and fork keep them.

A finished Pile game at a clocked table with a bot seat: Alice moves, leaves (a bot stands in for her),
comes back with a move of her own, lets her time run out once (the referee plays for her), and the
bot at seat 1 plays every one of its moves. Time is freezegun's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time

from api.cli import importing
from api.service.application import Tables
from api.service.forking import fork
from domain.bots import BotSpec
from domain.errors import ImportRefused
from domain.table.clocks import TableClock, deadlines
from projections.history import export
from store.settings import Settings
from tests.clocks.helpers import frozen_clock
from tests.support.service import run
from tests.support.tiny_game import PILE
from workers.timers import Watch, tend

CLOCK = TableClock(kind="seat", seconds=60, increment=5, timeout="move")
BOT = BotSpec(policy="random", level=1)
TAKE_ONE = b'{"type":"Take","count":1}'


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[Tables]:
    settings = Settings(sqlite_path=str(tmp_path / "export.sqlite"))
    freezer = freeze_time("2026-06-01 12:00:00")
    service = Tables(settings.eventsourcing_env(), games={PILE.id: PILE}, clock=frozen_clock)
    service.bot_pause = 0  # time stands still here: a bot's real pause would never end
    service.frozen = freezer.start()  # type: ignore[attr-defined]  (the tests move the time)
    service.freezer = freezer  # type: ignore[attr-defined]
    try:
        yield service
    finally:
        if service.freezer is not None:  # type: ignore[attr-defined]
            freezer.stop()
        service.close()


def thaw(tables: Tables) -> None:
    """Stop moving time by hand: an import reads only the times its log recorded (and msgspec cannot
    encode freezegun's datetimes)."""
    tables.freezer.stop()  # type: ignore[attr-defined]
    tables.freezer = None  # type: ignore[attr-defined]


def tick(tables: Tables, seconds: float) -> None:
    tables.frozen.tick(seconds)  # type: ignore[attr-defined]


def finished(tables: Tables) -> str:
    """The game described above, played to its end; its id."""
    opened = run(tables.open("pile", ["Alice", None], {"stones": 20}, seating=(CLOCK, {1: BOT})))
    game_id, alice = str(opened.game_id), opened.tokens[0]
    watch = Watch(tables.store.recorder, tables.store.games)
    for step in (TAKE_ONE, None, b'{"type":"LeaveSeat"}', None, None, TAKE_ONE, None):
        tick(tables, 2)
        if step is None:  # the bot at seat 1 moves, or the stand-in for Alice
            assert run(tend(watch, tables, tables.clock)) == 1
        else:
            run(tables.submit(game_id, alice, step))
    while not tables.store.load(game_id).over:  # Alice's clock runs out: the referee plays for her
        tick(tables, 70)
        run(tend(watch, tables, tables.clock))
    return game_id


def lines_of(tables: Tables, game_id: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in export(tables.store.reader, game_id, None, 120)]


def test_the_export_s_header_carries_the_clock_and_the_bot_seats(tables: Tables) -> None:
    """The header says the clock rule and which seat a bot plays (not a stand-in); lines say who moved."""
    header, *lines = lines_of(tables, finished(tables))
    assert header["clock"] == {"kind": "seat", "seconds": 60.0, "increment": 5.0, "timeout": "move"}
    assert header["bots"] == [{"seat": 1, "policy": "random", "level": 1}]
    assert {line.get("by") for line in lines} >= {"bot", "referee"}
    assert any(line["kind"] == "stand_in" for line in lines)


def test_an_import_keeps_the_clock_and_the_bot_seats_and_replays_the_same_log(tables: Tables) -> None:
    """Bot moves, the referee's moves and the stand-in are replayed through the rules, line for line."""
    game_id = finished(tables)
    header, *lines = lines_of(tables, game_id)
    thaw(tables)
    opening = run(importing.import_log(tables, [json.dumps(line).encode() for line in [header, *lines]]))
    copy = tables.store.load(str(opening.game_id))
    source = tables.store.load(game_id)
    assert copy.state.clock == source.state.clock == CLOCK
    assert copy.state.bots[1] == BOT and copy.state.token_digests[1] is None
    assert list(opening.tokens) == [0]  # a bot seat holds no token
    assert lines_of(tables, str(opening.game_id))[1:] == lines
    assert copy.game_state == source.game_state


def test_an_import_refuses_a_header_with_a_bad_clock(tables: Tables) -> None:
    """A clock the table options refuse is refused by the import too, and nothing is stored."""
    header, *lines = lines_of(tables, finished(tables))
    header["clock"] = {"kind": "hourglass"}
    thaw(tables)
    before = tables.store.recorder.max_notification_id()
    with pytest.raises(ImportRefused, match="clock or bots"):
        run(importing.import_log(tables, [json.dumps(line).encode() for line in [header, *lines]]))
    assert tables.store.recorder.max_notification_id() == before


def test_a_fork_keeps_the_clock_and_the_bot_seats_and_starts_the_clocks_afresh(tables: Tables) -> None:
    """Clock rule 5: the fork's first wait begins when it is made, every seat's clock full; the bot
    seat holds no token and the bot plays it."""
    game_id = finished(tables)
    tick(tables, 5)
    forked = run(fork(tables, game_id, 4))
    table = tables.store.load(forked["id"]).state
    assert table.clock == CLOCK and table.bots[1] == BOT
    assert [entry["seat"] for entry in forked["tokens"]] == [0]
    assert table.timing is not None and table.timing.left == (60.0, 60.0)
    assert table.timing.since == frozen_clock()
    assert deadlines(CLOCK, table.timing)  # somebody is waited for, on the clock


def test_a_game_won_by_forfeit_imports_with_its_forfeit(tables: Tables) -> None:
    """The referee's forfeit is replayed at its recorded time: the copy is over, won by the same seat."""
    forfeit = TableClock(kind="move", seconds=30, timeout="forfeit")
    opened = run(tables.open("pile", ["Alice", "Bob"], seating=(forfeit, {})))
    game_id = str(opened.game_id)
    run(tables.submit(game_id, opened.tokens[0], TAKE_ONE))
    tick(tables, 31)
    assert run(tend(Watch(tables.store.recorder, tables.store.games), tables, tables.clock)) == 1
    header, *lines = lines_of(tables, game_id)
    assert header["clock"]["timeout"] == "forfeit" and lines[-1]["kind"] == "forfeit"
    thaw(tables)
    opening = run(importing.import_log(tables, [json.dumps(line).encode() for line in [header, *lines]]))
    copy = tables.store.load(str(opening.game_id))
    assert copy.over and copy.state.forfeited == (1,)
    assert lines_of(tables, str(opening.game_id))[1:] == lines
