"""The timeline: every version described for its viewer, turn and round marks, reverted ranges."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from tests.history.redaction import redacted_log, viewers
from tests.takeback.helpers import Game

RED, BLUE = 0, 1


def timeline(game: Game, as_seat: int | None = None, **params: Any) -> dict[str, Any]:
    answer = game.get("/timeline", as_seat, **params)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_every_version_is_listed_with_what_its_viewer_may_see(client: TestClient) -> None:
    """Versions 1..N in order; each game event is exactly the game's redaction for the viewer."""
    game = Game(client, "slush-fund-2", 2)
    game.play_turn(random.Random(4))
    game.play(BLUE, "DrawCards")
    for viewer, seat in viewers(game):
        entries = timeline(game, seat)["entries"]
        assert [entry["version"] for entry in entries] == list(range(1, game.table().version + 1))
        shown = {entry["version"]: entry["event"] for entry in entries if entry["kind"] == "event"}
        assert shown == redacted_log(game, viewer)
        assert all(entry["description"] for entry in entries)


def test_a_draw_is_described_with_its_cards_only_to_the_drawer(client: TestClient) -> None:
    """Red (ann) reads which cards she drew; Blue and spectators read only how many."""
    game = Game(client, "slush-fund-2", 2)
    version = game.play(RED, "DrawCards")["version"]
    described = {
        seat: next(e["description"] for e in timeline(game, seat)["entries"] if e["version"] == version)
        for seat in (RED, BLUE, None)
    }
    assert "$" in described[RED]
    assert described[BLUE] == described[None] == "ann drew 3 cards."


def test_turns_and_rounds_are_marked(client: TestClient) -> None:
    """A turn starts where the acting seat changes; the setup opens the first round."""
    game = Game(client, "slush-fund-2", 2)
    rng = random.Random(4)
    for _ in range(3):
        game.play_turn(rng)
    entries = [e for e in timeline(game)["entries"] if e["kind"] == "event"]
    starts = [e["seat"] for e in entries if e["turn_start"]]
    assert starts == [RED, BLUE, RED]
    assert entries[-1]["turn"] == 3
    assert [e["version"] for e in entries if e["round_start"]] == [2]


def test_reverted_ranges_are_marked_and_nothing_is_removed(client: TestClient) -> None:
    """A consented take-back marks the whole turn reverted; its events stay in the timeline."""
    game = Game(client, "slush-fund-2", 2)
    game.play_turn(random.Random(4))
    last = game.table().version
    game.ok(RED, {"type": "RequestTakeBack"})
    taken = game.ok(BLUE, {"type": "ApproveTakeBack"})["version"]
    seen = timeline(game, BLUE)
    assert seen["reverted"] == [{"first": 3, "last": last, "by": taken}]
    assert all(e["reverted"] == (3 <= e["version"] <= last) for e in seen["entries"])
    kinds = [e["event"]["type"] for e in seen["entries"] if e["kind"] == "takeback"]
    assert kinds == ["TakeBackRequested", "TakeBackApproved", "TurnTakenBack"]


def test_take_back_lines_name_the_players(client: TestClient) -> None:
    """Who asked, who agreed and who took back are named by their players' names, not seat numbers."""
    game = Game(client, "slush-fund-2", 2)
    game.play_turn(random.Random(4))
    last = game.table().version
    game.ok(RED, {"type": "RequestTakeBack"})
    game.ok(BLUE, {"type": "ApproveTakeBack"})
    told = [e["description"] for e in timeline(game, BLUE)["entries"] if e["kind"] == "takeback"]
    moves = len(game.table().state.ledger.undone)
    assert last > 3 and moves > 1
    assert told[0].startswith(f"ann asked to take back {moves} moves: ann drew 3 cards. ")
    assert told[1] == "bob agreed to the take-back."
    assert told[2] == told[0].replace("asked to take back", "took back").replace(
        " moves:", " moves with everyone's consent:"
    )


def test_a_turn_played_again_after_a_take_back_keeps_its_number(client: TestClient) -> None:
    """Numbering resumes from before the reverted range: Red's replayed turn is turn 1 again."""
    game = Game(client, "slush-fund-2", 2)
    rng = random.Random(4)
    game.play_turn(rng)
    game.ok(RED, {"type": "RequestTakeBack"})
    game.ok(BLUE, {"type": "ApproveTakeBack"})
    game.play_turn(rng)
    game.play_turn(rng)
    starts = [(e["turn"], e["seat"], e["reverted"]) for e in timeline(game)["entries"] if e.get("turn_start")]
    assert starts == [(1, RED, True), (1, RED, False), (2, BLUE, False)]


def test_other_perspectives_open_only_once_the_game_is_over(client: TestClient) -> None:
    """Live, another seat's timeline and the omniscient one are refused with a stable code."""
    game = Game(client, "slush-fund-2", 2)
    game.play(RED, "DrawCards")
    for params in ({"viewer": "omniscient"}, {"seat": RED}):
        answer = game.get("/timeline", BLUE, **params)
        assert answer.status_code == 403
        assert answer.json()["error"]["code"] == "history/hidden_until_over"
    assert game.get("/timeline", RED, seat=RED).status_code == 200
    refused = game.get("/timeline", None, seat=9)  # no such seat: not found, as a version past the log
    assert refused.status_code == 404 and refused.json()["error"]["code"] == "history/no_such_seat"


def test_after_the_end_anyone_may_read_any_perspective(finished_politrickers: Game) -> None:
    """Once over, the omniscient timeline shows every hand as dealt."""
    game = finished_politrickers
    entries = timeline(game, None, viewer="omniscient")["entries"]
    assert timeline(game, None, perspective="omniscient")["entries"] == entries  # the same, other name
    assert any(e["event"].get("type") == "RoundDealt" for e in entries if e["kind"] == "event")
    as_seat_two = timeline(game, None, seat=2)["entries"]
    assert any(e["event"].get("type") == "RoundDealtSeen" for e in as_seat_two if e["kind"] == "event")
    assert timeline(game)["reverted"], "the finished game took turns back"
