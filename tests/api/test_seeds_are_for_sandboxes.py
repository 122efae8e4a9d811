"""A chosen seed reveals the deal, so a seeded table is a sandbox: never open to strangers, marked on
every read (summary, lobby, export, the table and replay pages read the summary's ``sandbox``)."""

from __future__ import annotations

from typing import Any

import msgspec
from fastapi.testclient import TestClient

from tests.api.test_abuse_is_bounded import stored
from tests.api.test_refusals import refused
from tests.support.service import play_randomly


def test_a_seeded_table_with_open_seats_is_refused_and_opens_nothing(client: TestClient) -> None:
    """Nobody may join a table whose deal its host can know: ``table/sandbox_only`` (422)."""
    before = stored(client)
    answer = client.post("/api/games", json={"game": "pile", "seats": 2, "seed": "known"})
    refused(answer, 422, "table/sandbox_only")
    assert stored(client) == before and client.get("/api/games").json()["total"] == 0


def test_a_seeded_table_is_a_sandbox_everywhere(client: TestClient, pile: dict[str, Any]) -> None:
    """The summary, the lobby's entry and the export's header all say ``sandbox``."""
    assert client.get(f"/api/games/{pile['id']}").json()["sandbox"] is True
    assert client.get("/api/games").json()["games"][0]["sandbox"] is True
    header = msgspec.json.decode(client.get(f"/api/games/{pile['id']}/export").content.splitlines()[0])
    assert header["sandbox"] is True


def test_a_table_with_a_secret_nobody_chose_is_not_a_sandbox(client: TestClient) -> None:
    """Without a seed the secret is drawn by the service and never shown before the end."""
    opened = client.post("/api/games", json={"game": "pile", "seats": 2}).json()
    assert opened["game"]["sandbox"] is False and opened["game"]["seeded"] is False


def test_a_fork_is_a_sandbox(client: TestClient, pile: dict[str, Any]) -> None:
    """A fork starts from a finished game whose every card its forker could read."""
    play_randomly(client, pile["id"], pile["tokens"], seed=1)
    forked = client.post(f"/api/games/{pile['id']}/fork", json={"version": 3})
    assert forked.status_code == 201, forked.text
    assert client.get(f"/api/games/{forked.json()['id']}").json()["sandbox"] is True
