"""The state is the log folded without its reverted ranges; history reads show only what a viewer may see."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from fastapi.testclient import TestClient

from api.cli import importing
from domain import referee, takeback
from domain.codec import encode
from domain.table import GameEventRecorded, TakeBackNoted
from tests.history.conftest import play_with_take_backs
from tests.history.redaction import redacted_log, viewers
from tests.support.service import run
from tests.takeback.helpers import Game

GAMES = ["finished_slush_fund", "finished_politrickers"]


def folded_without_reverted_ranges(game: Game) -> dict[int, Any]:
    """At each version, the fold of the game events not reverted by a take-back at or before it."""
    table = game.table()
    rules = table.game
    assert rules is not None
    kept: list[tuple[int, Any]] = []
    states: dict[int, Any] = {}
    for event in game.tables.store.events_of(table):
        version = event.version
        if isinstance(event, GameEventRecorded):
            kept.append((version, rules.event_decoder.decode(event.event)))
        elif isinstance(event, TakeBackNoted):
            told = takeback.EVENT_DECODER.decode(event.event)
            if isinstance(told, takeback.TurnTakenBack):
                kept = [(v, e) for v, e in kept if not told.first <= v <= told.last]
        states[version] = referee.fold(rules, [e for _, e in kept]) if kept else None
    return states


@pytest.mark.parametrize("fixture", GAMES)
def test_the_state_is_the_fold_of_the_log_without_its_reverted_ranges(
    fixture: str, request: pytest.FixtureRequest
) -> None:
    """At every version, the seek, the loaded table and an independent fold skipping reverted ranges agree."""
    game: Game = request.getfixturevalue(fixture)
    table = game.table()
    for version, expected in folded_without_reverted_ranges(game).items():
        assert encode(game.tables.store.load(table.id, version).game_state) == encode(expected), version


def live_game_with_take_backs(client: TestClient, name: str, players: int) -> Game:
    game = Game(client, name, players, seed="live")
    rng = random.Random(21)
    for _ in range(6):
        seat = game.play_turn(rng)
        if "RequestTakeBack" in game.offered(seat):
            game.ok(seat, {"type": "RequestTakeBack"})
            for other in range(players):
                if other != seat:
                    game.ok(other, {"type": "ApproveTakeBack"})
            game.play_turn(rng)
    seat = game.to_act()[0]
    game.send(seat, {"type": "PlayMoneyCard", "card": 999, "politician": 0})  # refused, audited
    return game


@pytest.mark.parametrize(("name", "players"), [("slush-fund-2", 2), ("politrickers", 3)])
def test_no_history_read_shows_more_than_the_viewer_may_see(
    client: TestClient, name: str, players: int
) -> None:
    """Timeline, audit, every past version and the export equal the game's own redaction per viewer."""
    game = live_game_with_take_backs(client, name, players)
    table = game.table()
    rules = table.game
    assert rules is not None
    states = folded_without_reverted_ranges(game)
    for viewer, seat in viewers(game):
        expected = redacted_log(game, viewer)
        timeline = game.get("/timeline", seat).json()["entries"]
        assert {e["version"]: e["event"] for e in timeline if e["kind"] == "event"} == expected
        audit = game.get("/audit", seat).json()["attempts"]
        shown = {e["version"]: e["event"] for a in audit for e in a.get("events", []) if e["kind"] == "event"}
        assert shown == expected
        assert all(a["code"] is None for a in audit if a["outcome"] == "refused" and a["seat"] != seat)
        header, *lines = [msgspec.json.decode(line) for line in game.get("/export", seat).text.splitlines()]
        assert header["secret"] is None and header["complete"] is False
        assert {line["version"]: line["event"] for line in lines if line["kind"] == "event"} == expected
        for version, state in states.items():
            if state is None:
                continue
            view = game.get(f"/at/{version}", seat).json()["view"]
            assert view == msgspec.json.decode(encode(rules.view(state, viewer))), (viewer, version)


def test_an_export_of_a_game_whose_seats_were_joined_imports(client: TestClient) -> None:
    """Seats taken after opening are taken again, in order, by the import."""
    opened = client.post("/api/games", json={"game": "pile", "seats": 2}).json()
    game = object.__new__(Game)
    game.client, game.id, game.tokens = client, opened["id"], {}
    for name in ("ann", "bob"):
        joined = client.post(f"/api/games/{game.id}/join", json={"name": name}).json()
        game.tokens[joined["seat"]] = joined["token"]
    play_with_take_backs(game, random.Random(3))
    lines = game.get("/export").content.splitlines()
    opening = run(importing.import_log(game.tables, lines))
    copy = object.__new__(Game)
    copy.client, copy.id, copy.tokens = client, str(opening.game_id), opening.tokens
    assert copy.get("/export").content.splitlines()[1:] == lines[1:]
