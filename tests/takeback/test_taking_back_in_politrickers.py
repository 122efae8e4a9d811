"""Politrickers: every play shows something, so a play is taken back only with every seat's consent."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.takeback.helpers import TAKEBACK_TYPES, Game

REQUEST = {"type": "RequestTakeBack"}
APPROVE = {"type": "ApproveTakeBack"}
REFUSE = {"type": "RefuseTakeBack"}


def first_play(game: Game) -> tuple[int, dict[str, object]]:
    seat = game.to_act()[0]
    command = next(c for c in game.legal(seat) if c["type"] not in TAKEBACK_TYPES)
    return seat, command


def test_every_play_is_a_checkpoint(client: TestClient) -> None:
    """A played card is seen by the table: the player may not undo it alone, only ask."""
    game = Game(client, "politrickers", 3)
    seat, command = first_play(game)
    game.ok(seat, command)
    assert game.offered(seat) == {"RequestTakeBack"}
    game.refused(seat, {"type": "TakeBack"}, "takeback/checkpoint")


def test_a_take_back_needs_every_other_seat(client: TestClient) -> None:
    """With three players one approval is not enough; the second one takes the play back."""
    game = Game(client, "politrickers", 3)
    before = game.state()
    seat, command = first_play(game)
    game.ok(seat, command)
    game.ok(seat, REQUEST)
    game.ok(1, APPROVE)
    assert game.state() != before
    game.refused(1, APPROVE, "takeback/not_yours_to_answer")
    game.ok(2, APPROVE)
    assert game.state() == before
    assert game.to_act() == [seat]


def test_the_same_card_can_be_played_again_after_a_take_back(client: TestClient) -> None:
    """After the take-back the hand is whole again: the same play is legal and gives the same events."""
    game = Game(client, "politrickers", 3)
    seat, command = first_play(game)
    first = game.ok(seat, command)["events"]
    game.ok(seat, REQUEST)
    game.ok(1, APPROVE)
    game.ok(2, APPROVE)
    again = game.ok(seat, command)["events"]
    assert [e["event"] for e in again] == [e["event"] for e in first]


def test_one_refusal_ends_the_request(client: TestClient) -> None:
    """Any seat may refuse; the request closes and the play stands."""
    game = Game(client, "politrickers", 3)
    seat, command = first_play(game)
    game.ok(seat, command)
    after = game.state()
    game.ok(seat, REQUEST)
    game.ok(1, APPROVE)
    game.ok(2, REFUSE)
    assert game.state() == after
    assert game.offered(1) == set()
