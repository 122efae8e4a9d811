"""A stream opened while the read models lack its game (a flushed Redis, projected again) is not refused.

A browser's ``EventSource`` gives up for good on any answer but 200, so a stream resumed in the
seconds a flushed Redis takes to be projected again must not be told the game does not exist: who is
watching is asked of the log instead, and the stream waits for its feed.
"""

from __future__ import annotations

import uuid

import pytest

from api.service.application import Tables
from domain.errors import GameNotFound, InvalidToken, StoreUnavailable
from domain.games import registered
from domain.seats import SPECTATOR, Seat
from domain.table import Table
from projections import queries
from projections.projection import GameProjection, catch_up
from projections.queries import ReadSide
from projections.stores import Signals, SQLiteReadStore
from tests.support.projecting import open_game
from tests.support.service import run

GAMES = registered()


def test_who_watches_a_game_the_read_models_lack_is_asked_of_the_log(tables: Tables) -> None:
    """Nothing projected yet: a seat's token is still its seat, no token the spectator; a token of no
    seat is still refused, and a game the log does not hold either is still not found."""
    game_id, tokens = open_game(tables, "politrickers", 3, seed="projected again")
    reads = ReadSide(SQLiteReadStore(), GAMES, Signals())  # an empty store: the game is not in it
    assert reads.table(game_id) is None
    asked: list[str] = []

    def log(found: str) -> Table:
        asked.append(found)
        return tables.store.load(found)

    assert run(queries.watcher(reads, log, game_id, tokens[1])) == Seat(1)
    assert run(queries.watcher(reads, log, game_id, None)) is SPECTATOR
    with pytest.raises(InvalidToken):
        run(queries.watcher(reads, log, game_id, "not-a-seat-token"))
    with pytest.raises(GameNotFound):
        run(queries.watcher(reads, log, str(uuid.uuid4()), tokens[1]))
    assert asked[:3] == [game_id] * 3


def test_a_game_the_read_models_hold_is_not_asked_of_the_log(tables: Tables) -> None:
    """The log is the fallback only: with the game projected, the read models answer alone."""
    game_id, tokens = open_game(tables, "politrickers", 3, seed="projected")
    store = SQLiteReadStore()
    reads = ReadSide(store, GAMES, Signals())
    catch_up(tables.store.recorder, GameProjection(store, GAMES))

    def log(found: str) -> Table:
        raise AssertionError("the log was asked")

    assert run(queries.watcher(reads, log, game_id, tokens[2])) == Seat(2)


class _Away(ReadSide):
    """Read models that do not answer (Redis restarting)."""

    def table(self, game_id: str) -> Table | None:
        raise StoreUnavailable("The read models are not answering.", {"stale": True})


def test_who_watches_a_game_while_the_read_models_do_not_answer_is_asked_of_the_log(tables: Tables) -> None:
    """While Redis restarts, a stream opened or resumed is not refused 503 (an ``EventSource`` would
    give up for good): its seat is checked against the log, and a stranger's token is still refused."""
    game_id, tokens = open_game(tables, "politrickers", 3, seed="redis away")
    reads = _Away(SQLiteReadStore(), GAMES, Signals())
    assert run(queries.watcher(reads, tables.store.load, game_id, tokens[0])) == Seat(0)
    with pytest.raises(InvalidToken):
        run(queries.watcher(reads, tables.store.load, game_id, "not-a-seat-token"))
