"""Undoing your own latest actions within your turn, back to the last checkpoint (Slush Fund 2)."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from tests.takeback.helpers import Game

RED, BLUE = 0, 1


def drawn(client: TestClient) -> Game:
    """A Slush Fund 2 game in which Red (who starts with seed s1) has just drawn three cards."""
    game = Game(client, "slush-fund-2", 2)
    assert game.to_act() == [RED]
    game.play(RED, "DrawCards")
    return game


def test_a_face_down_stash_is_taken_back_without_consent(client: TestClient) -> None:
    """Stashing face-down reveals only a count: the seat may undo it, and the state is as before."""
    game = drawn(client)
    before = game.state()
    game.play(RED, "StashInSlushFund")
    assert "TakeBack" in game.offered(RED)
    game.ok(RED, {"type": "TakeBack"})
    assert game.state() == before
    assert game.to_act() == [RED]


def test_undo_goes_back_one_action_at_a_time_to_the_last_checkpoint(client: TestClient) -> None:
    """Each TakeBack undoes the latest action (a stash, a face-down card); the draw before them stops it."""
    game = Game(client, "slush-fund-2", 2)
    rng = random.Random(5)
    for _ in range(30):
        seat = game.to_act()[0]
        game.play(seat, "DrawCards")
        after_draw = game.state()
        game.play(seat, "StashInSlushFund")
        after_stash = game.state()
        if any(c["type"] == "PlayMoneyCard" and c["face_down"] for c in game.legal(seat)):
            break
        game.play_turn(rng)
    else:
        raise AssertionError("no face-down card became playable")
    game.play(seat, "PlayMoneyCard", face_down=True)
    game.ok(seat, {"type": "TakeBack"})
    assert game.state() == after_stash
    game.ok(seat, {"type": "TakeBack"})
    assert game.state() == after_draw
    assert "TakeBack" not in game.offered(seat)
    game.refused(seat, {"type": "TakeBack"}, "takeback/checkpoint")


def test_a_draw_is_a_checkpoint(client: TestClient) -> None:
    """A random outcome (the draw) cannot be undone without consent; only a request is offered."""
    game = drawn(client)
    assert game.offered(RED) == {"RequestTakeBack"}
    game.refused(RED, {"type": "TakeBack"}, "takeback/checkpoint")


def test_a_face_up_card_is_a_checkpoint(client: TestClient) -> None:
    """A face-up money card shows a card from the hand to the opponent: no undo without consent."""
    game = drawn(client)
    game.play(RED, "StashInSlushFund")
    game.play(RED, "PlayMoneyCard", face_down=False)
    assert "TakeBack" not in game.offered(RED)
    game.refused(RED, {"type": "TakeBack"}, "takeback/checkpoint")


def test_a_finished_turn_needs_consent(client: TestClient) -> None:
    """Once the turn has passed, the seat's own undo is refused; it may ask instead."""
    game = Game(client, "slush-fund-2", 2)
    game.play_turn(random.Random(1))
    assert game.to_act() == [BLUE]
    assert game.offered(RED) == {"RequestTakeBack"}
    game.refused(RED, {"type": "TakeBack"}, "takeback/checkpoint")


def test_an_action_by_another_seat_is_a_checkpoint(client: TestClient) -> None:
    """After the opponent has acted there is nothing of Red's at the end of the log to undo."""
    game = Game(client, "slush-fund-2", 2)
    game.play_turn(random.Random(1))
    game.play(BLUE, "DrawCards")
    assert game.offered(RED) == set()
    game.refused(RED, {"type": "TakeBack"}, "takeback/nothing_to_take_back")
    game.refused(RED, {"type": "RequestTakeBack"}, "takeback/nothing_to_take_back")


def test_a_seat_cannot_undo_the_other_seats_action(client: TestClient) -> None:
    """Blue may not take back Red's stash, even while Red is still in its turn."""
    game = drawn(client)
    game.play(RED, "StashInSlushFund")
    game.refused(BLUE, {"type": "TakeBack"}, "takeback/nothing_to_take_back")


def test_looking_at_the_slush_fund_is_a_checkpoint(client: TestClient) -> None:
    """Examining the slush fund shows the actor hidden cards: no undo without consent."""
    game = Game(client, "slush-fund-2", 2)
    rng = random.Random(3)
    for _ in range(40):
        seat = game.to_act()[0]
        if any(c["type"] == "ExamineSlushFund" for c in game.legal(seat)):
            break
        game.play_turn(rng)
    else:
        raise AssertionError("the slush fund never grew to three cards")
    game.play(seat, "ExamineSlushFund")
    game.refused(seat, {"type": "TakeBack"}, "takeback/checkpoint")
    game.play(seat, "TakeFromSlushFund")
    game.ok(seat, {"type": "TakeBack"})  # taking a card already seen reveals nothing new


def test_an_undo_is_an_appended_event_naming_its_range(client: TestClient) -> None:
    """Nothing is deleted: the undone event stays in the log, and the undo names its versions."""
    game = drawn(client)
    stashed = game.play(RED, "StashInSlushFund")["version"]
    answer = game.ok(RED, {"type": "TakeBack"})
    undo = answer["version"]
    assert undo == stashed + 1
    assert [entry["event"]["type"] for entry in answer["events"]] == ["TurnTakenBack"]
    timeline = game.get("/timeline", RED).json()
    assert timeline["reverted"] == [{"first": stashed, "last": stashed, "by": undo}]
    kinds = {entry["version"]: (entry["kind"], entry["reverted"]) for entry in timeline["entries"]}
    assert kinds[stashed] == ("event", True) and kinds[undo] == ("takeback", False)


def test_a_retried_take_back_is_answered_once(client: TestClient) -> None:
    """Sent twice with one Idempotency-Key, an undo is recorded once and answered the same."""
    game = drawn(client)
    game.play(RED, "StashInSlushFund")
    first = game.send(RED, {"type": "TakeBack"}, **{"Idempotency-Key": "undo-1"})
    again = game.send(RED, {"type": "TakeBack"}, **{"Idempotency-Key": "undo-1"})
    assert first.status_code == again.status_code == 200
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again.json()["version"] == first.json()["version"] == game.table().version
