"""The embedded projection takes each local commit as it lands and writes its store behind.

A command's answer can be followed at once by a read of the table (no waiting for a follower), the
store is written a batch of commits at a time, a read of the store writes what is pending first (a
live stream's read of its game's feed only when its game is among what is pending), and a commit that
does not follow the projection's position is left to the log.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from api.service.application import Tables
from domain.games import registered
from domain.seats import SPECTATOR
from projections import documents
from projections.projection import GameProjection, LogFollower, Outrun, catch_up, follower_for
from projections.queries import PAGE, ReadSide, feed_page
from projections.stores import Signals, SQLiteReadStore
from store.settings import Settings
from tests.support.projecting import open_game, play

GAMES = registered()


def _embedded(tmp_path: Path) -> tuple[Tables, GameProjection, LogFollower]:
    """A write side whose commits are handed to a projection whose follower never runs on its own."""
    tables = Tables(Settings(sqlite_path=str(tmp_path / "log.sqlite")).eventsourcing_env(), games=GAMES)
    projection = GameProjection(SQLiteReadStore(), GAMES)
    follower = follower_for(tables.store.recorder, projection, poll=30)
    assert isinstance(follower, LogFollower)
    tables.store.routes.listeners.append(follower.offer)
    return tables, projection, follower


def test_a_commit_is_in_the_projection_before_the_command_is_answered(tmp_path: Path) -> None:
    """With no follower thread at all, the projected table holds every command the moment it returns."""
    tables, projection, _ = _embedded(tmp_path)
    try:
        game_id, tokens = open_game(tables, "politrickers", 4, seed="land")
        for step in range(12):
            play(tables, game_id, tokens, random.Random(step), moves=1)
            assert projection.latest[game_id].version == tables.store.load(game_id).version
        assert projection.position == tables.store.recorder.max_notification_id()
    finally:
        tables.close()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_taken_commit_keeps_the_write_sides_fold_and_it_equals_folding_the_log(
    tmp_path: Path, game: str
) -> None:
    """The projection takes the tables the write side folded instead of folding again; a projection
    that reads the same log and folds every event itself ends with the same tables and feeds."""
    tables, projection, _ = _embedded(tmp_path)
    try:
        seats = GAMES[game].min_seats
        game_id, tokens = open_game(tables, game, seats, seed="shared fold")
        play(tables, game_id, tokens, random.Random(5), moves=40)
        kept = tables.store.kept.get(tables.store.load(game_id).id)
        assert kept is not None and projection.latest[game_id] is kept  # the very same value
        folded = GameProjection(SQLiteReadStore(), GAMES)
        catch_up(tables.store.recorder, folded)
        assert folded.latest[game_id] == projection.latest[game_id]
        written = ReadSide(projection.store, GAMES, Signals(), tables.store.recorder, projection).written()
        feed = documents.feed_key(game_id)
        assert written.scored(feed) == folded.store.scored(feed)
    finally:
        tables.close()


def test_the_store_is_written_behind_and_a_read_of_it_writes_what_is_pending(tmp_path: Path) -> None:
    """The read store lags the applied position until a store read (or the follower) writes the batch."""
    tables, projection, _ = _embedded(tmp_path)
    reads = ReadSide(projection.store, GAMES, Signals(), tables.store.recorder, projection)
    try:
        game_id, tokens = open_game(tables, "slush-fund-2", 2, seed="behind")
        play(tables, game_id, tokens, random.Random(3), moves=6)
        assert projection.store.position() < projection.position
        version = tables.store.load(game_id).version
        assert reads.written().position() == projection.position
        lines = reads.store.scored(documents.feed_key(game_id))
        assert len(lines) == version
    finally:
        tables.close()


def test_a_feed_read_writes_what_is_pending_only_when_its_own_game_is_among_it(tmp_path: Path) -> None:
    """A stream's read of one game's feed leaves the other games' pending commits to the follower, and
    finds every entry of its own game, written first when it is pending."""
    tables, projection, _ = _embedded(tmp_path)
    reads = ReadSide(projection.store, GAMES, Signals(), tables.store.recorder, projection)
    try:
        watched, watched_tokens = open_game(tables, "slush-fund-2", 2, seed="watched")
        playing, playing_tokens = open_game(tables, "slush-fund-2", 2, seed="playing")
        play(tables, watched, watched_tokens, random.Random(6), moves=4)
        reads.written()
        play(tables, playing, playing_tokens, random.Random(7), moves=5)
        behind = projection.store.position()
        assert behind < projection.position and playing in projection.touched

        page = feed_page(reads, watched, SPECTATOR, 0, PAGE)
        assert projection.store.position() == behind, "another game's commits were written"
        assert [version for version, _ in page] == list(range(1, tables.store.load(watched).version + 1))

        page = feed_page(reads, playing, SPECTATOR, 0, PAGE)
        assert projection.store.position() == projection.position
        assert [version for version, _ in page] == list(range(1, tables.store.load(playing).version + 1))
    finally:
        tables.close()


def test_a_commit_that_does_not_follow_the_position_is_left_to_the_log(tmp_path: Path) -> None:
    """Commits made while the projection was not listening are read from the log, in order, first."""
    tables, projection, follower = _embedded(tmp_path)
    try:
        tables.store.routes.listeners.remove(follower.offer)
        game_id, tokens = open_game(tables, "slush-fund-2", 2, seed="gap")
        tables.store.routes.listeners.append(follower.offer)
        play(tables, game_id, tokens, random.Random(4), moves=3)
        assert projection.position == 0 and game_id not in projection.latest
        catch_up(tables.store.recorder, projection)
        assert projection.latest[game_id].version == tables.store.load(game_id).version
        assert (
            projection.store.position() == projection.position == tables.store.recorder.max_notification_id()
        )
    finally:
        tables.close()


def test_a_projection_that_fails_to_take_a_commit_never_fails_the_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A commit is durable before it is handed over: if the projection raises while taking it, the
    command is still answered as committed, and the follower reads the log for what it missed."""
    tables, projection, follower = _embedded(tmp_path)
    try:
        game_id, tokens = open_game(tables, "slush-fund-2", 2, seed="raising")

        def raising(_: object) -> bool:
            raise Outrun("the store moved")

        monkeypatch.setattr(projection, "take", raising)
        assert play(tables, game_id, tokens, random.Random(1), moves=3) == 3  # each answered
        assert follower.behind
        monkeypatch.undo()
        catch_up(tables.store.recorder, projection)
        assert projection.latest[game_id].version == tables.store.load(game_id).version
    finally:
        tables.close()
