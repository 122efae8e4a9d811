"""A request the OpenAPI calls valid is not refused as malformed (issue 34, item 7): the version headers,
the hand-read bodies, a player's name and a seed are documented as the server reads them."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from api.http.openapi import NAME


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
    assert all(re.search(if_match, value) for value in ('"3"', "W/\"3\"", "3"))
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
