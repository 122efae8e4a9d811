"""The new-game guide works: its game, written out of ``docs/new-game.md`` file by file into a folder of
its own, is found by convention and played through the HTTP API, the PettingZoo environment and the
contract suite (the page: ``tests/browser/test_the_new_game_guides_page.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.games import FOLDERS, registered
from store.settings import Settings
from tests.api.test_playing_a_game_over_http import play_from_legal
from tests.support.guide import GAME_ID, files, write_the_guides_game
from tests.support.service import bearer, client_for

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_the_guides_game(tmp_path_factory.mktemp("guide"))


@pytest.fixture
def added(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The guide's folder named where Backroom looks for games kept outside it."""
    monkeypatch.setenv(FOLDERS, str(folder))
    yield folder
    monkeypatch.delenv(FOLDERS)
    assert GAME_ID not in registered(), "the guide's game outlived its folder's naming"


def test_the_guide_writes_a_package_a_renderer_and_an_environment() -> None:
    """The guide's game is three places and no more, each named by convention from its id."""
    places = {path.split("/showdown")[0] for path in files()}
    assert places == {"domain/games", "api/web/static/games", "env/games"}


def test_the_guides_game_is_found_by_its_folder_alone(added: Path) -> None:
    """No list names it: naming its folder adds it to the registry, after ours."""
    games = registered()
    assert list(games)[-1] == GAME_ID and games[GAME_ID].title == "Showdown"
    assert {"slush-fund-2", "politrickers", "super-pacs", "campaign-trail"} <= set(games)


def test_the_guides_game_is_played_through_the_api(added: Path, tmp_path: Path) -> None:
    """Open a table of three, see one's own card only, play to the end from the legal lists."""
    settings = Settings(sqlite_path=str(tmp_path / "backroom.sqlite"))
    for client in client_for(settings, registered()):
        assert GAME_ID in [game["id"] for game in client.get("/api/games/catalogue").json()["games"]]
        players = ["ann", "bob", "cy"]
        opened = client.post("/api/games", json={"game": GAME_ID, "players": players, "seed": "g"})
        assert opened.status_code == 201, opened.text
        game_id = opened.json()["id"]
        tokens = {entry["seat"]: entry["token"] for entry in opened.json()["tokens"]}
        ann = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens[0])).json()["view"]
        spectator = client.get(f"/api/games/{game_id}/view").json()["view"]
        assert isinstance(ann["my_card"], int) and spectator["my_card"] is None
        assert play_from_legal(client, game_id, tokens, pick=1) == 3
        over = client.get(f"/api/games/{game_id}").json()
        assert over["status"] == "over" and over["outcome"]["winners"] == [0, 1, 2]  # all folded: ruling 1
        told = [entry["description"] for entry in client.get(f"/api/games/{game_id}/events").json()["events"]]
        assert told[-1] == "Every player has spoken: the cards are shown.", told
        assert client.get("/static/games/renderers.json").json()["renderers"][-1] == GAME_ID
        assert "export function Board" in client.get(f"/static/games/{GAME_ID}.js").text


def test_the_guides_game_is_a_pettingzoo_environment(added: Path) -> None:
    """PettingZoo's api_test passes at every seat count the game allows."""
    from pettingzoo.test import api_test

    from env import backroom_env

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=UserWarning, module="pettingzoo")
        for seats in (2, 3, 4):
            api_test(backroom_env(GAME_ID, seats), num_cycles=100)


def test_the_guides_game_keeps_the_contract(folder: Path) -> None:
    """The contract suite, run as the guide says, passes for the guide's game."""
    contract = ROOT / "tests" / "contract" / "test_every_game.py"
    command = [sys.executable, "-m", "pytest", str(contract), "-p", "no:xdist", "-k", GAME_ID, "-q", "-rA"]
    environment = os.environ | {FOLDERS: str(folder)}
    ran = subprocess.run(command, check=False, cwd=ROOT, env=environment, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    leak_check = f"test_nothing_hidden_leaks_to_any_seat_or_spectator[{GAME_ID}-4p]"
    assert f"PASSED {contract.relative_to(ROOT)}::{leak_check}" in ran.stdout, ran.stdout[-4000:]


def test_the_cli_lists_the_guides_game_and_simulates_it(folder: Path) -> None:
    """``backroom simulate --help`` lists the games the registry finds, the guide's among them, and
    ``backroom simulate showdown`` plays it (as the guide says to check it at once)."""
    backroom = Path(sys.executable).with_name("backroom")
    environment = os.environ | {FOLDERS: str(folder), "COLUMNS": "200"}
    helped = subprocess.run(
        [str(backroom), "simulate", "--help"], check=True, env=environment, capture_output=True, text=True
    )
    assert all(game_id in helped.stdout for game_id in ("politrickers", "super-pacs", GAME_ID)), helped.stdout
    simulate = [str(backroom), "simulate", GAME_ID, "--players", "3"]
    played = subprocess.run(simulate, check=True, env=environment, capture_output=True, text=True)
    assert "the cards are shown" in played.stdout and "game 0: scores" in played.stdout, played.stdout
