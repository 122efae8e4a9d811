"""Names are normalised and limited, and unique at a table, so no player can pass for another."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from store.settings import Settings
from tests.support.service import client_for


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_for(Settings(sqlite_path=str(tmp_path / "names.sqlite")))


@pytest.mark.parametrize(
    "name",
    [
        "ann\x00",
        "bob\u202ecy",
        "\u200b",
        "\u200b\u200b",
        "ann\nBob took seat 1",
        "<b>ann</b>",
        "   ",
        "x" * 41,
    ],
    ids=["nul", "bidi-override", "zero-width", "zero-width-only", "newline", "html", "spaces", "too-long"],
)
def test_a_name_that_could_pass_for_something_else_is_refused(client: TestClient, name: str) -> None:
    """NUL, bidi overrides, zero-width-only text, newlines, markup and over-long names: 422, no table."""
    for body, path in (({"game": "pile", "players": [name, "bob"]}, "/api/games"),):
        answer = client.post(path, json=body)
        assert answer.status_code == 422, answer.text
        assert answer.json()["error"]["code"] in ("name/invalid", "request/invalid")
    assert client.get("/api/games").json()["total"] == 0


def test_a_name_is_stored_in_normal_form_and_trimmed(client: TestClient) -> None:
    """``Zoe`` typed with a combining accent and spaces around it is the NFC ``Zoë``."""
    typed = "  Zoe\u0308 "
    answer = client.post("/api/games", json={"game": "pile", "players": [typed, "bob"]})
    assert answer.status_code == 201, answer.text
    assert answer.json()["tokens"][0]["name"] == unicodedata.normalize("NFC", "Zoe\u0308") == "Zoë"


def test_two_players_at_a_table_never_share_a_name(client: TestClient) -> None:
    """The same name twice, in any case, is refused at opening (409) and when joining (409), as the
    OpenAPI says of both (the schema's fuzzing once sent two equal names to open a table: an answer
    the schema did not list)."""
    answer = client.post("/api/games", json={"game": "pile", "players": ["Ann", "ann"]})
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "name/taken"
    paths = client.get("/openapi.json").json()["paths"]
    assert "409" in paths["/api/games"]["post"]["responses"]
    assert "409" in paths["/api/games/{game_id}/join"]["post"]["responses"]
    opened = client.post("/api/games", json={"game": "pile", "seats": 2}).json()
    assert client.post(f"/api/games/{opened['id']}/join", json={"name": "Ann"}).status_code == 200
    taken = client.post(f"/api/games/{opened['id']}/join", json={"name": "ANN"})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "name/taken"
    invalid = client.post(f"/api/games/{opened['id']}/join", json={"name": "bo\u202eb"})
    assert invalid.status_code == 422 and invalid.json()["error"]["code"] == "name/invalid"
    assert client.get(f"/api/games/{opened['id']}").json()["open_seats"] == [1]
