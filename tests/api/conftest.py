"""An API client over a fresh SQLite file per test, refereeing the Pile test game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from store.settings import Settings
from tests.support.service import bearer, client_for


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(sqlite_path=str(tmp_path / "backroom.sqlite"), snapshot_interval=3)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    yield from client_for(settings)


@pytest.fixture
def pile(client: TestClient) -> dict[str, Any]:
    """A started Pile game between ann and bob, with their tokens."""
    response = client.post("/api/games", json={"game": "pile", "players": ["ann", "bob"], "seed": "s1"})
    assert response.status_code == 201, response.text
    body = response.json()
    tokens = {entry["seat"]: entry["token"] for entry in body["tokens"]}
    return {"id": body["id"], "tokens": tokens, "ann": bearer(tokens[0]), "bob": bearer(tokens[1])}
