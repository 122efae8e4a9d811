"""The small things a newcomer trips on (issue 48): countdowns never above their limit, no version
jargon on the table, an address the page cannot read says so, the lobby tells tables apart by age and
options and offers seats by place, and Campaign Trail's end sheet, log and replay speak in its words."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from api.service.application import Tables
from domain.games.campaign_trail.rules.effects import WINDOW as TRAIL_WINDOW
from domain.games.super_pacs.rules.effects import WINDOW as PACS_WINDOW
from domain.table.clocks import TableClock
from tests.browser.players import Player
from tests.browser.positions import opened, played_on, played_out, served
from tests.support.server import Served

pytestmark = pytest.mark.browser

STATIC = Path(__file__).resolve().parents[2] / "api" / "web" / "static" / "games"
BEHIND = "(() => { const real = Date.now; Date.now = () => real() - 4000; })();"
"""The browser's clock four seconds behind the server's, as a phone's may be."""


def _countdowns(page: object) -> list[int]:
    texts: list[str] = page.locator(".clocks .countdown").all_text_contents()  # type: ignore[attr-defined]
    return [int(m) * 60 + int(s) for m, s in (re.search(r"(\d+):(\d\d)", t).groups() for t in texts)]  # type: ignore[union-attr]


def test_the_renderers_know_how_long_a_window_stays_open() -> None:
    """The page's limit for a window's countdown is the rules' own window."""
    for game, window in (("campaign-trail", TRAIL_WINDOW), ("super-pacs", PACS_WINDOW)):
        found = re.search(r"export const windowSeconds = (\d+);", (STATIC / f"{game}.js").read_text())
        assert found and int(found.group(1)) == window.total_seconds(), game


def test_a_countdown_never_shows_more_than_its_limit_and_the_table_speaks_no_version_jargon(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """A 60 s clock read by a browser whose clock is behind shows at most 1:00, and an open reaction
    window at most 0:30; the head says "live · Replay viewer" (no "Version"); ``?version=`` is not
    silently ignored: the table says it always shows now, and links the replay at that version."""
    clock = TableClock(kind="move", seconds=60)
    game_id, tokens = opened(service, "super-pacs", ["Ann", "Bob", "Cy"], "small-things", seating=(clock, {}))
    table = played_on(service, game_id, tokens, random.Random(3), until=lambda t: t.closes is not None)
    state = served(server.base, game_id, table.version)
    assert state.get("closes"), "the window closed before the page could open"
    seat = state["to_act"][0]
    ann = player("Ann")
    ann.page.add_init_script(BEHIND)
    ann.keep_seat(game_id, {"seat": seat, "token": tokens[seat], "name": "Ann"})
    ann.open(f"/games/{game_id}?version=3")
    ann.page.wait_for_selector(".clocks .window-clock .countdown")
    ann.page.wait_for_selector(".clocks .clock[aria-label='Clock'] .countdown")
    window = ann.page.text_content(".window-clock .countdown") or ""
    minutes, seconds = (int(part) for part in window.split(":"))
    assert minutes * 60 + seconds <= 30, window
    assert all(left <= 60 for left in _countdowns(ann.page)), ann.page.text_content(".clocks")

    meta = ann.page.text_content(".table-head .meta") or ""
    assert "Version" not in meta and re.search(r"(live|updating|connecting…) · Replay viewer", meta), meta
    assert int(ann.page.get_attribute(".table-head", "data-version") or 0) >= 2  # for tests and tools only
    assert ann.page.locator(".log-list .v").count() == 0  # the log's lines say what happened, not a version
    address = ann.page.text_content(".address-notice") or ""
    assert "“version”" in address and "always shows the game as it is now" in address, address
    assert ann.page.get_attribute(".address-notice a", "href") == f"/games/{game_id}/replay?v=3"
    ann.shot("small-things-countdown-within-its-limit")


def test_the_lobby_tells_tables_apart_by_age_and_options_and_offers_seats_by_place(
    player: Callable[..., Player], server: Served
) -> None:
    """Two open Super PACS tables by the same opener read differently: each says how long ago it was
    opened, its options in words (the first player by place, never a number from 0) and its clock;
    the form offers the first player as the seats by place, and a mistyped address is named."""
    ids = []
    for options in ({"random_leaders": True, "first_player": 1}, {}):
        opened = httpx.post(
            f"{server.base}/api/games", json={"game": "super-pacs", "seats": 3, "options": options}
        )
        assert opened.status_code in (200, 201), opened.text
        ids.append(opened.json()["id"])
        assert httpx.post(f"{server.base}/api/games/{ids[-1]}/join", json={"name": "Dee"}).status_code in (
            200,
            201,
        )
    ann = player("Ann")
    ann.open("/?tabel=1")
    assert "“tabel”" in (ann.page.text_content(".address-notice") or "")
    facts = [ann.page.locator(f"[data-list='waiting'] li[data-game='{id_}'] .table-facts") for id_ in ids]
    for each in facts:
        each.wait_for()
    chosen, plain = (each.text_content() or "" for each in facts)
    assert (
        "opened just now" in chosen and "Random leaders: yes · First player: Second seat · no clock" in chosen
    ), chosen
    assert "standard options · no clock" in plain, plain
    assert not re.search(r"\b0\b", chosen)

    ann.page.select_option("#new-game", "super-pacs")
    ann.page.fill("#new-seats", "3")
    ann.page.click("text=Table options")
    offered = ann.page.locator("#option-first_player option").all_text_contents()
    assert offered == ["drawn at random", "First seat (yours)", "Second seat", "Third seat"], offered
    assert "0 for the first seat" not in (ann.page.text_content(".options") or "")
    ann.shot("small-things-lobby-age-and-options")


def test_campaign_trail_names_its_months_and_its_deciding_tiebreak_and_the_replay_reaches_the_end(
    player: Callable[..., Player], server: Served, service: Tables, store: Path
) -> None:
    """A finished Campaign Trail: the end sheet, in view, says what decided the election with the
    totals; the log says who plays first in plain words; the replay jumps by month and its slider's
    last step is the last version."""
    game_id, tokens = opened(service, "campaign-trail", ["Ann", "Dee"], "small-things-trail")
    last = played_out(store, server.base, game_id, tokens, random.Random(5))
    ann = player("Ann")
    ann.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})
    ann.open(f"/games/{game_id}")
    ann.page.wait_for_selector(".finished .tiebreak")
    decided = ann.page.text_content(".finished .tiebreak") or ""
    totals = r"\((Ann|Dee) \d+, (Ann|Dee) \d+\)"
    assert re.fullmatch(
        rf"Most electoral votes decided it: \d+ of 538\.|Tied on \d+ electoral votes.*"
        rf"(decided by (committed voters|states won) {totals}|shared)\.",
        decided,
    ), decided
    heads = ann.page.locator(".finished table.score th[scope='col']").all_text_contents()
    assert "Committed voters" in heads and "States carried" in heads
    assert ann.in_view(".finished h3"), "the verdict is scrolled out of view"
    log = ann.page.text_content(".log-list") or ""
    assert "first to play:" in log and "play first" not in log
    ann.shot("small-things-campaign-trail-end-sheet", full_page=False)

    ann.open(f"/games/{game_id}/replay")
    ann.page.wait_for_selector("#jump optgroup", state="attached")
    assert ann.page.get_attribute("#jump optgroup", "label") == "Months"
    months = [
        re.sub(r" · v\d+$", "", o)
        for o in ann.page.locator("#jump optgroup[label='Months'] option").all_text_contents()
    ]
    assert months[:3] == ["August", "September", "October"], months
    assert "Round" not in (ann.page.text_content("#jump") or "")
    assert int(ann.page.get_attribute("#scrub", "max") or 0) == last
    assert int(ann.page.input_value("#scrub")) == last


HOW_TO_PLAY = [
    ("campaign-trail", ["Ann", "Dee"]),
    ("super-pacs", ["Ann", "Bob"]),
    ("politrickers", ["Ann", "Bob", "Cy"]),
    ("slush-fund-2", ["Ann", "Bob"]),
]


def test_every_game_has_a_how_to_play_panel_readable_on_a_phone(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Each table opens with "How to play": the goal, a turn and how it ends, in lines that fit a
    390 px phone (nothing wider than the screen, no text smaller than 14 px)."""
    phone = player("Ann", phone=True)
    for game, names in HOW_TO_PLAY:
        game_id, tokens = opened(service, game, names, f"how-to-play-{game}")
        phone.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})
        phone.open(f"/games/{game_id}")
        phone.page.wait_for_selector(".how-to-play[open] dd")
        terms = phone.page.locator(".how-to-play dt").all_text_contents()
        assert terms == ["The goal", "A turn", "How it ends"], (game, terms)
        for text in phone.page.locator(".how-to-play dd").all_text_contents():
            assert len(text.split()) >= 12, (game, text)  # a sentence or two, not a label
        fits = phone.page.evaluate(
            """() => [...document.querySelectorAll('.how-to-play dd')].every((dd) => {
                 const box = dd.getBoundingClientRect();
                 const size = parseFloat(getComputedStyle(dd).fontSize);
                 return box.left >= 0 && box.right <= innerWidth && size >= 14;
               })"""
        )
        assert fits, f"{game}: the panel does not fit a phone"
        shot = phone.artifacts / f"how-to-play-{game}-390.png"
        phone.page.locator(".how-to-play").screenshot(path=str(shot))


def test_the_surprises_a_play_was_answered_with_read_as_one_list(
    player: Callable[..., Player], server: Served, service: Tables
) -> None:
    """Super PACS's "Answered with:" names each surprise after the colon, separated by semicolons, and
    never opens with one (it was a flex row whose wrapped lines began with "; ")."""
    game_id, tokens = opened(service, "super-pacs", ["Ann", "Bob", "Cy"], "answered")

    def answered(table: Any) -> bool:
        pending = getattr(table.game_state, "pending", None)
        return bool(pending and pending.plays and pending.window)

    table = played_on(service, game_id, tokens, random.Random(8), until=answered)
    assert not table.over, "no surprise was ever played"
    served(server.base, game_id, table.version)
    ann = player("Ann", phone=True)
    ann.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})
    ann.open(f"/games/{game_id}")
    ann.page.wait_for_selector(".playing .answered")
    said = ann.page.inner_text(".playing .answered")
    assert re.fullmatch(r"Answered with: (Ann|Bob|Cy): [^;]+(; (Ann|Bob|Cy): [^;]+)*", said.strip()), said
