"""The probes through a store's outage (deploy/README.md, "Health, readiness, metrics").

An API process whose Redis goes away stays ready: commands are written to the log and answered, and
reads say they are stale (503 ``store/unavailable``, ``details.stale``). A worker whose PostgreSQL goes
away for less than ``BACKROOM_WORKER_OUTAGE_SECONDS`` stays live (a restart brings no database back),
is not ready meanwhile, and is ready again once the database answers.

The outages are private: a Redis server of this test alone (killed), and a TCP proxy in front of the
shared PostgreSQL that the test cuts and restores (only the connections through it break).
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from tests.support.cutting_proxy import CuttingProxy
from tests.support.private_servers import PrivateRedis
from tests.support.projecting import (
    POSTGRES_DSN,
    api_process,
    postgres_schema,
    process,
    redis_prefix,
    scale_env,
)
from tests.support.server import free_port
from tests.support.service import bearer

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

OPEN = {"game": "slush-fund-2", "players": ["ann", "bob"]}
FIRST_MOVE = {"type": "DrawCards"}  # Slush Fund 2's first command, by the seat that acts first
SETTLE = 30.0
"""Seconds a process gets to become ready (a hang guard; the machine is shared)."""


@pytest.fixture
def private_redis() -> Iterator[PrivateRedis]:
    folder = Path(tempfile.mkdtemp(prefix="backroom-ops-redis-"))
    server = PrivateRedis(folder)
    server.start()
    yield server
    server.stop()


def test_an_api_process_whose_redis_is_gone_stays_ready_and_takes_commands(
    private_redis: PrivateRedis,
) -> None:
    """Redis killed: ``/ready`` stays 200 (saying the reads are stale), a table is opened and commands
    are answered with their new versions; a read answers 503 saying it is stale, never a 500; ``/health``
    (both stores) says Redis is away."""
    with postgres_schema() as schema, redis_prefix() as prefix:
        env = scale_env(schema, prefix) | {"BACKROOM_REDIS_URL": private_redis.url}
        with api_process(env) as base, httpx.Client(base_url=base, timeout=SETTLE) as http:
            before = http.post("/api/games", json=OPEN).json()
            assert http.get("/ready").json() == {"status": "ready", "reads": "current"}
            private_redis.stop()

            ready = http.get("/ready")
            assert ready.status_code == 200, ready.text
            assert ready.json() == {"status": "ready", "reads": "stale"}
            assert http.get("/health").status_code == 503
            moved = http.post(f"/api/games/{before['id']}/commands", json=FIRST_MOVE, headers=_first(before))
            assert moved.status_code == 200, moved.text
            assert moved.json()["version"] == 3
            opened = http.post("/api/games", json=OPEN)
            assert opened.status_code == 201, opened.text
            game = opened.json()
            moved = http.post(f"/api/games/{game['id']}/commands", json=FIRST_MOVE, headers=_first(game))
            assert moved.status_code == 200, moved.text

            for path in ("", "/events", "/legal"):
                read = http.get(f"/api/games/{game['id']}{path}", headers=_seat(game, 0))
                assert read.status_code == 503, (path, read.text)
                error = read.json()["error"]
                assert error["code"] == "store/unavailable"
                assert error["details"]["stale"] is True
                assert "stale" in error["message"]
            assert http.get("/ready").status_code == 200


def _seat(opening: dict[str, Any], seat: int) -> dict[str, str]:
    tokens = {entry["seat"]: entry["token"] for entry in opening["tokens"]}
    return bearer(tokens[seat])


def _first(opening: dict[str, Any]) -> dict[str, str]:
    """The token of the seat that acts first (the deal decides it)."""
    return _seat(opening, opening["game"]["to_act"][0])


def _through(proxy: CuttingProxy) -> str:
    """The tests' PostgreSQL DSN, through ``proxy``."""
    parts = urlsplit(POSTGRES_DSN)
    netloc = f"{parts.username}@127.0.0.1:{proxy.port}" if parts.username else f"127.0.0.1:{proxy.port}"
    return parts._replace(netloc=netloc).geturl()


def _probe(url: str) -> int:
    try:
        return httpx.get(url, timeout=2).status_code
    except httpx.TransportError:
        return 0


def _until_ready(urls: list[str]) -> None:
    deadline = time.monotonic() + SETTLE
    while not all(_probe(f"{url}/ready") == 200 for url in urls):
        assert time.monotonic() < deadline, [(url, _probe(f"{url}/ready")) for url in urls]
        time.sleep(0.2)


OUTAGE = 6.0
"""Seconds PostgreSQL is cut off: three times a worker's health window (two lease times of 1 s)."""


def test_workers_stay_live_through_a_database_outage_shorter_than_their_allowance() -> None:
    """A projection and a timer worker (allowance 30 s), their PostgreSQL cut off for 6 s, three times
    their health window: ``/health`` answers 200 at every look, ``/ready`` 503 during the outage, and
    both are ready again once the database answers. A third worker, allowed 3 s, is no longer live
    by the end of the outage (its supervisor would restart it)."""
    target = urlsplit(POSTGRES_DSN)
    proxy = CuttingProxy(target.hostname or "127.0.0.1", target.port or 5432)
    ports = {"projections": free_port(), "timers": free_port(), "short": free_port()}
    urls = {role: f"http://127.0.0.1:{port}" for role, port in ports.items()}
    with postgres_schema() as schema, redis_prefix() as prefix:
        env = scale_env(schema, prefix) | {
            "BACKROOM_POSTGRES_DSN": _through(proxy),
            "BACKROOM_LEASE_SECONDS": "1",
            "BACKROOM_WORKER_OUTAGE_SECONDS": "30",
        }
        short = env | {"BACKROOM_WORKER_OUTAGE_SECONDS": "3", "BACKROOM_WORKER_PORT": str(ports["short"])}
        with (
            process("worker", "projections", env=env | {"BACKROOM_WORKER_PORT": str(ports["projections"])}),
            process("worker", "timers", env=env | {"BACKROOM_WORKER_PORT": str(ports["timers"])}),
            process("worker", "projections", env=short),
        ):
            _until_ready(list(urls.values()))
            proxy.cut()
            live: dict[str, set[int]] = {role: set() for role in urls}
            ready: dict[str, set[int]] = {role: set() for role in urls}
            cut_at = time.monotonic()
            while time.monotonic() - cut_at < OUTAGE:
                for role, url in urls.items():
                    live[role].add(_probe(f"{url}/health"))
                    ready[role].add(_probe(f"{url}/ready"))
                time.sleep(0.25)
            short_live = _probe(f"{urls['short']}/health")
            proxy.restore()
            assert (live["projections"], live["timers"]) == ({200}, {200})
            assert all(503 in statuses for statuses in ready.values()), ready
            assert short_live == 503
            _until_ready([urls["projections"], urls["timers"]])
            assert _probe(f"{urls['projections']}/health") == _probe(f"{urls['timers']}/health") == 200
    proxy.close()
