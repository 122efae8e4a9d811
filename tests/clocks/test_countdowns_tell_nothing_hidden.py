"""A countdown tells nothing hidden: the open reaction window's closing time (``closes``) and the
clock's deadlines are the same in every read, for every seat, the spectator and the summary."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.games.super_pacs import SUPER_PACS
from store.settings import Settings
from tests.support.service import bearer, client_for

GAMES = {SUPER_PACS.id: SUPER_PACS}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_for(Settings(sqlite_path=str(tmp_path / "countdowns.sqlite")), GAMES)


def reads(client: TestClient, game_id: str, tokens: list[str]) -> list[dict[str, Any]]:
    """Every read that carries the countdowns: the summary, each view and each seat's legal list."""
    path = f"/api/games/{game_id}"
    return [
        client.get(path).json(),
        client.get(f"{path}/view").json(),
        *(client.get(f"{path}/view", headers=bearer(token)).json() for token in tokens),
        *(client.get(f"{path}/legal", headers=bearer(token)).json() for token in tokens),
    ]


def test_an_open_window_closes_at_the_same_moment_in_every_read(client: TestClient) -> None:
    """Random legal moves until a surprise window opens: every reader is told the same ``closes``,
    and while none is open, no read carries one."""
    opened = client.post(
        "/api/games",
        json={"game": SUPER_PACS.id, "players": ["Ann", "Bob"], "clock": {"kind": "move", "seconds": 600}},
    ).json()
    game_id = opened["id"]
    tokens = [entry["token"] for entry in sorted(opened["tokens"], key=lambda e: e["seat"])]
    rng, windows, closed = random.Random(4), 0, 0
    for _ in range(300):
        found = reads(client, game_id, tokens)
        shown = {str(read.get("closes")) for read in found}
        assert len(shown) == 1, shown  # one closing time, or none, for every reader
        assert len({str(read["clock"]) for read in found}) == 1  # one clock for every reader
        windows += "None" not in shown
        closed += "None" in shown
        summary = found[0]
        if summary["status"] != "playing":
            break
        seat = summary["to_act"][0]
        legal = client.get(f"/api/games/{game_id}/legal", headers=bearer(tokens[seat])).json()["commands"]
        moves = [c for c in legal if "TakeBack" not in c["type"]]
        client.post(f"/api/games/{game_id}/commands", headers=bearer(tokens[seat]), json=rng.choice(moves))
    assert windows and closed
