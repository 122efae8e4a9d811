"""Table talk: seated players write, everyone who may watch reads, with length and rate limits."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.cli import importing
from domain.chat import BURST, MAX_LENGTH
from tests.support.service import run
from tests.takeback.helpers import Game, client_over


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_over(tmp_path)


def say(game: Game, seat: int | None, text: str) -> object:
    return game.client.post(f"/api/games/{game.id}/chat", json={"text": text}, headers=game.auth(seat))


def test_a_seat_says_something_and_every_viewer_reads_it_under_the_tables_name(client: TestClient) -> None:
    """Rule 1: the message is numbered, named as the table names the seat, and public to all."""
    game = Game(client, "slush-fund-2", 2)
    sent = say(game, 1, "  good luck, ann  ")
    assert sent.status_code == 201, sent.text  # type: ignore[attr-defined]
    assert sent.json()["message"] | {"at": None} == {  # type: ignore[attr-defined]
        "number": 1, "at": None, "seat": 1, "name": "bob", "text": "good luck, ann"
    }  # fmt: skip
    for viewer in (0, 1, None):
        messages = game.get("/chat", viewer).json()["messages"]
        assert [m["text"] for m in messages] == ["good luck, ann"]
    assert game.get("/chat", None, after=1).json()["messages"] == []
    assert game.table().version == 2, "chat is a stream of its own: the table's log is untouched"


@pytest.mark.parametrize(
    ("text", "code", "status"),
    [("", "chat/invalid", 422), ("   ", "chat/invalid", 422), ("x" * (MAX_LENGTH + 1), "chat/invalid", 422),
     ("two\nlines", "chat/invalid", 422), ("a\u202eb", "chat/invalid", 422)],
)  # fmt: skip
def test_an_empty_long_or_hidden_marked_message_is_refused(
    client: TestClient, text: str, code: str, status: int
) -> None:
    """Rule 2: 1 to MAX_LENGTH characters on one line, no format characters; nothing is stored."""
    game = Game(client, "slush-fund-2", 2)
    answer = say(game, 0, text)
    assert answer.status_code == status and answer.json()["error"]["code"] == code  # type: ignore[attr-defined]
    assert game.get("/chat").json()["messages"] == []


def test_a_spectator_cannot_write_and_a_burst_is_slowed_down(client: TestClient) -> None:
    """Rules 1 and 3: no token, 401; the sixth message within ten seconds, 429 with when to retry."""
    game = Game(client, "slush-fund-2", 2)
    assert say(game, None, "hello").status_code == 401  # type: ignore[attr-defined]
    for number in range(BURST):
        assert say(game, 0, f"message {number}").status_code == 201  # type: ignore[attr-defined]
    refused = say(game, 0, "one too many")
    assert refused.status_code == 429, refused.text  # type: ignore[attr-defined]
    assert refused.json()["error"]["code"] == "chat/too_fast"  # type: ignore[attr-defined]
    assert refused.json()["error"]["details"]["retry_after"] > 0  # type: ignore[attr-defined]
    assert say(game, 1, "bob may still speak").status_code == 201  # type: ignore[attr-defined]
    assert len(game.get("/chat").json()["messages"]) == BURST + 1
    assert client.get("/api/games/nope/chat").status_code == 404


def test_the_chat_is_kept_in_the_export_and_said_again_by_the_import(client: TestClient) -> None:
    """Every export holds the table talk; an import says it again, at the times it was said."""
    game = Game(client, "slush-fund-2", 2, seed="talk")
    say(game, 0, "hi bob")
    game.play_to_end(random.Random(3))
    say(game, 1, "well played")
    lines = [json.loads(line) for line in game.get("/export").text.splitlines()]
    said = [line for line in lines if line.get("kind") == "chat"]
    assert [(line["seat"], line["text"]) for line in said] == [(0, "hi bob"), (1, "well played")]
    opening = run(importing.import_log(game.tables, [json.dumps(line).encode() for line in lines]))
    copy = [json.loads(line) for line in client.get(f"/api/games/{opening.game_id}/export").text.splitlines()]
    assert copy[1:] == lines[1:]


def test_a_message_said_once_a_stream_has_answered_comes_on_that_stream(client: TestClient) -> None:
    """Rule 1, live: a stream opened without ``chat_after`` sends every message said after its answer's
    head reached the client. Here Bob speaks the moment Ann's stream has answered, before she reads a
    byte of it (its first page waits on her); the line must come before the stream's first keepalive."""
    game = Game(client, "slush-fund-2", 2)
    url = f"/api/games/{game.id}/stream"
    with client.stream("GET", url, headers=game.auth(0)) as stream:
        assert stream.status_code == 200
        assert say(game, 1, "good luck").status_code == 201  # type: ignore[attr-defined]
        heard = _first_chat_or_keepalive(stream.iter_lines())
    assert heard.startswith("data:") and json.loads(heard.partition(":")[2])["text"] == "good luck", heard


def _first_chat_or_keepalive(lines: Iterator[str]) -> str:
    """The data line of the first ``chat`` event, or the first keepalive comment if that comes first."""
    kind = ""
    for line in lines:
        if line.startswith(": ping"):
            return line
        if line.startswith("event:"):
            kind = line.partition(":")[2].strip()
        elif line.startswith("data:") and kind == "chat":
            return line
    return "the stream ended"
