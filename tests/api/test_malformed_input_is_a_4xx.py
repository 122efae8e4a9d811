"""Malformed headers, numbers and bodies get a 4xx with a stable code, and change nothing.

Header values are sent as latin-1 bytes, as they travel on the wire (``²`` is the byte 0xB2).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import pytest
from fastapi.testclient import TestClient

from store.reader import attempts_id
from store.settings import Settings
from tests.support.service import bearer, client_for, stored_count

TAKE = {"type": "Take", "count": 1}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_for(Settings(sqlite_path=str(tmp_path / "junk.sqlite")))


@pytest.fixture
def game(client: TestClient) -> tuple[str, dict[int, str]]:
    opened = client.post("/api/games", json={"game": "pile", "players": ["ann", "bob"]}).json()
    return opened["id"], {entry["seat"]: entry["token"] for entry in opened["tokens"]}


def _refused(answer: object, code: str) -> None:
    status = answer.status_code  # type: ignore[attr-defined]
    assert 400 <= status < 500, answer.text  # type: ignore[attr-defined]
    assert answer.json()["error"]["code"] == code  # type: ignore[attr-defined]


@pytest.mark.parametrize("if_match", ["²", "³", "1²", "9" * 30])
def test_an_if_match_that_is_no_version_number_is_refused(
    client: TestClient, game: tuple[str, dict[int, str]], if_match: str
) -> None:
    """Digits of other scripts and numbers past any version are not versions: 422, nothing appended."""
    game_id, tokens = game
    before = stored_count(client, game_id)
    headers: dict[str, str | bytes] = {**bearer(tokens[0]), "If-Match": if_match.encode("latin-1")}
    answer = client.post(f"/api/games/{game_id}/commands", json=TAKE, headers=headers)
    _refused(answer, "request/invalid")
    assert stored_count(client, game_id) == before


@pytest.mark.parametrize("version", ["%C2%B2", "99999999999999999999999999999"])
def test_a_min_version_that_is_no_number_is_refused(
    client: TestClient, game: tuple[str, dict[int, str]], version: str
) -> None:
    """``?min_version=²`` (a superscript two) is no version: 422 on every read that takes it."""
    game_id, tokens = game
    for path in ("legal", "view", "events", "table"):
        answer = client.get(f"/api/games/{game_id}/{path}?min_version={version}", headers=bearer(tokens[0]))
        _refused(answer, "request/invalid")


@pytest.mark.parametrize("after", [10**30, 2**63])
def test_a_feed_asked_after_a_version_past_every_integer_is_refused(
    client: TestClient, game: tuple[str, dict[int, str]], after: int
) -> None:
    """``/events?after=`` beyond what any log reaches is a 422, not a database overflow."""
    game_id, _ = game
    for path in ("events", "table"):
        _refused(client.get(f"/api/games/{game_id}/{path}?after={after}"), "request/invalid")


@pytest.mark.parametrize("resume", ["¹", "1" * 40])
def test_a_stream_resumed_after_no_version_is_refused(
    client: TestClient, game: tuple[str, dict[int, str]], resume: str
) -> None:
    """``Last-Event-ID: ¹`` or a number past any version: 422 before the stream starts."""
    game_id, _ = game
    answer = client.get(f"/api/games/{game_id}/stream", headers={"Last-Event-ID": resume.encode("latin-1")})
    _refused(answer, "request/invalid")


def test_options_nested_a_thousand_deep_are_refused(client: TestClient) -> None:
    """A body too deeply nested to read is a 422, never a recursion crash."""
    body = '{"game": "pile", "players": ["a", "b"], "options": ' + "[" * 1000 + "]" * 1000 + "}"
    answer = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    _refused(answer, "request/invalid")


def test_the_attempts_log_id_is_no_game(client: TestClient, game: tuple[str, dict[int, str]]) -> None:
    """A game's attempts log has an id of its own; asked for as a game, it is not found on any route."""
    game_id, tokens = game
    client.post(
        f"/api/games/{game_id}/commands", json={"type": "Take", "count": 9}, headers=bearer(tokens[0])
    )
    log_id = str(attempts_id(UUID(game_id)))
    headers = bearer(tokens[0])
    answers = [
        client.post(f"/api/games/{log_id}/commands", json=TAKE, headers=headers),
        client.post(f"/api/games/{log_id}/join", json={"name": "cy"}),
        client.post(f"/api/games/{log_id}/fork", json={"version": 2}),
        client.get(f"/api/games/{log_id}/timeline"),
        client.get(f"/api/games/{log_id}/audit"),
        client.get(f"/api/games/{log_id}/at/1"),
        client.get(f"/api/games/{log_id}/export"),
        client.get(f"/api/games/{log_id}/legal", headers=headers),
    ]
    for answer in answers:
        _refused(answer, "game/not_found")


def test_a_refused_body_nested_too_deep_to_read_never_breaks_the_audit(
    client: TestClient, game: tuple[str, dict[int, str]]
) -> None:
    """3,000 ``[`` are refused (422) and audited; the audit reads them back as the text that was sent."""
    game_id, tokens = game
    answer = client.post(
        f"/api/games/{game_id}/commands",
        content="[" * 3000,
        headers=bearer(tokens[0]) | {"content-type": "application/json"},
    )
    _refused(answer, "request/invalid")
    audit = client.get(f"/api/games/{game_id}/audit", headers=bearer(tokens[0]))
    assert audit.status_code == 200, audit.text
    refused = [entry for entry in audit.json()["attempts"] if entry["outcome"] == "refused"]
    assert refused and refused[-1]["command"] == "[" * 2000  # cut to its audited size, as text
