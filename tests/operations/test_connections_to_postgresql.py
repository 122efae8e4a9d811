"""At scale: how many PostgreSQL connections each process holds is a setting, and small by default.

An API process, a projection worker and a timer worker run on a schema of this test's own; each names
its connections (libpq's ``PGAPPNAME``), so ``pg_stat_activity`` tells whose each one is. Once all three
are ready and idle, each holds its pool's ``BACKROOM_POSTGRES_POOL_SIZE`` (the projection worker one
more: its ``LISTEN``); a process told a pool of 1 holds 1.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import ExitStack

import httpx
import psycopg
import pytest

from api.service.application import Tables
from domain.games import registered
from store.settings import Settings
from tests.support.projecting import (
    POSTGRES_DSN,
    api_process,
    deployment_env,
    process,
)
from tests.support.server import free_port

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


@pytest.fixture
def env() -> Iterator[dict[str, str]]:
    with deployment_env() as env:
        yield env


def held(name: str) -> int:
    """Connections to PostgreSQL whose application name is ``name``."""
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as connection:
        query = "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s"
        found = connection.execute(query, (name,))
        row = found.fetchone()
    return int(row[0]) if row else 0


def worker_ready(port: int) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/ready", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, "the worker never became ready"
        time.sleep(0.1)


def settled(name: str, least: int) -> int:
    """The count of ``name``'s connections once its pool has filled to ``least`` (a pool fills in the
    background) and half a second more has passed for any more to open."""
    deadline = time.monotonic() + 10
    while held(name) < least and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    return held(name)


def test_a_process_holds_no_more_than_its_pool_allows_and_one_when_told_one(env: dict[str, str]) -> None:
    """With the shipped pool (2 kept, up to 6 more under load) no process holds more than 8, 9 for a
    projection worker with its LISTEN (the old code kept 10 open whatever it was told, and up to 30); an
    API process told a pool of 1 and no overflow holds exactly 1, and opens and plays a table through it."""
    tag = f"br{os.getpid()}_{time.monotonic_ns() % 10**9}"
    names = {role: f"{tag}_{role}" for role in ("api", "small", "projections", "timers")}
    ports = {role: free_port() for role in ("projections", "timers")}
    with ExitStack() as running:
        running.enter_context(api_process(env | {"PGAPPNAME": names["api"]}))
        small = {"PGAPPNAME": names["small"], "BACKROOM_POSTGRES_POOL_SIZE": "1"}
        base = running.enter_context(api_process(env | small | {"BACKROOM_POSTGRES_MAX_OVERFLOW": "0"}))
        for role in ("projections", "timers"):
            worker = {"PGAPPNAME": names[role], "BACKROOM_WORKER_PORT": str(ports[role])}
            running.enter_context(process("worker", role, env=env | worker))
            worker_ready(ports[role])
        opened = httpx.post(f"{base}/api/games", json={"game": "slush-fund-2", "players": ["ann", "bob"]})
        assert opened.status_code == 201, opened.text
        found = {role: settled(name, 1) for role, name in names.items()}
    assert found["small"] == 1
    assert 1 <= found["api"] <= 8 and 1 <= found["timers"] <= 8 and 2 <= found["projections"] <= 9


def test_the_logs_pool_keeps_the_tls_its_dsn_asks_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """``sslmode`` in BACKROOM_POSTGRES_DSN holds for the library's pool too (which takes host, port,
    user, password and database apart and dropped the rest): a DSN asking for TLS of a server without
    it is refused, never connected in the clear (issue 49 item 8; the shipped DSNs ask verify-full)."""
    for variable in ("PGSSLMODE", "PGSSLROOTCERT"):  # as they were, after: the DSN's settings set them
        monkeypatch.setenv(variable, "")
        monkeypatch.delenv(variable)
    settings = Settings(
        postgres_dsn=f"{POSTGRES_DSN}?sslmode=require",
        postgres_direct_dsn=POSTGRES_DSN,  # the schema's lock, LISTEN: a session of their own, as shipped
        postgres_schema="public",
    )
    with pytest.raises(psycopg.OperationalError, match="SSL"):
        tables = Tables(settings.eventsourcing_env(), games=registered())
        try:
            tables.store.ping()
        finally:
            tables.close()
