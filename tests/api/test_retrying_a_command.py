"""An Idempotency-Key makes a retried command safe: the first answer again, nothing appended."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.support.service import stored_count


def send(client: TestClient, pile: dict[str, Any], seat: str, count: int, key: str | None = None) -> Any:
    headers = pile[seat] | ({"Idempotency-Key": key} if key else {})
    return client.post(
        f"/api/games/{pile['id']}/commands", json={"type": "Take", "count": count}, headers=headers
    )


def test_a_retry_with_the_same_key_returns_the_first_answer_and_appends_nothing(
    client: TestClient, pile: dict[str, Any]
) -> None:
    """The same key and body answer exactly as the first time did (a header marks the replay)."""
    first = send(client, pile, "ann", 2, key="k-1")
    again = send(client, pile, "ann", 2, key="k-1")
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert again.headers["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first.headers
    assert stored_count(client, pile["id"]) == 3


def test_a_retry_after_later_commands_still_returns_the_first_answer(
    client: TestClient, pile: dict[str, Any]
) -> None:
    """Even once the game has moved on, a retry sees the version and view its command produced."""
    first = send(client, pile, "ann", 2, key="k-1").json()
    send(client, pile, "bob", 1)
    again = send(client, pile, "ann", 2, key="k-1").json()
    assert again["version"] == first["version"] == 3
    assert again["view"] == first["view"] and again["events"] == first["events"]
    assert stored_count(client, pile["id"]) == 4


def test_the_same_key_with_another_command_is_refused(client: TestClient, pile: dict[str, Any]) -> None:
    """A key names one command; reusing it for a different one is an error of its own."""
    send(client, pile, "ann", 2, key="k-1")
    answer = send(client, pile, "ann", 1, key="k-1")
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "request/idempotency_key_reused"
    assert stored_count(client, pile["id"]) == 3


def test_the_command_id_is_stored_with_the_events_it_produced(
    client: TestClient, pile: dict[str, Any]
) -> None:
    """The key becomes the command id recorded in the event's metadata."""
    send(client, pile, "ann", 2, key="k-42")
    tables = client.app.state.tables  # type: ignore[attr-defined]
    last = tables.store.events_of(tables.store.load(pile["id"]))[-1]
    assert (last.command_id, last.seat) == ("k-42", 0)


def test_commands_without_a_key_get_distinct_ids(client: TestClient, pile: dict[str, Any]) -> None:
    """Without a key each command gets a fresh id, so identical commands are not mistaken for retries."""
    send(client, pile, "ann", 1)
    send(client, pile, "bob", 1)
    send(client, pile, "ann", 1)
    tables = client.app.state.tables  # type: ignore[attr-defined]
    ids = [event.command_id for event in tables.store.events_of(tables.store.load(pile["id"]))][2:]
    assert len(ids) == len(set(ids)) == 3


def test_a_key_is_the_seats_own_and_another_seat_may_use_it(client: TestClient, pile: dict[str, Any]) -> None:
    """Keys are scoped to the seat: the same key from another seat is a new command, and the first seat
    learns nothing of it (its retry still answers as before)."""
    first = send(client, pile, "ann", 1, key="shared")
    other = send(client, pile, "bob", 1, key="shared")
    assert first.status_code == other.status_code == 200
    assert "Idempotent-Replayed" not in other.headers and other.json()["version"] == 4
    again = send(client, pile, "ann", 1, key="shared")
    assert (
        again.headers["Idempotent-Replayed"] == "true" and again.json()["version"] == first.json()["version"]
    )
    assert stored_count(client, pile["id"]) == 4
