"""Tests and benchmarks take their PostgreSQL and Redis databases from ``BACKROOM_TEST_POSTGRES_DSN`` and
``BACKROOM_TEST_REDIS_URL`` (README, "Test it"), so two checkouts on one machine never share them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import redis

from tests.support.projecting import POSTGRES_DSN, REDIS_URL

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

ROOT = Path(__file__).resolve().parents[2]
OTHER_REDIS_DB = 7

# What a test or a benchmark does with its helpers: a schema and a key prefix, written to, then found.
CHECKOUT = """
import json, psycopg, redis
from tests.benchmarks import bench_scale
from tests.support.projecting import REDIS_URL, postgres_schema, redis_prefix, scale_env
with postgres_schema() as schema, redis_prefix() as prefix:
    env = scale_env(schema, prefix)
    with psycopg.connect(env["BACKROOM_POSTGRES_DSN"]) as connection:
        database = connection.execute("SELECT current_database()").fetchone()[0]
    client = redis.Redis.from_url(env["BACKROOM_REDIS_URL"])
    client.set(f"{prefix}:mark", "here")
    print(json.dumps({"database": database, "redis": env["BACKROOM_REDIS_URL"], "prefix": prefix,
                      "bench_redis": bench_scale.REDIS_URL}))
"""


@pytest.fixture
def other_database() -> Iterator[str]:
    """A second tests' database on the same server, as a second checkout would make; its DSN."""
    name = f"backroom_checkout_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    yield POSTGRES_DSN.rsplit("/", 1)[0] + f"/{name}"
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def test_the_test_helpers_use_the_databases_the_environment_names(other_database: str) -> None:
    """With both variables set, the helpers' schema, the deployment they describe and bench_scale
    use that PostgreSQL database and that Redis database, not ``test`` and db 0."""
    other_redis = REDIS_URL.rsplit("/", 1)[0] + f"/{OTHER_REDIS_DB}"
    env = {"BACKROOM_TEST_POSTGRES_DSN": other_database, "BACKROOM_TEST_REDIS_URL": other_redis}
    done = subprocess.run(
        [sys.executable, "-c", CHECKOUT],
        cwd=ROOT,
        env={**_plain_environment(), **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["database"] == other_database.rsplit("/", 1)[1] != "test"
    assert seen["redis"] == seen["bench_redis"] == other_redis
    with redis.Redis.from_url(REDIS_URL) as default:
        assert default.exists(f"{seen['prefix']}:mark") == 0  # nothing landed in the default db


def test_without_them_the_tests_use_the_shared_test_database_and_db_0() -> None:
    """Unset, the helpers keep today's databases: ``test`` on 127.0.0.1:5432 and Redis db 0."""
    probe = "from tests.support.projecting import POSTGRES_DSN, REDIS_URL; print(POSTGRES_DSN, REDIS_URL)"
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        env=_plain_environment(),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.split() == ["postgresql://postgres@127.0.0.1:5432/test", "redis://127.0.0.1:6379/0"]


def _plain_environment() -> dict[str, str]:
    return {key: value for key, value in os.environ.items() if not key.startswith("BACKROOM_TEST_")}
