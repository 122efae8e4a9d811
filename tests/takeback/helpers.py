"""A game seen through the HTTP API, with the shortcuts take-back and history tests need."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.service.application import Tables
from domain.codec import encode
from domain.games import registered
from domain.table import Table
from store.settings import Settings
from tests.support.tiny_game import PILE

TAKEBACK_TYPES = {"TakeBack", "RequestTakeBack", "ApproveTakeBack", "RefuseTakeBack"}
_REAL_DATETIME = (datetime,)  # in a tuple, so freezegun leaves this reference alone


def frozen_clock() -> datetime:
    """Now by ``time.time()`` (which freezegun controls) as a real datetime msgspec can encode."""
    return _REAL_DATETIME[0].fromtimestamp(time.time(), UTC)


def client_over(tmp_path: Path, snapshot_interval: int = 5) -> Iterator[TestClient]:
    """A TestClient over every registered game and Pile, on a fresh SQLite file, its clock freezegun's."""
    settings = Settings(sqlite_path=str(tmp_path / "history.sqlite"), snapshot_interval=snapshot_interval)
    app = create_app(settings, games=registered() | {PILE.id: PILE}, clock=frozen_clock)
    with TestClient(app) as client:
        # A pass by hand is recorded at once, not held its half-second pause (passing rule 3): these
        # tests play whole games to read them, and a Campaign Trail held every pass (20 s of a test's
        # 21). The pause itself is tested in tests/api/test_a_seats_standing_choice.py and the browser.
        app.state.tables.pass_pause = 0
        yield client


class Game:
    """One table opened through the API: send commands per seat, read what each viewer sees."""

    def __init__(self, client: TestClient, game: str, players: int, seed: str = "s1") -> None:
        self.client = client
        names = ["ann", "bob", "cy", "di", "ed"][:players]
        opened = client.post("/api/games", json={"game": game, "players": names, "seed": seed})
        assert opened.status_code == 201, opened.text
        self.id = opened.json()["id"]
        self.tokens = {entry["seat"]: entry["token"] for entry in opened.json()["tokens"]}

    @property
    def tables(self) -> Tables:
        return self.client.app.state.tables  # type: ignore[attr-defined,no-any-return]

    def auth(self, seat: int | None) -> dict[str, str]:
        return {} if seat is None else {"Authorization": f"Bearer {self.tokens[seat]}"}

    def send(self, seat: int, command: dict[str, Any], **headers: str) -> httpx.Response:
        return self.client.post(
            f"/api/games/{self.id}/commands", json=command, headers=self.auth(seat) | headers
        )

    def ok(self, seat: int, command: dict[str, Any]) -> dict[str, Any]:
        """Send a command that must be accepted; its answer."""
        answer = self.send(seat, command)
        assert answer.status_code == 200, answer.text
        return answer.json()  # type: ignore[no-any-return]

    def refused(self, seat: int, command: dict[str, Any], code: str) -> dict[str, Any]:
        """Send a command that must be refused with ``code``, changing nothing in the stream."""
        before = self.table().version
        answer = self.send(seat, command)
        assert 400 <= answer.status_code < 500, answer.text
        assert answer.json()["error"]["code"] == code, answer.text
        assert self.table().version == before
        return answer.json()  # type: ignore[no-any-return]

    def get(self, path: str, as_seat: int | None = None, **params: Any) -> httpx.Response:
        """GET a path of this game with ``as_seat``'s token (none: as a spectator)."""
        return self.client.get(f"/api/games/{self.id}{path}", headers=self.auth(as_seat), params=params)

    def legal(self, seat: int) -> list[dict[str, Any]]:
        answer = self.get("/legal", seat)
        assert answer.status_code == 200, answer.text
        return answer.json()["commands"]  # type: ignore[no-any-return]

    def offered(self, seat: int) -> set[str]:
        """The take-back commands ``/legal`` offers ``seat`` now."""
        return {command["type"] for command in self.legal(seat)} & TAKEBACK_TYPES

    def table(self) -> Table:
        return self.tables.store.load(self.id)

    def state(self) -> bytes:
        """The whole game state now, encoded (for equality checks)."""
        return encode(self.table().game_state)

    def to_act(self) -> list[int]:
        table = self.table()
        assert table.game is not None
        return sorted(table.game.to_act(table.game_state))

    def over(self) -> bool:
        table = self.table()
        assert table.game is not None
        return table.game.is_over(table.game_state)

    def play(self, seat: int, wanted: str, **fields: Any) -> dict[str, Any]:
        """Send the first legal command of type ``wanted`` whose fields match ``fields``."""
        for command in self.legal(seat):
            if command["type"] == wanted and all(command.get(k) == v for k, v in fields.items()):
                return self.ok(seat, command)
        raise AssertionError(f"{wanted} {fields} is not legal for seat {seat}: {self.legal(seat)}")

    def play_turn(self, rng: random.Random) -> int:
        """Play one seat's whole turn with random legal game commands (no take-backs); that seat."""
        seat = self.to_act()[0]
        while not self.over() and self.to_act() == [seat]:
            offered = [c for c in self.legal(seat) if c["type"] not in TAKEBACK_TYPES]
            self.ok(seat, rng.choice(offered))
        return seat

    def play_to_end(self, rng: random.Random, limit: int = 3000) -> None:
        for _ in range(limit):
            if self.over():
                return
            self.play_turn(rng)
        raise AssertionError("the game did not end")


def finished_pile(client: TestClient) -> Game:
    """A Pile game played to its end (seat 0 takes the last stone)."""
    game = Game(client, "pile", 2)
    for seat, count in ((0, 2), (1, 2), (0, 1), (1, 1), (0, 1)):
        game.ok(seat, {"type": "Take", "count": count})
    assert game.over()
    return game
