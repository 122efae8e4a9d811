"""Helpers for tournament tests over HTTP: a known player's key, the tournament's read model once it
shows what a test waits for, the check that the page's API, the JSON and the CSV agree, and players
following their seat links and playing their tables."""

from __future__ import annotations

import csv
import io
import random
from typing import Any

from fastapi.testclient import TestClient

from tests.support.service import run
from tests.support.waiting import until


def key_of(client: TestClient, handle: str) -> dict[str, str]:
    """A known player's API key header (``backroom players add``'s service call)."""
    _, key = run(client.app.state.players.add(handle))  # type: ignore[attr-defined]
    return {"Authorization": f"Player {key}"}


def shown(client: TestClient, name: str, check: Any) -> dict[str, Any]:
    """The tournament as its read model shows it, once ``check(answer)`` holds (it is written behind)."""

    def answer() -> dict[str, Any] | None:
        found = client.get(f"/api/tournaments/{name}")
        return found.json() if found.status_code == 200 and check(found.json()) else None

    return until(f"tournament {name} as wanted", answer)


def standings_agree(client: TestClient, name: str, page: dict[str, Any]) -> None:
    """The page's rows, the JSON export and the CSV export are the same rows."""
    exported = client.get(f"/api/tournaments/{name}/standings.json").json()["standings"]
    assert exported == page["standings"]
    rows = list(csv.DictReader(io.StringIO(client.get(f"/api/tournaments/{name}/standings.csv").text)))
    assert [r["entrant"] for r in rows] == [r["entrant"] for r in exported]
    assert [float(r["points"]) for r in rows] == [r["points"] for r in exported]
    assert [r["marks"].split() for r in rows] == [r["marks"] for r in exported]


def follow_link(client: TestClient, name: str, who: dict[str, str]) -> tuple[str, dict[str, str]]:
    """Follow the link to my next table: its id and my seat's header."""
    link = client.post(f"/api/tournaments/{name}/seat", headers=who)
    assert link.status_code == 200, link.text
    game, token = link.json()["game"], link.json()["token"]
    assert link.json()["link"] == f"/games/{game}#seat={token}"
    return game, {"Authorization": f"Bearer {token}"}


def play_our_tables(client: TestClient, seats: list[tuple[str, dict[str, str]]], rng: random.Random) -> None:
    """Each of us plays a random legal move whenever offered one, until all our tables are over."""

    def over() -> bool:
        playing = [(g, h) for g, h in seats if client.get(f"/api/games/{g}").json()["status"] != "over"]
        for game, header in playing:
            offered = client.get(f"/api/games/{game}/legal", headers=header).json()["commands"]
            if offered:
                client.post(f"/api/games/{game}/commands", json=rng.choice(offered), headers=header)
        return not playing

    until("our tables over", over)
