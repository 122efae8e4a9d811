"""`backroom serve` runs the API as a real process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from api.cli import SWITCH_INTERVAL, share_the_lock
from tests.support.server import BACKROOM, serving
from tests.support.service import bearer
from tests.support.waiting import until


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_backroom_serve_answers_health_and_plays_commands(tmp_path: Path) -> None:
    """A served Slush Fund 2 table takes commands from `/legal` and keeps them in the SQLite file."""
    store = tmp_path / "served.sqlite"
    with serving(store) as served, httpx.Client(base_url=served.base, timeout=10) as client:
        assert client.get("/health").json() == {"status": "ok", "store": "sqlite", "reads": "embedded"}
        opened = client.post("/api/games", json={"game": "slush-fund-2", "players": ["ann", "bob"]}).json()
        tokens = {entry["seat"]: entry["token"] for entry in opened["tokens"]}
        version = opened["game"]["version"]
        for _ in range(5):
            seat = client.get(f"/api/games/{opened['id']}").json()["to_act"][0]
            headers = bearer(tokens[seat])
            offered = client.get(f"/api/games/{opened['id']}/legal", headers=headers).json()["commands"]
            answer = client.post(f"/api/games/{opened['id']}/commands", json=offered[0], headers=headers)
            assert answer.status_code == 200, answer.text
            assert answer.json()["version"] > version
            version = answer.json()["version"]
    assert store.exists() and store.stat().st_size > 0


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_two_worker_processes_share_one_log(tmp_path: Path) -> None:
    """With `--workers 2`, commands landing on either process see every earlier command."""
    with serving(tmp_path / "shared.sqlite", "--workers", "2") as served:
        opened = httpx.post(
            f"{served.base}/api/games", json={"game": "slush-fund-2", "players": ["a", "b"]}
        ).json()
        tokens = {entry["seat"]: entry["token"] for entry in opened["tokens"]}
        version = opened["game"]["version"]
        for _ in range(12):  # a fresh connection each time, so requests spread over both workers
            seat = httpx.get(f"{served.base}/api/games/{opened['id']}").json()["to_act"][0]
            headers = bearer(tokens[seat]) | {"If-Match": str(version)}
            offered = httpx.get(f"{served.base}/api/games/{opened['id']}/legal", headers=headers).json()
            answer = httpx.post(
                f"{served.base}/api/games/{opened['id']}/commands",
                json=offered["commands"][0],
                headers=headers,
            )
            assert answer.status_code == 200, answer.text
            version = answer.json()["version"]
        # The feed is the read side's: the process that answers may not have projected the last command
        # yet (embedded, each process projects the shared log itself), so it is waited for.
        feed = until(
            "the feed to reach the last command",
            lambda: (
                events := httpx.get(f"{served.base}/api/games/{opened['id']}/events").json()["events"]
            )
            and events[-1]["version"] >= version
            and events,
        )
        assert [entry["version"] for entry in feed] == list(range(1, version + 1))


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_serve_on_a_port_in_use_says_so_and_prints_no_banner(tmp_path: Path) -> None:
    """The banner would claim a server that never listens: a taken port is one line on stderr, exit 1."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = [str(BACKROOM), "serve", "--port", str(port), "--sqlite", str(tmp_path / "x.sqlite")]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert "Backroom on" not in done.stdout
    assert f"Cannot listen on 127.0.0.1:{port}" in done.stderr


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_projections_rebuild_takes_the_sqlite_file_to_rebuild(tmp_path: Path) -> None:
    """`backroom projections rebuild --sqlite FILE` rebuilds that store's read models."""
    store = tmp_path / "rebuilt.sqlite"
    with serving(store) as served:
        httpx.post(f"{served.base}/api/games", json={"game": "slush-fund-2", "players": ["ann", "bob"]})
    env = {key: value for key, value in os.environ.items() if not key.startswith("BACKROOM_")}
    command = [str(BACKROOM), "projections", "rebuild", "--sqlite", str(store)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False, env=env)
    assert done.returncode == 0, done.stderr
    position = int(done.stdout.rsplit("log position", 1)[1].strip(" .\n"))
    assert position >= 2, "the table's opening and setup are in that file's log"


def test_a_served_process_hands_the_interpreter_lock_on_sooner_than_pythons_default() -> None:
    """``serve`` shortens the switch interval, so the committer's thread waits less for the lock."""
    before = sys.getswitchinterval()
    try:
        share_the_lock()
        assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL)
        assert SWITCH_INTERVAL < 0.005  # Python's default
    finally:
        sys.setswitchinterval(before)


SERVED_EMBEDDED = """
import sys
from fastapi.testclient import TestClient
from api.http.app import create_app
from store.settings import Settings
with TestClient(create_app(Settings(sqlite_path=sys.argv[1]))) as client:
    assert client.get("/health").status_code == 200
print(" ".join(sorted({"redis", "webauthn"} & set(sys.modules))))
"""


def test_an_embedded_server_never_loads_the_redis_client_or_the_passkey_library(tmp_path: Path) -> None:
    """Each ``backroom serve`` a test starts paid 0.4 s of CPU for ``redis`` and 0.3 s for ``webauthn``
    (of 2.0 s to answer /health): an embedded process uses neither until a passkey ceremony."""
    command = [sys.executable, "-c", SERVED_EMBEDDED, str(tmp_path / "served.sqlite")]
    loaded = subprocess.run(command, capture_output=True, text=True, check=True, timeout=120)
    assert loaded.stdout.strip() == "", f"loaded by an embedded start: {loaded.stdout}"
