"""Forking a finished game: a sandbox from any of its positions, with new seats, linked to its source."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.takeback.helpers import TAKEBACK_TYPES, Game

GAMES = ["finished_slush_fund", "finished_politrickers"]


def fork(game: Game, version: int) -> Game:
    """Fork ``game`` at ``version``; a version inside a command forks at that command's last version."""
    answer = game.client.post(f"/api/games/{game.id}/fork", json={"version": version})
    assert answer.status_code == 201, answer.text
    body = answer.json()
    assert body["forked_from"]["id"] == game.id and body["forked_from"]["version"] >= version
    forked = object.__new__(Game)
    forked.client, forked.id = game.client, body["id"]
    forked.tokens = {entry["seat"]: entry["token"] for entry in body["tokens"]}
    return forked


@pytest.mark.parametrize("fixture", GAMES)
def test_a_fork_starts_exactly_where_the_source_was(fixture: str, request: pytest.FixtureRequest) -> None:
    """Every seat of the fork sees what that seat saw in the source at that version."""
    source: Game = request.getfixturevalue(fixture)
    forked = fork(source, source.table().version // 2)
    version = forked.get("/timeline", 0).json()["entries"][1]["event"]["source_version"]
    for seat in source.tokens:
        then = source.get(f"/at/{version}", None, seat=seat).json()
        now = forked.get("/view", seat).json()
        assert now["view"] == then["view"] and now["to_act"] == then["to_act"]
    assert forked.tokens[0] != source.tokens[0]
    assert source.get("/view", None).json()["status"] == "over"


@pytest.mark.parametrize("fixture", GAMES)
def test_a_fork_plays_on_with_its_own_tokens(fixture: str, request: pytest.FixtureRequest) -> None:
    """The fork takes legal commands from its new tokens; the source's tokens hold no seat there."""
    source: Game = request.getfixturevalue(fixture)
    forked = fork(source, source.table().version // 2)
    seat = forked.to_act()[0]
    command = next(c for c in forked.legal(seat) if c["type"] not in TAKEBACK_TYPES)
    forked.ok(seat, command)
    foreign = forked.client.post(f"/api/games/{forked.id}/commands", json=command, headers=source.auth(seat))
    assert foreign.status_code == 403 and foreign.json()["error"]["code"] == "auth/invalid_token"
    entries = forked.get("/timeline", seat).json()["entries"]
    assert entries[1]["kind"] == "forked" and entries[1]["event"]["source"] == source.id


def test_a_live_game_cannot_be_forked(client: TestClient) -> None:
    """Forking is for study after the end: a live game answers 409 and gains no table."""
    game = Game(client, "pile", 2)
    answer = client.post(f"/api/games/{game.id}/fork", json={"version": 2})
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "history/not_over"


def test_a_fork_needs_a_set_up_version_and_a_valid_body(finished_slush_fund: Game) -> None:
    """Before setup, past the end, or a malformed body: 4xx with a stable code."""
    game = finished_slush_fund
    for body, code in (
        ({"version": 1}, "history/no_such_version"),
        ({"version": 10**6}, "history/no_such_version"),
        ({"version": "two"}, "request/invalid"),
        ({"version": 3, "extra": 1}, "request/invalid"),
    ):
        answer = game.client.post(f"/api/games/{game.id}/fork", json=body)
        assert 400 <= answer.status_code < 500 and answer.json()["error"]["code"] == code


def test_a_forks_summary_says_it_is_a_sandbox_and_a_real_games_says_nothing(
    finished_slush_fund: Game,
) -> None:
    """The lobby keeps sandboxes out of its public lists by the summary's ``forked_from``."""
    forked = fork(finished_slush_fund, 10)
    summary = finished_slush_fund.client.get(f"/api/games/{forked.id}").json()
    assert summary["forked_from"]["id"] == finished_slush_fund.id
    assert "forked_from" not in finished_slush_fund.client.get(f"/api/games/{finished_slush_fund.id}").json()
