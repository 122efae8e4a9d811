"""The scripted run of issue 46's "Done when": nine entrants, three rounds of Politrickers Swiss through
the HTTP API, one of them (Zed, a known player) never shows. Bots play every other seat; the service's
clock steps a second a reading, so Zed's time runs out on it, not on the wall."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.games import registered
from projections.projection import GameProjection, catch_up
from projections.stores import SQLiteReadStore
from projections.tournaments import document_key
from store.settings import Settings
from tests.support.service import client_for
from tests.support.tournaments import key_of, shown, standings_agree

BOTS = [{"name": f"bot-{n}", "bot": {"policy": "random", "level": 1}} for n in range(1, 9)]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    for client in client_for(Settings(sqlite_path=str(tmp_path / "log.sqlite")), registered()):
        client.app.state.tables.bot_pause = 0.0  # type: ignore[attr-defined]  # bots move at once
        yield client


def test_an_entrant_who_never_shows_is_marked_absent_and_not_paired_in_round_three(
    client: TestClient, tmp_path: Path
) -> None:
    """Rule 7: Zed's seat is played by a stand-in once his time runs out, so every table finishes; his
    row is marked absent at each table he missed, the second absence withdraws him, round 3 pairs the
    eight others without him, and the page's API, the JSON and the CSV show the same rows; projected
    again from the log, the read model is byte for byte the one served."""
    ann, _ = key_of(client, "ann"), key_of(client, "zed")
    body = {
        "id": "done-when",
        "game": "politrickers",
        "rounds": 3,
        "seed": 1,
        "clock": {"kind": "move", "seconds": 20},
        "no_show": "bot",
        "players": ["zed"],
        "bots": BOTS,
    }
    assert client.post("/api/tournaments", json=body, headers=ann).status_code == 201
    started = client.post("/api/tournaments/done-when/start", headers=ann)
    assert started.status_code == 200, started.text
    assert [len(t["entrants"]) for t in started.json()["paired"][0]["tables"]] == [3, 3, 3]
    page = shown(client, "done-when", lambda answer: answer["finished"])
    assert all(t["ranking"] is not None for r in page["paired"] for t in r["tables"])
    first, second, third = page["paired"]
    assert "zed" in entrants_of(first) and "zed" in entrants_of(second)
    assert "zed" not in entrants_of(third) and len(entrants_of(third)) == 8
    assert [t["absent"] for t in first["tables"] + second["tables"] if "zed" in t["entrants"]] == [
        ["zed"]
    ] * 2
    (zed,) = (row for row in page["standings"] if row["entrant"] == "zed")
    assert zed["marks"] == ["absent", "absent", "withdrawn"] and zed["tables"] == 2
    assert not any(row["marks"] for row in page["standings"] if row["entrant"] != "zed")
    standings_agree(client, "done-when", page)
    assert rebuilt(client, tmp_path, "done-when") == client.get("/api/tournaments/done-when").content


def rebuilt(client: TestClient, folder: Path, name: str) -> bytes | None:
    """The tournament's read model projected again from nothing, from the log (no reaction runs)."""
    recorder = client.app.state.tables.store.recorder  # type: ignore[attr-defined]
    store = SQLiteReadStore(str(folder / "rebuilt.sqlite"))
    catch_up(recorder, GameProjection(store, registered(), views=False))
    return store.get(document_key(name))


def entrants_of(paired: dict[str, Any]) -> set[str]:
    return {entrant for table in paired["tables"] for entrant in table["entrants"]}
