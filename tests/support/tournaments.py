"""Helpers for tournament tests over HTTP: a known player's key, the tournament's read model once it
shows what a test waits for, and the check that the page's API, the JSON and the CSV agree."""

from __future__ import annotations

import csv
import io
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
