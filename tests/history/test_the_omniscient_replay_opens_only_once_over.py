"""Who may ask for the omniscient replay, kept exactly as it was (issue 33, item 4's leak side): while
a game is live nobody may (seat or spectator, any version, ``viewer`` or ``perspective``); once it is
over anyone may, and only the omniscient view holds another seat's hand (Campaign Trail now names
each hand card's face there, and in no other view, from the deal on, with each seat's dealt and kept
candidates' faces while candidates are chosen; Politrickers' face-down cards and the cards set
aside at the deal, which its replay now draws, are there and in no other view)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.takeback.helpers import TAKEBACK_TYPES, Game

GAMES = [("campaign-trail", 2), ("super-pacs", 2), ("politrickers", 3), ("slush-fund-2", 2)]


def play_to_end(game: Game, rng: random.Random, limit: int = 5000) -> None:
    """Random legal game commands (no take-backs) from whoever is asked first, until the game ends."""
    for _ in range(limit):
        if game.over():
            return
        seat = game.to_act()[0]
        game.ok(seat, rng.choice([c for c in game.legal(seat) if c["type"] not in TAKEBACK_TYPES]))
    raise AssertionError("the game did not end")


def asked(game: Game, path: str, seat: int | None, **params: Any) -> Any:
    return game.get(path, seat, **params)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_while_a_game_is_live_nobody_may_read_its_omniscient_replay(
    client: TestClient, name: str, players: int
) -> None:
    """Every seat and the spectator, at every version so far, under either name: 403
    ``history/hidden_until_over``; the timeline too."""
    game = Game(client, name, players)
    rng = random.Random(3)
    for _ in range(12):
        seat = game.to_act()[0]
        game.ok(seat, rng.choice([c for c in game.legal(seat) if c["type"] not in TAKEBACK_TYPES]))
    latest = game.table().version
    for seat in [*game.tokens, None]:
        for params in ({"viewer": "omniscient"}, {"perspective": "omniscient"}):
            for version in (1, latest // 2, latest):
                answer = asked(game, f"/at/{version}", seat, **params)
                assert answer.status_code == 403, answer.text
                assert answer.json()["error"]["code"] == "history/hidden_until_over"
            answer = asked(game, "/timeline", seat, **params)
            assert answer.status_code == 403 and answer.json()["error"]["code"] == "history/hidden_until_over"


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_once_over_anyone_may_read_it_and_only_it_names_another_seat_s_hand(client: TestClient) -> None:
    """Campaign Trail played to the end: at a mid version the spectator and each seat may read the
    omniscient view, which holds every hand and each hand card's face; no seat's view and not the
    spectator's holds a face of a card in another seat's hand."""
    game = Game(client, "campaign-trail", 2)
    play_to_end(game, random.Random(5))
    latest = game.table().version
    for version in range(latest // 2, latest):
        everything = asked(game, f"/at/{version}", None, perspective="omniscient").json()["view"]
        hands = [entry["hand"]["cards"] for entry in everything["seats"]]
        if all(hands):
            break
    faces = {face["number"] for face in everything["faces"]}
    assert set(hands[0]) | set(hands[1]) <= faces
    for seat in [*game.tokens, None]:
        answer = asked(game, f"/at/{version}", seat, viewer="omniscient")
        assert answer.status_code == 200 and answer.json()["view"] == everything
        own = asked(game, f"/at/{version}", seat).json()["view"]
        others = set().union(*(set(cards) for s, cards in enumerate(hands) if s != seat))
        shown = {face["number"] for face in own["faces"]} | {face["number"] for face in own["my_cards"]}
        assert not (others & shown - set(hands[seat] if seat is not None else ())), (seat, others & shown)


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_at_the_candidate_choice_only_the_omniscient_view_names_other_seats_cards_and_candidates(
    client: TestClient,
) -> None:
    """Campaign Trail before the campaign: while live, a seat's view (now and at each version so far)
    holds its own hand's faces and its own dealt candidates only, the spectator's none; once over, the
    omniscient view at those versions holds every hand card's face and every seat's dealt or kept
    candidate's face, and still no seat's view nor the spectator's holds another seat's."""
    game = Game(client, "campaign-trail", 2)
    game.ok(0, next(c for c in game.legal(0) if c["type"] == "KeepCandidate"))
    live = game.table().version
    for version in range(1, live + 1):
        for seat in [*game.tokens, None]:
            own = asked(game, f"/at/{version}", seat).json()["view"]
            if own is None:
                continue
            assert own["faces"] == [] and own["candidate_faces"] == [], (version, seat)
            others = [entry for entry in own["seats"] if entry["seat"] != seat]
            assert all(entry["hand"]["type"] == "HandCount" for entry in others)
            assert all(entry["offer"]["type"] == "HandCount" for entry in others)
    other = game.client.get(f"/api/games/{game.id}/at/{live}", headers=game.auth(0), params={"seat": 1})
    assert other.json()["error"]["code"] == "history/hidden_until_over"
    play_to_end(game, random.Random(5))
    choosing = [
        (version, view)
        for version in range(1, live + 3)
        if (view := asked(game, f"/at/{version}", None, perspective="omniscient").json()["view"])
        and view["month"] == "Choosing candidates"
    ]
    assert any(entry["candidate"] is not None for _, view in choosing for entry in view["seats"])
    for version, everything in choosing:
        hands = [set(entry["hand"]["cards"]) for entry in everything["seats"]]
        assert {face["number"] for face in everything["faces"]} == hands[0] | hands[1]
        dealt = [
            [*entry["offer"]["cards"], *([entry["candidate"]] if entry["candidate"] is not None else [])]
            for entry in everything["seats"]
        ]
        named = [face["number"] for face in everything["candidate_faces"]]
        assert set(dealt[0] + dealt[1]) <= set(named) and all(len(offer) in {1, 2} for offer in dealt)
        for seat in [*game.tokens, None]:
            own = asked(game, f"/at/{version}", seat).json()["view"]
            assert own["faces"] == [] and own["candidate_faces"] == [], (version, seat)
            mine = {face["number"] for face in own["my_cards"]}
            assert mine == (hands[seat] if seat is not None else set())
            offered = [face["number"] for face in own["my_candidates"]]
            assert offered == (everything["seats"][seat]["offer"]["cards"] if seat is not None else [])


SEED = 6
"""A seed whose random game plays a card face down (most random Politrickers games play none)."""


def face_down(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [entry["set_aside_face_down"] for entry in view["seats"]]


def test_only_the_omniscient_politrickers_view_holds_face_down_cards_and_the_cards_set_aside(
    client: TestClient,
) -> None:
    """Politrickers played to the end: where a seat has played a card face down, the omniscient view
    holds every seat's face-down cards and the cards set aside unseen at the deal; a seat's view holds
    only its own face-down cards, the spectator's none, and neither the cards set aside (counts only)."""
    game = Game(client, "politrickers", 3)
    play_to_end(game, random.Random(SEED))
    latest = game.table().version
    for version in range(2, latest):
        everything = asked(game, f"/at/{version}", None, perspective="omniscient").json()["view"]
        if everything and everything["trick"] and any(held["cards"] for held in face_down(everything)):
            break
    assert all(held["type"] == "OwnHand" for held in face_down(everything))
    assert any(held["cards"] for held in face_down(everything)), "no card was played face down"
    assert everything["leftovers"]["type"] == "LeftoverCards" and everything["leftovers"]["cards"]
    for seat in [*game.tokens, None]:
        own = asked(game, f"/at/{version}", seat).json()["view"]
        for other, held in enumerate(face_down(own)):
            if other == seat:
                assert held == face_down(everything)[other]
            else:
                assert held == {"type": "HandCount", "count": len(face_down(everything)[other]["cards"])}
        assert own["leftovers"] == {"type": "LeftoverCount", "count": len(everything["leftovers"]["cards"])}
