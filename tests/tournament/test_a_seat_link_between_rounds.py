"""The seat link between rounds: once my table is over and the next round is not paired (another table of
the round still plays), asking for my table says so, rather than linking the table just finished; once
the round is paired it links my new table, and once the tournament is over it says that."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from store.settings import Settings
from tests.support.service import client_for
from tests.support.tournaments import follow_link, key_of, play_our_tables, shown


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    for client in client_for(Settings(sqlite_path=str(tmp_path / "log.sqlite"))):
        client.app.state.tables.bot_pause = 0.0  # type: ignore[attr-defined]  # bots move at once
        yield client


def test_my_table_over_and_the_next_round_not_paired_is_said_not_linked(client: TestClient) -> None:
    """Pile, two rounds, tables of two: Ann, Bob, Cy and one bot, so the table Ann does not sit at holds
    a player who has not played. Ann's table over: 409 ``tournament/round_not_paired``, with round 2
    named; the round over: round 2's table; the tournament over: 409 ``tournament/over``."""
    keys = {handle: key_of(client, handle) for handle in ("ann", "bob", "cy")}
    body = {
        "id": "between",
        "game": "pile",
        "rounds": 2,
        "seed": 2,
        "clock": {"kind": "move", "seconds": 600},
        "no_show": "forfeit",
        "players": list(keys),
        "bots": [{"name": "Greta", "bot": {"policy": "random", "level": 1}}],
    }
    assert client.post("/api/tournaments", json=body, headers=keys["ann"]).status_code == 201
    started = client.post("/api/tournaments/between/start", headers=keys["ann"])
    assert started.status_code == 200, started.text
    ours = next(t["entrants"] for t in started.json()["paired"][0]["tables"] if "ann" in t["entrants"])
    rng = random.Random(3)
    play_our_tables(client, [follow_link(client, "between", keys[e]) for e in ours if e in keys], rng)
    shown(client, "between", lambda a: any(t["ranking"] for t in a["paired"][0]["tables"]))
    waiting = client.post("/api/tournaments/between/seat", headers=keys["ann"])
    assert waiting.status_code == 409 and waiting.json()["error"]["code"] == "tournament/round_not_paired"
    assert "round 2 is paired once every table of round 1 is over" in waiting.json()["error"]["message"]
    others = [e for e in keys if e not in ours]
    play_our_tables(client, [follow_link(client, "between", keys[e]) for e in others], rng)
    shown(client, "between", lambda a: len(a["paired"]) == 2)
    game, _ = follow_link(client, "between", keys["ann"])
    opened = shown(client, "between", lambda a: all(t["table"] for t in a["paired"][1]["tables"]))
    assert game in {t["table"] for t in opened["paired"][1]["tables"]}
    play_our_tables(client, [follow_link(client, "between", keys[e]) for e in keys], rng)
    shown(client, "between", lambda a: a["finished"])
    over = client.post("/api/tournaments/between/seat", headers=keys["bob"])
    assert over.status_code == 409 and over.json()["error"]["code"] == "tournament/over"
