"""At scale: a PostgreSQL that stops answering holds no command past the deadline, and the retry is safe.

Two API processes share a log in a schema of this test's own. The test freezes the log the way a stuck
database looks to a writer: another connection holds ``ACCESS EXCLUSIVE`` on this schema's events
table (nothing outside the schema is locked). A command sent meanwhile is answered 503
``store/timed_out`` with ``Retry-After`` once ``BACKROOM_COMMAND_SECONDS`` pass, not when the lock
goes; the same ``Idempotency-Key`` sent again to the other process, once the log answers, is recorded
once, and the first process answers it as a retry of the same version.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import ExitStack

import httpx
import psycopg
import pytest

from api.service.application import Tables
from domain.codec import encode
from domain.games import registered
from domain.seats import Seat
from domain.table import GameEventRecorded
from tests.support.projecting import (
    POSTGRES_DSN,
    api_process,
    open_game,
    postgres_schema,
    redis_prefix,
    scale_env,
    scale_settings,
)

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

DEADLINE = "1"
"""Seconds a command may wait for the log (``BACKROOM_COMMAND_SECONDS``); the lock is held far longer
than this until the answer has come."""


@pytest.fixture
def schema() -> Iterator[tuple[str, str]]:
    with postgres_schema() as schema, redis_prefix() as prefix:
        yield schema, prefix


def legal_body(tables: Tables, game_id: str) -> tuple[int, bytes]:
    """A seat to act and one of its legal commands, as the log holds the game now."""
    table = tables.store.load(game_id)
    rules = table.game
    seat = min(rules.to_act(table.game_state))
    return seat, encode(random.Random(7).choice(rules.legal_commands(table.game_state, Seat(seat))))


def test_a_command_held_by_a_frozen_log_is_answered_503_and_its_retry_is_recorded_once(
    schema: tuple[str, str],
) -> None:
    """The deadline answers 503 with Retry-After while the log is locked; the same key, sent to another
    process after, is saved once, and sent to the first process again it is answered as that retry."""
    env = scale_env(*schema) | {"BACKROOM_COMMAND_SECONDS": DEADLINE}
    tables = Tables(scale_settings(*schema).eventsourcing_env(), games=registered())
    try:
        game_id, tokens = open_game(tables, "slush-fund-2", 2, "frozen")
        with ExitStack() as running:
            first, other = (running.enter_context(api_process(env)) for _ in "ab")
            seat, body = legal_body(tables, game_id)
            url = f"/api/games/{game_id}/commands"
            headers = {"Authorization": f"Bearer {tokens[seat]}", "Content-Type": "application/json"}
            warm = httpx.post(first + url, content=body, headers=headers, timeout=10)
            assert warm.status_code == 200, warm.text  # the first process now keeps the table
            seat, body = legal_body(tables, game_id)
            headers |= {"Authorization": f"Bearer {tokens[seat]}", "Idempotency-Key": "frozen-1"}
            with psycopg.connect(POSTGRES_DSN) as locker:
                locker.execute(f'LOCK TABLE "{schema[0]}".backroom_events IN ACCESS EXCLUSIVE MODE')
                held = httpx.post(first + url, content=body, headers=headers, timeout=30)
                locker.rollback()
            assert held.status_code == 503, held.text
            assert held.json()["error"]["code"] == "store/timed_out"
            assert held.headers["Retry-After"] == DEADLINE
            retried = httpx.post(other + url, content=body, headers=headers, timeout=10)
            again = httpx.post(first + url, content=body, headers=headers, timeout=10)
        assert retried.status_code == again.status_code == 200, (retried.text, again.text)
        assert again.headers.get("Idempotent-Replayed") == "true"
        assert retried.json()["version"] == again.json()["version"]
        table = tables.store.load(game_id)
        after_warm = [e for e in tables.store.events_of(table) if e.version > warm.json()["version"]]
        assert after_warm, "the command was never recorded"
        assert {e.command_id for e in after_warm if isinstance(e, GameEventRecorded)} == {"frozen-1"}
        versions = [entry["version"] for entry in retried.json()["events"]]
        assert versions[0] == warm.json()["version"] + 1 and versions[-1] == table.version  # one record
    finally:
        tables.close()
