"""Bot seats: chosen when the table is opened, played in-process through the command path a person's
moves take (so they are in the log, audited and idempotent), never twice by two workers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.service.application import Tables
from domain.bots import BotSpec
from domain.table import GameEventRecorded
from store.settings import Settings
from tests.support.service import StepClock, bearer, client_for, run
from tests.support.tiny_game import PILE

TAKE_ONE = {"type": "Take", "count": 1}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_for(Settings(sqlite_path=str(tmp_path / "bots.sqlite")))


def open_with_bot(client: TestClient, **extra: Any) -> dict[str, Any]:
    body = {"game": "pile", "players": ["ann"], "bots": [{"seat": 1, "policy": "random", "level": 1}]}
    answer = client.post("/api/games", json=body | extra)
    assert answer.status_code == 201, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_a_bot_seat_is_named_for_its_bot_and_holds_no_token(client: TestClient) -> None:
    """The people fill the other seats in order; only they get tokens; the summary marks the bot."""
    opened = open_with_bot(client)
    assert [entry["seat"] for entry in opened["tokens"]] == [0]
    seats = opened["game"]["seats"]
    assert seats[0] == {"seat": 0, "name": "ann"}
    assert seats[1]["bot"] == {"policy": "random", "level": 1, "standing_in": False}


def test_the_bot_moves_in_process_and_the_log_says_a_bot_played(client: TestClient) -> None:
    """Ann takes a stone; the bot at seat 1 answers on its own, recorded as seat 1's move by a bot."""
    opened = open_with_bot(client)
    game_id, token = opened["id"], opened["tokens"][0]["token"]
    moved = client.post(f"/api/games/{game_id}/commands", json=TAKE_ONE, headers=bearer(token)).json()
    after = client.get(f"/api/games/{game_id}", params={"min_version": moved["version"] + 1}).json()
    assert after["to_act"] == [0] and after["version"] == moved["version"] + 1
    tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
    last = tables.store.events_of(tables.store.load(game_id))[-1]
    assert isinstance(last, GameEventRecorded)
    assert (last.seat, last.bot, last.by_referee) == (1, "random", False)
    assert last.command_id == f"bot:1:{moved['version']}"
    timeline = client.get(f"/api/games/{game_id}/timeline", headers=bearer(token)).json()["entries"]
    assert timeline[-1]["by"] == "bot" and "by" not in timeline[-2]  # ann's own move is unmarked


@pytest.mark.parametrize(
    "bots",
    [
        [{"seat": 1}, {"seat": 1}],
        [{"seat": 5}],
        [{"seat": 0}, {"seat": 1}, {"seat": 2}],
        [{"seat": 1, "policy": "oracle"}],
        [{"seat": 1, "level": 4}],
        [{"seat": 1, "peek": True}],
    ],
    ids=["twice", "no-such-seat", "nobody-human", "unknown-policy", "level", "unknown-field"],
)
def test_bad_bot_seats_are_a_4xx_and_open_nothing(client: TestClient, bots: list[dict[str, Any]]) -> None:
    """A seat named twice or missing, a table of bots only, an unknown policy or level: 422."""
    body = {"game": "pile", "seats": 2, "bots": bots}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["code"] in {"options/bots", "request/invalid"}
    assert client.get("/api/games").json()["games"] == []


def test_two_bot_workers_playing_one_seat_at_once_record_one_move(tmp_path: Path) -> None:
    """The second decides on the version the first just moved from, with the same command id: its
    save clashes and the fresh log holds its move already, so it is answered as a retry."""
    settings = Settings(sqlite_path=str(tmp_path / "race.sqlite"))
    rival = Rival()
    one = Tables(settings.eventsourcing_env(), games={PILE.id: PILE}, clock=StepClock())
    other = Tables(settings.eventsourcing_env(), games={PILE.id: PILE}, clock=rival)
    try:
        bots = {0: BotSpec(policy="greedy", level=1)}
        opening = run(other.open("pile", [None, "bob"], seating=(None, bots)))
        game_id = str(opening.game_id)
        rival.act = lambda: run(one.play_bot(game_id, 0))
        ruling = run(other.play_bot(game_id, 0))
        assert ruling.replayed
        moves = [e for e in one.store.events_of(one.store.load(game_id)) if isinstance(e, GameEventRecorded)]
        assert [e.seat for e in moves] == [None, 0]  # the setup, then one move of the bot's
    finally:
        one.close()
        other.close()


class Rival(StepClock):
    """A step clock that lets a rival act the first time it is read once armed."""

    act: Callable[[], object] | None = None

    def __call__(self):  # type: ignore[no-untyped-def]  (a clock, as the service calls it)
        act, self.act = self.act, None
        if act is not None:
            act()
        return super().__call__()


def test_an_unknown_game_is_404_before_its_bot_seats_are_judged(client: TestClient) -> None:
    """A table of a game nobody offers is not found, whatever its bots say; nothing opens."""
    before = client.get("/api/games").json()
    answer = client.post(
        "/api/games", json={"game": "no-such-game", "seats": 2, "bots": [{"seat": 1}, {"seat": 1}]}
    )
    assert answer.status_code == 404, answer.text
    assert answer.json()["error"]["code"] == "game/unknown_type"
    assert client.get("/api/games").json() == before
