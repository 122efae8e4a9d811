"""A seat you can't lose (docs/seats.md): a seat link moves the seat and the old device is told so;
a player whose browser is gone gets the seat back with the recovery code shown once on sitting down,
and a stranger with no code gets nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.browser.access import serious_violations, violations
from tests.browser.players import Player
from tests.support.server import Served

pytestmark = pytest.mark.browser


def _sit_down(ann: Player, game: str = "slush-fund-2") -> str:
    """Ann opens a two-seat table from the lobby and sits down; the table's id."""
    ann.open("/")
    ann.page.wait_for_selector(".catalogue li")
    ann.page.select_option("#new-game", game)
    ann.page.fill("#new-name", "Ann")
    ann.page.click("text=Open the table and sit down")
    ann.page.wait_for_url("**/games/*")
    return ann.page.url.rsplit("/", 1)[1]


def _join(bob: Player, game_id: str) -> None:
    bob.open(f"/games/{game_id}")
    bob.page.fill("#join-name", "Bob")
    bob.page.click("text=Take a seat")
    bob.page.wait_for_selector(".table-head .mine")


def test_an_old_device_is_refused_after_a_new_seat_link_and_its_page_says_so(
    player: Callable[..., Player], server: Served
) -> None:
    """Opening the link on a phone moves the seat there: the desktop that made the link is refused at
    once (its token no longer works), its page says the seat moved and offers no move; the link
    itself serves once."""
    ann, bob = player("Ann"), player("Bob")
    game_id = _sit_down(ann)
    _join(bob, game_id)
    ann.page.wait_for_selector("section.controls")
    ann.page.click("text=Play this seat on another device")
    ann.page.click("text=Get a new private link")
    ann.page.wait_for_selector("#seat-link")
    link = ann.page.input_value("#seat-link")
    desktop = ann.seat(game_id)["token"]

    phone = player("Ann on a phone", phone=True)
    phone.page.goto(link)
    phone.page.wait_for_selector(".notice:has-text('Welcome back, Ann')")
    phone.page.wait_for_selector("section.controls")
    assert phone.seat(game_id)["token"] not in {desktop, link.split("#seat=")[1]}

    ann.page.wait_for_selector(".notice:has-text('Your seat moved to another device')")
    ann.page.wait_for_selector(".table-head:has-text('You are watching')")
    assert ann.page.locator("section.controls, button.move").count() == 0
    assert "recovery code" in (ann.page.text_content(".notice") or "")
    stale = httpx.post(
        f"{server.base}/api/games/{game_id}/commands",
        json={"type": "DrawCards"},
        headers={"Authorization": f"Bearer {desktop}"},
    )
    assert stale.status_code == 403 and stale.json()["error"]["code"] == "auth/invalid_token"
    assert not (found := serious_violations(ann.page)), found
    ann.page.set_viewport_size({"width": 390, "height": 844})
    ann.shot("old-device-told-its-seat-moved", full_page=False)

    late = player("Someone with the used link")
    late.page.goto(link)
    late.page.wait_for_selector(".notice:has-text('no longer works')")
    assert "You are watching" in (late.page.text_content(".table-head") or "")
    for each in (ann, late, phone):
        each.forgive(403)  # the replaced tokens, refused as they should be


def test_a_new_link_asked_here_is_shown_even_when_the_old_token_is_refused_before_its_answer_comes(
    player: Callable[..., Player], server: Served
) -> None:
    """The server replaces the token before it answers, so the page's live stream and its next reads
    are refused while the new link is on its way (on a busy server, or a slow phone network, the
    refusals come first). The page waits for its own answer: it keeps the seat, shows the link, and
    never says the seat moved away."""
    ann, bob = player("Ann"), player("Bob")
    game_id = _sit_down(ann)
    _join(bob, game_id)
    ann.page.wait_for_selector("section.controls")
    old = ann.seat(game_id)["token"]

    def late(route: Any) -> None:  # the answer comes after the old token is refused to this page
        answer = route.fetch()
        view = f"{server.base}/api/games/{game_id}/view"
        assert httpx.get(view, headers={"Authorization": f"Bearer {old}"}).status_code == 403
        ann.page.wait_for_timeout(1500)  # the stream is cut and the page's reads are refused meanwhile
        route.fulfill(response=answer)

    ann.page.route("**/seat-link", late)
    ann.page.click("text=Play this seat on another device")
    ann.page.click("text=Get a new private link")
    ann.page.wait_for_selector("#seat-link")
    new = ann.seat(game_id)["token"]
    assert new != old and ann.page.input_value("#seat-link").endswith(f"#seat={new}")
    assert ann.page.locator(".notice:has-text('Your seat moved')").count() == 0
    ann.page.wait_for_selector("section.controls")
    assert ann.page.locator(".table-head .mine:has-text('Ann')").count() == 1
    ann.forgive(403)  # the old token's reads while the answer was held back


def test_a_lost_seat_comes_back_with_its_recovery_code_and_a_stranger_is_refused(
    player: Callable[..., Player], server: Served
) -> None:
    """The code is shown once on sitting down; with the browser gone, a stranger's guess and another
    player's token are refused, and the code on a new device gives Ann her seat back (and a new code),
    while the old code and the old token stop working."""
    ann = player("Ann", phone=True)
    game_id = _sit_down(ann, "politrickers")
    ann.page.wait_for_selector(".recovery-code")
    code = (ann.page.text_content(".recovery-code code") or "").strip()
    assert len(code.replace("-", "")) == 40
    assert not (found := violations(ann.page)), found
    ann.shot("recovery-code-shown-on-sitting-down", full_page=False)
    old_token = ann.seat(game_id)["token"]
    ann.page.click("text=I have kept it: hide it")
    assert ann.page.locator(".recovery-code").count() == 0
    ann.page.reload()
    ann.page.wait_for_selector(".table-head .mine")
    assert ann.page.locator(".recovery-code").count() == 0, "shown once: never again"
    bob = player("Bob")
    _join(bob, game_id)
    ann.page.context.close()  # the browser is gone, and no seat link was ever taken

    stranger = player("A stranger", phone=True)
    stranger.open(f"/games/{game_id}")
    stranger.page.click("text=Lost your seat? Get it back with your recovery code")
    for guess in ("ABCDE-FGHIJ-KLMNO-PQRST-UVWXY-Z2345-67ABC-DEFGH", bob.seat(game_id)["token"]):
        stranger.page.fill("#recovery-input", guess)
        stranger.page.click("text=Get my seat back")
        stranger.page.wait_for_selector(".recover .notice.error:has-text('belongs to no seat')")
    assert "You are watching" in (stranger.page.text_content(".table-head") or "")
    assert not (found := violations(stranger.page)), found
    stranger.shot("recovery-refused-to-a-stranger", full_page=False)
    stranger.forgive(403)

    back = player("Ann on a new phone", phone=True)
    back.open(f"/games/{game_id}")
    back.page.click("text=Lost your seat? Get it back with your recovery code")
    back.page.fill("#recovery-input", code.lower())
    back.page.click("text=Get my seat back")
    back.page.wait_for_selector(".notice:has-text('Welcome back, Ann')")
    back.page.wait_for_selector(".table-head .mine")
    renewed = (back.page.text_content(".recovery-code code") or "").strip()
    assert renewed and renewed != code
    assert not (found := violations(back.page)), found
    back.shot("seat-recovered-on-a-new-phone", full_page=False)

    api = f"{server.base}/api/games/{game_id}"
    assert httpx.get(f"{api}/view", headers={"Authorization": f"Bearer {old_token}"}).status_code == 403
    again = httpx.post(f"{api}/recover-seat", json={"code": code})
    assert again.status_code == 403 and again.json()["error"]["code"] == "auth/invalid_recovery_code"
    assert bob.page.locator(".table-head .mine:has-text('Bob')").count() == 1
