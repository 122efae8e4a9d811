"""The search the whole-game browser tests make of every page: it finds a secret said anywhere, and
only a secret (a name inside a longer public name, or ``#12`` inside ``#123``, is not one)."""

from __future__ import annotations

from domain.games.super_pacs.cards import LEADER_IDS, name
from tests.browser.whole_games import card_of, secret_at, shown_secrets


def test_a_secret_said_anywhere_on_the_page_is_found_with_its_context() -> None:
    """A hidden faction's name in the log is a leak, and the report shows where it was said."""
    found = shown_secrets("v12 Bob drew Think Tank.\nYour hand", {"Think Tank"})
    assert list(found) == ["Think Tank"] and "Bob drew Think Tank." in found["Think Tank"]


def test_a_secret_inside_a_longer_public_name_is_not_a_leak() -> None:
    """ "Think Tank Endowment" is an investment for sale, not the hidden faction "Think Tank"."""
    assert shown_secrets("Investments for sale: Think Tank Endowment · 4 megabucks", {"Think Tank"}) == {}


def test_a_hidden_card_number_is_matched_whole() -> None:
    """Campaign Trail's hidden #12 is not shown by #123 or by 12 voters, but is by "#12 "."""
    assert shown_secrets("Play #123: Travel 3 · 12 voters", {"#12"}) == {}
    assert list(shown_secrets("Lauren drew #12 from August.", {"#12"})) == ["#12"]


def test_each_occurrence_the_page_reports_is_judged_where_it_stands() -> None:
    """The page sends each occurrence of a secret with the words around it; only that occurrence is
    judged, so a snippet that ends inside "#104" (seen whole around its own occurrence) never reads as #1."""
    assert not secret_at("Play #104, action 3: Voter Suppression", 5, "#1", {"#1"})
    assert secret_at("drew #1 from August. Play #1", 5, "#1", {"#1"})
    assert not secret_at("for sale: Think Tank Endowment", 10, "Think Tank", {"Think Tank"})
    assert secret_at("Think Tank Endowment, and Bob drew Think Tank", 35, "Think Tank", {"Think Tank"})


def test_a_leaders_name_before_the_reveal_is_a_secret_like_any_other() -> None:
    """A leader offered to another seat (so its pick before the reveal) is found by its name."""
    leader = name(LEADER_IDS[0])
    assert list(shown_secrets(f"Ann keeps {leader}", {leader})) == [leader]


def test_the_card_a_move_plays_is_read_as_the_renderers_read_it() -> None:
    """A sneak plays its first card; a move with no card (or a boolean) plays none."""
    assert card_of({"type": "Sneak", "cards": [4, 9]}) == 4
    assert card_of({"type": "PlaySurprise", "card": 7}) == 7
    assert card_of({"type": "Pass"}) is None and card_of({"type": "X", "card": True}) is None
