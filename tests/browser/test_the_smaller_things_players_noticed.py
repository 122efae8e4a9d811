"""The smaller things players noticed (issue 16): prompts offer only what is possible, counts agree
with their nouns, the moves count says when it is filtered, and replay links naming no version say so."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.browser.players import Player, open_table, summary
from tests.support.server import Served

pytestmark = pytest.mark.browser

WRONG_PLURALS = r"\b1 (cards|tokens|factions|journalists|moves|tricks)\b"
FIND_WRONG_PLURALS = f"""() => {{
  const texts = [document.body.innerText,
    ...[...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'))];
  return texts.filter(t => /{WRONG_PLURALS}/.test(t));
}}"""


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _legal(base: str, game_id: str, token: str) -> list[dict[str, Any]]:
    return httpx.get(f"{base}/api/games/{game_id}/legal", headers=_auth(token)).json()["commands"]  # type: ignore[no-any-return]


def _view(base: str, game_id: str, token: str) -> dict[str, Any]:
    return httpx.get(f"{base}/api/games/{game_id}/view", headers=_auth(token)).json()["view"]  # type: ignore[no-any-return]


def _send(base: str, game_id: str, token: str, command: dict[str, Any]) -> None:
    sent = httpx.post(f"{base}/api/games/{game_id}/commands", json=command, headers=_auth(token))
    assert sent.status_code == 200, sent.text


def _seated(make: Callable[..., Player], name: str, game_id: str, seat: int, token: str) -> Player:
    each = make(name)
    each.keep_seat(game_id, {"seat": seat, "token": token, "name": name})
    each.open(f"/games/{game_id}")
    return each


def _prompt(each: Player) -> str:
    each.page.wait_for_selector(".sf2 .turn")
    return each.page.text_content(".sf2 .turn") or ""


def test_slush_fund_2_prompts_offer_no_examining_an_empty_fund_and_no_recall_without_a_legal_card(
    player: Callable[..., Player], server: Served
) -> None:
    """The first player, no card in hand yet, is told to draw (the fund is empty) and not to pick a
    card; then to stash: with no contribution, or only face-down (illegal) ones, recall is neither
    offered as a move nor named in the prompt."""
    base = server.base
    game_id, tokens = open_table(base, "slush-fund-2", ["Ann", "Bob"], "fd-0")
    seat = summary(base, game_id)["to_act"][0]
    first = _seated(player, ["Ann", "Bob"][seat], game_id, seat, tokens[seat])
    prompt = _prompt(first)
    assert "the slush fund is empty" in prompt and "examine" not in prompt, prompt
    assert first.page.locator("button.move[data-command*='ExamineSlushFund']").count() == 0
    assert "Click a card" not in (first.page.text_content(".controls") or "")  # no hand to pick from yet
    first.page.click("button.move[data-command*='DrawCards']")
    first.page.wait_for_selector("button.move[data-command*='StashInSlushFund']")
    assert "recall" not in _prompt(first)

    rng = random.Random(0)  # on, preferring face-down plays, to a player with only illegal money out
    for _ in range(300):
        seat = summary(base, game_id)["to_act"][0]
        view, legal = _view(base, game_id, tokens[seat]), _legal(base, game_id, tokens[seat])
        sides = view["players"][seat]["contributions"]
        if view["step"] == "Drawn" and any(sides) and all(c["face_down"] for side in sides for c in side):
            break
        offered = [c for c in legal if "TakeBack" not in c["type"]]
        hidden = [c for c in offered if c.get("face_down")]
        _send(
            base,
            game_id,
            tokens[seat],
            rng.choice(hidden) if hidden and rng.random() < 0.7 else rng.choice(offered),
        )
    else:
        raise AssertionError("no player ever had only face-down money out")
    assert "Recall" not in {c["type"] for c in legal}
    stuck = _seated(player, f"{['Ann', 'Bob'][seat]} again", game_id, seat, tokens[seat])
    prompt = _prompt(stuck)
    assert "stash a drawn card in the slush fund" in prompt and "recall" not in prompt, prompt
    assert stuck.page.locator("button.move[data-command*='Recall']").count() == 0
    assert stuck.page.evaluate(FIND_WRONG_PLURALS) == []
    stuck.shot("slush-fund-2-no-recall-with-only-face-down-money")


def test_politrickers_counts_agree_with_their_nouns_and_the_moves_count_says_when_it_is_filtered(
    player: Callable[..., Player], server: Served
) -> None:
    """After the first trick a plate holds 1 token (not "1 tokens"); a picked card's moves are counted
    as "k of n"; the replay's deep links to version 0 or 999 say there is no such version."""
    base, names = server.base, ["Ann", "Bob", "Cy"]
    game_id, tokens = open_table(base, "politrickers", names, "plurals")
    rng = random.Random(2)
    while not any(
        entry["event"]["type"] == "TrickWon"
        for entry in httpx.get(f"{base}/api/games/{game_id}/events").json()["events"]
    ):
        seat = summary(base, game_id)["to_act"][0]
        _send(
            base,
            game_id,
            tokens[seat],
            rng.choice([c for c in _legal(base, game_id, tokens[seat]) if "TakeBack" not in c["type"]]),
        )
    seat = summary(base, game_id)["to_act"][0]
    each = _seated(player, names[seat], game_id, seat, tokens[seat])
    each.page.wait_for_selector(".own-hand button.card")
    assert each.page.locator("[aria-label$='plate: 1 token']").count() == 1
    assert each.page.evaluate(FIND_WRONG_PLURALS) == []

    legal = [c for c in _legal(base, game_id, tokens[seat]) if "TakeBack" not in c["type"]]
    header = each.page.text_content(".controls h2") or ""
    assert header.endswith(f"({len(legal)})"), header
    card = each.page.locator(".own-hand button.card:not(.unplayable)").first.get_attribute("data-card")
    each.page.click(f".own-hand button.card[data-card='{card}']")
    shown = each.page.locator(".controls button.move").count()
    assert shown < len(legal)
    each.page.wait_for_selector(f".controls h2:has-text('({shown} of {len(legal)})')")
    each.shot("politrickers-moves-count-filtered")

    for asked in ("0", "999"):
        each.open(f"/games/{game_id}/replay?v={asked}")
        each.page.wait_for_selector(".board[data-version]")
        assert f"no version “{asked}”" in (each.page.text_content(".notice") or "")


def test_seats_are_never_numbered_on_the_pages_only_named_or_placed(player: Callable[..., Player]) -> None:
    """The lobby's bot fields name the seats after the creator's by place ("Second seat"), and the
    table names its players: no "seat 2" on one page and "seat 1" for the same seat on another."""
    ann = player("Ann")
    ann.open("/")
    ann.page.select_option("#new-game", "politrickers")
    ann.page.click("text=Bots and clock")
    labels = [text.strip() for text in ann.page.locator(".seating label[for^='bot-']").all_text_contents()]
    assert labels[:2] == ["Second seat", "Third seat"], labels
    ann.page.select_option("#bot-1", "random")
    ann.page.select_option("#bot-2", "random")
    ann.page.fill("#new-name", ann.name)
    ann.page.click("text=Open the table and sit down")
    ann.page.wait_for_url("**/games/*")
    ann.page.wait_for_selector(".own-hand button.card")
    shown = ann.page.evaluate("document.body.innerText")
    assert not re.search(r"\b[Ss]eat \d", shown), shown
    ann.shot("politrickers-with-two-bots-seats-named")
