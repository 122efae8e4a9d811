"""The OpenAPI says what the service answers: every status with the one error body, the shapes of the
answers, the export's JSON lines, and that a table names its players or leaves seats open, not both."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from store.settings import Settings


def operation(client: TestClient, method: str, path: str) -> dict[str, Any]:
    return client.get("/openapi.json").json()["paths"][path][method]  # type: ignore[no-any-return]


def test_a_command_documents_every_refusal_with_the_error_body(client: TestClient) -> None:
    """401, 403, 404, 409, 412, 413, 422, 429 and 503 besides 200, each a Problem."""
    responses = operation(client, "post", "/api/games/{game_id}/commands")["responses"]
    assert set(responses) == {"200", "401", "403", "404", "409", "412", "413", "422", "429", "503"}
    for status, answer in responses.items():
        schema = answer["content"]["application/json"]["schema"]["$ref"]
        assert schema == (
            "#/components/schemas/Answered" if status == "200" else "#/components/schemas/Problem"
        )


def test_the_export_is_documented_as_json_lines(client: TestClient) -> None:
    """``/export`` answers ``application/x-ndjson``."""
    assert list(operation(client, "get", "/api/games/{game_id}/export")["responses"]["200"]["content"]) == [
        "application/x-ndjson"
    ]


def test_a_new_table_names_its_players_or_its_open_seats_exactly_once(client: TestClient) -> None:
    """``NewGame`` holds exactly one of ``players`` and ``seats``; the service refuses both and neither."""
    schema = client.get("/openapi.json").json()["components"]["schemas"]["NewGame"]
    assert schema["oneOf"] == [{"required": ["players"]}, {"required": ["seats"]}]
    for body in ({"game": "pile"}, {"game": "pile", "players": ["a", "b"], "seats": 2}):
        answer = client.post("/api/games", json=body)
        assert answer.status_code == 422 and answer.json()["error"]["code"] == "request/invalid"
    assert client.get("/api/games").json()["total"] == 0


def test_the_policies_come_from_the_environment_and_go_back_to_it() -> None:
    """Each BACKROOM_* policy is read, and written for worker processes."""
    env = {
        "BACKROOM_COMMAND_BYTES": "1024",
        "BACKROOM_CREATIONS_PER_MINUTE": "0",
        "BACKROOM_HEADER_SECONDS": "2.5",
    }
    settings = Settings.from_env(env)
    assert (settings.command_bytes, settings.creations_per_minute, settings.header_seconds) == (1024, 0, 2.5)
    assert Settings.from_env(settings.to_env()) == settings
    assert Settings.from_env({}).takebacks_per_minute == 10
