"""A request the OpenAPI calls valid is not refused as malformed (issue 34, item 7): the version headers,
the hand-read bodies, a player's name and a seed are documented as the server reads them; a whole
number written with a fraction is an integer in every body; the hand-read query parameters are read
as their documented routes read them."""

from __future__ import annotations

import itertools
import re
from typing import Any

import hypothesis
import msgspec
import pytest
from fastapi.testclient import TestClient
from hypothesis import strategies as st

from api.http.openapi import CHAT, NAME
from domain.chat import MAX_LENGTH, ChatInvalid, chat_text
from domain.games import registered
from domain.playout import Step, random_steps
from domain.table import command_of
from tests.support.service import bearer


def _document(client: TestClient) -> dict[str, Any]:
    return client.get("/openapi.json").json()  # type: ignore[no-any-return]


def _header(document: dict[str, Any], method: str, path: str, name: str) -> dict[str, Any]:
    (found,) = [p for p in document["paths"][path][method]["parameters"] if p["name"] == name]
    return found["schema"]  # type: ignore[no-any-return]


def test_a_version_header_is_documented_in_the_form_the_server_reads(client: TestClient) -> None:
    """``If-Match`` and ``Last-Event-ID`` are version numbers: an empty one is not valid by the schema."""
    document = _document(client)
    if_match = _header(document, "post", "/api/games/{game_id}/commands", "If-Match")["pattern"]
    resume = _header(document, "get", "/api/games/{game_id}/stream", "Last-Event-ID")["pattern"]
    assert all(re.search(if_match, value) for value in ('"3"', 'W/"3"', "3"))
    assert not any(re.search(pattern, "") for pattern in (if_match, resume))
    assert re.search(resume, "999999999999999999") and not re.search(resume, "5.0")


def test_fork_and_chat_document_the_bodies_they_read(client: TestClient) -> None:
    """``POST .../fork`` takes ``{"version"}`` and ``POST .../chat`` takes ``{"text"}``, both required."""
    document = _document(client)
    for path, name in (("/api/games/{game_id}/fork", "Fork"), ("/api/games/{game_id}/chat", "Say")):
        body = document["paths"][path]["post"]["requestBody"]
        assert body["required"] and body["content"]["application/json"]["schema"]["$ref"].endswith(name)
    assert document["components"]["schemas"]["Fork"]["required"] == ["version"]


def test_a_documented_name_is_taken_and_a_seed_needs_the_players(client: TestClient) -> None:
    """A name the pattern allows opens a table; a seed is documented to need ``players``, as refused
    without them (``table/sandbox_only``)."""
    schemas = _document(client)["components"]["schemas"]
    assert schemas["Join"]["properties"]["name"]["pattern"] == NAME
    assert schemas["NewGame"]["dependentRequired"] == {"seed": ["players"]}
    names = ["Zoë-Ann 2", "ÅSA"]
    assert all(re.search(NAME, name) for name in names) and not re.search(NAME, "<b>")
    assert client.post("/api/games", json={"game": "pile", "players": names}).status_code == 201
    refused = client.post("/api/games", json={"game": "pile", "seats": 2, "seed": 3})
    assert refused.json()["error"]["code"] == "table/sandbox_only"


def _with_fractions(command: Any) -> bytes:
    """A command's JSON with every integer in it written as a float (``2`` as ``2.0``)."""
    return re.sub(rb"(?<=[:\[,])(-?[0-9]+)(?=[,\]}])", rb"\1.0", msgspec.json.encode(command))


def test_a_whole_number_written_with_a_fraction_is_an_integer_in_every_games_commands() -> None:
    """JSON Schema's ``integer`` admits ``2.0``: every game's commands (the first 40 of a random game)
    read the same with their integers written as floats."""
    for game in registered().values():
        steps = itertools.islice(random_steps(game, 7, game.min_seats), 1, 41)
        commands = [step.command for step in steps if isinstance(step, Step)]
        assert any(b".0" in _with_fractions(command) for command in commands), game.id
        assert all(command_of(game, _with_fractions(command)) == command for command in commands)


def test_a_whole_number_written_with_a_fraction_is_taken_in_every_body(
    client: TestClient, pile: dict[str, Any]
) -> None:
    """``seats: 2.0``, a bot's ``seat: 1.0``, an option, a seed, a command's count and a fork's version
    are the integers they name; ``2.5`` and ``"2"`` stay refused."""
    opened = client.post(
        "/api/games", json={"game": "pile", "seats": 2.0, "bots": [{"seat": 1.0, "level": 2.0}]}
    )
    assert opened.status_code == 201, opened.text
    seeded = {"game": "pile", "players": ["ann", "bob"], "seed": 5.0, "options": {"stones": 9.0}}
    first, again = (client.post("/api/games", json=seeded | {"seed": seed}).json() for seed in (5.0, 5))
    views = [
        client.get(f"/api/games/{game['id']}/view", headers=bearer(game["tokens"][0]["token"]))
        for game in (first, again)
    ]
    assert views[0].json()["view"] == views[1].json()["view"]
    took = client.post(
        f"/api/games/{pile['id']}/commands", json={"type": "Take", "count": 1.0}, headers=pile["ann"]
    )
    assert took.status_code == 200, took.text
    forked = client.post(f"/api/games/{pile['id']}/fork", json={"version": 2.0})
    assert forked.status_code in {201, 409}, forked.text
    for refused in ({"seats": 2.5}, {"seats": "2"}, {"seats": 2, "options": {"stones": 9.5}}):
        answer = client.post("/api/games", json={"game": "pile"} | refused)
        assert answer.status_code == 422 and answer.json()["error"]["code"].startswith(
            ("request/", "options/")
        )
    strings = client.post(
        f"/api/games/{pile['id']}/commands", json={"type": "Take", "count": "1"}, headers=pile["bob"]
    )
    assert strings.json()["error"]["code"] == "request/invalid"


@pytest.mark.slow  # the full run only: seconds of generated requests (tests/conftest.py)
@pytest.mark.parametrize("path", ["legal", "view"])
def test_a_hand_read_version_parameter_is_answered_as_its_documented_route_answers_it(
    client: TestClient, pile: dict[str, Any], path: str
) -> None:
    """``min_version`` (and ``chat_after`` on the stream, the same function) read by hand on the tuned
    routes gives the answer FastAPI's validation gives the documented route: ``5.0`` and ``+1`` are
    numbers, ``1.5``, ``-1``, ``²`` and an empty one are not, in the same words."""
    app: Any = client.app
    hot = list(app.hot)
    for given in [
        "1",
        "5.0",
        "+1",
        "1_0",
        "",
        "1.5",
        "-1",
        "%C2%B2",
        "4611686018427387905",
        "x&min_version=1",
    ]:
        address = f"/api/games/{pile['id']}/{path}?min_version={given}"
        tuned = client.get(address, headers=pile["ann"])
        app.hot = []
        try:
            documented = client.get(address, headers=pile["ann"])
        finally:
            app.hot = hot
        assert (tuned.status_code, tuned.json()) == (documented.status_code, documented.json()), given
        assert tuned.status_code == (200 if given in {"1", "5.0", "+1", "1_0", "x&min_version=1"} else 422)


def test_a_stream_checks_its_game_before_its_resume_points_as_its_documented_route_does(
    client: TestClient, pile: dict[str, Any]
) -> None:
    """The tuned stream checks in the documented route's order: a game nobody logged is 404 whatever
    ``Last-Event-ID`` or ``chat_after`` say; a known game's malformed one is the same 422 on both."""
    app: Any = client.app
    hot = list(app.hot)
    unknown = "0" * 8 + "-0000-4000-8000-" + "0" * 12
    asked = [
        ({"Last-Event-ID": "x"}, ""),
        ({"Last-Event-ID": "1" * 40}, ""),
        ({}, "?chat_after=-1"),
        ({"Last-Event-ID": "x"}, "?chat_after=1.5"),
    ]
    for game_id, status in ((unknown, 404), (pile["id"], 422)):
        for headers, query in asked:
            address = f"/api/games/{game_id}/stream{query}"
            tuned = client.get(address, headers=headers)
            app.hot = []
            try:
                documented = client.get(address, headers=headers)
            finally:
                app.hot = hot
            assert (tuned.status_code, tuned.json()) == (documented.status_code, documented.json()), address
            assert tuned.status_code == status, (address, headers)


@hypothesis.given(text=st.from_regex(CHAT, fullmatch=True).filter(lambda text: len(text) <= MAX_LENGTH))
@hypothesis.settings(max_examples=300, deadline=None)
def test_every_chat_message_the_schema_allows_is_taken_by_the_chat_rules(text: str) -> None:
    """The Say schema's pattern and length promise only messages the chat's rules take (issue 49 item 7:
    one text up to 1,200 characters long, blank, or holding a control character was valid by the schema
    and refused 422 ``chat/invalid``)."""
    assert chat_text(text)


def test_the_chat_messages_the_rules_refuse_are_not_valid_by_the_schema(client: TestClient) -> None:
    """A message too long once trimmed, a blank one and one with a control character: refused by the
    rules, and now outside the schema too."""
    text = _document(client)["components"]["schemas"]["Say"]["properties"]["text"]
    assert (text["maxLength"], text["pattern"]) == (MAX_LENGTH, CHAT)
    for refused in ("x" * (MAX_LENGTH + 1), "   ", "a\u0007b", "a\nb", "a\u202eb"):
        with pytest.raises(ChatInvalid):
            chat_text(refused)
        assert len(refused) > MAX_LENGTH or not re.fullmatch(CHAT, refused)
