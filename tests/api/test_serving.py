"""`backroom serve` runs the API as a real process."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.support.server import serving
from tests.support.service import bearer


def test_backroom_serve_answers_health_and_plays_commands(tmp_path: Path) -> None:
    """A served Slush Fund 2 table takes commands from `/legal` and keeps them in the SQLite file."""
    store = tmp_path / "served.sqlite"
    with serving(store) as served, httpx.Client(base_url=served.base, timeout=10) as client:
        assert client.get("/health").json() == {"status": "ok", "store": "sqlite", "reads": "embedded"}
        opened = client.post("/api/games", json={"game": "slush-fund-2", "players": ["ann", "bob"]}).json()
        tokens = {entry["seat"]: entry["token"] for entry in opened["tokens"]}
        version = opened["game"]["version"]
        for _ in range(5):
            seat = client.get(f"/api/games/{opened['id']}").json()["to_act"][0]
            headers = bearer(tokens[seat])
            offered = client.get(f"/api/games/{opened['id']}/legal", headers=headers).json()["commands"]
            answer = client.post(f"/api/games/{opened['id']}/commands", json=offered[0], headers=headers)
            assert answer.status_code == 200, answer.text
            assert answer.json()["version"] > version
            version = answer.json()["version"]
    assert store.exists() and store.stat().st_size > 0


def test_two_worker_processes_share_one_log(tmp_path: Path) -> None:
    """With `--workers 2`, commands landing on either process see every earlier command."""
    with serving(tmp_path / "shared.sqlite", "--workers", "2") as served:
        opened = httpx.post(
            f"{served.base}/api/games", json={"game": "slush-fund-2", "players": ["a", "b"]}
        ).json()
        tokens = {entry["seat"]: entry["token"] for entry in opened["tokens"]}
        version = opened["game"]["version"]
        for _ in range(12):  # a fresh connection each time, so requests spread over both workers
            seat = httpx.get(f"{served.base}/api/games/{opened['id']}").json()["to_act"][0]
            headers = bearer(tokens[seat]) | {"If-Match": str(version)}
            offered = httpx.get(f"{served.base}/api/games/{opened['id']}/legal", headers=headers).json()
            answer = httpx.post(
                f"{served.base}/api/games/{opened['id']}/commands",
                json=offered["commands"][0],
                headers=headers,
            )
            assert answer.status_code == 200, answer.text
            version = answer.json()["version"]
        feed = httpx.get(f"{served.base}/api/games/{opened['id']}/events").json()["events"]
        assert [entry["version"] for entry in feed] == list(range(1, version + 1))
