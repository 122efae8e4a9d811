"""The audit: every attempt, accepted or refused, shown to each viewer through the same redaction."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.history.redaction import redacted_log, viewers
from tests.takeback.helpers import Game, finished_pile

RED, BLUE = 0, 1


def audit(game: Game, as_seat: int | None, **params: Any) -> list[dict[str, Any]]:
    answer = game.get("/audit", as_seat, **params)
    assert answer.status_code == 200, answer.text
    return answer.json()["attempts"]  # type: ignore[no-any-return]


def refused_stash(client: TestClient) -> tuple[Game, int]:
    """Red has drawn and tried to stash a card it does not hold; the card it named."""
    game = Game(client, "slush-fund-2", 2)
    drawn = game.play(RED, "DrawCards")["events"][0]["event"]["cards"]
    wrong = next(card for card in range(20) if card not in drawn)
    game.refused(RED, {"type": "StashInSlushFund", "card": wrong}, "rule/card_not_in_hand")
    return game, wrong


def test_a_refused_attempt_is_audited_but_never_enters_the_game(client: TestClient) -> None:
    """The refusal is in the audit with its code; the game's stream did not change."""
    game, wrong = refused_stash(client)
    [attempt] = [entry for entry in audit(game, RED) if entry["outcome"] == "refused"]
    assert attempt["seat"] == RED and attempt["code"] == "rule/card_not_in_hand"
    assert attempt["command"] == {"type": "StashInSlushFund", "card": wrong}
    assert game.table().version == 3  # opened, set up, drawn


def test_others_see_only_that_a_seat_was_refused(client: TestClient) -> None:
    """Ruling: of someone else's refused attempt a viewer sees who and when, not the command nor the code."""
    game, _ = refused_stash(client)
    for seat in (BLUE, None):
        [attempt] = [entry for entry in audit(game, seat) if entry["outcome"] == "refused"]
        assert attempt["seat"] == RED
        assert attempt["command"] is None and attempt["code"] is None and attempt["message"] is None
        assert attempt["key"] is None


def test_the_command_and_key_of_an_accepted_attempt_are_the_senders_alone(client: TestClient) -> None:
    """Others read what Red did only from Red's events, redacted for them."""
    game = Game(client, "slush-fund-2", 2)
    game.client.post(
        f"/api/games/{game.id}/commands",
        json={"type": "DrawCards"},
        headers=game.auth(RED) | {"Idempotency-Key": "red-draws"},
    )
    own = [entry for entry in audit(game, RED) if entry["seat"] == RED]
    assert own[0]["command"] == {"type": "DrawCards"} and own[0]["key"] == "red-draws"
    theirs = [entry for entry in audit(game, BLUE) if entry["seat"] == RED]
    assert theirs[0]["command"] is None and theirs[0]["key"] is None
    assert theirs[0]["events"][0]["event"]["type"] == "CardsDrawnUnseen"


def test_every_event_in_the_audit_is_redacted_for_its_viewer(client: TestClient) -> None:
    """Audit events equal the game's own redaction for each seat and the spectator."""
    game, _ = refused_stash(client)
    game.play(RED, "StashInSlushFund")
    for viewer, seat in viewers(game):
        expected = redacted_log(game, viewer)
        shown = {
            event["version"]: event["event"]
            for entry in audit(game, seat)
            for event in entry.get("events", [])
            if event["kind"] == "event"
        }
        assert shown == expected


def test_a_body_that_is_not_json_is_audited_as_text(client: TestClient) -> None:
    """Junk from a seat is a refused attempt too; its sender reads back what it sent."""
    game = Game(client, "pile", 2)
    answer = client.post(f"/api/games/{game.id}/commands", content=b"take two", headers=game.auth(0))
    assert answer.status_code == 422
    [attempt] = audit(game, 0)[-1:]
    assert attempt["outcome"] == "refused" and attempt["command"] == "take two"
    assert attempt["code"] == "request/invalid"


def test_retries_and_take_backs_are_audited(client: TestClient) -> None:
    """A retried command is audited as a retry; a take-back as an accepted command."""
    game = Game(client, "slush-fund-2", 2)
    for _ in range(2):
        game.client.post(
            f"/api/games/{game.id}/commands",
            json={"type": "DrawCards"},
            headers=game.auth(RED) | {"Idempotency-Key": "once"},
        )
    game.play(RED, "StashInSlushFund")
    game.ok(RED, {"type": "TakeBack"})
    outcomes = [(entry["seat"], entry["outcome"]) for entry in audit(game, RED)]
    assert outcomes[-4:] == [(RED, "accepted"), (RED, "retried"), (RED, "accepted"), (RED, "accepted")]
    assert audit(game, RED)[-1]["events"][0]["event"]["type"] == "TurnTakenBack"


def test_the_whole_audit_opens_only_after_the_end(client: TestClient) -> None:
    """Live, the omniscient audit is refused; once over, everyone's codes and commands are shown."""
    game = Game(client, "pile", 2)
    game.refused(0, {"type": "Take", "count": 3}, "rule/illegal_move")
    refused = game.get("/audit", 1, viewer="omniscient")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "history/hidden_until_over"
    assert game.get("/audit", 1, seat=0).status_code == 403
    finished = finished_pile(client)
    finished.refused(1, {"type": "Take", "count": 1}, "rule/game_over")
    attempts = audit(finished, None, viewer="omniscient")
    assert attempts[-1]["code"] == "rule/game_over" and attempts[-1]["command"]
    assert all(entry["command"] for entry in attempts if entry["outcome"] == "accepted")
