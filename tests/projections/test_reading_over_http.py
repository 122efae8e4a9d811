"""Reads over HTTP come from the projections: read-your-writes, ``min_version``, and refusals."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import projections.queries
from projections.projection import GameProjection, catch_up
from store.settings import Settings
from tests.support.projecting import REDIS_URL, postgres_schema, redis_prefix, scale_settings
from tests.support.service import bearer, client_for

TAKE_ONE = {"type": "Take", "count": 1}


def _open(client: TestClient) -> tuple[str, dict[int, str]]:
    body = client.post("/api/games", json={"game": "pile", "players": ["ann", "bob"], "seed": "r"}).json()
    return body["id"], {entry["seat"]: entry["token"] for entry in body["tokens"]}


def test_a_read_after_a_command_already_shows_it_in_the_embedded_mode(client: TestClient) -> None:
    """The command's answer names the new version; the next read of the view is at that version."""
    game_id, tokens = _open(client)
    answer = client.post(f"/api/games/{game_id}/commands", json=TAKE_ONE, headers=bearer(tokens[0])).json()
    view = client.get(f"/api/games/{game_id}/view", params={"min_version": answer["version"]}).json()
    assert view["version"] == answer["version"] and view["stale"] is False
    assert view["view"] == client.get(f"/api/games/{game_id}/view").json()["view"]
    assert "stale" not in client.get(f"/api/games/{game_id}/view").json()


def test_min_version_0_still_waits_for_a_game_the_projection_has_not_reached(client: TestClient) -> None:
    """A new game not yet projected is not "at version 0": the read catches up instead of answering 404."""
    reads = client.app.state.reads  # type: ignore[attr-defined]  # the app built by client_for
    reads.follower.stop()  # nothing projects in the background: only the read itself can catch up
    game_id, _ = _open(client)
    summary = client.get(f"/api/games/{game_id}", params={"min_version": 0})
    assert summary.status_code == 200
    assert summary.json()["id"] == game_id and summary.json()["stale"] is False


def test_a_read_waiting_for_a_version_never_reached_answers_stale(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``min_version`` beyond the log: after the brief wait the answer is what exists, marked stale."""
    monkeypatch.setattr(projections.queries, "WAIT", 0.2)
    game_id, tokens = _open(client)
    for path in ("", "/view", "/legal", "/events", "/table"):
        wanted = {"min_version": 99}
        body = client.get(f"/api/games/{game_id}{path}", params=wanted, headers=bearer(tokens[1]))
        assert body.status_code == 200 and body.json()["stale"] is True, path


@pytest.mark.parametrize(
    ("path", "headers", "status", "code"),
    [
        ("/api/games/not-a-game/view", {}, 404, "game/not_found"),
        ("/api/games/00000000-0000-0000-0000-000000000000", {}, 404, "game/not_found"),
        ("/api/games/{id}/view?min_version=-1", {}, 422, "request/invalid"),
        ("/api/games/{id}/stream", {"Last-Event-ID": "x"}, 422, "request/invalid"),
        ("/api/games/{id}/stream?token=nope", {}, 403, "auth/invalid_token"),
        ("/api/games/{id}/stream", {"Authorization": "Basic x"}, 401, "auth/missing_token"),
        ("/api/games/00000000-0000-0000-0000-000000000000/stream", {}, 404, "game/not_found"),
        ("/api/games/{id}/legal", {"Authorization": "Bearer nope"}, 403, "auth/invalid_token"),
    ],
)
def test_a_bad_read_is_refused_with_a_stable_code(
    client: TestClient, path: str, headers: dict[str, str], status: int, code: str
) -> None:
    """Unknown games, foreign tokens and malformed versions get a 4xx JSON error, before any stream."""
    game_id, _ = _open(client)
    answer = client.get(path.replace("{id}", game_id), headers=headers)
    assert answer.status_code == status and answer.json()["error"]["code"] == code


def test_the_private_record_is_never_served(client: TestClient) -> None:
    """No read answer carries the projection's omniscient state or token digests."""
    game_id, tokens = _open(client)
    client.post(f"/api/games/{game_id}/commands", json=TAKE_ONE, headers=bearer(tokens[0]))
    for path in ("", "/view", "/legal", "/events", "/table"):
        text = client.get(f"/api/games/{game_id}{path}").text
        assert "token_digests" not in text and '"state"' not in text, path
    assert "token_digests" not in client.get("/api/games").text


@pytest.fixture
def scaled() -> Iterator[TestClient]:
    """An API process reading Redis with no projection worker running."""
    with postgres_schema() as schema, redis_prefix() as prefix:
        settings = scale_settings(schema, prefix)
        assert settings.redis_url == REDIS_URL
        yield from client_for(settings)


@pytest.mark.redis
@pytest.mark.postgres
def test_without_a_worker_a_new_game_is_stale_until_projected_not_missing(
    scaled: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At scale the API reads Redis: with no worker, a game the log holds is answered from the log and
    marked stale (a game the log does not hold is still ``game/not_found``); the lobby lists nothing."""
    monkeypatch.setattr(projections.queries, "WAIT", 0.2)
    game_id, tokens = _open(scaled)
    summary = scaled.get(f"/api/games/{game_id}", params={"min_version": 3})
    assert summary.status_code == 200 and summary.json()["stale"] is True
    assert summary.json()["version"] == 2
    legal = scaled.get(f"/api/games/{game_id}/legal", headers=bearer(tokens[0])).json()
    assert legal["stale"] is True and legal["commands"]
    missing = scaled.get("/api/games/00000000-0000-4000-8000-000000000000")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "game/not_found"
    assert scaled.get("/api/games").json()["total"] == 0


@pytest.mark.redis
@pytest.mark.postgres
def test_at_scale_the_table_read_answers_what_the_four_reads_answer(scaled: TestClient) -> None:
    """``/table`` read from Redis: stale from the log before any worker projected the game, then, once
    projected, each part as its own route answers it (the view from the views the worker wrote)."""
    game_id, tokens = _open(scaled)
    early = scaled.get(f"/api/games/{game_id}/table", headers=bearer(tokens[0])).json()
    assert early["stale"] is True and early["view"]["seat"] == 0 and early["legal"]["commands"]
    scaled.post(f"/api/games/{game_id}/commands", json=TAKE_ONE, headers=bearer(tokens[0]))
    tables = scaled.app.state.tables  # type: ignore[attr-defined]  # the app built by client_for
    reads = scaled.app.state.reads  # type: ignore[attr-defined]
    catch_up(tables.store.recorder, GameProjection(reads.store, reads.games))
    url = f"/api/games/{game_id}"
    for headers in (bearer(tokens[0]), bearer(tokens[1]), {}):
        seen = scaled.get(f"{url}/table", params={"after": 1, "min_version": 3}, headers=headers).json()
        assert seen["stale"] is False and seen["version"] == 3
        assert seen["summary"] == scaled.get(url).json()
        assert seen["view"] == scaled.get(f"{url}/view", headers=headers).json()
        assert seen["legal"] == scaled.get(f"{url}/legal", headers=headers).json()
        assert seen["feed"] == scaled.get(f"{url}/events", params={"after": 1}, headers=headers).json()


def test_settings_name_the_redis_read_store() -> None:
    """BACKROOM_REDIS_URL and BACKROOM_REDIS_PREFIX choose the read store and survive ``to_env``."""
    settings = Settings.from_env({"BACKROOM_REDIS_URL": REDIS_URL, "BACKROOM_REDIS_PREFIX": "p1"})
    assert (settings.redis_url, settings.redis_prefix) == (REDIS_URL, "p1")
    assert Settings.from_env(settings.to_env()) == settings
    assert Settings.from_env({}).redis_url is None


def test_an_unreachable_read_store_is_a_503_with_a_stable_code(tmp_path: Path) -> None:
    """Reads against a Redis that does not answer are refused as ``store/unavailable``, not a crash."""
    settings = Settings(sqlite_path=str(tmp_path / "log.sqlite"), redis_url="redis://127.0.0.1:1/0")
    for client in client_for(settings):
        game_id, _ = _open(client)
        for path in ("/api/games", f"/api/games/{game_id}", f"/api/games/{game_id}/view"):
            answer = client.get(path)
            assert answer.status_code == 503 and answer.json()["error"]["code"] == "store/unavailable"
        health = client.get("/health")
        assert health.status_code == 503 and health.json()["error"]["code"] == "store/unavailable"
