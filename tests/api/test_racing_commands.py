"""Many clients sending to one game at once: one command wins each version, nothing lost or doubled."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi.testclient import TestClient

from tests.support.service import bearer, stored_count

THREADS = 8
TAKE = {"type": "Take", "count": 1}


def big_pile(client: TestClient) -> dict[str, Any]:
    body = client.post(
        "/api/games", json={"game": "pile", "players": ["a", "b"], "options": {"stones": 500}}
    ).json()
    return {"id": body["id"], "tokens": {entry["seat"]: entry["token"] for entry in body["tokens"]}}


def test_of_simultaneous_conditional_commands_exactly_one_wins(client: TestClient) -> None:
    """All naming version 2 at once: one is recorded as version 3, every other is a 412."""
    game = big_pile(client)
    start = threading.Barrier(THREADS)

    def send(_: int) -> int:
        start.wait()
        headers = bearer(game["tokens"][0]) | {"If-Match": "2"}
        return client.post(f"/api/games/{game['id']}/commands", json=TAKE, headers=headers).status_code

    with ThreadPoolExecutor(THREADS) as pool:
        statuses = Counter(pool.map(send, range(THREADS)))
    assert statuses == {200: 1, 412: THREADS - 1}
    assert stored_count(client, game["id"]) == 3


def test_racing_players_lose_no_event_and_double_none(client: TestClient) -> None:
    """Threads racing for turns: every win has its own version, losers get 409/412, the log is whole."""
    game = big_pile(client)
    wins: list[int] = []

    def play(_: int) -> Counter[int]:
        seen: Counter[int] = Counter()
        for _ in range(10):
            summary = client.get(f"/api/games/{game['id']}").json()
            seat, version = summary["to_act"][0], summary["version"]
            headers = bearer(game["tokens"][seat]) | {"If-Match": str(version)}
            answer = client.post(f"/api/games/{game['id']}/commands", json=TAKE, headers=headers)
            seen[answer.status_code] += 1
            if answer.status_code == 200:
                wins.append(answer.json()["version"])
        return seen

    with ThreadPoolExecutor(THREADS) as pool:
        statuses = sum(pool.map(play, range(THREADS)), Counter())
    assert set(statuses) <= {200, 409, 412}
    assert sorted(wins) == list(range(3, 3 + len(wins)))
    tables = client.app.state.tables  # type: ignore[attr-defined]
    versions = [event.version for event in tables.store.events_of(tables.store.load(game["id"]))]
    assert versions == list(range(1, 3 + len(wins)))
    assert client.get(f"/api/games/{game['id']}/view").json()["view"]["stones"] == 500 - len(wins)


def test_unconditional_commands_that_collide_are_conflicts_not_duplicates(client: TestClient) -> None:
    """Without If-Match, a command that loses the race is refused (409), never applied twice."""
    game = big_pile(client)
    start = threading.Barrier(THREADS)

    def send(_: int) -> Any:
        start.wait()
        return client.post(f"/api/games/{game['id']}/commands", json=TAKE, headers=bearer(game["tokens"][0]))

    with ThreadPoolExecutor(THREADS) as pool:
        answers = list(pool.map(send, range(THREADS)))
    codes = Counter(a.json().get("error", {}).get("code", "ok") for a in answers)
    assert codes["ok"] == 1
    assert set(codes) <= {"ok", "version/conflict", "rule/not_your_turn"}
    assert stored_count(client, game["id"]) == 3
