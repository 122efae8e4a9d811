"""The legal list never offers what will be refused: a client that plays from ``/legal`` alone never
gets a 4xx, take-backs included.

A seat's take-back allowance (``BACKROOM_TAKEBACKS_PER_MINUTE``) counts taking back and asking to;
once it is spent, ``/legal`` (and a command's answer) lists neither until the allowance comes back,
and says when (``limited``). Answering another seat's request is never counted, so a seat can always
answer from ``/legal``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from domain.games import registered
from store.settings import Settings
from tests.support.service import bearer

NOW = datetime(2026, 3, 1, 12, 0, 5, tzinfo=UTC)
ALLOWANCE = 3
LIMITED = {"TakeBack", "RequestTakeBack"}
ANSWERS = {"ApproveTakeBack", "RefuseTakeBack"}
GAMES = ("slush-fund-2", "politrickers", "super-pacs", "campaign-trail")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(sqlite_path=str(tmp_path / "legal.sqlite"), snapshot_interval=50)
    settings = dataclasses.replace(settings, takebacks_per_minute=ALLOWANCE)
    app = create_app(settings, games=registered(), clock=lambda: NOW)  # time stands still: no window closes
    with TestClient(app) as test_client:
        app.state.tables.pass_pause = 0  # time stands still here: a held pass would wait its whole pause
        yield test_client


def opened(client: TestClient, game: str, seed: str) -> tuple[str, dict[int, dict[str, str]]]:
    seats = max(registered()[game].min_seats, min(3, registered()[game].max_seats))
    names = ["ann", "bob", "cy", "di"][:seats]
    answer = client.post("/api/games", json={"game": game, "players": names, "seed": seed})
    assert answer.status_code == 201, answer.text
    body = answer.json()
    return body["id"], {entry["seat"]: bearer(entry["token"]) for entry in body["tokens"]}


def played_from_legal(client: TestClient, game: str, seed: int) -> dict[str, Any]:
    """Play ``game`` to its end from ``/legal`` alone: each step a random seat with something offered
    sends one of its offers at random; every answer must be a 200. What was seen along the way."""
    rng = random.Random(seed)
    game_id, seats = opened(client, game, str(seed))
    seen: dict[str, Any] = {"sent": [], "limited": [], "listed_while_limited": set()}
    for _ in range(20_000):
        if client.get(f"/api/games/{game_id}").json()["status"] == "over":
            return seen
        for seat in rng.sample(sorted(seats), len(seats)):
            legal = client.get(f"/api/games/{game_id}/legal", headers=seats[seat])
            assert legal.status_code == 200, legal.text
            body = legal.json()
            if body["limited"]:
                seen["limited"].append(body["limited"])
                seen["listed_while_limited"] |= {c["type"] for c in body["commands"]} & LIMITED
            if body["commands"]:
                command = rng.choice(body["commands"])
                answer = client.post(f"/api/games/{game_id}/commands", json=command, headers=seats[seat])
                assert answer.status_code == 200, (game, command, answer.text)
                assert {c["type"] for c in answer.json()["legal"]} & LIMITED <= (
                    set() if answer.json()["limited"] else LIMITED
                )
                seen["sent"].append(command["type"])
                break
    raise AssertionError(f"{game} did not end")


@pytest.mark.parametrize("game", GAMES)
def test_a_client_playing_from_legal_alone_is_never_refused(client: TestClient, game: str) -> None:
    """Every command ``/legal`` lists is accepted, through a whole game, take-backs and answers included."""
    seen = played_from_legal(client, game, seed=11)
    assert LIMITED & set(seen["sent"]), "some take-back was sent"
    assert seen["limited"], "the allowance ran out at some point"
    assert not seen["listed_while_limited"]


def test_a_spent_allowance_says_when_it_comes_back(client: TestClient) -> None:
    """Once a seat has taken back as often as a minute allows, ``/legal`` holds no take-back and says
    the minute's end, when the allowance comes back; answering another's request stays on offer."""
    game_id, seats = opened(client, "politrickers", "5")
    rng = random.Random(5)
    url = f"/api/games/{game_id}"
    asked_by = dict.fromkeys(seats, 0)
    while max(asked_by.values()) < ALLOWANCE:
        mover = client.get(url).json()["to_act"][0]
        legal = client.get(f"{url}/legal", headers=seats[mover]).json()
        asked = [c for c in legal["commands"] if c["type"] == "RequestTakeBack"]
        if asked:
            assert client.post(f"{url}/commands", json=asked[0], headers=seats[mover]).status_code == 200
            asked_by[mover] += 1
            other = next(seat for seat in seats if seat != mover)
            offered = {c["type"] for c in client.get(f"{url}/legal", headers=seats[other]).json()["commands"]}
            assert offered >= ANSWERS
            refuse = {"type": "RefuseTakeBack"}
            assert client.post(f"{url}/commands", json=refuse, headers=seats[other]).status_code == 200
            continue
        moves = [c for c in legal["commands"] if c["type"] not in LIMITED]
        assert client.post(f"{url}/commands", json=rng.choice(moves), headers=seats[mover]).status_code == 200
    asker = max(asked_by, key=lambda seat: asked_by[seat])
    spent = client.get(f"{url}/legal", headers=seats[asker]).json()
    assert not {c["type"] for c in spent["commands"]} & LIMITED
    assert spent["limited"] == [
        {
            "types": ["TakeBack", "RequestTakeBack"],
            "until": "2026-03-01T12:01:00Z",
            "message": "You have used your 3 take-backs for this minute; they come back at 12:01:00 UTC.",
        }
    ]
