"""GET /api/tournaments/{id} and /rounds/{n}/explain: a pile tournament whose tables are opened and
played over HTTP; the served app's own projection gives each table's result to the tournament."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.tournament import tournament as t
from domain.tournament.planner import Format
from store.settings import Settings
from store.tournaments import TournamentLog
from tests.support.service import client_for
from tests.support.waiting import until

TAKE_TWO, TAKE_ONE = {"type": "Take", "count": 2}, {"type": "Take", "count": 1}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path: Path = tmp_path_factory.mktemp("tournament") / "log.sqlite"
    yield from client_for(Settings(sqlite_path=str(path)))


def play_round(client: TestClient, log: TournamentLog, name: str) -> None:
    """Open each table of the last round paired over HTTP, note it, and play it to its end (the
    round's last result pairs the next round)."""
    pairing = log.current(name).pairings[-1]
    for index, seated in enumerate(pairing.tables, start=1):
        opened = client.post("/api/games", json={"game": "pile", "players": list(seated)})
        assert opened.status_code == 201, opened.text
        game_id, tokens = opened.json()["id"], {row["seat"]: row["token"] for row in opened.json()["tokens"]}
        log.change(name, lambda state, i=index, g=game_id: t.assign(state, pairing.round, i, g))
        for body in (TAKE_TWO, TAKE_ONE, TAKE_TWO, TAKE_TWO):
            seat = client.get(f"/api/games/{game_id}").json()["to_act"][0]
            sent = client.post(
                f"/api/games/{game_id}/commands",
                json=body,
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            )
            assert sent.status_code == 200, sent.text


def taken(client: TestClient, name: str, results: int) -> dict[str, Any]:
    """The tournament once ``results`` tables have their ranking (the projection writes behind)."""

    def check() -> dict[str, Any] | None:
        answer = client.get(f"/api/tournaments/{name}").json()
        count = sum(table["ranking"] is not None for r in answer["paired"] for table in r["tables"])
        return answer if count == results else None

    return until(f"{results} results taken", check)


def test_a_tournament_played_over_http_shows_its_rounds_standings_and_reasons(client: TestClient) -> None:
    """Two rounds of four at pile: each table's result is taken as it ends, round 2 pairs nobody with
    their round-1 tablemate, the standings add up, and the explanation says why each table is so."""
    log = TournamentLog(client.app.state.tables.store.recorder)  # type: ignore[attr-defined]
    log.create(t.create("spring", "pile", Format.SWISS, 2, 4, (2, 2), ["ann", "bob", "cid", "dee"]))
    log.change("spring", t.pair_next)
    play_round(client, log, "spring")
    taken(client, "spring", 2)
    play_round(client, log, "spring")
    answer = taken(client, "spring", 4)
    assert answer["finished"] and answer["planner"] == 1
    first, second = ([set(table["entrants"]) for table in r["tables"]] for r in answer["paired"])
    assert not any(table in first for table in second)
    assert sum(row["points"] for row in answer["standings"]) == 4 * 2
    assert [row["place"] for row in answer["standings"]] == [1, 2, 3, 4]
    explained = client.get("/api/tournaments/spring/rounds/2/explain").json()
    assert explained["round"] == 2 and len(explained["tables"]) == 2
    assert all("nobody here has sat with another before" in table["reasons"] for table in explained["tables"])


def test_an_unknown_tournament_or_round_is_a_404_with_a_code(client: TestClient) -> None:
    """Bad input gets a stable code and a human message."""
    missing = client.get("/api/tournaments/nothing-here")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "tournament/not_found"
    log = TournamentLog(client.app.state.tables.store.recorder)  # type: ignore[attr-defined]
    log.create(t.create("autumn", "pile", Format.SWISS, 1, 1, (2, 2), ["ann", "bob"]))
    unpaired = client.get("/api/tournaments/autumn/rounds/1/explain")
    assert unpaired.status_code == 404 and unpaired.json()["error"]["code"] == "tournament/no_such_round"
    assert "Round 1" in unpaired.json()["error"]["message"]
