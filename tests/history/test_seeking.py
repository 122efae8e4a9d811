"""Seeking: the game at any version, as the caller could see it then, at a cost bounded by snapshots."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.takeback.helpers import TAKEBACK_TYPES, Game

RED, BLUE = 0, 1


def at(game: Game, version: int, as_seat: int | None = None, **params: Any) -> dict[str, Any]:
    answer = game.get(f"/at/{version}", as_seat, **params)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


@pytest.mark.parametrize(("name", "players"), [("slush-fund-2", 2), ("politrickers", 3)])
def test_each_version_shows_what_the_viewer_saw_then(client: TestClient, name: str, players: int) -> None:
    """At every version, each seat and the spectator see exactly the view they had at that moment."""
    game = Game(client, name, players)
    rng = random.Random(6)
    seen: dict[int, dict[int | None, Any]] = {}
    for _ in range(25):
        seat = game.to_act()[0]
        offered = [c for c in game.legal(seat) if c["type"] not in TAKEBACK_TYPES or c["type"] == "TakeBack"]
        game.ok(seat, rng.choice(offered))
        version = game.table().version
        seen[version] = {s: game.get("/view", s).json()["view"] for s in [*game.tokens, None]}
    for version, views in seen.items():
        for seat, view in views.items():
            answer = at(game, version, seat)
            assert answer["view"] == view and answer["version"] == version


def test_who_may_act_and_the_status_are_those_of_that_version(client: TestClient) -> None:
    """Before setup the game was waiting; after Red's turn it was Blue's to play."""
    game = Game(client, "slush-fund-2", 2)
    game.play_turn(random.Random(6))
    assert at(game, 1)["status"] == "waiting" and at(game, 1)["view"] is None
    assert at(game, 2)["to_act"] == [RED]
    assert at(game, game.table().version)["to_act"] == [BLUE]


def test_a_live_game_shows_only_the_callers_perspective(client: TestClient) -> None:
    """Another seat's view and the omniscient one at any version wait for the end."""
    game = Game(client, "slush-fund-2", 2)
    game.play(RED, "DrawCards")
    for params in ({"viewer": "omniscient"}, {"seat": RED}):
        answer = game.get("/at/3", BLUE, **params)
        assert answer.status_code == 403 and answer.json()["error"]["code"] == "history/hidden_until_over"
    assert at(game, 3, None)["view"] == game.get("/view").json()["view"]


def test_versions_outside_the_log_are_not_found(client: TestClient) -> None:
    """Version 0 and versions not reached yet answer 404 with a stable code."""
    game = Game(client, "pile", 2)
    for version in (0, 3, 99):
        answer = game.get(f"/at/{version}")
        assert answer.status_code == 404 and answer.json()["error"]["code"] == "history/no_such_version"
    assert game.get("/at/x").status_code == 422


def test_a_seek_reads_a_snapshot_and_fewer_events_than_the_snapshot_interval(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However late the version, seeking folds at most one snapshot interval of events (5 here)."""
    game = Game(client, "slush-fund-2", 2)
    rng = random.Random(6)
    for _ in range(8):
        game.play_turn(rng)
    tables = game.tables
    store = tables.store.events
    read: list[int] = []
    original = store.get

    def counting(*args: Any, **kwargs: Any) -> Any:
        events = list(original(*args, **kwargs))
        read.append(len(events))
        return iter(events)

    monkeypatch.setattr(store, "get", counting)
    latest = game.table().version
    table = game.table()
    for version in (3, latest // 2, latest - 1):
        read.clear()
        past = tables.store.load(table.id, version)
        assert sum(read) < 5, (version, read)
        assert past.started and past.version == version
