"""The replay viewer: a slider over every version, keys, deep links, and every perspective once over."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from api.service.application import Tables
from tests.browser.players import (
    POLL,
    Player,
    board_at,
    hidden_at,
    open_table,
    play_randomly,
    shown_version,
    summary,
    unlabelled_controls,
)
from tests.support.server import Served

pytestmark = pytest.mark.browser


def test_a_finished_game_replays_step_by_step_and_from_every_perspective(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Scrub, step, jump and deep-link through a finished game; the omniscient view opens after the end."""
    game_id, tokens = open_table(server.base, "slush-fund-2", ["Ann", "Bob"], seed="replay-7")
    play_randomly(server.base, game_id, tokens, random.Random(11))
    last = summary(server.base, game_id)["version"]
    ann = player("Ann")
    ann.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})

    ann.open(f"/games/{game_id}/replay")
    ann.page.wait_for_selector("#scrub")
    board_at(ann.page, last)
    assert shown_version(ann.page) == last
    assert "Final score" in (ann.page.text_content(".board") or "")
    assert not unlabelled_controls(ann.page)
    ann.shot("replay-finished-game-end")

    box = ann.page.locator("#scrub").bounding_box()
    assert box is not None
    middle = box["y"] + box["height"] / 2
    ann.page.mouse.move(box["x"] + box["width"] * 0.9, middle)
    ann.page.mouse.down()
    ann.page.mouse.move(box["x"] + box["width"] * 0.3, middle, steps=5)
    ann.page.mouse.up()
    dragged = shown_version(ann.page)
    assert 1 < dragged < last
    board_at(ann.page, dragged)

    ann.page.click("h1")  # the keys work anywhere on the page
    ann.page.keyboard.press("Home")
    board_at(ann.page, 1)
    ann.page.keyboard.press("ArrowRight")
    ann.page.keyboard.press("ArrowRight")
    board_at(ann.page, 3)
    ann.page.keyboard.press("ArrowLeft")
    board_at(ann.page, 2)
    ann.page.keyboard.press("End")
    board_at(ann.page, last)

    turn = ann.page.eval_on_selector("#jump optgroup[label='Turns'] option:nth-child(3)", "o => o.value")
    ann.page.select_option("#jump", turn)
    board_at(ann.page, int(turn))

    ann.page.keyboard.press("Home")
    ann.page.select_option("#speed", "250")
    ann.page.keyboard.press(" ")
    ann.page.wait_for_function(
        "() => Number(document.querySelector('.shown-version').textContent) >= 4", polling=POLL
    )
    ann.page.keyboard.press(" ")
    assert ann.page.get_attribute("button.play", "aria-pressed") == "false"

    secret = next(v for v in range(6, last) if hidden_at(service, game_id, v, 0))
    hidden = hidden_at(service, game_id, secret, 0)
    ann.open(f"/games/{game_id}/replay?v={secret}")
    board_at(ann.page, secret)
    assert ann.page.url.endswith(f"?v={secret}")
    assert not ann.shown_cards() & hidden, "Ann's own perspective shows what Ann could not see"
    ann.shot("replay-deep-link-own-perspective")

    ann.page.select_option("#perspective", "omniscient")
    ann.page.wait_for_function(
        "ids => ids.some(id => document.querySelector(`.board [data-card='${id}']`))",
        arg=sorted(hidden),
        polling=POLL,
    )
    assert ann.shown_cards() & hidden
    assert "as=omniscient" in ann.page.url
    ann.shot("replay-omniscient-perspective")

    ann.page.select_option("#perspective", "1")
    ann.page.wait_for_selector(".sf2 > section.player:last-of-type header:has-text('Bob')")
    assert ann.page.locator("#perspective option").count() == 4  # Ann, spectator, Bob, omniscient

    phone = player("Bob on a phone", phone=True)
    phone.open(f"/games/{game_id}/replay?v=40")
    board_at(phone.page, 40)
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= 392
    phone.shot("replay-phone-spectator")
    phone.open("/")
    phone.page.wait_for_selector(f"[data-list='over'] li[data-game='{game_id}']")
    phone.shot("lobby-phone")

    ann.open(f"/games/{game_id}/replay?v=40")
    board_at(ann.page, 40)
    ann.page.click("text=Play on from here")  # a sandbox from this position, every seat in this browser
    ann.page.wait_for_selector(".sandbox")
    forked = ann.page.url.rsplit("/", 1)[1]
    assert forked != game_id
    start = summary(server.base, forked)["version"]
    ann.play_any(random.Random(1))
    ann.wait_version(start + 1)
    ann.shot("sandbox-from-a-finished-game")
