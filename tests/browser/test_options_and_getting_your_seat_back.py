"""The lobby's options form comes from the game's schema and shows the server's own refusal; a player
takes a private seat link to another device, and a newer link makes the older one stop working."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

from tests.browser.access import serious_violations
from tests.browser.players import Player
from tests.support.server import Served

pytestmark = pytest.mark.browser


def _games(base: str) -> int:
    return int(httpx.get(f"{base}/api/games", params={"limit": 1}).json()["total"])


def test_options_are_a_form_with_defaults_and_a_refused_value_says_why_in_the_servers_words(
    player: Callable[..., Player], server: Served
) -> None:
    """Numbers for each ladder step and the seats by place for the starting seat, defaults shown; a
    ladder that rises is refused with the server's message beside the form and no table is opened."""
    ann = player("Ann")
    ann.open("/")
    ann.page.wait_for_selector(".catalogue li")
    ann.page.select_option("#new-game", "slush-fund-2")
    ann.page.click("text=Table options")
    hints = ann.page.text_content(".options") or ""
    assert "Default: 7/4/2, 6/4/1" in hints and "Default: drawn at random" in hints
    assert ann.page.input_value("#option-ladders-0-0") == "7"
    seats = ann.page.locator("#option-starting_seat option").all_text_contents()
    assert seats == ["drawn at random", "First seat (yours)", "Second seat"], seats  # never "0 for the first"
    ann.page.fill("#new-name", "Ann")
    ann.page.select_option("#option-starting_seat", "1")
    before = _games(server.base)
    ann.page.fill("#option-ladders-0-1", "8")  # a ladder that rises: the rules' own message names it
    ann.page.click("text=Open the table and sit down")
    ann.page.wait_for_selector(".form-refusal:has-text('fall')")
    assert _games(server.base) == before
    assert not (found := serious_violations(ann.page)), found
    ann.shot("lobby-options-refused")
    ann.page.fill("#option-ladders-0-1", "4")
    ann.page.click("text=Open the table and sit down")
    ann.page.wait_for_url("**/games/*")
    assert _games(server.base) == before + 1
    ann.forgive(422)  # the refusal asked for


def test_a_private_seat_link_takes_the_seat_to_a_phone_and_a_newer_link_revokes_it(
    player: Callable[..., Player], server: Served
) -> None:
    """The link is shown once with its QR code; opened on a phone it seats the player there and leaves
    the address; the old token and every older link stop working; the phone's lobby lists the table."""
    ann = player("Ann")
    ann.open("/")
    ann.page.wait_for_selector(".catalogue li")
    ann.page.select_option("#new-game", "politrickers")
    ann.page.fill("#new-name", "Ann")
    ann.page.click("text=Open the table and sit down")
    ann.page.wait_for_url("**/games/*")
    game_id = ann.page.url.rsplit("/", 1)[1]
    old = ann.seat(game_id)["token"]

    ann.page.click("text=Play this seat on another device")
    ann.page.click("text=Get a new private link")
    ann.page.wait_for_selector("#seat-link")
    link = ann.page.input_value("#seat-link")
    assert "#seat=" in link and ann.seat(game_id)["token"] == link.split("#seat=")[1] != old
    assert ann.page.locator("svg.qr path").count() == 1
    stale = httpx.get(f"{server.base}/api/games/{game_id}/view", headers={"Authorization": f"Bearer {old}"})
    assert stale.status_code == 403
    assert not (found := serious_violations(ann.page)), found
    ann.shot("seat-link-with-qr-code")

    phone = player("Ann on a phone", phone=True)
    phone.page.goto(link)
    phone.page.wait_for_selector(".notice:has-text('Welcome back, Ann')")
    phone.page.wait_for_selector(".table-head .mine")
    assert "#seat" not in phone.page.url and "seat=" not in phone.page.url
    phone.shot("seat-link-opened-on-a-phone", full_page=False)
    phone.open("/")
    phone.page.wait_for_selector(f"[data-list='mine'] li[data-game='{game_id}']")

    phone.open(f"/games/{game_id}")
    phone.page.click("text=Play this seat on another device")
    phone.page.click("text=Get a new private link")
    phone.page.wait_for_selector("#seat-link")
    ann.page.wait_for_selector(".notice:has-text('Your seat moved to another device')")
    ann.page.wait_for_selector(".table-head:has-text('You are watching')")  # re-drawn after the notice
    assert "You are watching" in (ann.page.text_content(".table-head") or "")
    ann.forgive(403)  # the replaced token, refused until the page let go of it
    late = player("Someone with the old link")
    late.page.goto(link)
    late.page.wait_for_selector(".notice:has-text('no longer works')")
    assert "You are watching" in (late.page.text_content(".table-head") or "")
    late.forgive(403)  # the old link, refused as it should be
    phone.forgive(403)  # reads in flight with the token the phone had just replaced
