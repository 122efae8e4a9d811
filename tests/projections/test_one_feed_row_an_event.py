"""A game's feed keeps one row an event, each distinct line once, and read models of the older format
(a row for every perspective) are rebuilt before anything is served from them.

A line is built once for every perspective told alike (a public move); the row then holds that one
line. Where the game shows perspectives different things (a hand dealt, a card face down), the row
holds each distinct line and which perspective reads which, and a reader is handed only its own.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from api.service.application import Tables
from domain.games import registered
from domain.seats import SPECTATOR, Seat
from domain.table import GameEventRecorded, told_alike
from domain.visibility import PUBLIC
from projections import documents
from projections.projection import GameProjection, ReadFormatOutdated, catch_up, fit_format, outdated
from projections.redis_store import RedisReadStore
from projections.stores import Batch, SQLiteReadStore
from store.settings import Settings
from tests.support import tiny_game
from tests.support.projecting import REDIS_URL, open_game, play, redis_prefix
from workers.projections import _refuse_outdated

GAMES = registered()


def _projected(tables: Tables, game: str, seats: int, moves: int) -> tuple[str, SQLiteReadStore]:
    game_id, tokens = open_game(tables, game, seats, seed=f"rows {game}")
    play(tables, game_id, tokens, random.Random(11), moves=moves)
    store = SQLiteReadStore()
    catch_up(tables.store.recorder, GameProjection(store, GAMES))
    return game_id, store


def test_a_move_everyone_sees_alike_is_kept_as_one_line(tables: Tables) -> None:
    """A public event's row holds one line, and every perspective reads that same line."""
    game_id, store = _projected(tables, "politrickers", 4, moves=12)
    rows = store.scored(documents.feed_key(game_id))
    public = [row for row in rows if len(msgspec.json.decode(row)[0]) == 1]
    assert public, "a Politrickers card played face up is public"
    for row in public:
        lines = {documents.line_for(row, viewer) for viewer in (*map(Seat, range(4)), SPECTATOR)}
        assert len(lines) == 1


def test_a_secret_is_read_only_by_the_perspective_it_was_told_to(tables: Tables) -> None:
    """Where seats are shown different things, each seat reads its own line (its own hand, say) and the
    spectator the spectator's: one row per event, never a line of another perspective."""
    game_id, store = _projected(tables, "slush-fund-2", 2, moves=10)
    table = tables.store.load(game_id)
    moves = [e for e in tables.store.events_of(table) if isinstance(e, GameEventRecorded)]
    rows = dict(zip((e.version for e in moves), [None] * len(moves), strict=True))
    for version, row in store.page(documents.feed_key(game_id), 0, 1000):
        if version in rows:
            rows[version] = row
    private = 0
    for event in moves:
        row = rows[event.version]
        assert row is not None
        told = documents.feed_lines(table.game, event, [Seat(0), Seat(1), SPECTATOR], table.seat_names)
        read = [documents.line_for(row, viewer) for viewer in (Seat(0), Seat(1), SPECTATOR)]
        assert read == told
        private += len(set(read)) > 1
    assert private, "Slush Fund 2 deals hands no other seat may see"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_public_move_told_once_is_the_row_each_perspective_told_apart_would_make(
    tables: Tables, game: str
) -> None:
    """A move of a type the game declares public is told once for every perspective, no redaction
    asked for (``documents.feed_row_of``): the very row that telling each perspective on its own and
    keeping each distinct line once makes, for every event of a game played a while."""
    rules = GAMES[game]
    seats = rules.max_seats
    game_id, _ = _projected(tables, game, seats, moves=40)
    table = tables.store.load(game_id)
    viewers = [*map(Seat, range(seats)), SPECTATOR]
    public = 0
    for event in tables.store.events_of(table):
        apart = documents.feed_row(documents.feed_lines(rules, event, viewers, table.seat_names))
        assert documents.feed_row_of(rules, event, viewers, table.seat_names) == apart
        public += told_alike(rules, event, table.seat_names) is not None
    assert public, f"{game} declares some move public"


def test_a_game_that_redacts_on_its_own_declares_nothing_public() -> None:
    """``public`` comes from the declarations only: a game that gives its own ``redact`` has none, so
    each of its events is redacted for every perspective."""
    assert tiny_game.PILE.public == frozenset()
    assert all(rules.public for rules in GAMES.values())
    for rules in GAMES.values():
        assert rules.visibility is not None
        assert rules.public == {kind for kind, said in rules.visibility.items() if said is PUBLIC}


def test_read_models_of_the_older_format_are_rebuilt_before_they_are_served(tables: Tables) -> None:
    """A store with tables projected but no format of ours (a row for every perspective, from before)
    is cleared and projected again from the log; a store of our format, or an empty one, is left be."""
    game_id, store = _projected(tables, "politrickers", 3, moves=9)
    projection = GameProjection(store, GAMES)
    assert not outdated(store) and not fit_format(tables.store.recorder, projection)
    old = Batch(position=store.position(), documents={documents.FORMAT_KEY: b"1"})
    old.add(f"feed:{game_id}:spectator", 1, b'{"version": 1}')
    assert store.commit(store.position(), old)
    assert outdated(store)
    assert fit_format(tables.store.recorder, projection)
    assert store.get(documents.FORMAT_KEY) == documents.FEED_FORMAT
    assert store.scored(f"feed:{game_id}:spectator") == []  # the old rows are gone
    assert len(store.scored(documents.feed_key(game_id))) == tables.store.load(game_id).version
    assert not outdated(SQLiteReadStore())


@pytest.mark.redis
def test_workers_sharing_redis_refuse_read_models_of_the_older_format() -> None:
    """Several workers share one Redis: none rebuilds on its own; each refuses to start, saying to run
    ``backroom projections rebuild``."""
    with redis_prefix() as prefix:
        store = RedisReadStore(REDIS_URL, prefix)
        older = Batch(position=1)
        older.add(documents.lobby_key(None, None), 1, b"some-game")
        assert store.commit(0, older)
        settings = Settings(redis_url=REDIS_URL, redis_prefix=prefix)
        with pytest.raises(ReadFormatOutdated, match="projections rebuild"):
            _refuse_outdated(settings)
        current = Batch(position=2, documents={documents.FORMAT_KEY: documents.FEED_FORMAT})
        assert store.commit(1, current)
        _refuse_outdated(settings)  # of our format: nothing to refuse
        store.close()
