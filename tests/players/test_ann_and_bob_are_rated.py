"""The issue's scenario: Ann and Bob, added by the operator, meet at six Slush Fund 2 tables of two open
seats with a forfeiting move clock, opened with Ann's key and joined with each one's key; Ann plays, Bob
never moves. Both are rated six times, Ann above Bob, and rebuilding the read models gives the same
ratings. Time is the service's clock, moved by the test; the referee acts when asked."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from api.cli.players import players
from api.http.app import create_app
from domain import ratings
from domain.games import registered
from store.ratings import RatingsLog
from store.settings import Settings
from tests.support.service import bearer, run
from workers.projections import rebuild_all

GAME = "slush-fund-2"
CLOCK = {"kind": "move", "seconds": 3, "timeout": "forfeit"}
DEADLINE = 30.0


class Clock:
    """The service's time, moved only by the test."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 6, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def player(key: str) -> dict[str, str]:
    return {"Authorization": f"Player {key}"}


def added(settings: Settings, handle: str) -> str:
    """``backroom players add HANDLE``: its last line is the key."""
    result = CliRunner().invoke(players, ["add", handle, "--sqlite", settings.sqlite_path])
    assert result.exit_code == 0, result.output
    return result.output.strip().splitlines()[-1]


def ratings_when(client: TestClient, ready: Any) -> dict[str, Any]:
    """``GET /api/ratings/slush-fund-2`` once ``ready`` says so (the projection rates behind)."""
    give_up = time.monotonic() + DEADLINE
    while True:
        answer = client.get(f"/api/ratings/{GAME}").json()
        if ready(answer) or time.monotonic() > give_up:
            return answer
        time.sleep(0.05)


def play_one(client: TestClient, clock: Clock, ann: str, bob: str) -> str:
    """One table: opened with Ann's key, joined by Ann then Bob; Ann moves, Bob runs out of time."""
    opened = client.post("/api/games", json={"game": GAME, "seats": 2, "clock": CLOCK}, headers=player(ann))
    assert opened.status_code == 201, opened.text
    game_id = opened.json()["id"]
    seat_ann = client.post(f"/api/games/{game_id}/join", json={}, headers=player(ann)).json()
    seat_bob = client.post(f"/api/games/{game_id}/join", json={}, headers=player(bob)).json()
    assert (seat_ann["game"]["seats"][0]["player"], seat_bob["game"]["seats"][1]["player"]) == ("ann", "bob")
    tables = client.app.state.tables  # type: ignore[attr-defined]
    for _ in range(500):
        summary = client.get(f"/api/games/{game_id}").json()
        if summary["status"] == "over":
            return game_id
        if 0 in summary["to_act"]:
            legal = client.get(f"/api/games/{game_id}/legal", headers=bearer(seat_ann["token"])).json()
            sent = client.post(
                f"/api/games/{game_id}/commands", json=legal["commands"][0], headers=bearer(seat_ann["token"])
            )
            assert sent.status_code == 200, sent.text
        else:
            clock.now += timedelta(seconds=4)
            run(tables.referee(game_id))
    raise AssertionError("the table never ended")


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Settings, dict[str, Any]]]:
    folder: Path = tmp_path_factory.mktemp("ratings")
    settings = Settings(sqlite_path=str(folder / "log.sqlite"), tend_in_process=False, creations_per_minute=0)
    ann, bob = added(settings, "ann"), added(settings, "bob")
    clock = Clock()
    with TestClient(create_app(settings, clock=clock)) as client:
        client.app.state.tables.pass_pause = 0  # type: ignore[attr-defined]  # time stands still here
        for _ in range(6):
            play_one(client, clock, ann, bob)
        answer = ratings_when(client, lambda found: sum(p["games"] for p in found["players"]) >= 12)
        seventh = client.post("/api/games", json={"game": GAME, "seats": 2}, headers=player(ann)).json()["id"]
        for key in (ann, bob):
            client.post(f"/api/games/{seventh}/join", json={}, headers=player(key))
        answer["chances"] = client.get(f"/api/games/{seventh}/chances").json()
    yield settings, answer


Scenario = tuple[Settings, dict[str, Any]]


def test_both_players_are_rated_six_times_and_ann_is_above_bob(scenario: Scenario) -> None:
    """Rules 1 and 2: every table was rated (Bob forfeited on time: last, and rated); Ann won them all."""
    _, answer = scenario
    assert answer["game"] == GAME
    assert [(p["handle"], p["games"]) for p in answer["players"]] == [("ann", 6), ("bob", 6)]
    assert answer["players"][0]["rating"] > answer["players"][1]["rating"]
    assert answer["model"] == "PlackettLuce" and answer["library"].startswith("openskill ")
    assert not any(p["provisional"] for p in answer["players"])  # five games make a rating stand


def test_before_the_deal_each_seat_has_a_chance_to_win_and_they_sum_to_one(scenario: Scenario) -> None:
    """A seventh table of the two: Ann's chance is the better, and the chances sum to 1."""
    _, answer = scenario
    chances = answer["chances"]
    assert chances["rated"] and [seat["holder"] for seat in chances["seats"]] == ["ann", "bob"]
    ann, bob = (seat["chance"] for seat in chances["seats"])
    assert ann > bob and abs(ann + bob - 1) < 1e-6


def test_rebuilding_the_read_models_gives_the_same_ratings(scenario: Scenario) -> None:
    """Rule 6: the read models rebuilt from the log hold the very same ratings; the ratings made again
    from nothing, from the recorded places and from the tables' own logs, equal the incremental ones."""
    settings, answer = scenario
    rebuild_all(settings, registered())
    with TestClient(create_app(settings)) as client:
        again = ratings_when(client, lambda found: found["players"] == answer["players"])
        recorder = client.app.state.tables.store.recorder  # type: ignore[attr-defined]
        log = RatingsLog(recorder, registered())
        events, current, from_tables = log.events(GAME), log.current(GAME), log.recomputed(GAME)
    assert again["players"] == answer["players"]  # the rebuilt leaderboard
    assert len(events) == 6
    assert ratings.recomputed(events) == ratings.fold(events) == current
    assert from_tables == current  # every rating made again from the six tables' own logs
