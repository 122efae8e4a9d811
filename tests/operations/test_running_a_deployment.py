"""`backroom up`: the whole deployment as real processes on PostgreSQL and Redis, ready, and stopped
cleanly with a command in flight."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator

import httpx
import pytest

from api.service.application import Tables
from domain.games import registered
from tests.operations.up import backroom_up
from tests.support.projecting import METRICS_TOKEN, deployment_env, scale_settings
from tests.support.service import bearer

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


@pytest.fixture
def env() -> Iterator[dict[str, str]]:
    with deployment_env(**{"BACKROOM_PARTITIONS": "2", "BACKROOM_DRAIN_SECONDS": "20"}) as env:
        yield env


def _opened(api: str) -> tuple[str, dict[int, str]]:
    body = httpx.post(f"{api}/api/games", json={"game": "slush-fund-2", "players": ["a", "b"], "seed": 5})
    assert body.status_code == 201, body.text
    return body.json()["id"], {entry["seat"]: entry["token"] for entry in body.json()["tokens"]}


def _next_move(api: str, game_id: str, tokens: dict[int, str]) -> tuple[str, bytes]:
    """A seat to act and one of its legal commands, as JSON."""
    summary = httpx.get(f"{api}/api/games/{game_id}", params={"min_version": 1}).json()
    seat = summary["to_act"][0]
    legal = httpx.get(f"{api}/api/games/{game_id}/legal", headers=bearer(tokens[seat])).json()
    return tokens[seat], httpx.Request("POST", "/", json=legal["commands"][0]).read()


def test_every_process_comes_up_ready_and_serves_the_one_deployment(env: dict[str, str]) -> None:
    """Two API processes and two projection workers answer /live, /ready and /metrics; a command sent
    to one API process is read from the other."""
    with backroom_up("api=2,projections=2", env) as up:
        up.wait_ready()
        urls = up.urls()
        assert sorted(urls) == ["api.1", "api.2", "projections.1", "projections.2"]
        for url in urls.values():
            assert httpx.get(f"{url}/ready").status_code == 200
        game_id, tokens = _opened(urls["api.1"])
        token, command = _next_move(urls["api.2"], game_id, tokens)
        answer = httpx.post(
            f"{urls['api.2']}/api/games/{game_id}/commands", content=command, headers=bearer(token)
        )
        assert answer.status_code == 200, answer.text
        version = answer.json()["version"]
        seen = httpx.get(f"{urls['api.1']}/api/games/{game_id}", params={"min_version": version}).json()
        assert (seen["version"], seen["stale"]) == (version, False)
        scraped = httpx.get(f"{urls['api.2']}/metrics", headers=bearer(METRICS_TOKEN)).text
        assert 'backroom_commands_total{outcome="accepted"} 1.0' in scraped
        assert "backroom_projection_partitions_held 1.0" in _scraped_once_held(
            f"{urls['projections.1']}/metrics"
        )


def _scraped_once_held(url: str, within: float = 15.0) -> str:
    """The worker's metrics once it holds its partition (its lease is taken just after it is ready)."""
    deadline = time.monotonic() + within
    while True:
        text = httpx.get(url).text
        if "backroom_projection_partitions_held 1.0" in text or time.monotonic() > deadline:
            return text
        time.sleep(0.1)


def test_sigterm_drains_a_command_in_flight_then_stops_every_process(env: dict[str, str]) -> None:
    """SIGTERM while a command is half sent: the API stops accepting, finishes that command (answered
    and in the log), and every process exits."""
    with backroom_up("api=1,projections=1", env) as up:
        up.wait_ready()
        api = up.urls()["api.1"]
        game_id, tokens = _opened(api)
        token, command = _next_move(api, game_id, tokens)
        rest, answers = threading.Event(), []

        def body() -> Iterator[bytes]:
            yield command[:5]
            assert rest.wait(60)
            yield command[5:]

        def send() -> None:
            url = f"{api}/api/games/{game_id}/commands"
            answers.append(httpx.post(url, content=body(), headers=bearer(token), timeout=60))

        sending = threading.Thread(target=send)
        sending.start()
        _until_in_flight(api)
        up.process.terminate()
        _until_refused(api)  # draining: no new connection is taken
        rest.set()
        sending.join(timeout=60)
        assert up.process.wait(timeout=90) == 0
    assert answers and answers[0].status_code == 200, answers
    for pid in up.pids().values():
        assert not _alive(pid)
    tables = Tables(
        scale_settings(env["BACKROOM_POSTGRES_SCHEMA"], env["BACKROOM_REDIS_PREFIX"]).eventsourcing_env(),
        games=registered(),
    )
    try:
        assert tables.store.load(game_id).version == answers[0].json()["version"]
    finally:
        tables.close()


def _until_in_flight(api: str) -> None:
    """Wait until the server holds the half-sent command (its metrics count it in flight)."""
    deadline = time.monotonic() + 30
    scrape = {"url": f"{api}/metrics", "headers": bearer(METRICS_TOKEN)}
    while "backroom_commands_in_flight 1.0" not in httpx.get(**scrape).text:
        assert time.monotonic() < deadline, "the command never reached the server"
        time.sleep(0.05)


def _until_refused(api: str) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"{api}/live", timeout=1)
        except httpx.ConnectError:
            return
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "the API process kept accepting connections"
        time.sleep(0.05)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
