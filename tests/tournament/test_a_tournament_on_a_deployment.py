"""Issue 46's "Done when" at scale, with real processes: ``backroom up`` runs two API processes, two
projection workers, a bot worker and a timer worker on one PostgreSQL log with Redis read models.
Nine entrants play three rounds of Politrickers Swiss through the HTTP API, the requests spread over
both API processes; Zed, a known player, never shows. A projection worker is SIGKILLed mid-round (its
supervisor starts it again). The clock is real here: a move clock of a few seconds is Zed's grace
(ruling 24), so his tables time out on the wall."""

from __future__ import annotations

import csv
import io
import os
import signal
import subprocess
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.operations.up import Up, backroom_up
from tests.support.projecting import BACKROOM, deployment_env
from tests.support.server import UNLIMITED
from tests.support.waiting import until

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.slow]

GRACE = 4
"""Seconds a move on the tournament's clock: Zed's grace before a stand-in takes his seat."""
BOTS = [{"name": f"bot-{n}", "bot": {"policy": "random", "level": 1}} for n in range(1, 9)]
SCALE = "api=2,projections=1,bots=1,timers=1"


@pytest.fixture
def env() -> Iterator[dict[str, str]]:
    with deployment_env(**UNLIMITED, BACKROOM_PARTITIONS="2", BACKROOM_BOT_PAUSE_SECONDS="0") as env:
        yield env


def _key(handle: str, env: dict[str, str]) -> dict[str, str]:
    """A known player's API key header, from ``backroom players add`` (its last line)."""
    added = subprocess.run(
        [str(BACKROOM), "players", "add", handle], env=env, capture_output=True, text=True, check=True
    )
    return {"Authorization": f"Player {added.stdout.strip().splitlines()[-1]}"}


def test_a_tournament_on_real_processes_finishes_though_zed_never_shows_and_a_worker_is_killed(
    env: dict[str, str],
) -> None:
    """Every table of the three rounds finishes; Zed is marked absent twice, withdrawn, and not paired
    in round 3; a projection worker SIGKILLed mid-round is started again and nothing is lost; the page,
    the API's JSON and the CSV from each API process show the same rows."""
    ann, _ = _key("ann", env), _key("zed", env)
    body = {
        "id": "at-scale",
        "game": "politrickers",
        "rounds": 3,
        "seed": 1,
        "clock": {"kind": "move", "seconds": GRACE},
        "no_show": "bot",
        "players": ["zed"],
        "bots": BOTS,
    }
    with backroom_up(SCALE, env) as up:
        up.wait_ready()
        one, two = up.urls()["api.1"], up.urls()["api.2"]
        assert httpx.post(f"{one}/api/tournaments", json=body, headers=ann).status_code == 201
        started = httpx.post(f"{two}/api/tournaments/at-scale/start", headers=ann, timeout=60)
        assert started.status_code == 200, started.text
        _kill_mid_round(up, (one, two))
        page = until("the tournament finished", lambda: _finished(one, two), timeout=180, every=0.2)
        rows = [_rows(api) for api in (one, two)]
    assert all(t["ranking"] is not None for r in page["paired"] for t in r["tables"])
    first, second, third = page["paired"]
    assert "zed" in _entrants(first) and "zed" in _entrants(second)
    assert "zed" not in _entrants(third) and len(_entrants(third)) == 8
    zeds = [t["absent"] for t in first["tables"] + second["tables"] if "zed" in t["entrants"]]
    assert zeds == [["zed"]] * 2
    (zed,) = (row for row in page["standings"] if row["entrant"] == "zed")
    assert zed["marks"] == ["absent", "absent", "withdrawn"] and zed["tables"] == 2
    assert not any(row["marks"] for row in page["standings"] if row["entrant"] != "zed")
    assert rows[0] == rows[1] and rows[0]["page"] == page["standings"]
    assert rows[0]["json"] == rows[0]["page"] and rows[0]["csv"] == rows[0]["json as csv"]


def _kill_mid_round(up: Up, apis: tuple[str, str]) -> None:
    """SIGKILL ``projections.1`` once a round has a table over and a table still playing; wait until
    its supervisor has started it again."""

    def mid_round() -> bool:
        shown = httpx.get(f"{apis[0]}/api/tournaments/at-scale")
        if shown.status_code != 200:
            return False
        assert not shown.json()["finished"], "the tournament finished before a worker could be killed"
        rankings = [t["ranking"] is None for t in shown.json()["paired"][-1]["tables"]]
        return any(rankings) and not all(rankings)

    until("a round with a table over and one playing", mid_round, every=0.05)
    os.kill(up.pids()["projections.1"], signal.SIGKILL)
    up.until("projections.1 exited")
    until("projections.1 ready again", lambda: _ready(up.urls()["projections.1"]), every=0.2)


def _ready(url: str) -> bool:
    try:
        return httpx.get(f"{url}/ready").status_code == 200
    except httpx.TransportError:
        return False


def _finished(*apis: str) -> dict[str, Any] | None:
    """The tournament as the first API process shows it, once both show it finished."""
    shown = [httpx.get(f"{api}/api/tournaments/at-scale") for api in apis]
    if all(each.status_code == 200 and each.json()["finished"] for each in shown):
        return dict(shown[0].json())
    return None


def _rows(api: str) -> dict[str, Any]:
    """The standings as one API process serves them: the page's (its HTML runs tournament.js, which
    renders ``GET /api/tournaments/{id}``'s rows: ruling 31), the JSON export's and the CSV export's."""
    html = httpx.get(f"{api}/tournaments/at-scale")
    assert html.status_code == 200 and 'src="/static/tournament.js"' in html.text
    exported = httpx.get(f"{api}/api/tournaments/at-scale/standings.json").json()["standings"]
    table = csv.DictReader(io.StringIO(httpx.get(f"{api}/api/tournaments/at-scale/standings.csv").text))
    return {
        "page": httpx.get(f"{api}/api/tournaments/at-scale").json()["standings"],
        "json": exported,
        "csv": [(r["entrant"], float(r["points"]), r["marks"].split()) for r in table],
        "json as csv": [(r["entrant"], float(r["points"]), r["marks"]) for r in exported],
    }


def _entrants(paired: dict[str, Any]) -> set[str]:
    return {entrant for table in paired["tables"] for entrant in table["entrants"]}
