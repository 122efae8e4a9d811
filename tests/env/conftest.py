"""Every registered game at every seat count it allows is a parameter of the environment's tests."""

from __future__ import annotations

import pytest

from env import tables


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "table" in metafunc.fixturenames:
        metafunc.parametrize("table", tables(), ids=[f"{game}-{seats}p" for game, seats in tables()])
