"""An API client over every game, on a fresh store per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.takeback.helpers import client_over


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_over(tmp_path)
