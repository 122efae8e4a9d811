"""Lobby and history reads are paced per seat or per client address, and refused before routing.

A read past its budget is 429 ``rate/limited`` with ``Retry-After``, answered by the gate ahead of
FastAPI (:mod:`api.http.throttle`): nothing is read, nothing appended. A seat token's reads spend
its seat's budget, anonymous reads their address's; a token that holds no seat spends the address's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.throttle import kind_of
from store.settings import _POLICIES, Settings
from tests.api.test_abuse_is_bounded import stored
from tests.api.test_refusals import refused
from tests.support.server import UNLIMITED
from tests.support.service import GAMES, bearer


class HeldClock:
    """A clock that moves only when the test moves it."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, 5, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> HeldClock:
    return HeldClock()


Paced = Callable[[dict[str, str]], TestClient]


@pytest.fixture
def paced(tmp_path: Path, clock: HeldClock) -> Iterator[Paced]:
    """Start a service whose policies come from an environment, as ``backroom serve`` reads them."""
    with ExitStack() as running:

        def start(environ: dict[str, str]) -> TestClient:
            settings = Settings.from_env({"BACKROOM_SQLITE": str(tmp_path / "backroom.sqlite")} | environ)
            return running.enter_context(TestClient(create_app(settings, games=GAMES, clock=clock)))

        yield start


@pytest.fixture
def strict(paced: Paced) -> TestClient:
    environ = {
        "BACKROOM_LOBBY_READS_PER_MINUTE": "60",  # three saved up, one earned a second
        "BACKROOM_HISTORY_READS_PER_MINUTE": "40",  # two saved up, one earned every 1.5 s
        "BACKROOM_REFUSED_PAUSE_SECONDS": "0",
    }
    return paced(environ)


def opened(client: TestClient) -> dict[str, Any]:
    body = client.post("/api/games", json={"game": "pile", "players": ["ann", "bob"]}).json()
    tokens = {entry["seat"]: bearer(entry["token"]) for entry in body["tokens"]}
    return {"id": body["id"], "ann": tokens[0], "bob": tokens[1]}


def limited(answer: Any, wait: int) -> None:
    """The 429 of the gate: the one error shape, ``Retry-After`` and ``details.retry_after`` agreeing."""
    refused(answer, 429, "rate/limited")
    assert answer.headers["Retry-After"] == str(wait)
    assert answer.json()["error"]["details"]["retry_after"] == wait


def test_an_address_reads_the_lobby_only_so_often_and_earns_reads_back_as_time_passes(
    strict: TestClient, clock: HeldClock
) -> None:
    """Past BACKROOM_LOBBY_READS_PER_MINUTE the lobby is 429 with Retry-After; a read is earned back
    every 60/limit seconds."""
    assert [strict.get("/api/games").status_code for _ in range(3)] == [200, 200, 200]
    limited(strict.get("/api/games", params={"status": "waiting"}), 1)
    clock.now += timedelta(seconds=1)
    assert strict.get("/api/games").status_code == 200
    limited(strict.get("/api/games"), 1)


def test_a_seat_reads_history_only_so_often_and_a_refused_read_appends_nothing(strict: TestClient) -> None:
    """Feed, the table seen, timeline, audit and export share one budget per seat; past it 429, the
    store unchanged."""
    game = opened(strict)
    for what in ("events", "timeline"):
        assert strict.get(f"/api/games/{game['id']}/{what}", headers=game["ann"]).status_code == 200
    before = stored(strict)
    for what in ("events", "table", "timeline", "audit", "export"):
        limited(strict.get(f"/api/games/{game['id']}/{what}", headers=game["ann"]), 2)
    assert stored(strict) == before


def test_one_seat_spending_its_history_budget_leaves_the_other_seat_and_spectators_theirs(
    strict: TestClient,
) -> None:
    """Budgets are per seat token, and per address without one: a flooding seat floods only itself."""
    game = opened(strict)
    events = f"/api/games/{game['id']}/events"
    for _ in range(2):
        strict.get(events, headers=game["ann"])
    limited(strict.get(events, headers=game["ann"]), 2)
    assert strict.get(events, headers=game["bob"]).status_code == 200
    assert strict.get(events).status_code == 200  # a spectator at the same address


def test_a_token_that_names_no_seat_reads_as_anonymous(strict: TestClient) -> None:
    """A made-up token spends its address's budget, as a read without a token does: inventing tokens
    buys no fresh budget, and the seats at that address keep theirs."""
    game = opened(strict)
    events = f"/api/games/{game['id']}/events"
    for guess in range(2):
        refused(strict.get(events, headers=bearer(f"guess-{guess}")), 403, "auth/invalid_token")
    limited(strict.get(events, headers=bearer("guess-2")), 2)
    limited(strict.get(events), 2)  # the same budget: the address's
    assert strict.get(events, headers=game["ann"]).status_code == 200
    assert strict.get(events, headers=game["bob"]).status_code == 200


def test_a_seat_keeps_one_history_budget_whatever_links_it_takes(strict: TestClient) -> None:
    """Budgets are per seat, not per token: a new seat link is not a fresh budget."""
    game = opened(strict)
    events = f"/api/games/{game['id']}/events"
    token = game["ann"]
    for _ in range(2):
        assert strict.get(events, headers=token).status_code == 200
        relinked = strict.post(f"/api/games/{game['id']}/seat-link", headers=token)
        assert relinked.status_code == 200, relinked.text
        token = bearer(relinked.json()["token"])
    limited(strict.get(events, headers=token), 2)
    assert strict.get(events, headers=game["bob"]).status_code == 200


def test_the_lobby_is_budgeted_by_address_whatever_token_a_read_carries(strict: TestClient) -> None:
    """The lobby is the same for everyone: a Bearer token (made up or not) buys no budget of its own."""
    game = opened(strict)
    answers = [strict.get("/api/games", headers=bearer(f"made-up-{n}")).status_code for n in range(3)]
    assert answers == [200, 200, 200]
    limited(strict.get("/api/games", headers=game["ann"]), 1)
    limited(strict.get("/api/games"), 1)


def test_a_long_lobby_page_costs_as_many_reads_as_short_pages_would(
    strict: TestClient, clock: HeldClock
) -> None:
    """A page of ``limit`` games costs ``limit / 50`` lobby reads (at least one), so its cost per
    request is bounded whatever ``limit`` says: three saved up pay for one page of 150; one earned
    back pays for a page of 50, not of 100."""
    assert strict.get("/api/games", params={"limit": 150}).status_code == 200
    limited(strict.get("/api/games", params={"limit": 1}), 1)
    clock.now += timedelta(seconds=1)
    limited(strict.get("/api/games", params={"limit": 100}), 1)
    assert strict.get("/api/games", params={"limit": 50}).status_code == 200


def test_a_read_budget_of_zero_is_no_limit(paced: Paced) -> None:
    """0 turns a read budget off (the suite's and the benchmarks' servers run so)."""
    client = paced({"BACKROOM_LOBBY_READS_PER_MINUTE": "0", "BACKROOM_HISTORY_READS_PER_MINUTE": "0"})
    game = opened(client)
    assert {client.get("/api/games").status_code for _ in range(60)} == {200}
    assert {client.get(f"/api/games/{game['id']}/audit").status_code for _ in range(60)} == {200}


def test_an_opening_past_its_budget_is_refused_before_routing_with_retry_after(paced: Paced) -> None:
    """BACKROOM_CREATIONS_PER_MINUTE is counted by the gate: 429 with Retry-After, even for junk."""
    client = paced({"BACKROOM_CREATIONS_PER_MINUTE": "1", "BACKROOM_REFUSED_PAUSE_SECONDS": "0"})
    game = opened(client)
    before = stored(client)
    limited(client.post("/api/games", content=b"[[["), 55)
    limited(client.post(f"/api/games/{game['id']}/fork", json={"version": 1}), 55)
    assert stored(client) == before


def test_the_default_budgets_are_what_the_readme_says() -> None:
    """A normal lobby tab reads 45 lists a minute; a busy table page fewer history reads than 600."""
    settings = Settings.from_env({})
    assert (settings.lobby_reads_per_minute, settings.history_reads_per_minute) == (240, 600)
    assert settings.refused_pause_seconds == 1.0


def test_the_suite_harness_grants_every_allowance() -> None:
    """``serving()`` turns every per-minute policy off: tests play many games from one address."""
    per_minute = {variable for variable, _ in _POLICIES.values() if variable.endswith("_PER_MINUTE")}
    assert per_minute == {variable for variable, value in UNLIMITED.items() if value == "0"}


@pytest.mark.parametrize(
    ("method", "path"),
    [("POST", "/api/games/abc/commands"), ("GET", "/api/games/abc/legal"), ("GET", "/api/games/abc/view")],
)
def test_the_hot_routes_are_not_metered_by_the_gate(method: str, path: str) -> None:
    """Playing spends no reading budget: the gate has no kind for the hot routes (so they skip it)."""
    assert kind_of({"method": method, "path": path}) is None
