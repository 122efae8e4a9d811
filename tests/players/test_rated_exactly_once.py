"""A finished table is rated exactly once, however many workers ask and however often: the ratings
stream's fold knows the tables it rated, and two workers rating at once clash on the log and decide
again (store/ratings.py). The projection asks before it commits the batch that ends a table, so a
worker killed between the two asks again on restart, and is told the table is rated."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from api.service.application import Tables
from domain import ratings
from domain.table import Table
from projections.projection import GameProjection, catch_up
from projections.stores import Batch, SQLiteReadStore
from store.ratings import RatingsLog
from tests.support.service import GAMES, run, stepped_tables

TAKE_TWO, TAKE_ONE = b'{"type":"Take","count":2}', b'{"type":"Take","count":1}'


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[Tables]:
    with stepped_tables(tmp_path) as service:
        yield service


def played(tables: Tables, holders: tuple[str, str]) -> Table:
    """A pile of seven between two known players: seat 0 takes 2, 1, 2, then 2; seat 0 wins."""
    opening = run(tables.open("pile", list(holders), holders=holders))
    game_id = str(opening.game_id)
    for body in (TAKE_TWO, TAKE_ONE, TAKE_TWO, TAKE_TWO):
        seat = next(iter(tables.store.load(game_id).to_act))
        run(tables.submit(game_id, opening.tokens[int(seat)], body))
    table = tables.store.load(game_id)
    assert table.over
    return table


def test_two_workers_asked_for_the_same_table_rate_it_once(tables: Tables) -> None:
    """Rule 6: a second worker (or the same one, restarted) asking again appends nothing."""
    table = played(tables, ("ann", "bob"))
    one, two = (RatingsLog(tables.store.recorder, GAMES) for _ in range(2))
    assert one.rate(table) is not None
    assert two.rate(table) is None and one.rate(table) is None
    assert len(one.events("pile")) == 1


def test_workers_rating_tables_of_one_game_at_once_each_rate_theirs(tables: Tables) -> None:
    """Two workers rating two tables at the same moment clash on the log; the loser decides again on
    the winner's ratings, so both tables are rated, one after the other."""
    first, second = played(tables, ("ann", "bob")), played(tables, ("ann", "cid"))
    logs = [RatingsLog(tables.store.recorder, GAMES) for _ in range(2)]
    for log in logs:
        log.current("pile")  # both read the empty stream first
    threads = [
        threading.Thread(target=log.rate, args=(t,)) for log, t in zip(logs, (first, second), strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    events = logs[0].events("pile")
    assert sorted(event.table for event in events) == sorted([str(first.id), str(second.id)])
    assert ratings.recomputed(events).players["ann"].games == 2


class DiesOnce(SQLiteReadStore):
    """A read store whose first commit never happens: the worker dies after rating, before writing."""

    died = False

    def commit(self, expected: int, batch: Batch) -> bool:
        if not self.died:
            self.died = True
            raise RuntimeError("killed")
        return super().commit(expected, batch)


def test_a_worker_killed_after_rating_rates_nothing_twice(tables: Tables, tmp_path: Path) -> None:
    """The projection asks for the rating before it commits the batch that ends the table; killed
    then, it projects the same events again on restart, asks again, and the stream says it is rated.
    The leaderboard counts the table once."""
    played(tables, ("ann", "bob"))
    recorder = tables.store.recorder
    store = DiesOnce(str(tmp_path / "reads.sqlite"))
    dying = GameProjection(store, GAMES, rater=RatingsLog(recorder, GAMES).rate)
    with pytest.raises(RuntimeError, match="killed"):
        catch_up(recorder, dying)
    restarted = GameProjection(store, GAMES, rater=RatingsLog(recorder, GAMES).rate)
    catch_up(recorder, restarted)
    catch_up(recorder, restarted)  # the rating's own row, appended after the table's end
    assert len(RatingsLog(recorder, GAMES).events("pile")) == 1
    board = ratings.BOARD.decode(store.get("ratings:pile") or b"{}")
    assert board.tables == 1 and {h: r.games for h, r in board.players.items()} == {"ann": 1, "bob": 1}
