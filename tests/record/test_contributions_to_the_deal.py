"""Table rule 1a: a seat pledges a contribution as it sits down and reveals it once every seat is
taken; the deal waits for the last, and is drawn from the secret and every contribution."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain import dealing
from tests.record.playing import pledge_of
from tests.takeback.helpers import client_over

MINE, THEIRS = "0123456789abcdef0123456789abcdef", "fedcba9876543210"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_over(tmp_path)


def sit(client: TestClient, game_id: str, name: str, pledge: str | None) -> str:
    body = {"name": name} | ({"pledge": pledge} if pledge else {})
    joined = client.post(f"/api/games/{game_id}/join", json=body)
    assert joined.status_code == 200, joined.text
    return str(joined.json()["token"])


def reveal(client: TestClient, game_id: str, token: str, contribution: str) -> Any:
    return client.post(
        f"/api/games/{game_id}/contribution",
        json={"contribution": contribution},
        headers={"Authorization": f"Bearer {token}"},
    )


def opened(client: TestClient) -> str:
    answer = client.post("/api/games", json={"game": "slush-fund-2", "seats": 2})
    return str(answer.json()["id"])


def refused_unchanged(client: TestClient, game_id: str, answer: Any) -> None:
    """Refused: 409 by the table's state (too early, too late, not the pledge), 422 when malformed."""
    code = answer.json()["error"]["code"]
    assert (answer.status_code, code) in {(409, "record/contribution_refused"), (422, "request/invalid")}, (
        answer.text
    )


def test_the_deal_waits_for_every_pledged_contribution_and_draws_from_them(client: TestClient) -> None:
    """Seats taken with pledges: no deal until both reveal; then the table key is the secret's and theirs."""
    game_id = opened(client)
    ann = sit(client, game_id, "ann", pledge_of(MINE))
    early = reveal(client, game_id, ann, MINE)
    refused_unchanged(client, game_id, early)
    assert "every seat is taken" in early.json()["error"]["message"]
    bob = sit(client, game_id, "bob", pledge_of(THEIRS))
    waiting = client.get(f"/api/games/{game_id}").json()
    assert (waiting["status"], waiting["unrevealed"]) == ("waiting", [0, 1])
    assert reveal(client, game_id, ann, MINE).status_code == 200
    assert client.get(f"/api/games/{game_id}").json()["unrevealed"] == [1]
    dealt = reveal(client, game_id, bob, THEIRS).json()
    assert dealt["status"] == "playing" and "unrevealed" not in dealt
    table = client.app.state.tables.store.load(game_id)  # type: ignore[attr-defined]
    assert table.state.contributions == (MINE, THEIRS)
    assert dealing.table_key(table.state.secret, (MINE, THEIRS)) != dealing.table_key(
        table.state.secret, (None, None)
    )


def test_a_contribution_that_is_not_the_pledged_one_is_refused_and_changes_nothing(
    client: TestClient,
) -> None:
    game_id = opened(client)
    ann = sit(client, game_id, "ann", pledge_of(MINE))
    sit(client, game_id, "bob", None)
    before = client.get(f"/api/games/{game_id}").json()["version"]
    refused_unchanged(client, game_id, reveal(client, game_id, ann, THEIRS))
    refused_unchanged(client, game_id, reveal(client, game_id, ann, "NOT HEX"))
    assert client.get(f"/api/games/{game_id}").json()["version"] == before


def test_a_seat_that_pledged_nothing_has_nothing_to_reveal_and_holds_nothing_up(client: TestClient) -> None:
    """Without a pledge a seat contributes nothing; the deal waits only for the seats that pledged."""
    game_id = opened(client)
    ann = sit(client, game_id, "ann", pledge_of(MINE))
    bob = sit(client, game_id, "bob", None)
    refused_unchanged(client, game_id, reveal(client, game_id, bob, THEIRS))
    assert reveal(client, game_id, ann, MINE).json()["status"] == "playing"
    refused_unchanged(client, game_id, reveal(client, game_id, ann, MINE))


def test_seats_that_pledge_nothing_are_dealt_at_once_as_before(client: TestClient) -> None:
    game_id = opened(client)
    sit(client, game_id, "ann", None)
    sit(client, game_id, "bob", None)
    assert client.get(f"/api/games/{game_id}").json()["status"] == "playing"


def test_a_pledge_must_be_a_sha_256_in_hex(client: TestClient) -> None:
    game_id = opened(client)
    answer = client.post(f"/api/games/{game_id}/join", json={"name": "ann", "pledge": "abc"})
    assert answer.status_code == 422
    assert client.get(f"/api/games/{game_id}").json()["open_seats"] == [0, 1]
