"""Players without passwords, over HTTP: a passkey signs up and signs in (a software authenticator here,
Chromium's in the browser test), sessions are cookies with a CSRF token, keys are for scripts, and
whatever is revoked is refused at once by every process (a second app on the same log plays the other
process). Guests keep sitting down with a name, as before."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from store.settings import Settings
from tests.support.passkeys import SoftPasskey
from tests.support.service import GAMES, StepClock

ORIGIN = "http://localhost:8000"


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    folder: Path = tmp_path_factory.mktemp("players")
    return Settings(sqlite_path=str(folder / "log.sqlite"), tend_in_process=False, creations_per_minute=0)


@pytest.fixture(scope="module")
def apps(settings: Settings) -> Iterator[tuple[TestClient, TestClient]]:
    """Two API processes over one log (each its own app, its own caches)."""
    with (
        TestClient(create_app(settings, games=GAMES, clock=StepClock())) as one,
        TestClient(create_app(settings, games=GAMES, clock=StepClock())) as two,
    ):
        yield one, two


def signed_up(client: TestClient, handle: str, passkey: SoftPasskey) -> dict[str, Any]:
    begun = client.post("/api/players/signup/options", json={"handle": handle}).json()
    answer = {"ceremony": begun["ceremony"], "credential": passkey.create(begun["options"]), "name": "laptop"}
    done = client.post("/api/players/signup", json=answer)
    assert done.status_code == 200, done.text
    return done.json()  # type: ignore[no-any-return]


def signed_in(client: TestClient, passkey: SoftPasskey, origin: str = ORIGIN) -> Any:
    begun = client.post("/api/players/signin/options").json()
    answer = {"ceremony": begun["ceremony"], "credential": passkey.get(begun["options"], origin)}
    return client.post("/api/players/signin", json=answer)


def csrf(client: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": client.get("/api/me").json()["csrf"]}


def listed(client: TestClient, handle: str) -> Any:
    """The player's page once it lists a table (the read models follow the log a moment behind)."""
    give_up = time.monotonic() + 20
    while True:
        page = client.get(f"/api/players/{handle}")
        if page.json()["live"] or time.monotonic() > give_up:
            return page
        time.sleep(0.05)


def fresh(client: TestClient) -> TestClient:
    """The same app in another browser: no cookies."""
    client.cookies.clear()
    return client


def test_a_passkey_signs_up_and_the_session_is_an_httponly_lax_cookie(
    apps: tuple[TestClient, TestClient],
) -> None:
    """Rule 2: a handle and a passkey make a player, signed in at once; the cookie is HttpOnly and
    SameSite=Lax (not Secure: the public origin is http://localhost)."""
    one, _ = apps
    fresh(one)
    begun = one.post("/api/players/signup/options", json={"handle": "Cleo"}).json()
    assert begun["options"]["rp"]["id"] == "localhost"
    answer = {"ceremony": begun["ceremony"], "credential": SoftPasskey().create(begun["options"])}
    done = one.post("/api/players/signup", json=answer)
    cookie = done.headers["set-cookie"]
    assert "backroom_session=cleo." in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie
    assert one.get("/api/me").json()["handle"] == "cleo"
    taken = one.post("/api/players/signup/options", json={"handle": "CLEO"})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "player/handle_taken"
    bad = one.post("/api/players/signup/options", json={"handle": "no spaces"})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "player/invalid_handle"


def test_the_same_passkey_signs_in_on_another_device_and_an_answer_serves_once(
    apps: tuple[TestClient, TestClient],
) -> None:
    """A sign-in's challenge serves once (a replayed answer is refused, on any process); an answer
    made for another origin, or by a passkey the site does not know, is refused and changes nothing."""
    one, two = apps
    passkey = SoftPasskey()
    signed_up(fresh(one), "dana", passkey)
    begun = fresh(two).post("/api/players/signin/options").json()
    answer = {"ceremony": begun["ceremony"], "credential": passkey.get(begun["options"])}
    assert two.post("/api/players/signin", json=answer).json()["handle"] == "dana"
    replayed = fresh(one).post("/api/players/signin", json=answer)
    assert replayed.status_code == 403 and replayed.json()["error"]["code"] == "auth/passkey_refused"
    assert one.get("/api/me").status_code == 401
    foreign = signed_in(one, passkey, origin="https://evil.example")
    assert foreign.status_code == 403 and "backroom_session" not in foreign.headers.get("set-cookie", "")
    stranger = SoftPasskey(user_handle=b"dana")
    assert signed_in(one, stranger).status_code == 403
    assert signed_in(one, passkey).status_code == 200  # the refusals changed nothing


def test_a_cookie_s_change_needs_its_csrf_token_and_our_origin(apps: tuple[TestClient, TestClient]) -> None:
    """A state change a cookie authorises, without the session's CSRF token or from another site's
    page, is refused 403 auth/csrf and changes nothing."""
    one, _ = apps
    signed_up(fresh(one), "emil", SoftPasskey())
    token = csrf(one)
    assert one.post("/api/me/keys", json={"name": "bot"}).json()["error"]["code"] == "auth/csrf"
    cross = one.post("/api/me/keys", json={"name": "bot"}, headers=token | {"Origin": "https://evil.example"})
    assert cross.status_code == 403
    opened = one.post("/api/games", json={"game": "pile", "players": ["emil", "Guest"]})
    assert opened.status_code == 403 and opened.json()["error"]["code"] == "auth/csrf"
    assert one.get("/api/me").json()["keys"] == []
    made = one.post("/api/me/keys", json={"name": "bot"}, headers=token | {"Origin": ORIGIN})
    assert made.status_code == 201 and made.json()["key"].startswith("emil.")


def test_signing_out_everywhere_ends_every_session_on_every_process(
    apps: tuple[TestClient, TestClient],
) -> None:
    """Rule 5: every session started before ends, whichever process it is shown to next."""
    one, two = apps
    passkey = SoftPasskey()
    signed_up(fresh(one), "fern", passkey)
    assert signed_in(fresh(two), passkey).status_code == 200
    assert two.get("/api/me").json()["handle"] == "fern"
    assert one.post("/api/me/signout-everywhere", headers=csrf(one)).status_code == 200
    refused = two.get("/api/me")
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "auth/invalid_player"
    as_guest = two.post("/api/games", json={"game": "pile", "players": ["fern", "Guest"]})
    assert as_guest.status_code == 201  # the ended cookie's browser is a guest again, never refused
    assert "player" not in as_guest.json()["game"]["seats"][0]
    assert two.get("/api/session").json() == {"handle": None, "csrf": None}


def test_passkeys_are_added_and_revoked_but_never_the_last(apps: tuple[TestClient, TestClient]) -> None:
    """Rule 4: a second passkey is added while signed in; the first revoked no longer signs in; the
    last one left cannot be revoked."""
    one, _ = apps
    first, second = SoftPasskey(), SoftPasskey()
    signed_up(fresh(one), "gus", first)
    begun = one.post("/api/me/passkeys/options", headers=csrf(one)).json()
    body = {"ceremony": begun["ceremony"], "credential": second.create(begun["options"]), "name": "phone"}
    me = one.post("/api/me/passkeys", json=body, headers=csrf(one)).json()
    assert [p["name"] for p in me["passkeys"]] == ["laptop", "phone"]
    first_id, second_id = (p["id"] for p in me["passkeys"])
    assert one.delete(f"/api/me/passkeys/{first_id}", headers=csrf(one)).status_code == 200
    assert signed_in(one, first).status_code == 403
    assert signed_in(one, second).status_code == 200
    last = one.delete(f"/api/me/passkeys/{second_id}", headers=csrf(one))
    assert last.status_code == 409 and last.json()["error"]["code"] == "player/last_passkey"


def test_a_key_acts_as_its_player_until_revoked_on_every_process(apps: tuple[TestClient, TestClient]) -> None:
    """Rules 3: ``Authorization: Player KEY`` opens a table seated under the handle and joins one; a
    revoked key is refused at once by another process, and changes nothing."""
    one, two = apps
    signed_up(fresh(one), "hana", SoftPasskey())
    key = one.post("/api/me/keys", json={"name": "script"}, headers=csrf(one)).json()
    sent = {"Authorization": f"Player {key['key']}"}
    opened = fresh(two).post("/api/games", json={"game": "pile", "players": ["Hana", "Ivo"]}, headers=sent)
    assert opened.status_code == 201
    seats = opened.json()["game"]["seats"]
    assert (seats[0]["name"], seats[0].get("player"), seats[1].get("player")) == ("hana", "hana", None)
    waiting = two.post("/api/games", json={"game": "pile", "seats": 2}).json()["id"]
    joined = two.post(f"/api/games/{waiting}/join", json={}, headers=sent)
    assert joined.json()["game"]["seats"][0]["player"] == "hana"
    assert one.delete(f"/api/me/keys/{key['id']}", headers=csrf(one)).status_code == 200
    refused = two.post("/api/games", json={"game": "pile", "seats": 2}, headers=sent)
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "auth/invalid_player"
    wrong = two.get("/api/players/hana", headers={"Authorization": "Player hana.wrong"})
    assert wrong.status_code == 200  # a page anyone may read asks for no key


def test_guests_still_sit_down_with_just_a_name(apps: tuple[TestClient, TestClient]) -> None:
    """Guests stay welcome: a name and no account, exactly as before; no seat is held by a player."""
    _, two = apps
    opened = fresh(two).post("/api/games", json={"game": "pile", "seats": 2}).json()
    joined = two.post(f"/api/games/{opened['id']}/join", json={"name": "Wanda"})
    assert joined.status_code == 200 and joined.json()["token"]
    assert "player" not in joined.json()["game"]["seats"][0]
    nameless = two.post(f"/api/games/{opened['id']}/join", json={})  # valid by the schema: a player may
    assert nameless.status_code == 401  # leave the name out; a guest must give one (or sign in)
    assert nameless.json()["error"]["code"] == "auth/name_or_player"
    assert "sign in" in nameless.json()["error"]["message"]


def test_a_player_page_shows_tables_live_first_with_whose_turn_and_nothing_hidden(
    apps: tuple[TestClient, TestClient],
) -> None:
    """The page lists the player's tables, the ones where it is their turn first, from the public
    summaries only: no token, recovery code or secret of anyone's is in it."""
    one, two = apps
    signed_up(fresh(one), "jo", SoftPasskey())
    key = one.post("/api/me/keys", json={"name": "s"}, headers=csrf(one)).json()["key"]
    sent = {"Authorization": f"Player {key}"}
    opened = (
        fresh(two).post("/api/games", json={"game": "pile", "players": ["jo", "Kim"]}, headers=sent).json()
    )
    page = listed(two, "jo")
    [table] = page.json()["live"]
    assert table["id"] == opened["id"] and table["seat"] == 0
    assert table["your_turn"] == (0 in opened["game"]["to_act"])
    for secret in [entry["token"] for entry in opened["tokens"]] + [
        e["recovery_code"] for e in opened["tokens"]
    ]:
        assert secret not in page.text
    assert two.get("/api/players/nobody").status_code == 404


def test_passkey_ceremonies_are_budgeted_as_openings(tmp_path: Path) -> None:
    """Each ceremony keeps its challenge on the log, so one address begins only so many a minute
    (BACKROOM_CREATIONS_PER_MINUTE), refused 429 after that."""
    log = str(tmp_path / "log.sqlite")
    settings = Settings(sqlite_path=log, creations_per_minute=2, refused_pause_seconds=0)
    with TestClient(create_app(settings, games=GAMES, clock=StepClock())) as client:
        asked = [client.post("/api/players/signin/options").status_code for _ in range(3)]
    assert asked == [200, 200, 429]
