"""A seat recovered with its recovery code over HTTP (docs/seats.md): shown once on sitting down,
stored only as a digest, serving once, and taking nobody's seat but its own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from domain.tokens import code_digest
from store.settings import Settings
from tests.api.test_refusals import refused
from tests.support.service import GAMES, StepClock, bearer, play_randomly, stored_count


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return tmp_path / "backroom.sqlite"


@pytest.fixture
def client(store: Path) -> Iterator[TestClient]:
    settings = Settings(sqlite_path=str(store), seat_links_per_minute=5)
    with TestClient(create_app(settings, games=GAMES, clock=StepClock())) as client:
        yield client


def _opened(client: TestClient) -> tuple[str, dict[int, dict[str, Any]]]:
    """A Pile table with two open seats, taken by ann and bob; each seat's token and recovery code."""
    answer = client.post("/api/games", json={"game": "pile", "seats": 2})
    assert answer.status_code == 201, answer.text
    game_id = answer.json()["id"]
    seats = {}
    for name in ("ann", "bob"):
        joined = client.post(f"/api/games/{game_id}/join", json={"name": name})
        assert joined.status_code == 200, joined.text
        seats[joined.json()["seat"]] = joined.json()
    return game_id, seats


def _recover(client: TestClient, game_id: str, code: str, **headers: str) -> Any:
    return client.post(f"/api/games/{game_id}/recover-seat", json={"code": code}, headers=headers)


def test_sitting_down_shows_a_recovery_code_once_and_the_log_keeps_only_its_digest(
    client: TestClient, store: Path
) -> None:
    """Opening and joining answer a code for each seat taken; no read answers it again, and the
    stored log holds its digest, never the code."""
    game_id, seats = _opened(client)
    named = client.post("/api/games", json={"game": "pile", "players": ["cy", "di"]}).json()
    codes = [seats[seat]["recovery_code"] for seat in (0, 1)]
    codes += [entry["recovery_code"] for entry in named["tokens"]]
    assert all(len(code.replace("-", "")) == 40 for code in codes) and len(set(codes)) == 4
    assert _recover(client, named["id"], codes[3]).json()["seat"] == 1
    for path in ("", "/view", "/events", "/timeline", "/legal", "/table"):
        for token in (None, seats[0]["token"]):
            text = client.get(f"/api/games/{game_id}{path}", headers=bearer(token) if token else {}).text
            assert not any(code in text or code_digest(code) in text for code in codes), path
    kept = b"".join(path.read_bytes() for path in store.parent.iterdir() if path.is_file())
    assert not any(code.encode() in kept or code.replace("-", "").encode() in kept for code in codes)


def test_the_code_gives_the_seat_back_and_the_old_token_and_code_stop_working(client: TestClient) -> None:
    """A new token and a new code for the code's own seat; the old token is refused on every read and
    command, and the old code matches nothing any more."""
    game_id, seats = _opened(client)
    old_code = seats[1]["recovery_code"]
    answer = _recover(client, game_id, old_code.lower().replace("-", " "))
    assert answer.status_code == 200, answer.text
    back = answer.json()
    assert back["seat"] == 1 and back["token"] != seats[1]["token"] and back["recovery_code"] != old_code
    assert client.get(f"/api/games/{game_id}/view", headers=bearer(back["token"])).json()["seat"] == 1
    stale = client.get(f"/api/games/{game_id}/view", headers=bearer(seats[1]["token"]))
    refused(stale, 403, "auth/invalid_token")
    refused(_recover(client, game_id, old_code), 403, "auth/invalid_recovery_code")
    assert _recover(client, game_id, back["recovery_code"]).json()["seat"] == 1
    feed = client.get(f"/api/games/{game_id}/events").text
    assert "bob got the seat back with a recovery code" in feed


def test_nobody_else_can_take_a_seat_by_recovering_it(client: TestClient) -> None:
    """A stranger's guess, a spectator's empty code, a seated player's token sent as a code: refused
    (403) and nothing appended; another player's own code gives only that player's own seat."""
    game_id, seats = _opened(client)
    version = client.get(f"/api/games/{game_id}").json()["version"]
    for code in ("AAAAA-BBBBB-CCCCC-DDDDD-EEEEE-FFFFF-GGGGG-HHHHH", seats[0]["token"], " - "):
        refused(_recover(client, game_id, code), 403, "auth/invalid_recovery_code")
    sent_with_a_seat = client.post(
        f"/api/games/{game_id}/recover-seat",
        json={"code": seats[1]["token"]},
        headers=bearer(seats[0]["token"]),
    )
    refused(sent_with_a_seat, 403, "auth/invalid_recovery_code")
    assert client.get(f"/api/games/{game_id}").json()["version"] == version
    own = _recover(client, game_id, seats[0]["recovery_code"])
    assert own.json()["seat"] == 0
    assert client.get(f"/api/games/{game_id}/view", headers=bearer(seats[1]["token"])).json()["seat"] == 1


def test_malformed_recoveries_are_refused_as_such(client: TestClient) -> None:
    """No code, an empty one, a field too many, or an unknown game: 422 or 404, nothing appended."""
    game_id, _ = _opened(client)
    path = f"/api/games/{game_id}/recover-seat"
    for body in ({}, {"code": ""}, {"code": "X", "seat": 1}, {"code": "X" * 101}):
        refused(client.post(path, json=body), 422, "request/invalid")
    assert client.post("/api/games/0000/recover-seat", json={"code": "X"}).status_code == 404


def test_a_retry_with_the_same_key_gets_the_same_seat_token_and_code(client: TestClient) -> None:
    """The answer to a recovery is lost: asked again with the same code and Idempotency-Key, the same
    token and code come back and nothing more is appended; another key is a new try, refused."""
    game_id, seats = _opened(client)
    code = seats[0]["recovery_code"]
    first = _recover(client, game_id, code, **{"Idempotency-Key": "lost-1"})
    again = _recover(client, game_id, code, **{"Idempotency-Key": "lost-1"})
    assert again.status_code == 200
    assert {k: again.json()[k] for k in ("seat", "token", "recovery_code")} == {
        k: first.json()[k] for k in ("seat", "token", "recovery_code")
    }
    assert again.json()["game"]["version"] == first.json()["game"]["version"]
    refused(
        _recover(client, game_id, code, **{"Idempotency-Key": "lost-2"}), 403, "auth/invalid_recovery_code"
    )


def test_a_seat_whose_new_link_was_lost_comes_back_with_its_code(client: TestClient) -> None:
    """A seat link asked without a key whose answer never arrived leaves no working token: the code
    still gives the seat back (issue 34's locked-out seat)."""
    game_id, seats = _opened(client)
    lost = client.post(f"/api/games/{game_id}/seat-link", headers=bearer(seats[0]["token"]))
    assert lost.status_code == 200  # ... and its answer is lost on the way
    refused(
        client.post(f"/api/games/{game_id}/seat-link", headers=bearer(seats[0]["token"])),
        403,
        "auth/invalid_token",
    )
    back = _recover(client, game_id, seats[0]["recovery_code"]).json()
    assert client.get(f"/api/games/{game_id}/view", headers=bearer(back["token"])).json()["seat"] == 0


def test_one_address_tries_only_so_many_wrong_codes_a_minute(client: TestClient) -> None:
    """Past BACKROOM_SEAT_LINKS_PER_MINUTE wrong codes from one address, a wrong code is refused 429
    and changes nothing."""
    game_id, _ = _opened(client)
    for _ in range(5):
        refused(_recover(client, game_id, "WRONG"), 403, "auth/invalid_recovery_code")
    version = client.get(f"/api/games/{game_id}").json()["version"]
    refused(_recover(client, game_id, "WRONG"), 429, "rate/limited")
    assert client.get(f"/api/games/{game_id}").json()["version"] == version


def test_wrong_codes_from_the_same_address_never_lock_the_player_out(client: TestClient) -> None:
    """Someone behind the player's proxy spends the address's tries with wrong codes: the player's own
    code still gives the seat back (a code is 200 random bits: the budget bounds the load of wrong
    guesses, never the right one; issue 49 item 7)."""
    game_id, seats = _opened(client)
    for _ in range(6):
        _recover(client, game_id, "WRONG")
    back = _recover(client, game_id, seats[0]["recovery_code"])
    assert back.status_code == 200, back.text
    assert back.json()["seat"] == 0


def test_nothing_is_appended_to_a_finished_game(client: TestClient) -> None:
    """Once the game is over its log is closed: a new seat link or a recovery is refused
    ``rule/game_over`` and appends nothing (issue 49 item 7)."""
    game_id, seats = _opened(client)
    play_randomly(client, game_id, {seat: joined["token"] for seat, joined in seats.items()}, seed=1)
    count = stored_count(client, game_id)
    refused(
        client.post(f"/api/games/{game_id}/seat-link", headers=bearer(seats[0]["token"])),
        409,
        "rule/game_over",
    )
    refused(_recover(client, game_id, seats[1]["recovery_code"]), 409, "rule/game_over")
    assert stored_count(client, game_id) == count
    assert client.get(f"/api/games/{game_id}/view", headers=bearer(seats[0]["token"])).status_code == 200
