"""An API client over a fresh SQLite file per test (embedded read side), refereeing the Pile test game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.support.service import client_for
from workers.settings import Settings


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_for(Settings(sqlite_path=str(tmp_path / "backroom.sqlite"), snapshot_interval=3))
