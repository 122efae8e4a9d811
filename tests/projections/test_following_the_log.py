"""Followers keep the projection up with the log: woken by local commits, or by the library's subscription."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from uuid import UUID

import pytest
from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from api.service.application import Tables
from domain.games import registered
from projections.projection import GameProjection, LogFollower, SubscriptionFollower, catch_up, follower_for
from projections.stores import SQLiteReadStore
from store.settings import Settings
from tests.support.projecting import open_game, play, postgres_schema, scale_settings
from tests.support.waiting import DEADLINE, until

GAMES = registered()


def _caught_up(tables: Tables, projection: GameProjection) -> bool:
    """Whether ``projection`` reaches the log's last position (polled; fails at the tests' deadline)."""
    last = tables.store.recorder.max_notification_id() or 0
    return until("the projection never caught up", lambda: projection.position >= last, every=0.005)


def test_a_local_commit_wakes_the_embedded_follower_at_once(tmp_path: Path) -> None:
    """With polling once an hour, each command is still projected: the commit wakes the follower."""
    settings = Settings(sqlite_path=str(tmp_path / "log.sqlite"))
    tables = Tables(settings.eventsourcing_env(), games=GAMES)
    changed = threading.Event()
    projection = GameProjection(SQLiteReadStore(), GAMES, changed=lambda _: changed.set())
    follower = follower_for(tables.store.recorder, projection, poll=3600)
    assert isinstance(follower, LogFollower)
    tables.store.routes.listeners.append(follower.offer)  # as the embedded read side wires it
    follower.start()
    try:
        game_id, tokens = open_game(tables, "slush-fund-2", 2, seed="wake")
        assert changed.wait(DEADLINE)
        for _ in range(5):
            changed.clear()
            play(tables, game_id, tokens, random.Random(1), moves=1)
            assert changed.wait(DEADLINE), "the commit did not wake the follower"
        assert _caught_up(tables, projection)
    finally:
        follower.stop()
        tables.close()


@pytest.mark.postgres
def test_on_postgres_the_projection_follows_the_librarys_subscription() -> None:
    """A PostgreSQL log is followed through ``ApplicationSubscription``, from the stored position."""
    with postgres_schema() as schema:
        settings = scale_settings(schema, "unused")
        tables = Tables(settings.eventsourcing_env(), games=GAMES)
        store = SQLiteReadStore()
        game_id, tokens = open_game(tables, "politrickers", 3, seed="pg")
        play(tables, game_id, tokens, random.Random(2), moves=10)
        first = follower_for(tables.store.recorder, GameProjection(store, GAMES))
        assert isinstance(first, SubscriptionFollower)
        first.start()
        try:
            assert _caught_up(tables, first.projection)
        finally:
            first.stop()
        reached = store.position()
        play(tables, game_id, tokens, random.Random(3), moves=10)
        again = follower_for(tables.store.recorder, GameProjection(store, GAMES))
        assert again.projection.position == reached  # read before its thread runs: it may apply at once
        again.start()
        try:
            assert _caught_up(tables, again.projection)
        finally:
            again.stop()
            tables.close()


class Stranger(Aggregate):
    """An aggregate of some other application that shares the SQLite file."""

    @event("Noted")
    def note(self, text: str) -> None:
        self.text = text


def test_events_of_another_application_in_the_same_store_are_passed_over(tmp_path: Path) -> None:
    """Foreign events move the position but are never decoded: games after them are still projected."""
    settings = Settings(sqlite_path=str(tmp_path / "log.sqlite"))
    tables = Tables(settings.eventsourcing_env(), games=GAMES)
    other = Application[UUID](env=settings.eventsourcing_env())
    stranger = Stranger()
    stranger.note(text="hello")
    other.save(stranger)
    game_id, _ = open_game(tables, "slush-fund-2", 2, seed="strangers")
    other.save(Stranger())
    projection = GameProjection(SQLiteReadStore(), GAMES)
    try:
        reached = catch_up(tables.store.recorder, projection)
        assert reached == tables.store.recorder.max_notification_id()
        assert projection.store.get(f"summary:{game_id}") is not None
    finally:
        tables.close()
        other.close()


class _CountingReads:
    """The recorder, counting how often the log is read."""

    def __init__(self, recorder: object) -> None:
        self.recorder, self.reads = recorder, 0

    def select_notifications(self, *args: object, **kwargs: object) -> object:
        self.reads += 1
        return self.recorder.select_notifications(*args, **kwargs)  # type: ignore[attr-defined]  # the real one

    def __getattr__(self, name: str) -> object:
        return getattr(self.recorder, name)


def test_commits_handed_over_are_projected_without_reading_the_log_back(tmp_path: Path) -> None:
    """The embedded follower takes this process's commits as they land; it reads the log only to start."""
    settings = Settings(sqlite_path=str(tmp_path / "log.sqlite"))
    tables = Tables(settings.eventsourcing_env(), games=GAMES)
    projection = GameProjection(SQLiteReadStore(), GAMES)
    recorder = _CountingReads(tables.store.recorder)
    follower = LogFollower(recorder, projection, poll=3600)  # type: ignore[arg-type]  # woken by its offers
    tables.store.routes.listeners.append(follower.offer)
    follower.start()
    try:
        game_id, tokens = open_game(tables, "slush-fund-2", 2, seed="taken")
        play(tables, game_id, tokens, random.Random(2), moves=6)
        assert _caught_up(tables, projection)
        assert recorder.reads == 1, "a commit handed over was read back from the log"
    finally:
        follower.stop()
        tables.close()


def test_a_commit_offered_while_the_follower_gathers_does_not_send_it_to_the_log(tmp_path: Path) -> None:
    """A commit handed over while the follower lets its gathering span pass is written with that batch;
    the wake it left behind does not later look like a commit that was not handed over."""
    settings = Settings(sqlite_path=str(tmp_path / "log.sqlite"))
    tables = Tables(settings.eventsourcing_env(), games=GAMES)
    projection = GameProjection(SQLiteReadStore(), GAMES)
    recorder = _CountingReads(tables.store.recorder)
    follower = LogFollower(recorder, projection, poll=3600, gather=0.3)  # type: ignore[arg-type]  # the real one
    tables.store.routes.listeners.append(follower.offer)
    follower.start()
    try:
        game_id, tokens = open_game(tables, "politrickers", 3, seed="gathering")
        time.sleep(0.1)  # the follower has woken and is gathering
        play(tables, game_id, tokens, random.Random(5), moves=1)
        time.sleep(0.8)  # two gathering spans: any second wake has been seen
        assert _caught_up(tables, projection)
        until(
            "the store never reached the projection",
            lambda: projection.store.position() >= projection.position,
        )
        assert projection.store.position() == projection.position
        assert recorder.reads == 1, "a wake outlived the commit that set it"
    finally:
        follower.stop()
        tables.close()
