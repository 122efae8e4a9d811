"""Helpers for read-side tests: per-run Redis prefixes and PostgreSQL schemas, and games played on Tables."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import msgspec
import psycopg
import redis

from api.service.application import Tables
from domain.codec import encode
from domain.seats import Seat
from store.settings import Settings
from tests.support.server import free_port
from tests.support.service import run
from tests.support.waiting import DEADLINE, until

REDIS_URL = os.environ.get("BACKROOM_TEST_REDIS_URL") or "redis://127.0.0.1:6379/0"
"""The Redis database the tests and benchmarks use (``BACKROOM_TEST_REDIS_URL``; the shared server's db 0)."""
POSTGRES_DSN = os.environ.get("BACKROOM_TEST_POSTGRES_DSN") or "postgresql://postgres@127.0.0.1:5432/test"
"""The PostgreSQL database the tests and benchmarks use (``BACKROOM_TEST_POSTGRES_DSN``; ``test``).

Two checkouts on one machine each name their own (say ``.../test2`` and ``redis://127.0.0.1:6379/1``);
within one database every test still takes a schema or key prefix of its own (:func:`unique`).
"""


def unique(kind: str) -> str:
    """A name no other run (or xdist worker) uses."""
    return f"backroom_test_{kind}_{uuid.uuid4().hex[:12]}"


@contextmanager
def redis_prefix() -> Iterator[str]:
    """A Redis key prefix of this test alone; its keys are deleted afterwards."""
    prefix = unique("redis")
    yield prefix
    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
    if keys:
        client.unlink(*keys)
    client.close()


@contextmanager
def postgres_schema() -> Iterator[str]:
    """A PostgreSQL schema of this test alone; dropped afterwards."""
    schema = unique("pg")
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as connection:
        connection.execute(f'CREATE SCHEMA "{schema}"')
    yield schema
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as connection:
        connection.execute(f'DROP SCHEMA "{schema}" CASCADE')


def open_game(tables: Tables, game: str, players: int, seed: str) -> tuple[str, dict[int, str]]:
    """Open a seeded table with every seat named; its id and the seats' tokens."""
    opening = run(tables.open(game, [f"p{seat}" for seat in range(players)], seed=seed))
    return str(opening.game_id), opening.tokens


def play(tables: Tables, game_id: str, tokens: dict[int, str], rng: random.Random, moves: int) -> int:
    """Send up to ``moves`` random legal commands (stopping when the game ends); how many were sent."""
    for sent in range(moves):
        table = tables.store.load(game_id)
        rules: Any = table.game
        acting = sorted(rules.to_act(table.game_state))
        if not acting:
            return sent
        seat = rng.choice(acting)
        command = rng.choice(rules.legal_commands(table.game_state, Seat(seat)))
        run(tables.submit(game_id, tokens[seat], encode(command)))
    return moves


BACKROOM = Path(sys.executable).with_name("backroom")


METRICS_TOKEN = "the-tests-metrics-token"
"""The ``BACKROOM_METRICS_TOKEN`` of every deployment the tests start (its API processes' ``/metrics``
answer nobody else)."""


def scale_env(schema: str, prefix: str) -> dict[str, str]:
    """A deployment at scale: the PostgreSQL log in ``schema``, Redis reads under ``prefix``."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("BACKROOM_")}
    return env | {
        "BACKROOM_METRICS_TOKEN": METRICS_TOKEN,
        "BACKROOM_POSTGRES_DSN": POSTGRES_DSN,
        "BACKROOM_POSTGRES_SCHEMA": schema,
        "BACKROOM_REDIS_URL": REDIS_URL,
        "BACKROOM_REDIS_PREFIX": prefix,
    }


@contextmanager
def deployment_env(**settings: str) -> Iterator[dict[str, str]]:
    """The environment of a deployment of its own (:func:`scale_env` on a fresh PostgreSQL schema and
    Redis prefix, both dropped afterwards), with ``settings`` (``BACKROOM_...`` names) over it."""
    with postgres_schema() as schema, redis_prefix() as prefix:
        yield scale_env(schema, prefix) | settings


def scale_settings(schema: str, prefix: str) -> Settings:
    """The settings :func:`scale_env` describes."""
    return Settings.from_env(scale_env(schema, prefix))


@contextmanager
def process(*args: str, env: dict[str, str]) -> Iterator[subprocess.Popen[bytes]]:
    """Run ``backroom <args>`` until the block ends (terminated, or already killed by the test)."""
    # stderr goes to a file, not a pipe: a chatty process never blocks on it
    with tempfile.TemporaryFile() as errors:
        running = subprocess.Popen([str(BACKROOM), *args], env=env, stdout=subprocess.DEVNULL, stderr=errors)
        running.errors = errors  # type: ignore[attr-defined]  # read by api_process when startup fails
        try:
            yield running
        finally:
            if running.poll() is None:
                running.terminate()
                try:
                    running.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    running.kill()
                    running.wait()


@contextmanager
def api_process(env: dict[str, str], *extra: str) -> Iterator[str]:
    """A ``backroom serve`` process with ``env``; yields its base URL once healthy."""
    port = free_port()
    with process("serve", "--port", str(port), *extra, env=env) as running:
        base = f"http://127.0.0.1:{port}"

        def healthy() -> bool:
            if running.poll() is not None:
                running.errors.seek(0)  # type: ignore[attr-defined]  # set by process()
                raise RuntimeError(running.errors.read().decode())  # type: ignore[attr-defined]
            try:
                return httpx.get(f"{base}/health", timeout=5).status_code == 200
            except httpx.TransportError:
                return False

        until("backroom serve never answered /health", healthy, every=0.1)
        yield base


class Stream:
    """A Server-Sent Events stream read on a thread: ``events`` collects ``(id, data)`` as they come.

    Like a browser's EventSource it reconnects with ``Last-Event-ID`` when the connection goes quiet
    (every second here, so that ``close`` takes effect promptly), so it also exercises resumption.
    """

    def __init__(self, url: str, headers: dict[str, str] | None = None) -> None:
        self.events: list[tuple[int, dict[str, Any]]] = []
        self.status = 0
        self.tries: list[str] = []
        """Each connection's outcome in order (its status, or the error that ended it), for failures."""
        self._closing = threading.Event()
        self._opened = threading.Event()
        self._thread = threading.Thread(target=self._follow, args=(url, headers or {}), daemon=True)
        self._thread.start()
        self._opened.wait(10)

    def _follow(self, url: str, headers: dict[str, str]) -> None:
        with httpx.Client(timeout=httpx.Timeout(1.0, connect=5)) as client:
            while not self._closing.is_set():
                resume = {"Last-Event-ID": str(self.events[-1][0])} if self.events else {}
                # quiet for a second, or the server went away: look again
                try:
                    self._read(client, url, headers | resume)
                    self.tries.append(str(self.status))
                except httpx.HTTPError as error:
                    self.tries.append(f"{self.status} then {type(error).__name__}")
                if self.status != 200:
                    self._opened.set()
                    return

    def _read(self, client: httpx.Client, url: str, headers: dict[str, str]) -> None:
        with client.stream("GET", url, headers=headers) as response:
            self.status = response.status_code
            self._opened.set()
            fields: dict[str, str] = {}
            for line in response.iter_lines():
                if self._closing.is_set():
                    return
                if not line:  # a blank line ends one event
                    if "data" in fields:
                        self.events.append((int(fields["id"]), msgspec.json.decode(fields["data"])))
                    fields = {}
                elif not line.startswith(":"):
                    name, _, value = line.partition(":")
                    fields[name] = value.strip()

    def wait_for(self, version: int, timeout: float = DEADLINE) -> list[tuple[int, dict[str, Any]]]:
        """The events received once one with id ``version`` has arrived (fails after ``timeout`` s)."""
        deadline = time.monotonic() + timeout
        while not any(event_id >= version for event_id, _ in self.events):
            last, tries = self.events[-1:], self.tries[-30:]
            assert time.monotonic() < deadline, f"stream stopped at {last!r}, wanted {version}; tries {tries}"
            time.sleep(0.01)
        return list(self.events)

    def close(self) -> None:
        """Hang up (within a second)."""
        self._closing.set()
        self._thread.join(timeout=5)
