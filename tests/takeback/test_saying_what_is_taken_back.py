"""A take-back says what it takes back, in the game's words, to each reader as that reader saw it."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from domain.games.slush_fund_2.cards import card_name
from tests.takeback.helpers import Game

RED, BLUE = 0, 1
NAMES = ("ann", "bob")


def _stashed_turn(client: TestClient) -> tuple[Game, str]:
    """Ann draws and stashes a card face-down, then asks to take the turn back; the card's name."""
    game = Game(client, "slush-fund-2", 2)
    game.play(RED, "DrawCards")
    stash = next(c for c in game.legal(RED) if c["type"] == "StashInSlushFund")
    game.ok(RED, stash)
    game.ok(RED, {"type": "RequestTakeBack"})
    return game, card_name(stash["card"])


def _takebacks(game: Game, as_seat: int | None) -> list[str]:
    entries = game.get("/timeline", as_seat).json()["entries"]
    return [entry["description"] for entry in entries if entry["kind"] == "takeback"]


def _feed(game: Game, as_seat: int | None) -> list[str]:
    events = game.get("/events", as_seat).json()["events"]
    kinds = {"TakeBackRequested", "TurnTakenBack"}
    return [entry["description"] for entry in events if entry["event"]["type"] in kinds]


def test_the_request_names_the_moves_it_would_take_back(client: TestClient) -> None:
    """ "ann asked to take back 2 moves: ann drew ... ann put ... into the slush fund." — no versions."""
    game, stashed = _stashed_turn(client)
    asked = _takebacks(game, RED)[-1]
    assert asked.startswith("ann asked to take back 2 moves: ann drew "), asked
    assert f"ann put {stashed} into the slush fund" in asked
    assert "version" not in asked


def test_a_face_down_stash_is_told_to_the_others_as_they_saw_it(client: TestClient) -> None:
    """Bob and a spectator saw a card go face-down: the take-back tells them just that, never which."""
    game, stashed = _stashed_turn(client)
    answer: dict[str, Any] = game.ok(BLUE, {"type": "ApproveTakeBack"})
    told_bob = [entry["description"] for entry in answer["events"]]
    assert told_bob[-1] == (
        "ann took back 2 moves with everyone's consent: ann drew 3 cards. "
        "ann put a card face-down into the slush fund."
    )
    for seat in (BLUE, None):
        for sentences in (_takebacks(game, seat), _feed(game, seat)):
            assert sentences and all(stashed not in sentence for sentence in sentences), sentences
            assert "a card face-down into the slush fund" in sentences[-1]
    assert f"ann put {stashed} into the slush fund" in _takebacks(game, RED)[-1]
    assert f"ann put {stashed} into the slush fund" in _feed(game, RED)[-1]


def test_the_audit_tells_the_take_back_as_the_timeline_does(client: TestClient) -> None:
    """The audit's accepted commands describe their events with the same sentences."""
    game, stashed = _stashed_turn(client)
    game.ok(BLUE, {"type": "ApproveTakeBack"})
    for seat in (RED, BLUE):
        attempts = game.get("/audit", seat).json()["attempts"]
        told = [event["description"] for attempt in attempts for event in attempt["events"]]
        assert _takebacks(game, seat)[-1] in told
    assert not any(stashed in text for text in _takebacks(game, BLUE))


def test_an_own_undo_names_the_one_move_it_undid(client: TestClient) -> None:
    """Taking back one's own latest step: "ann took back a move: ann put ... into the slush fund."."""
    game = Game(client, "slush-fund-2", 2)
    game.play(RED, "DrawCards")
    stash = next(c for c in game.legal(RED) if c["type"] == "StashInSlushFund")
    game.ok(RED, stash)
    answer = game.ok(RED, {"type": "TakeBack"})
    assert answer["events"][-1]["description"] == (
        f"ann took back a move: ann put {card_name(stash['card'])} into the slush fund."
    )
    assert _takebacks(game, BLUE)[-1] == "ann took back a move: ann put a card face-down into the slush fund."
