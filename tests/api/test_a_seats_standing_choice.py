"""A seat's standing choice for reaction windows (domain/passing.py): the seat's own, kept in the log,
and told to nobody else: choosing changes no other read of the table."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from domain.games import registered
from store.settings import Settings
from tests.api.test_refusals import refused
from tests.support.service import bearer

NOW = datetime(2026, 3, 1, 12, 0, 5, tzinfo=UTC)


def everything_others_read(client: TestClient, pile: dict[str, Any]) -> list[Any]:
    """The summary, and bob's view, legal list, feed and audit (what another seat may read)."""
    url = f"/api/games/{pile['id']}"
    reads = [client.get(url).json()]
    for path in ("/view", "/legal", "/events", "/table", "/audit", "/timeline"):
        reads.append(client.get(url + path, headers=pile["bob"]).json())
    return reads


def test_a_seat_is_asked_every_time_until_it_chooses_otherwise(
    client: TestClient, pile: dict[str, Any]
) -> None:
    """The default is ``ask``; ``auto`` stands once chosen, and ``ask`` again undoes it."""
    url = f"/api/games/{pile['id']}/passing"
    assert client.get(url, headers=pile["ann"]).json() == {"seat": 0, "passing": "ask", "after": "ask"}
    assert client.put(url, headers=pile["ann"], json={"passing": "auto"}).json() == {
        "seat": 0,
        "passing": "auto",
        "after": "auto",
    }
    assert client.get(url, headers=pile["ann"]).json() == {"seat": 0, "passing": "auto", "after": "auto"}
    assert client.get(url, headers=pile["bob"]).json() == {"seat": 1, "passing": "ask", "after": "ask"}
    client.put(url, headers=pile["ann"], json={"passing": "ask"})
    assert client.get(url, headers=pile["ann"]).json()["passing"] == "ask"


def test_until_my_next_turn_lays_over_the_choice_made_before(
    client: TestClient, pile: dict[str, Any]
) -> None:
    """``until_turn`` stands until the seat's next turn, then the choice before it (``after``) holds;
    choosing ``auto`` or ``ask`` ends it at once; choosing it changes nothing another seat reads."""
    url = f"/api/games/{pile['id']}/passing"
    client.put(url, headers=pile["ann"], json={"passing": "auto"})
    before = everything_others_read(client, pile)
    chosen = client.put(url, headers=pile["ann"], json={"passing": "until_turn"}).json()
    assert chosen == {"seat": 0, "passing": "until_turn", "after": "auto"}
    assert everything_others_read(client, pile) == before
    client.put(url, headers=pile["ann"], json={"passing": "ask"})
    assert client.get(url, headers=pile["ann"]).json() == {"seat": 0, "passing": "ask", "after": "ask"}


def test_the_choice_is_kept_in_the_log(client: TestClient, pile: dict[str, Any]) -> None:
    """A process that kept nothing reads the choice back from the log."""
    url = f"/api/games/{pile['id']}/passing"
    client.put(url, headers=pile["bob"], json={"passing": "auto"})
    tables = client.app.state.tables  # type: ignore[attr-defined]
    chosen = tables.store.reader.passing(tables.store.load(pile["id"]).id)
    assert [(event.seat, event.passing) for event in chosen] == [(1, "auto")]


def test_choosing_changes_nothing_another_seat_or_a_spectator_reads(
    client: TestClient, pile: dict[str, Any]
) -> None:
    """No version, view, legal list, feed line, audit line or summary tells that a seat chose."""
    before = everything_others_read(client, pile)
    client.put(f"/api/games/{pile['id']}/passing", headers=pile["ann"], json={"passing": "auto"})
    assert everything_others_read(client, pile) == before


def test_only_the_seat_reads_or_sets_its_choice(client: TestClient, pile: dict[str, Any]) -> None:
    """Without a seat token: 401; a choice other than ask, auto or until_turn: 422, and nothing stored."""
    url = f"/api/games/{pile['id']}/passing"
    refused(client.get(url), 401, "auth/missing_token")
    refused(client.put(url, json={"passing": "auto"}), 401, "auth/missing_token")
    refused(client.put(url, headers=pile["ann"], json={"passing": "always"}), 422, "request/invalid")
    assert client.get(url, headers=pile["ann"]).json()["passing"] == "ask"


@pytest.fixture
def still(tmp_path: Path) -> Iterator[TestClient]:
    """Every game, on a clock that stands still: no pause ever ends, so nobody is passed for here."""
    settings = Settings(sqlite_path=str(tmp_path / "still.sqlite"), snapshot_interval=50)
    app = create_app(settings, games=registered(), clock=lambda: NOW)
    with TestClient(app) as client:
        app.state.tables.pass_pause = 0  # a pass by hand would wait its whole pause, for ever
        yield client


def test_a_seat_passed_for_is_offered_nothing_while_it_waits_for_the_referees_pass(still: TestClient) -> None:
    """A seat that chose ``auto`` and holds nothing that answers gets an empty legal list with
    ``auto_pass`` (its pass is the referee's to make); a seat that asks to be asked is offered ``Pass``."""
    names = ["ann", "bob", "cy"]
    body = still.post("/api/games", json={"game": "super-pacs", "players": names, "seed": "9"}).json()
    game_id, seats = body["id"], {entry["seat"]: bearer(entry["token"]) for entry in body["tokens"]}
    url = f"/api/games/{game_id}"
    still.put(f"{url}/passing", headers=seats[0], json={"passing": "auto"})
    rng = random.Random(9)
    seen = {"auto": 0, "asked": 0}
    for _ in range(3000):
        if seen["auto"] and seen["asked"]:
            return
        offers = {seat: still.get(f"{url}/legal", headers=seats[seat]).json() for seat in seats}
        for seat, legal in offers.items():
            if legal["auto_pass"]:
                assert seat == 0 and legal["commands"] == []
                seen["auto"] += 1
            elif legal["commands"] == [{"type": "Pass"}]:
                seen["asked"] += seat != 0
        movers = [seat for seat, legal in offers.items() if legal["commands"]]
        if not movers:  # only ann is asked, and the referee would pass for her: she passes by hand
            assert still.post(f"{url}/commands", headers=seats[0], json={"type": "Pass"}).status_code == 200
            continue
        seat = rng.choice(movers)
        moves = [c for c in offers[seat]["commands"] if "TakeBack" not in c["type"]] or offers[seat][
            "commands"
        ]
        assert still.post(f"{url}/commands", headers=seats[seat], json=rng.choice(moves)).status_code == 200
    raise AssertionError("no window asked ann with nothing to answer, or another seat")
