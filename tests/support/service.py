"""Helpers for service and API tests: a service over a fresh store, and a fixed clock."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

from fastapi.testclient import TestClient

from api.http.app import create_app
from api.service.application import Tables
from store.settings import Settings
from tests.support.tiny_game import PILE

GAMES = {PILE.id: PILE}
T = TypeVar("T")


class StepClock:
    """A clock that moves one second forward each time it is read."""

    def __init__(self, start: datetime = datetime(2026, 3, 1, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


class RivalClock(StepClock):
    """A step clock that, the first time it is read while armed, lets a rival act before answering.

    The service reads the clock between loading a game and saving, so an armed rival saves first.
    """

    def __init__(self) -> None:
        super().__init__()
        self.rival: Callable[[], object] | None = None

    def __call__(self) -> datetime:
        rival, self.rival = self.rival, None
        if rival is not None:
            rival()
        return super().__call__()


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` on a loop of its own, in a thread of its own (a test may leave a loop running)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def client_for(settings: Settings, games: dict[str, Any] | None = None) -> Iterator[TestClient]:
    """A TestClient over a fresh app (closed at the end)."""
    app = create_app(settings, games=games or GAMES, clock=StepClock())
    with TestClient(app) as client:
        yield client


def bearer(token: str) -> dict[str, str]:
    """The Authorization header for a seat token."""
    return {"Authorization": f"Bearer {token}"}


def stored_count(client: TestClient, game_id: str) -> int:
    """How many events the store holds for a game (read straight from the event store)."""
    tables = client.app.state.tables  # type: ignore[attr-defined]
    return len(tables.store.events_of(tables.store.load(game_id)))


def play_randomly(client: Any, game_id: str, tokens: dict[int, str], seed: int, limit: int = 5000) -> int:
    """Play a game to its end by sending random commands that `/legal` offers; the commands sent.

    ``client`` is a TestClient or an ``httpx.Client`` with a base URL.
    """
    import random

    rng = random.Random(seed)
    for sent in range(limit):
        summary = client.get(f"/api/games/{game_id}").json()
        if summary["status"] == "over":
            return sent
        seat = rng.choice(summary["to_act"])
        offered = client.get(f"/api/games/{game_id}/legal", headers=bearer(tokens[seat])).json()["commands"]
        answer = client.post(
            f"/api/games/{game_id}/commands", json=rng.choice(offered), headers=bearer(tokens[seat])
        )
        assert answer.status_code == 200, answer.text
    raise AssertionError(f"the game did not end within {limit} commands")


@contextmanager
def stepped_tables(folder: Path) -> Iterator[Tables]:
    """A service on a SQLite log in ``folder`` whose clock steps a second a reading, closed afterwards."""
    settings = Settings(sqlite_path=str(folder / "log.sqlite"))
    service = Tables(settings.eventsourcing_env(), games=GAMES, clock=StepClock())
    try:
        yield service
    finally:
        service.close()
