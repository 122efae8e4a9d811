"""Logs stored by an older Backroom still load, fold, replay and export exactly as they did.

The rows and the answers were recorded by ``tests/golden/record.py`` on the ``main`` of 2026-12-01,
before the table became a decider (stored topics ``api.service.tables:Table.*``). A class that moves
keeps its old topic registered, so these rows must keep loading for as long as Backroom runs.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from api.cli import app as cli
from api.http.app import create_app
from domain.games import registered
from store.settings import Settings
from tests.golden.questions import ask_everything
from tests.support.service import StepClock

HERE = Path(__file__).parent
GOLDEN = ("slush_fund_2", "politrickers")


def restore(path: Path, rows: list[dict[str, Any]]) -> None:
    """Write the recorded rows into the store at ``path`` as the library had stored them."""
    settings = Settings(sqlite_path=str(path), snapshot_interval=20)
    with TestClient(create_app(settings, games=registered(), clock=StepClock())):
        pass  # the application creates its tables
    with sqlite3.connect(path) as db:
        for row in rows:
            db.execute(
                f"INSERT INTO {row['table']} (originator_id, originator_version, topic, state) "
                "VALUES (?, ?, ?, ?)",
                (row["id"], row["version"], row["topic"], bytes.fromhex(row["state"])),
            )


@pytest.fixture(params=GOLDEN)
def golden(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    name = request.param
    rows = [json.loads(line) for line in (HERE / f"{name}.rows.jsonl").read_text().splitlines()]
    answers = json.loads((HERE / f"{name}.answers.json").read_text())
    path = tmp_path / "golden.sqlite"
    restore(path, rows)
    settings = Settings(sqlite_path=str(path), snapshot_interval=20)
    with TestClient(create_app(settings, games=registered(), clock=StepClock())) as client:
        yield client, answers


def test_a_golden_log_answers_every_read_exactly_as_when_it_was_recorded(
    golden: tuple[TestClient, dict[str, Any]],
) -> None:
    """Export, views, feeds, timelines, seeks and audit, for every seat and every audience, unchanged."""
    client, answers = golden
    game_id = answers["export"][0]["id"]
    tokens = {int(seat): token for seat, token in answers["tokens"].items()}
    now = ask_everything(client, game_id, tokens)
    assert now["export"] == answers["export"]
    assert now["summary"] == answers["summary"]
    viewers = ["spectator", "omniscient", *(f"seat {seat}" for seat in tokens)]
    for viewer in viewers:
        for question, answer in answers[viewer].items():
            assert now[viewer][question] == answer, f"{question} as {viewer}"


def test_a_golden_log_imports_as_a_new_game_with_the_same_outcome(
    golden: tuple[TestClient, dict[str, Any]], tmp_path: Path
) -> None:
    """Its export replays through today's rules (``backroom import``): same outcome, same final views."""
    _, answers = golden
    export = tmp_path / "export.jsonl"
    export.write_text("".join(json.dumps(line) + "\n" for line in answers["export"]))
    store = tmp_path / "imported.sqlite"
    result = CliRunner().invoke(cli, ["import", str(export), "--sqlite", str(store)])
    assert result.exit_code == 0, result.output
    game_id = result.output.split("Imported as game ")[1].split()[0]
    settings = Settings(sqlite_path=str(store))
    with TestClient(create_app(settings, games=registered(), clock=StepClock())) as client:
        summary = client.get(f"/api/games/{game_id}").json()
        view = client.get(f"/api/games/{game_id}/view").json()
    assert summary["outcome"] == answers["summary"]["outcome"]
    assert summary["version"] == answers["summary"]["version"]
    assert view["view"] == answers["spectator"]["view"]["view"]
