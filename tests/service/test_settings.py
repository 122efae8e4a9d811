"""Where the service keeps its log: SQLite by default, PostgreSQL when a DSN is given."""

from __future__ import annotations

from pathlib import Path

import pytest

from api.cli import _settings
from store.settings import DEFAULT_SQLITE, Settings


def test_sqlite_is_the_default_store() -> None:
    """With nothing set, the log is the SQLite file ./var/backroom.sqlite, snapshotting every 50."""
    settings = Settings.from_env({})
    assert (settings.store, settings.sqlite_path, settings.snapshot_interval) == (
        "sqlite",
        DEFAULT_SQLITE,
        50,
    )


def test_the_environment_chooses_sqlite_file_and_snapshot_interval(tmp_path: Path) -> None:
    """BACKROOM_SQLITE and BACKROOM_SNAPSHOT_INTERVAL reach the library's settings."""
    path = str(tmp_path / "deep" / "log.sqlite")
    env = Settings.from_env({"BACKROOM_SQLITE": path, "BACKROOM_SNAPSHOT_INTERVAL": "0"}).eventsourcing_env()
    assert env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite" and env["SQLITE_DBNAME"] == path
    assert env["IS_SNAPSHOTTING_ENABLED"] == "n"
    assert (tmp_path / "deep").is_dir()


def test_a_postgres_dsn_selects_the_postgres_module() -> None:
    """A DSN is split into the library's POSTGRES_* settings."""
    settings = Settings.from_env(
        {
            "BACKROOM_POSTGRES_DSN": "postgresql://ann:s%40cret@db.local:6543/games",
            "BACKROOM_POSTGRES_SCHEMA": "x",
        }
    )
    env = settings.eventsourcing_env()
    assert settings.store == "postgres"
    assert env["PERSISTENCE_MODULE"] == "eventsourcing.postgres"
    assert (env["POSTGRES_HOST"], env["POSTGRES_PORT"], env["POSTGRES_DBNAME"]) == (
        "db.local",
        "6543",
        "games",
    )
    assert (env["POSTGRES_USER"], env["POSTGRES_PASSWORD"], env["POSTGRES_SCHEMA"]) == ("ann", "s@cret", "x")


def test_serve_flags_override_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """`backroom serve --sqlite` wins over a DSN in the environment."""
    monkeypatch.setenv("BACKROOM_POSTGRES_DSN", "postgresql://postgres@127.0.0.1/test")
    assert _settings("/tmp/x.sqlite", None, None, 7).store == "sqlite"
    assert _settings(None, None, None, None).store == "postgres"
