"""Bad input to the history routes gets a 4xx JSON error with a stable code and changes nothing."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.takeback.helpers import Game


def test_junk_paths_queries_and_bodies_get_4xx_codes(client: TestClient) -> None:
    """Unknown games, bad versions, bad viewers, foreign tokens and junk bodies: 4xx, never a crash."""
    game = Game(client, "pile", 2)
    version = game.table().version
    base = f"/api/games/{game.id}"
    foreign = {"Authorization": "Bearer not-a-token"}
    answers = [
        client.get("/api/games/nope/timeline"),
        client.get("/api/games/00000000-0000-0000-0000-000000000000/audit"),
        client.get(f"{base}/at/-1"),
        client.get(f"{base}/at/{10**20}"),
        client.get(f"{base}/timeline", params={"viewer": "god"}),
        client.get(f"{base}/timeline", params={"seat": "x"}),
        client.get(f"{base}/audit", params={"seat": 64}),
        client.get(f"{base}/audit", headers=foreign),
        client.get(f"{base}/export", headers={"Authorization": "Basic x"}),
        client.post(f"{base}/fork", content=b"\xff\x00"),
        client.post(f"{base}/fork", json=[]),
        client.post(f"{base}/fork", json={"version": 0}),
    ]
    for answer in answers:
        assert 400 <= answer.status_code < 500, answer.text
        assert answer.json()["error"]["code"]
    assert game.table().version == version
