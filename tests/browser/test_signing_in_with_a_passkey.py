"""Players without passwords, in Chromium with a virtual authenticator (the DevTools protocol's
``WebAuthn`` domain), on ``localhost``: one flow through the issue's browser "Done when". Zoe signs up
with a passkey and signs out; on a second browser context holding the same passkey she signs in; she
adds a passkey there and revokes the first (which then no longer signs in); she opens a table signed
in, finds it on her page with "your turn", plays it (her first move by clicking, the rest through the
API with the seat tokens, as any other test plays a whole game), and sees her rating appear. axe finds
nothing on the account page nor on the player's page."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from api.cli.players import players
from tests.browser.access import violations
from tests.browser.players import Player, play_randomly, summary
from tests.support.server import Served
from tests.support.waiting import DEADLINE, until

pytestmark = pytest.mark.browser

AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
    "automaticPresenceSimulation": True,
}


@pytest.fixture
def browser(chromium: Any) -> Any:
    """Passkeys in the browser players run: Debian's full Chromium and its virtual authenticator."""
    return chromium


def with_authenticator(person: Player, base: str) -> tuple[Any, str]:
    """Give ``person``'s browser a passkey authenticator (before any ceremony) and the localhost address."""
    person.base = base
    cdp = person.page.context.new_cdp_session(person.page)
    cdp.send("WebAuthn.enable")
    added = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    return cdp, added["authenticatorId"]


def reloaded_until(person: Player, path: str, selector: str, deadline: float = DEADLINE) -> None:
    """Open ``path`` again until ``selector`` shows (the read models follow the log a moment behind)."""
    give_up = time.monotonic() + deadline
    while True:
        person.open(path)
        person.page.wait_for_selector("h1")
        if person.page.query_selector(selector) is not None or time.monotonic() > give_up:
            person.page.wait_for_selector(selector, timeout=1000)
            return
        time.sleep(0.2)


def bob_joins(server: Served, store: Path, game_id: str) -> str:
    """``backroom players add bob``; Bob joins with his key; his seat token."""
    added = CliRunner().invoke(players, ["add", "bob", "--sqlite", str(store)])
    assert added.exit_code == 0, added.output
    key = added.output.strip().splitlines()[-1]
    joined = httpx.post(
        f"{server.base}/api/games/{game_id}/join",
        json={},
        headers={"Authorization": f"Player {key}"},
        timeout=10,
    )
    joined.raise_for_status()
    return joined.json()["token"]  # type: ignore[no-any-return]


def test_a_passkey_signs_up_signs_in_elsewhere_and_the_player_s_table_is_rated(
    player: Callable[..., Player], server: Served, store: Path
) -> None:
    """Sign up, sign out, sign in on a second context with the same passkey, add and revoke a passkey,
    open a table signed in, see "your turn" on the player page, play it, see the rating."""
    local = server.base.replace("127.0.0.1", "localhost")
    zoe = player("Zoe")
    cdp, first = with_authenticator(zoe, local)
    zoe.open("/account")
    zoe.page.fill("#handle", "zoe")
    zoe.page.click("#sign-up-button")
    assert zoe.page.text_content("#signed-in-as") == "zoe"
    zoe.page.click("#sign-out")
    zoe.page.wait_for_selector("#sign-in-button")

    phone = player("Zoe's phone")
    phone_cdp, second = with_authenticator(phone, local)
    [passkey] = cdp.send("WebAuthn.getCredentials", {"authenticatorId": first})["credentials"]
    phone_cdp.send("WebAuthn.addCredential", {"authenticatorId": second, "credential": passkey})
    phone.open("/account")
    phone.page.click("#sign-in-button")
    assert phone.page.text_content("#signed-in-as") == "zoe"

    phone_cdp.send("WebAuthn.removeVirtualAuthenticator", {"authenticatorId": second})
    phone_cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})  # a new device's key
    phone.page.click("#add-passkey")
    phone.page.wait_for_selector("#passkey-list li:nth-child(2)")
    phone.page.click("#passkey-list li:first-child button")
    phone.page.wait_for_selector("#passkey-list li:nth-child(2)", state="detached")
    phone.shot("account-with-a-new-passkey")
    assert violations(phone.page) == []  # axe finds nothing on the account page
    zoe.page.click("#sign-in-button")  # the revoked passkey
    zoe.page.wait_for_selector(".notice.error")
    assert "no longer" in (zoe.page.text_content(".notice.error") or "")
    zoe.forgive(403)

    phone.open("/")
    phone.page.wait_for_selector("#who >> text=Signed in as")
    phone.page.select_option("#new-game", "slush-fund-2")
    assert phone.page.input_value("#new-name") == "zoe"
    phone.page.click("text=Open the table and sit down")
    phone.page.wait_for_url("**/games/*")
    game_id = phone.page.url.rsplit("/", 1)[1]
    tokens = [phone.seat(game_id)["token"], bob_joins(server, store, game_id)]
    rng = random.Random(45)
    # the deal waits for each seat's pledged contribution to be revealed (the pages reveal theirs)
    until("the game is dealt", lambda: summary(server.base, game_id)["to_act"])
    while 0 not in summary(server.base, game_id)["to_act"]:  # Bob moves first when the deal says so
        play_randomly_once(server.base, game_id, tokens, rng)
    reloaded_until(phone, "/players/zoe", "li.your-turn")
    assert "zoe's turn at 1 table" in (phone.page.text_content("#your-turn") or "")
    assert phone.page.text_content("#ratings") == "Not rated yet."
    phone.shot("player-page-your-turn")
    phone.open(f"/games/{game_id}")
    chances = phone.page.text_content("#chances") or ""
    assert "zoe 50%" in chances and "bob 50%" in chances  # two new players: even
    phone.play_any(rng)
    play_randomly(server.base, game_id, tokens, rng)
    reloaded_until(phone, "/players/zoe", "#ratings [data-rating='slush-fund-2']")
    rating = phone.page.text_content("#ratings [data-rating='slush-fund-2']") or ""
    assert "provisional (1 of 5)" in rating and "1 rated game" in rating
    phone.page.wait_for_selector("table.leaderboard >> text=bob")
    phone.shot("player-page-rated")
    assert violations(phone.page) == []  # nor on the player's page
    phone.page.click("#ratings a[href='/ratings/slush-fund-2']")  # the game's own leaderboard
    phone.page.wait_for_selector("h1 >> text=Slush Fund 2: ratings")
    rows = phone.page.eval_on_selector_all(
        "table.leaderboard tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )
    assert [row[0] for row in rows] == ["1", "2"] and {row[1] for row in rows} == {"zoe", "bob"}, rows
    assert all("provisional (1 of 5)" in row[2] and row[3] == "1" for row in rows), rows
    phone.shot("ratings-page")
    assert violations(phone.page) == []  # nor on the game's leaderboard


def play_randomly_once(base: str, game_id: str, tokens: list[str], rng: random.Random) -> None:
    """One random legal command from the seat to act."""
    state = summary(base, game_id)
    seat = state["to_act"][0]
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    legal = httpx.get(
        f"{base}/api/games/{game_id}/legal", headers=auth, params={"min_version": state["version"]}
    )
    httpx.post(
        f"{base}/api/games/{game_id}/commands", headers=auth, json=rng.choice(legal.json()["commands"])
    )
