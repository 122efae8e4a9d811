"""The reaction "a table is over, so its tournament takes the result" (store/tournaments.py,
store/table_over.py): it runs in the projection, before the batch that ends the table is committed,
and the tournament's fold refuses a second result, so it happens exactly once, a killed worker too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from api.service.application import Tables
from domain.table import Table
from domain.tournament import tournament as t
from domain.tournament.planner import Format
from projections.projection import GameProjection, catch_up
from projections.stores import Batch, SQLiteReadStore
from store.table_over import table_over
from store.tournaments import TournamentLog
from tests.support.service import GAMES, run, stepped_tables

TAKE_TWO, TAKE_ONE = b'{"type":"Take","count":2}', b'{"type":"Take","count":1}'


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[Tables]:
    with stepped_tables(tmp_path) as service:
        yield service


def played(tables: Tables, names: tuple[str, ...]) -> Table:
    """A pile of seven between two guests, taken 2, 1, 2, then 2: one of them wins."""
    opening = run(tables.open("pile", list(names)))
    game_id = str(opening.game_id)
    for body in (TAKE_TWO, TAKE_ONE, TAKE_TWO, TAKE_TWO):
        seat = next(iter(tables.store.load(game_id).to_act))
        run(tables.submit(game_id, opening.tokens[int(seat)], body))
    return tables.store.load(game_id)


def a_round_played(tables: Tables) -> TournamentLog:
    """A one-round pile tournament of four, its two tables opened, assigned and played to the end."""
    log = TournamentLog(tables.store.recorder)
    log.create(t.create("cup", "pile", Format.SWISS, 1, 1, (2, 2), ["ann", "bob", "cid", "dee"]))
    (paired,) = log.change("cup", t.pair_next)
    assert isinstance(paired, t.RoundPaired)
    for index, seated in enumerate(paired.pairing.tables, start=1):
        table = played(tables, seated)
        log.change("cup", lambda state, index=index, table=table: t.assign(state, 1, index, str(table.id)))
    return log


class DiesOnce(SQLiteReadStore):
    """A read store whose first commit never happens: the worker dies after reacting, before writing."""

    died = False

    def commit(self, expected: int, batch: Batch) -> bool:
        if not self.died:
            self.died = True
            raise RuntimeError("killed")
        return super().commit(expected, batch)


def test_each_finished_table_gives_its_result_once_though_the_worker_died_and_projected_again(
    tables: Tables, tmp_path: Path
) -> None:
    """Killed after the reaction, the projection reads the same ends again and reacts again: the
    tournament holds each table's result once, and the last one finished it."""
    log = a_round_played(tables)
    recorder = tables.store.recorder
    store = DiesOnce(str(tmp_path / "reads.sqlite"))
    with pytest.raises(RuntimeError, match="killed"):
        catch_up(recorder, GameProjection(store, GAMES, rater=table_over(recorder, GAMES)))
    catch_up(recorder, GameProjection(store, GAMES, rater=table_over(recorder, GAMES)))
    cup = log.current("cup")
    assert [(r.round, r.index) for r in cup.results] == [(1, 1), (1, 2)]
    assert cup.finished
    assert [type(e).__name__ for e in log.events("cup")].count("ResultTaken") == 2
    points = {row.entrant: row.points for row in cup.standings()}
    assert sorted(sorted(points[e] for e in table) for table in cup.pairings[0].tables) == [[0, 2], [0, 2]]


def test_a_table_of_no_tournament_is_passed_over_and_an_unknown_tournament_is_not_found(
    tables: Tables,
) -> None:
    """A table nobody assigned gives no result; reading a tournament that is not there is refused."""
    log = TournamentLog(tables.store.recorder)
    assert log.take(played(tables, ("eve", "fay"))) == []
    with pytest.raises(t.TournamentNotFound):
        log.current("nothing")
