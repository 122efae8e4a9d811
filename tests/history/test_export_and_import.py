"""Export the whole log as JSON lines; import re-validates every event through the rules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from api.cli import app as cli
from api.cli import importing
from api.service.application import Tables
from domain.errors import ImportRefused
from domain.games import registered
from tests.support.service import run
from tests.takeback.helpers import Game

GAMES = ["finished_slush_fund", "finished_politrickers"]


def exported(game: Game, seat: int | None = None) -> list[dict[str, Any]]:
    answer = game.get("/export", seat)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/x-ndjson")
    return [json.loads(line) for line in answer.text.splitlines()]


def as_lines(records: list[dict[str, Any]]) -> list[bytes]:
    return [json.dumps(record).encode() for record in records]


def test_a_live_export_is_the_callers_perspective_without_the_secret(client: TestClient) -> None:
    """Before the end the export hides what the caller may not see, and holds no secret."""
    game = Game(client, "slush-fund-2", 2)
    game.play(0, "DrawCards")
    header, *lines = exported(game, 1)
    assert header["complete"] is False and header["secret"] is None
    assert lines[-1]["event"]["type"] == "CardsDrawnUnseen" and lines[-1]["command"] is None
    own = exported(game, 0)[-1]
    assert own["event"]["type"] == "CardsDrawn" and own["command"] == {"type": "DrawCards"}
    with pytest.raises(ImportRefused, match="before the game ended"):
        run(importing.import_log(game.tables, as_lines(exported(game, 0))))


@pytest.mark.parametrize("fixture", GAMES)
def test_an_import_replays_to_the_same_log_and_state(fixture: str, request: pytest.FixtureRequest) -> None:
    """A finished game's export imports as a new game whose log and final state are the same."""
    source: Game = request.getfixturevalue(fixture)
    header, *lines = exported(source)
    assert header["complete"] is True and header["secret"]
    assert any(line["kind"] == "takeback" for line in lines)
    opening = run(importing.import_log(source.tables, as_lines([header, *lines])))
    copy = object.__new__(Game)
    copy.client, copy.id, copy.tokens = source.client, str(opening.game_id), opening.tokens
    assert exported(copy)[1:] == lines
    assert copy.state() == source.state()


@pytest.mark.parametrize(
    ("where", "change"),
    [
        ("CardsDrawn", lambda line: line["event"]["cards"].reverse()),
        ("CardStashed", lambda line: line["event"].update(card=line["event"]["card"] + 1)),
        ("TurnTakenBack", lambda line: line["event"].update(first=line["event"]["first"] - 1)),
        ("TurnPassed", lambda line: line.update(seat=1 - line["seat"])),
    ],
)
def test_a_tampered_log_is_refused_naming_the_version(
    finished_slush_fund: Game, where: str, change: Any
) -> None:
    """Change one event anywhere and the import stops at that version with a clear error."""
    header, *lines = exported(finished_slush_fund)
    target = next(line for line in lines if line["event"].get("type") == where)
    change(target)
    with pytest.raises(ImportRefused, match=rf"[Vv]ersion {target['version']}\b"):
        run(importing.import_log(finished_slush_fund.tables, as_lines([header, *lines])))


def test_backroom_import_stores_a_valid_log_and_refuses_a_tampered_one(
    finished_politrickers: Game, tmp_path: Path
) -> None:
    """The command prints the new game's id and tokens, or the refusal and exit status 1."""
    header, *lines = exported(finished_politrickers)
    good, bad = tmp_path / "good.jsonl", tmp_path / "bad.jsonl"
    good.write_bytes(b"\n".join(as_lines([header, *lines])))
    played = next(line for line in lines if line["event"].get("type") == "CardPlayed")
    played["event"]["card"] += 1
    bad.write_bytes(b"\n".join(as_lines([header, *lines])))
    store = str(tmp_path / "imported.sqlite")
    runner = CliRunner()
    imported = runner.invoke(cli, ["import", str(good), "--sqlite", store])
    assert imported.exit_code == 0, imported.output
    assert "Imported as game" in imported.output and "seat 2 (cy):" in imported.output
    refused = runner.invoke(cli, ["import", str(bad), "--sqlite", store])
    assert refused.exit_code == 1 and "import/invalid" in refused.output
    tables = Tables(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": store}, games=registered()
    )
    game_id = imported.output.split("Imported as game ")[1].split()[0]
    assert tables.store.load(game_id).version == len(lines)
    tables.close()


def test_junk_is_not_an_export(client: TestClient) -> None:
    """Anything but a Backroom export header is refused before anything is replayed."""
    game = Game(client, "pile", 2)
    header = b'{"format": "backroom-log/1", "complete": true, "secret": "s", "game": "pile"}'
    opened = b'{"kind": "opened", "version": 1}'
    for junk in ([b"not json"], [b'{"format": "other"}'], [], [header, opened], [header, b"[1, 2]"]):
        with pytest.raises(ImportRefused):
            run(importing.import_log(game.tables, junk))
