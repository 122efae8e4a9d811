"""/metrics in the Prometheus text format: commands by outcome, refusals by code, latency, streams,
live tables and projection lag, parsed back with prometheus-client's own parser; answered to the
operators' scraper alone (``BACKROOM_METRICS_TOKEN``), with nothing of any one table in it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from api.http.fast import LATENCY_BUCKETS
from api.http.metrics import CommandTally
from domain.games import registered
from store.settings import Settings
from tests.support.server import free_port
from tests.support.service import bearer, client_for

SCRAPER = "a-scrapers-token"
"""The metrics token of the app under test."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(sqlite_path=str(tmp_path / "backroom.sqlite"), metrics_token=SCRAPER)
    yield from client_for(settings, games=registered())


def _samples(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    answer = client.get("/metrics", headers=bearer(SCRAPER))
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(answer.text)
        for sample in family.samples
    }


def test_commands_are_counted_by_outcome_and_refusals_by_code(client: TestClient) -> None:
    """One accepted command and one sent out of turn: counted apart, the refusal under its code."""
    opened = client.post("/api/games", json={"game": "slush-fund-2", "players": ["a", "b"], "seed": 1}).json()
    tokens = {entry["seat"]: entry["token"] for entry in opened["tokens"]}
    game = f"/api/games/{opened['id']}"
    acting = client.get(game).json()["to_act"][0]
    waiting = 1 - acting
    legal = client.get(f"{game}/legal", headers=bearer(tokens[acting])).json()["commands"]
    assert client.post(f"{game}/commands", json=legal[0], headers=bearer(tokens[acting])).status_code == 200
    refused = client.post(f"{game}/commands", json=legal[0], headers=bearer(tokens[waiting]))
    assert refused.status_code >= 400
    samples = _samples(client)
    assert samples[("backroom_commands_total", (("outcome", "accepted"),))] == 1
    assert samples[("backroom_commands_total", (("outcome", "refused"),))] == 1
    assert samples[("backroom_refusals_total", (("code", refused.json()["error"]["code"]),))] == 1
    assert samples[("backroom_command_seconds_count", ())] == 2
    assert samples[("backroom_commands_in_flight", ())] == 0


def test_live_tables_lag_and_streams_are_reported(client: TestClient) -> None:
    """A game opened is a live table; the embedded projection is current; no stream is open."""
    client.post("/api/games", json={"game": "slush-fund-2", "players": ["a", "b"], "seed": 2})
    samples = _samples(client)
    assert samples[("backroom_live_tables", ())] == 1
    assert samples[("backroom_projection_lag_events", ())] == 0
    assert samples[("backroom_open_streams", ())] == 0


def test_the_referees_and_bots_backlog_is_reported_beside_the_commands(client: TestClient) -> None:
    """Embedded, the referee and the bots act in the API process: its /metrics carry their backlog (a
    fresh table under a minute's clock is not overdue, and no bot seat waits)."""
    clock = {"kind": "move", "seconds": 60}
    client.post("/api/games", json={"game": "slush-fund-2", "players": ["a", "b"], "seed": 3, "clock": clock})
    samples = _samples(client)
    assert samples[("backroom_timer_backlog", ())] == 0
    assert samples[("backroom_bot_backlog", ())] == 0


def test_liveness_and_readiness_answer(client: TestClient) -> None:
    """/live asks no store; /ready asks both and the follower thread."""
    assert client.get("/live").json() == {"status": "live"}
    assert client.get("/ready").json() == {"status": "ready", "reads": "current"}


def test_command_latency_falls_in_the_bucket_of_its_bound() -> None:
    """Each answered command is counted in every bucket whose bound it is within, and in the sum."""
    tally = CommandTally()
    for seconds in (0.0005, 0.001, 0.003, 7.0):
        tally.observe(seconds)
    (latency,) = [family for family in tally.collect() if family.name == "backroom_command_seconds"]
    buckets = {s.labels["le"]: s.value for s in latency.samples if s.name.endswith("_bucket")}
    assert buckets["0.001"] == 2 and buckets["0.0025"] == 2 and buckets["0.005"] == 3
    assert buckets[str(LATENCY_BUCKETS[-1])] == 3 and buckets["+Inf"] == 4
    sums = {s.name: s.value for s in latency.samples}
    assert sums["backroom_command_seconds_count"] == 4
    assert sums["backroom_command_seconds_sum"] == pytest.approx(7.0045)


def test_the_metrics_answer_the_scrapers_token_alone(client: TestClient, tmp_path: Path) -> None:
    """Without the metrics token, with another, or on a process that has none, /metrics is a path that
    does not exist (the public Ingress routes every path to the API: issue 49 item 6)."""
    unknown = client.get("/no-such-path")
    for headers in ({}, bearer("a-guess"), {"Authorization": SCRAPER}, bearer(SCRAPER + "x")):
        answer = client.get("/metrics", headers=headers)
        assert (answer.status_code, answer.json()) == (404, unknown.json()), headers
    settings = Settings(sqlite_path=str(tmp_path / "other.sqlite"))
    for unset in client_for(settings, games=registered()):
        assert unset.get("/metrics").status_code == 404
        assert unset.get("/metrics", headers=bearer("")).status_code == 404


def test_a_metrics_port_serves_them_and_the_public_port_never_does(tmp_path: Path) -> None:
    """With ``BACKROOM_METRICS_PORT`` (the shipped manifests), that port serves /metrics to the scraper
    and the public port answers /metrics with the 404 of a missing path even to the right token: the
    Ingress routes only to the public port (issue 49 item 6)."""
    port = free_port()
    settings = Settings(sqlite_path=str(tmp_path / "apart.sqlite"), metrics_token=SCRAPER, metrics_port=port)
    for public in client_for(settings, games=registered()):
        unknown = public.get("/no-such-path").json()
        for headers in ({}, bearer(SCRAPER)):
            answer = public.get("/metrics", headers=headers)
            assert (answer.status_code, answer.json()) == (404, unknown), headers
        scraped = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=30)
        assert scraped.status_code == 200
        names = {family.name for family in text_string_to_metric_families(scraped.text)}
        assert {"backroom_commands", "backroom_open_streams", "backroom_live_tables"} <= names
    with pytest.raises(httpx.ConnectError):  # closed with the app
        httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=30)


def test_nothing_of_any_one_table_is_in_the_metrics(client: TestClient) -> None:
    """After tables were opened, played and refused, no sample names a game, a seat or a token."""
    opened = client.post("/api/games", json={"game": "slush-fund-2", "players": ["a", "b"], "seed": 4}).json()
    tokens = {entry["seat"]: entry["token"] for entry in opened["tokens"]}
    game = f"/api/games/{opened['id']}"
    acting = client.get(game).json()["to_act"][0]
    legal = client.get(f"{game}/legal", headers=bearer(tokens[acting])).json()["commands"]
    client.post(f"{game}/commands", json=legal[0], headers=bearer(tokens[acting]))
    client.post(f"{game}/commands", json=legal[0], headers=bearer(tokens[1 - acting]))
    text = client.get("/metrics", headers=bearer(SCRAPER)).text
    assert opened["id"] not in text and not any(token in text for token in tokens.values())
    labels = {name for (_, pairs) in _samples(client) for name, _ in pairs}
    assert labels <= {"outcome", "code", "le"}
