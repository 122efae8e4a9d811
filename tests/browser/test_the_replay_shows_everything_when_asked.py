"""The replay shows everything when asked (issue 33, item 4): "Seen by: Everything (omniscient)" draws
every seat's hand, card by card, in every game; another seat's perspective says whose hand it is."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.players import Player, board_at, open_table
from tests.browser.positions import played_out
from tests.support.server import Served

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob"]
HANDS = {
    "slush-fund-2": "players",
    "politrickers": "seats",
    "super-pacs": "seats",
    "campaign-trail": "seats",
}
"""Where each game's view lists the seats whose hands it holds."""

FACE_DOWN_SEED = "omniscient-politrickers-11"
"""A seed whose random game (the test's own moves) has Ann set a card aside face down: about one game
in twelve does, and the deal follows the dealing scheme, so a new scheme may need another seed."""


def seats_at(base: str, game_id: str, version: int, game: str) -> list[dict[str, Any]]:
    """Each seat's entry at ``version`` in the omniscient view (the game is over: anyone may ask)."""
    answer = httpx.get(f"{base}/api/games/{game_id}/at/{version}", params={"perspective": "omniscient"})
    answer.raise_for_status()
    view = answer.json()["view"]  # None before the deal
    seats: list[dict[str, Any]] = view[HANDS[game]] if view else []
    return seats


def hands_at(base: str, game_id: str, version: int, game: str) -> list[list[int]]:
    """Each seat's hand at ``version`` as the omniscient view holds it."""
    seats = seats_at(base, game_id, version, game)
    assert all(entry["hand"]["type"] == "OwnHand" for entry in seats)
    return [list(entry["hand"]["cards"]) for entry in seats]


def face_down_at(base: str, game_id: str, version: int) -> list[list[int]]:
    """Each Politrickers seat's face-down cards set aside at ``version``, in the omniscient view."""
    seats = seats_at(base, game_id, version, "politrickers")
    assert all(entry["set_aside_face_down"]["type"] == "OwnHand" for entry in seats)
    return [list(entry["set_aside_face_down"]["cards"]) for entry in seats]


def drawn(box: Any) -> list[int]:
    """The cards drawn in ``box``, by their ids."""
    cards: list[int] = box.locator("[data-card]").evaluate_all(
        "cards => cards.map((c) => Number(c.dataset.card))"
    )
    return cards


def shot_below_the_controls(page: Any, box: Any, path: Path) -> None:
    """The phone's screen with ``box``'s top just below the replay's sticky controls."""
    box.evaluate(
        """box => window.scrollBy(0, box.getBoundingClientRect().top
            - document.querySelector('.replay-controls').getBoundingClientRect().bottom - 8)"""
    )
    page.screenshot(path=str(path))


def shows_everything(base: str, game_id: str, version: int, game: str) -> bool:
    """Every seat holds cards (and, in Politrickers, some seat has face-down cards set aside)."""
    hands = hands_at(base, game_id, version, game)
    if not hands or not all(hands):
        return False
    return game != "politrickers" or any(face_down_at(base, game_id, version))


@pytest.mark.parametrize("game", sorted(HANDS))
def test_the_omniscient_replay_draws_every_hand_and_a_seat_s_perspective_names_its_owner(
    game: str, player: Callable[..., Player], server: Served, store: Path
) -> None:
    """At a version where both seats hold cards, "Everything" draws each hand under its owner's name
    with every card; Bob's perspective, read by Ann, says "Bob's hand" and never "Your hand"."""
    players = [*NAMES, "Cy"] if game == "politrickers" else NAMES
    seed = FACE_DOWN_SEED if game == "politrickers" else f"omniscient-{game}"
    game_id, tokens = open_table(server.base, game, players, seed=seed)
    last = played_out(store, server.base, game_id, tokens, random.Random(2))
    later_first = [*range(last // 2, last), *range(1, last // 2)]  # a short game may show both only early
    version = next(v for v in later_first if shows_everything(server.base, game_id, v, game))
    hands = hands_at(server.base, game_id, version, game)
    ann = player("Ann", phone=True)
    ann.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})
    ann.open(f"/games/{game_id}/replay?v={version}&as=omniscient")
    board_at(ann.page, version)
    for seat, cards in enumerate(hands):
        box = ann.page.locator(f'.board [aria-label="{players[seat]}\'s hand"]')
        box.first.wait_for()
        shown = drawn(box.first)
        assert sorted(shown) == sorted(cards), (seat, shown, cards)
    box.first.screenshot(path=str(ann.artifacts / f"replay-omniscient-{game}-last-seat-s-hand.png"))
    if game == "politrickers":  # the face-down cards set aside, card by card, under their owner's name
        for seat, cards in enumerate(face_down_at(server.base, game_id, version)):
            box = ann.page.locator(f'.board [aria-label="{players[seat]}\'s face-down cards"]')
            assert sorted(drawn(box) if cards else []) == sorted(cards), (seat, cards)
            assert box.count() == (1 if cards else 0)
        leftovers = httpx.get(
            f"{server.base}/api/games/{game_id}/at/{version}", params={"perspective": "omniscient"}
        ).json()["view"]["leftovers"]["cards"]
        aside = ann.page.locator('.board [aria-label="Cards set aside unseen at the deal"]')
        assert leftovers and sorted(drawn(aside)) == sorted(leftovers)  # 29 cards, 27 dealt at 3 seats
        shot_below_the_controls(
            ann.page, aside, ann.artifacts / "replay-omniscient-politrickers-set-aside.png"
        )
        seen = ann.page.locator('.board .seat:has([aria-label$="face-down cards"])').first
        shot_below_the_controls(
            ann.page, seen, ann.artifacts / "replay-omniscient-politrickers-face-down-cards.png"
        )
    assert "Your hand" not in (ann.page.text_content(".board") or "")
    ann.page.locator(".board").scroll_into_view_if_needed()
    ann.shot(f"replay-omniscient-every-hand-{game}-on-a-phone")

    ann.page.select_option("#perspective", "1")
    board_at(ann.page, version)
    ann.page.wait_for_selector('.board [aria-label="Bob\'s hand"]')
    assert "Your hand" not in (ann.page.text_content(".board") or "")
    assert ann.page.locator(".board [aria-label='Your hand']").count() == 0


def test_another_seat_s_candidate_choice_says_whose_it_is(
    player: Callable[..., Player], server: Served, store: Path
) -> None:
    """Campaign Trail's candidate choice, replayed from Bob's perspective and read by Ann: "Bob chooses a
    candidate" and "Bob's hand meanwhile", with Bob's two candidates; never "Choose your candidate"."""
    game_id, tokens = open_table(server.base, "campaign-trail", NAMES, seed="omniscient-candidates")
    last = played_out(store, server.base, game_id, tokens, random.Random(2))

    def bob_chooses(version: int) -> list[dict[str, Any]]:
        answer = httpx.get(f"{server.base}/api/games/{game_id}/at/{version}", params={"seat": 1})
        answer.raise_for_status()
        view = answer.json()["view"] or {}  # no view before the game is set up
        return list(view.get("my_candidates", ()))

    version = next(v for v in range(1, last) if bob_chooses(v))
    ann = player("Ann", phone=True)
    ann.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})
    ann.open(f"/games/{game_id}/replay?v={version}&as=1")
    board_at(ann.page, version)
    panel = ann.page.locator('.board [aria-label="Bob chooses a candidate"]')
    panel.wait_for()
    assert panel.locator("h3").text_content() == "Bob chooses a candidate"
    assert "Bob keeps one" in (panel.text_content() or "")
    assert panel.locator("h4", has_text="Bob's hand meanwhile").count() == 1
    names = panel.locator(".ct-candidate h4").all_text_contents()
    assert sorted(names) == sorted(c["name"] for c in bob_chooses(version))
    assert panel.locator("button").count() == 0  # a replay offers no move
    text = ann.page.text_content(".board") or ""
    for said in ("Choose your candidate", "Your hand", "while you choose", "Keep one"):
        assert said not in text, said
    shot_below_the_controls(
        ann.page, panel, ann.artifacts / "replay-campaign-trail-bob-chooses-a-candidate.png"
    )
    ann.shot("replay-campaign-trail-bob-chooses-a-candidate-on-a-phone")


def play_until_face_down(base: str, game_id: str, tokens: list[str], rng: random.Random) -> list[int]:
    """Random legal commands until Ann (seat 0) has a card played face down and set aside; those cards
    (none if the game ended first)."""
    auth = {"Authorization": f"Bearer {tokens[0]}"}
    with httpx.Client(base_url=base, timeout=10) as client:
        for _ in range(4000):
            mine = client.get(f"/api/games/{game_id}/view", headers=auth).json()
            held = mine["view"]["seats"][0]["set_aside_face_down"] if mine["view"] else {"cards": []}
            if held.get("cards") and mine["view"]["trick"]:
                return list(held["cards"])
            state = client.get(f"/api/games/{game_id}").json()
            if state["status"] == "over":
                return []  # Ann played no card face down in this game
            seat = state["to_act"][0]
            asker = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = client.get(
                f"/api/games/{game_id}/legal", headers=asker, params={"min_version": state["version"]}
            ).json()["commands"]
            sent = client.post(f"/api/games/{game_id}/commands", headers=asker, json=rng.choice(legal))
            assert sent.status_code in (200, 409), sent.text
    raise AssertionError("the game did not end")


def test_your_own_face_down_cards_are_drawn_at_the_table(
    player: Callable[..., Player], server: Served
) -> None:
    """Regression: the table's own hand drew "Your face-down cards" through names it did not have, so a
    player with a card set aside face down had no hand at all; now the cards are drawn there."""
    players = [*NAMES, "Cy"]
    seed = FACE_DOWN_SEED
    game_id, tokens = open_table(server.base, "politrickers", players, seed=seed)
    cards = play_until_face_down(server.base, game_id, tokens, random.Random(2))
    assert cards, f"Ann sets no card aside face down in the game seeded {seed!r}: choose another seed"
    ann = player("Ann", phone=True)
    ann.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})
    ann.open(f"/games/{game_id}")
    line = ann.page.locator(".own-hand p", has_text="Your face-down cards")
    line.wait_for()
    assert sorted(drawn(line)) == sorted(cards)
    assert not ann.errors, ann.errors


def omniscient_at(base: str, game_id: str, version: int) -> dict[str, Any] | None:
    """The omniscient view at ``version`` (the game is over), or None before the deal."""
    answer = httpx.get(f"{base}/api/games/{game_id}/at/{version}", params={"perspective": "omniscient"})
    answer.raise_for_status()
    view: dict[str, Any] | None = answer.json()["view"]
    return view


def test_the_omniscient_replay_of_the_candidate_choice_draws_every_hand_and_every_dealt_candidate(
    player: Callable[..., Player], server: Served, store: Path
) -> None:
    """Campaign Trail replayed at the candidate choice, as "Everything": each seat's hand card by card with
    its text (not "#5"), each seat's two dealt candidates with their text, and once a seat has kept one,
    which (and that the other went back to the box); Bob's perspective at the same versions draws none
    of Ann's cards or candidates."""
    game_id, tokens = open_table(server.base, "campaign-trail", NAMES, seed="omniscient-choosing")
    played_out(store, server.base, game_id, tokens, random.Random(4))
    choosing = [
        (version, view)
        for version in range(1, 12)
        if (view := omniscient_at(server.base, game_id, version)) and view["month"] == "Choosing candidates"
    ]
    assert any(all(s["candidate"] is None for s in view["seats"]) for _, view in choosing)
    assert any(any(s["candidate"] is not None for s in view["seats"]) for _, view in choosing)
    timeline = httpx.get(f"{server.base}/api/games/{game_id}/timeline", params={"viewer": "omniscient"})
    offers = next(
        e["event"]["offers"] for e in timeline.json()["entries"] if e["event"].get("type") == "GameSetUp"
    )
    ann = player("Ann", phone=True)
    ann.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})
    for version, view in choosing:
        faces = {face["number"]: face for face in view["faces"]}
        named = {face["number"]: face for face in view["candidate_faces"]}
        ann.open(f"/games/{game_id}/replay?v={version}&as=omniscient")
        board_at(ann.page, version)
        for seat, entry in enumerate(view["seats"]):
            hand = ann.page.locator(f'.board [aria-label="{NAMES[seat]}\'s hand"]')
            hand.locator("li").first.wait_for()
            assert sorted(drawn(hand)) == sorted(entry["hand"]["cards"])
            for card, text in zip(drawn(hand), hand.locator("li").all_text_contents(), strict=True):
                assert faces[card]["actions"][0] in text, (card, text)
            dealt = ann.page.locator(f'.board [aria-label="{NAMES[seat]}\'s candidates"]')
            assert sorted(drawn_candidates(dealt)) == sorted(offers[seat])  # both, before and after the keep
            text = dealt.text_content() or ""
            for number in offers[seat]:
                assert named[number]["name"] in text and named[number]["advantage"] in text
            if entry["candidate"] is not None:
                kept = dealt.locator("li.kept")
                assert kept.get_attribute("data-candidate") == str(entry["candidate"]) and "kept" in (
                    kept.text_content() or ""
                )
                [other] = [c for c in offers[seat] if c != entry["candidate"]]
                assert "went back to the box unseen" in (
                    dealt.locator(f'[data-candidate="{other}"]').text_content() or ""
                )
        shot_below_the_controls(
            ann.page,
            ann.page.locator(".board .seats"),
            ann.artifacts / f"replay-omniscient-campaign-trail-choosing-v{version}.png",
        )
        ann.page.select_option("#perspective", "1")
        board_at(ann.page, version)
        ann.page.wait_for_selector('.board section.own-hand[aria-label="Bob\'s hand"]')  # Bob's view is drawn
        board = ann.page.locator(".board")
        assert board.locator('[aria-label$="\'s candidates"]').count() == 0
        assert board.locator('[aria-label="Ann\'s hand"]').count() == 0
        assert not set(drawn(board)) & set(view["seats"][0]["hand"]["cards"]) - set(
            view["seats"][1]["hand"]["cards"]
        )
        shot_below_the_controls(
            ann.page,
            board.locator(".seats"),
            ann.artifacts / f"replay-campaign-trail-choosing-v{version}-as-bob.png",
        )
    assert not ann.errors, ann.errors


def drawn_candidates(box: Any) -> list[int]:
    """The candidates drawn in ``box``, by their numbers."""
    numbers: list[int] = box.locator("[data-candidate]").evaluate_all(
        "found => found.map((c) => Number(c.dataset.candidate))"
    )
    return numbers


def test_a_seat_choosing_its_candidate_reads_its_own_hand_s_text_and_no_one_else_s(
    player: Callable[..., Player], server: Served
) -> None:
    """The live table before the campaign: Ann, choosing, reads each of her cards' text beside her two
    candidates; no card of Bob's hand and neither of his candidates is on her page."""
    game_id, tokens = open_table(server.base, "campaign-trail", NAMES, seed="omniscient-choosing")
    auth = {"Authorization": f"Bearer {tokens[0]}"}
    mine = httpx.get(f"{server.base}/api/games/{game_id}/view", headers=auth).json()["view"]
    bob = httpx.get(
        f"{server.base}/api/games/{game_id}/view", headers={"Authorization": f"Bearer {tokens[1]}"}
    ).json()["view"]
    assert mine["faces"] == [] and mine["candidate_faces"] == []
    ann = player("Ann", phone=True)
    ann.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})
    ann.open(f"/games/{game_id}")
    panel = ann.page.locator('.board [aria-label="Choose your candidate"]')
    panel.wait_for()
    lines = panel.locator(".ct-hand-text li")
    assert lines.count() == len(mine["my_cards"]) == 5
    for face, text in zip(mine["my_cards"], lines.all_text_contents(), strict=True):
        assert f"#{face['number']}" in text and face["actions"][0] in text, (face, text)
    page = ann.page.text_content("body") or ""
    assert not set(drawn(ann.page.locator("body"))) & {c["number"] for c in bob["my_cards"]}
    for candidate in bob["my_candidates"]:
        assert candidate["name"] not in page, candidate["name"]
    shot_below_the_controls_or_top(
        ann.page, panel, ann.artifacts / "table-campaign-trail-choosing-own-hand.png"
    )
    assert not ann.errors, ann.errors


def shot_below_the_controls_or_top(page: Any, box: Any, path: Path) -> None:
    """The phone's screen with ``box``'s top at the top of the screen."""
    box.scroll_into_view_if_needed()
    box.evaluate("box => window.scrollBy(0, box.getBoundingClientRect().top - 4)")
    page.screenshot(path=str(path))
