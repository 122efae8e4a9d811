"""Whatever a client sends, the answer is never a 5xx and the log does not change."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.support.service import stored_count

JUNK_BODIES = [
    b"\xff\xfe\x00garbage",
    b"null",
    b"[]",
    b'"Take"',
    b'{"type": null}',
    b'{"type": "Take", "count": 1e400}',
    b'{"type": "Take", "count": 99999999999999999999999999}',
    b'{"type": "Take", "count": -1}',
    b'{"type": "Take", "count": true}',
    b'{"type": ["Take"], "count": 1}',
    b"[" * 2000 + b"]" * 2000,
    b'{"type": "Take", "count": 1}' * 3,
]

JUNK_HEADERS: list[dict[str, Any]] = [
    {"If-Match": "9" * 400},
    {"If-Match": "-1"},
    {"Idempotency-Key": "k" * 500},
    {"Authorization": "Bearer "},
    {"Authorization": b"Bearer \xe9\xe8"},
    {"Content-Type": "text/plain"},
]


@pytest.mark.parametrize("body", JUNK_BODIES)
def test_junk_bodies_are_client_errors(client: TestClient, pile: dict[str, Any], body: bytes) -> None:
    """Junk as a command, a new table or a join is a 4xx in the error shape, and appends nothing."""
    before = stored_count(client, pile["id"])
    for path in (f"/api/games/{pile['id']}/commands", "/api/games", f"/api/games/{pile['id']}/join"):
        answer = client.post(path, content=body, headers=pile["ann"])
        assert 400 <= answer.status_code < 500, (path, answer.text)
        assert "code" in answer.json()["error"]
    assert stored_count(client, pile["id"]) == before
    assert client.get("/api/games").json()["total"] == 1


@pytest.mark.parametrize("headers", JUNK_HEADERS)
def test_junk_headers_are_client_errors_or_ignored(
    client: TestClient, pile: dict[str, Any], headers: dict[str, Any]
) -> None:
    """Odd headers never break the service; a refused command appends nothing."""
    before = stored_count(client, pile["id"])
    answer = client.post(
        f"/api/games/{pile['id']}/commands",
        content=b'{"type":"Take","count":1}',
        headers=pile["ann"] | headers,
    )
    assert answer.status_code < 500, answer.text
    assert stored_count(client, pile["id"]) == before + (1 if answer.status_code == 200 else 0)


@pytest.mark.parametrize(
    "path",
    ["/api/games?limit=abc", "/api/games?offset=-5", "/api/games/%00/view", "/api/games/x/events?after=-1"],
)
def test_junk_queries_are_client_errors(client: TestClient, path: str) -> None:
    """Bad paths and query strings are 4xx."""
    answer = client.get(path)
    assert 400 <= answer.status_code < 500 and "error" in answer.json()
