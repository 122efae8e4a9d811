"""Fixtures of the projection tests: an API client over a fresh SQLite file per test (embedded read side,
refereeing the Pile test game), and the write side alone over a fresh log with every registered game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.service.application import Tables
from domain.games import registered
from store.settings import Settings
from tests.support.service import client_for


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_for(Settings(sqlite_path=str(tmp_path / "backroom.sqlite"), snapshot_interval=3))


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[Tables]:
    """The write side over a fresh SQLite log, with every registered game (a module may define its own)."""
    app = Tables(Settings(sqlite_path=str(tmp_path / "log.sqlite")).eventsourcing_env(), games=registered())
    yield app
    app.close()
