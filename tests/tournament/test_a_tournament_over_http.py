"""A tournament created and run over HTTP (pile: a tiny game of two seats): the organiser creates and
starts it, the service opens each round's tables itself with a clock, each player follows the link to
their next table and plays it, the next round is paired once every table of the last is over, and the
page's API, the JSON and the CSV read one projection."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from store.settings import Settings
from tests.support.service import client_for
from tests.support.tournaments import follow_link, key_of, play_our_tables, shown, standings_agree


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path: Path = tmp_path_factory.mktemp("tournament") / "log.sqlite"
    for client in client_for(Settings(sqlite_path=str(path))):
        client.app.state.tables.bot_pause = 0.0  # type: ignore[attr-defined]  # bots move at once
        yield client


def test_an_organiser_runs_a_tournament_and_each_player_follows_the_link_to_their_table(
    client: TestClient,
) -> None:
    """Ann creates and starts a two-round pile tournament of Ann, Bob and two bots; the service opens
    every table with the declared clock; Ann and Bob play through their links; round 2 is paired only
    after round 1 is over and seats nobody with a round-1 tablemate; the exports agree."""
    ann, bob = key_of(client, "ann"), key_of(client, "bob")
    body = {
        "id": "spring",
        "game": "pile",
        "rounds": 2,
        "seed": 4,
        "clock": {"kind": "move", "seconds": 600},
        "no_show": "forfeit",
        "players": ["ann", "bob"],
        "bots": [{"name": "Greta", "bot": {"policy": "random", "level": 1}}, {"name": "Hal"}],
    }
    created = client.post("/api/tournaments", json=body, headers=ann)
    assert created.status_code == 201, created.text
    assert created.json()["organiser"] == "ann" and not created.json()["started"]
    refused = client.post("/api/tournaments/spring/start", headers=bob)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "tournament/not_organiser"
    started = client.post("/api/tournaments/spring/start", headers=ann)
    assert started.status_code == 200, started.text
    again = client.post("/api/tournaments/spring/start", headers=ann)
    assert again.status_code == 409 and again.json()["error"]["code"] == "tournament/started"
    (first,) = started.json()["paired"]
    assert all(table["table"] for table in first["tables"])
    clocked = client.get(f"/api/games/{first['tables'][0]['table']}").json()
    assert clocked["clock"]["kind"] == "move" and clocked["clock"]["timeout"] == "forfeit"
    rng = random.Random(7)
    for number in (1, 2):
        play_our_tables(client, [follow_link(client, "spring", who) for who in (ann, bob)], rng)
        shown(client, "spring", lambda a, n=number: a["finished"] or len(a["paired"]) > n)
    page = shown(client, "spring", lambda a: a["finished"])
    one, two = ([set(table["entrants"]) for table in r["tables"]] for r in page["paired"])
    assert not any(table in one for table in two)
    assert sum(row["points"] for row in page["standings"]) == 4 * 2
    assert not any(row["marks"] for row in page["standings"])
    standings_agree(client, "spring", page)
    assert b"spring" not in client.app.state.reads.written().scored("tournaments")  # type: ignore[attr-defined]
    key = client.app.state.tournaments.log.current("spring").created.seat_key  # type: ignore[attr-defined]
    for path in ("", "/standings.json", "/standings.csv", "/rounds/1/explain", "/rounds/2/explain"):
        assert key not in client.get(f"/api/tournaments/spring{path}").text  # the seat key never leaves
    explained = client.get("/api/tournaments/spring/rounds/2/explain").json()
    assert all("nobody here has sat with another before" in t["reasons"] for t in explained["tables"])


def test_bad_requests_are_refused_with_a_code_and_change_nothing(client: TestClient) -> None:
    """A guest may not create; two entrants of one name, an unknown player, too few entrants and an
    unknown tournament are refused with stable codes; only the organiser withdraws."""
    cid = key_of(client, "cid")
    guest = client.post("/api/tournaments", json={"game": "pile", "players": ["cid"]})
    assert guest.status_code == 401
    for body, code in (
        ({"game": "pile", "players": ["cid"], "bots": [{"name": "CID"}]}, "request/invalid"),
        ({"game": "pile", "players": ["nobody-here"], "bots": [{"name": "x"}]}, "player/not_found"),
        ({"game": "pile", "players": ["cid"]}, "request/invalid"),
        ({"game": "pile", "players": ["cid"], "bots": [{"name": "x"}], "rounds": 0}, "request/invalid"),
    ):
        answer = client.post("/api/tournaments", json=body, headers=cid)
        assert answer.json()["error"]["code"] == code, (body, answer.text)
    missing = client.get("/api/tournaments/nothing-here")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "tournament/not_found"
    made = client.post(
        "/api/tournaments",
        json={"id": "autumn", "game": "pile", "players": ["cid"], "bots": [{"name": "x"}]},
        headers=cid,
    )
    assert made.status_code == 201
    dee = key_of(client, "dee")
    withdrawal = client.post("/api/tournaments/autumn/withdrawals", json={"entrant": "x"}, headers=dee)
    assert withdrawal.status_code == 403 and withdrawal.json()["error"]["code"] == "tournament/not_organiser"
    shown(client, "autumn", lambda answer: not answer["started"])
    unpaired = client.get("/api/tournaments/autumn/rounds/1/explain")
    assert unpaired.status_code == 404 and unpaired.json()["error"]["code"] == "tournament/no_such_round"
    assert "Round 1" in unpaired.json()["error"]["message"]


def test_a_late_entry_is_credited_its_declared_bye_score_for_each_round_missed(client: TestClient) -> None:
    """Rule 5: the organiser enters a bot after round 1 is paired, declaring 1.5 points a missed round;
    its row says so and is marked late. A name already entered is refused, and so is anyone else."""
    eve = key_of(client, "eve")
    body = {"id": "summer", "game": "pile", "rounds": 2, "players": ["eve"], "bots": [{"name": "Ola"}]}
    assert client.post("/api/tournaments", json=body, headers=eve).status_code == 201
    assert client.post("/api/tournaments/summer/start", headers=eve).status_code == 200
    late = {"bot": {"name": "Pip"}, "bye_points": 1.5}
    refused = client.post("/api/tournaments/summer/entries", json=late, headers=key_of(client, "fay"))
    assert refused.status_code == 403
    entered = client.post("/api/tournaments/summer/entries", json=late, headers=eve)
    assert entered.status_code == 200, entered.text
    (row,) = (row for row in entered.json()["standings"] if row["entrant"] == "Pip")
    assert row["points"] == 1.5 and row["marks"] == ["late"] and "Pip" in entered.json()["bots"]
    again = client.post("/api/tournaments/summer/entries", json={"player": "eve"}, headers=eve)
    assert again.status_code == 409 and again.json()["error"]["code"] == "tournament/entrant_known"
    neither = client.post("/api/tournaments/summer/entries", json={}, headers=eve)
    assert neither.status_code == 422
