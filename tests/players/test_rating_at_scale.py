"""At scale: the ratings are made by the projection workers that share the partitions (PostgreSQL log,
Redis read models), once per finished table whichever worker meets it, and a rebuild of the partitions
into a fresh prefix holds the very same leaderboard."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from api.service.application import Tables
from domain import ratings
from projections.partitions import Share, rebuild_partitions
from projections.redis_store import RedisReadStore
from store.ratings import RatingsLog
from tests.players.test_rated_exactly_once import played
from tests.support.projecting import REDIS_URL, postgres_schema, redis_prefix, scale_settings
from tests.support.service import GAMES

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

PARTITIONS = 4


@pytest.fixture
def log() -> Iterator[tuple[Tables, str]]:
    with postgres_schema() as schema, redis_prefix() as prefix:
        tables = Tables(scale_settings(schema, prefix).eventsourcing_env(), games=GAMES)
        yield tables, prefix
        tables.close()


def caught_up(workers: list[Share], head: int) -> None:
    for _ in range(100):
        for worker in workers:
            worker.step(page=5)
        if all(min(worker.positions().values()) >= head for worker in workers):
            return
    raise AssertionError("the workers never reached the log's head")


def test_two_workers_sharing_the_partitions_rate_each_table_once(log: tuple[Tables, str]) -> None:
    """Three tables of known players end; two workers holding two partitions each project them: each
    table is rated once, the leaderboard counts three tables, and a rebuild elsewhere agrees."""
    tables, prefix = log
    for pair in (("ann", "bob"), ("bob", "cid"), ("ann", "cid")):
        played(tables, pair)
    workers = [Share(tables.store.recorder, REDIS_URL, prefix, PARTITIONS, GAMES) for _ in range(2)]
    try:
        workers[0].hold([0, 1])
        workers[1].hold([2, 3])
        recorder = tables.store.recorder
        caught_up(workers, recorder.max_notification_id() or 0)
        caught_up(workers, recorder.max_notification_id() or 0)  # the ratings' own rows
        board = ratings.BOARD.decode(RedisReadStore(REDIS_URL, prefix).get("ratings:pile") or b"{}")
    finally:
        for worker in workers:
            worker.close()
    assert len(RatingsLog(recorder, GAMES).events("pile")) == 3
    games = {handle: rating.games for handle, rating in board.players.items()}
    assert board.tables == 3 and games == {"ann": 2, "bob": 2, "cid": 2}
    with redis_prefix() as other:
        rebuild_partitions(recorder, REDIS_URL, other, PARTITIONS, GAMES)
        rebuilt = RedisReadStore(REDIS_URL, other).get("ratings:pile")
    assert rebuilt is not None and ratings.BOARD.decode(rebuilt) == board
