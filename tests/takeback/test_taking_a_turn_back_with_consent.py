"""Asking to take back a whole turn: every other seat approves or refuses; requests lapse."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

from fastapi.testclient import TestClient
from freezegun import freeze_time

from api.http.app import create_app
from store.settings import Settings
from tests.support.tiny_game import PILE
from tests.takeback.helpers import Game, finished_pile

RED, BLUE = 0, 1
REQUEST = {"type": "RequestTakeBack"}
APPROVE = {"type": "ApproveTakeBack"}
REFUSE = {"type": "RefuseTakeBack"}


def drawn_cards(answer: dict[str, object]) -> list[int]:
    """The cards the sender saw itself draw in a command's answer."""
    events = answer["events"]
    assert isinstance(events, list)
    return [
        card for entry in events if entry["event"]["type"] == "CardsDrawn" for card in entry["event"]["cards"]
    ]


def test_an_approved_take_back_returns_exactly_to_the_state_before_the_turn(client: TestClient) -> None:
    """On approval the game is exactly as it was before Red's turn, and Red is to act again."""
    game = Game(client, "slush-fund-2", 2)
    before = game.state()
    game.play_turn(random.Random(2))
    assert game.to_act() == [BLUE]
    game.ok(RED, REQUEST)
    assert game.offered(BLUE) == {"ApproveTakeBack", "RefuseTakeBack"}
    game.ok(BLUE, APPROVE)
    assert game.state() == before
    assert game.to_act() == [RED]


def test_the_same_cards_come_back_when_the_turn_is_played_again(client: TestClient) -> None:
    """Random outcomes are not re-rolled: drawing again after a take-back draws the same cards."""
    game = Game(client, "slush-fund-2", 2)
    first = drawn_cards(game.play(RED, "DrawCards"))
    game.play(RED, "StashInSlushFund")
    game.ok(RED, {"type": "TakeBack"})  # an own undo in between changes nothing either
    game.ok(RED, REQUEST)
    game.ok(BLUE, APPROVE)
    again = drawn_cards(game.play(RED, "DrawCards"))
    assert len(first) == 3 and again == first


def test_a_refused_take_back_changes_nothing_and_closes_the_request(client: TestClient) -> None:
    """One refusal ends the request; the game goes on from where it was."""
    game = Game(client, "slush-fund-2", 2)
    game.play_turn(random.Random(2))
    after = game.state()
    game.ok(RED, REQUEST)
    game.ok(BLUE, REFUSE)
    assert game.state() == after
    assert game.offered(BLUE) == set()
    game.refused(BLUE, APPROVE, "takeback/no_request")


def test_a_request_lapses_when_anyone_acts(client: TestClient) -> None:
    """Blue plays on instead of answering: the request lapses and can no longer be approved."""
    game = Game(client, "slush-fund-2", 2)
    game.play_turn(random.Random(2))
    game.ok(RED, REQUEST)
    game.play(BLUE, "DrawCards")
    game.refused(BLUE, APPROVE, "takeback/no_request")
    lapses = [e["event"] for e in game.get("/timeline").json()["entries"] if e["kind"] == "takeback"]
    assert lapses[-1] == {"type": "TakeBackLapsed", "reason": "acted"}


def test_a_request_lapses_after_its_time(client: TestClient) -> None:
    """Unanswered for longer than the timeout, the request lapses; the lapse is recorded later."""
    with freeze_time("2026-06-01 12:00:00", tick=True) as frozen:
        game = Game(client, "slush-fund-2", 2)
        game.play_turn(random.Random(2))
        game.ok(RED, REQUEST)
        assert "ApproveTakeBack" in game.offered(BLUE)
        # well past the deadline however long the request took to make (the clock ticks with the wall,
        # and on a busy machine the set-up above can take seconds)
        frozen.tick(game.tables.store.takeback_timeout + timedelta(seconds=60))
        assert game.offered(BLUE) == set()
        game.refused(BLUE, APPROVE, "takeback/no_request")
        game.play(BLUE, "DrawCards")
    lapses = [e["event"] for e in game.get("/timeline").json()["entries"] if e["kind"] == "takeback"]
    assert lapses[-1] == {"type": "TakeBackLapsed", "reason": "time"}


def test_a_seat_cannot_answer_its_own_request_nor_ask_twice(client: TestClient) -> None:
    """The requester neither approves nor asks again while its request is open."""
    game = Game(client, "slush-fund-2", 2)
    game.play_turn(random.Random(2))
    game.ok(RED, REQUEST)
    game.refused(RED, APPROVE, "takeback/not_yours_to_answer")
    game.refused(RED, REQUEST, "takeback/already_pending")


def test_nothing_is_taken_back_once_the_game_is_over(client: TestClient) -> None:
    """A finished game keeps its outcome: no take-back is offered or accepted."""
    game = finished_pile(client)
    assert game.offered(0) == set() and game.offered(1) == set()
    game.refused(0, REQUEST, "takeback/not_allowed")


def test_a_game_without_a_declaration_takes_back_only_with_consent(client: TestClient) -> None:
    """Pile declares nothing: by default every action is a checkpoint, so undo needs consent."""
    game = Game(client, "pile", 2)
    before = game.state()
    game.ok(0, {"type": "Take", "count": 2})
    game.refused(0, {"type": "TakeBack"}, "takeback/checkpoint")
    game.ok(0, REQUEST)
    game.ok(1, APPROVE)
    assert game.state() == before


def test_the_time_to_answer_is_configured_by_the_deployment(tmp_path: Path) -> None:
    """BACKROOM_TAKEBACK_SECONDS sets how long a request waits for answers."""
    settings = Settings.from_env(
        {"BACKROOM_SQLITE": str(tmp_path / "t.sqlite"), "BACKROOM_TAKEBACK_SECONDS": "30"}
    )
    assert Settings.from_env(settings.to_env()).takeback_seconds == 30
    with TestClient(create_app(settings, games={PILE.id: PILE})) as client:
        assert client.app.state.tables.store.takeback_timeout == timedelta(seconds=30)  # type: ignore[attr-defined]


def test_a_refused_request_is_not_asked_again_until_someone_acts(client: TestClient) -> None:
    """A "no" is not worn down: the asker may ask again only once someone has acted (takeback/refused)."""
    game = Game(client, "slush-fund-2", 2)
    game.play_turn(random.Random(2))
    game.ok(RED, REQUEST)
    game.ok(BLUE, REFUSE)
    assert "RequestTakeBack" not in game.offered(RED)
    game.refused(RED, REQUEST, "takeback/refused")
    game.play(BLUE, "DrawCards")  # someone acted: the asker's latest turn is no longer the latest
    assert game.send(RED, REQUEST).json()["error"]["code"] != "takeback/refused"
