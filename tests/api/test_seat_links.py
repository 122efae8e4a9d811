"""A seat's private rejoin link: a player replaces its token, and the old one stops working at once."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.cli import importing
from tests.support.service import run
from tests.takeback.helpers import Game, client_over


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_over(tmp_path)


def relink(game: Game, seat: int) -> str:
    """``seat`` takes a new link; its new token (the old one is kept by the test, to try it)."""
    answer = game.client.post(f"/api/games/{game.id}/seat-link", headers=game.auth(seat))
    assert answer.status_code == 200, answer.text
    assert answer.json()["seat"] == seat
    return str(answer.json()["token"])


def test_a_new_link_works_and_the_old_token_is_refused_everywhere(client: TestClient) -> None:
    """The old token is refused on every read and command (403, auth/invalid_token); the new one plays."""
    game = Game(client, "slush-fund-2", 2)
    old = game.tokens[0]
    before = game.state()
    game.tokens[0] = relink(game, 0)
    assert game.state() == before, "a new link changes nothing of the game"
    stale = {"Authorization": f"Bearer {old}"}
    for path in ("/view", "/legal", "/events", "/table", "/timeline"):
        answer = client.get(f"/api/games/{game.id}{path}", headers=stale)
        assert answer.status_code == 403 and answer.json()["error"]["code"] == "auth/invalid_token", path
    sent = client.post(f"/api/games/{game.id}/commands", json={"type": "DrawCards"}, headers=stale)
    assert sent.status_code == 403
    assert client.post(f"/api/games/{game.id}/seat-link", headers=stale).status_code == 403
    game.ok(0, {"type": "DrawCards"})


def test_the_feed_says_a_link_was_replaced_and_never_shows_a_token_or_its_digest(client: TestClient) -> None:
    """Every viewer reads one public sentence naming the player; neither the token nor its digest."""
    game = Game(client, "slush-fund-2", 2)
    token = game.tokens[1] = relink(game, 1)
    digests = game.table().state.token_digests
    for viewer in (0, 1, None):
        text = game.get("/events", viewer).text + game.get("/timeline", viewer).text
        assert "bob took a new seat link; the old one no longer works." in text
        assert token not in text and not any(digest and digest in text for digest in digests)


def test_no_token_or_an_unknown_game_changes_nothing(client: TestClient) -> None:
    """Without a seat there is no link to replace (401); a game that does not exist is 404."""
    game = Game(client, "slush-fund-2", 2)
    version = game.table().version
    assert client.post(f"/api/games/{game.id}/seat-link").status_code == 401
    missing = client.post("/api/games/0000/seat-link", headers=game.auth(0))
    assert missing.status_code == 404
    assert game.table().version == version


def test_a_game_with_a_replaced_link_exports_and_imports_to_the_same_log(client: TestClient) -> None:
    """The replacement is a line of the export; the import replaces the link at the same version."""
    game = Game(client, "slush-fund-2", 2, seed="relink")
    game.play_turn(random.Random(1))
    game.tokens[1] = relink(game, 1)
    game.play_to_end(random.Random(2))
    lines = [json.loads(line) for line in game.get("/export").text.splitlines()]
    assert any(line.get("kind") == "relinked" for line in lines[1:])
    opening = run(importing.import_log(game.tables, [json.dumps(line).encode() for line in lines]))
    copy = object.__new__(Game)
    copy.client, copy.id, copy.tokens = client, str(opening.game_id), opening.tokens
    assert [json.loads(line) for line in copy.get("/export").text.splitlines()][1:] == lines[1:]
