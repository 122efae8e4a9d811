"""Record the golden logs: games played through the API, stored rows and every answer read back.

Run once, by the ``main`` of 2026-12-01 before the table became a decider (commit a0ab56c), with
``python -m tests.golden.record``. When a read is meant to answer differently (a sentence reworded),
``python -m tests.golden.record --answers`` asks today's code the same questions of the stored rows,
which never change, and rewrites only the answers: read its diff before committing it.

It writes, per game, the event store's rows as they were stored
(``*.rows.jsonl``: topic and stored bytes, snapshots included) and what the API answered about that
game then (``*.answers.json``: export, views, timelines, seeks and the audit for every viewer).
``test_golden_logs.py`` loads the rows into a fresh store and asks the same questions: the answers
must not change, whatever the code that folds them has become.
"""

from __future__ import annotations

import json
import random
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from api.http.app import create_app
from domain.games import registered
from store.settings import Settings
from tests.golden.questions import ask_everything
from tests.support.service import StepClock
from tests.takeback.helpers import Game

HERE = Path(__file__).parent


def play_slush_fund(client: TestClient) -> Game:
    """A finished Slush Fund 2 game: an own undo, a consented take-back and a refused one on the way."""
    game = Game(client, "slush-fund-2", 2, seed="golden-slush")
    rng = random.Random(2026)
    turns = 0
    while not game.over():
        seat = game.play_turn(rng)
        turns += 1
        if game.over():
            break
        if turns == 3:
            game.ok(seat, {"type": "RequestTakeBack"})
            game.ok(1 - seat, {"type": "ApproveTakeBack"})
        if turns == 5:
            game.ok(seat, {"type": "RequestTakeBack"})
            game.ok(1 - seat, {"type": "RefuseTakeBack"})
    return game


def play_politrickers(client: TestClient) -> Game:
    """A Politrickers game of 3 with own undos, consented take-backs and refusals along the way."""
    game = Game(client, "politrickers", 3, seed="golden-tricks")
    rng = random.Random(1912)
    turns = 0
    while not game.over() and turns < 2000:
        seat = game.to_act()[0]
        offered = [c for c in game.legal(seat) if c["type"] not in ("RequestTakeBack", "ApproveTakeBack")]
        if turns % 7 == 3 and {"type": "TakeBack"} in offered:
            game.ok(seat, {"type": "TakeBack"})
        game.play_turn(rng)
        turns += 1
        if game.over():
            break
        if turns % 11 == 5 and "RequestTakeBack" in game.offered(seat):
            game.ok(seat, {"type": "RequestTakeBack"})
            for other in range(3):
                if other != seat:
                    game.ok(other, {"type": "ApproveTakeBack" if turns % 22 == 5 else "RefuseTakeBack"})
                    if turns % 22 != 5:
                        break
        if turns == 9:  # a refused command, for the audit
            game.send(seat, {"type": "PlayCard", "card": 999})
    return game


def stored_rows(path: Path, game_id: str) -> list[dict[str, Any]]:
    """The rows of ``game_id`` (and its attempts log) as the library stored them, snapshots too."""
    rows: list[dict[str, Any]] = []
    with sqlite3.connect(path) as db:
        names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for table in [name for name in names if "snapshots" in name or name == "stored_events"]:
            query = f"SELECT originator_id, originator_version, topic, state FROM {table}"
            order = "rowid" if table == "stored_events" else "originator_id, originator_version"
            for originator, version, topic, state in db.execute(f"{query} ORDER BY {order}"):
                row = {"table": table, "id": originator, "version": version, "topic": topic}
                rows.append(row | {"state": state.hex()})
    return rows


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        for name, play in (("slush_fund_2", play_slush_fund), ("politrickers", play_politrickers)):
            path = Path(folder) / f"{name}.sqlite"
            settings = Settings(sqlite_path=str(path), snapshot_interval=20)
            app = create_app(settings, games=registered(), clock=StepClock())
            with TestClient(app) as client:
                game = play(client)
                answers = ask_everything(client, game.id, game.tokens)
                answers["tokens"] = {str(seat): token for seat, token in game.tokens.items()}
                client.app.state.tables.store.committer.flush()  # type: ignore[attr-defined]
            (HERE / f"{name}.rows.jsonl").write_text(
                "".join(json.dumps(row) + "\n" for row in stored_rows(path, game.id))
            )
            (HERE / f"{name}.answers.json").write_text(json.dumps(answers, indent=1, sort_keys=True) + "\n")
            print(name, game.id, len(answers["export"]), "log lines")


def answers_again() -> None:
    """Ask today's code every question of the stored rows again and rewrite the answers files."""
    from tests.golden.test_golden_logs import GOLDEN, restore

    with tempfile.TemporaryDirectory() as folder:
        for name in GOLDEN:
            rows = [json.loads(line) for line in (HERE / f"{name}.rows.jsonl").read_text().splitlines()]
            recorded = json.loads((HERE / f"{name}.answers.json").read_text())
            path = Path(folder) / f"{name}.sqlite"
            restore(path, rows)
            settings = Settings(sqlite_path=str(path), snapshot_interval=20)
            with TestClient(create_app(settings, games=registered(), clock=StepClock())) as client:
                tokens = {int(seat): token for seat, token in recorded["tokens"].items()}
                answers = ask_everything(client, recorded["export"][0]["id"], tokens)
            answers["tokens"] = recorded["tokens"]
            (HERE / f"{name}.answers.json").write_text(json.dumps(answers, indent=1, sort_keys=True) + "\n")
            print(name, "answers asked again")


if __name__ == "__main__":
    import sys

    answers_again() if sys.argv[1:] == ["--answers"] else main()
