"""The action cards and candidates, as data, and the card list generated from them."""

from __future__ import annotations

from domain.games.campaign_trail.cards import COUNTS_AS, Kind
from domain.games.campaign_trail.cards.board import state
from domain.games.campaign_trail.cards.candidates import CANDIDATES, HOME_STATES
from domain.games.campaign_trail.cards.catalogue import ALL_CARDS, CARDS, DOC, EFFECTS, NOT_FOR_2P, markdown

BASE_KINDS = set(list(Kind)[:6])
DIRTY_KINDS = set(list(Kind)[6:])


def test_every_card_is_numbered_once_and_shows_four_different_actions() -> None:
    """Each card shows four of the actions, each with its numbers."""
    assert len(CARDS) == len(ALL_CARDS) == 111
    for card in ALL_CARDS:
        assert len({action.kind for action in card.actions}) == 4


def test_base_cards_show_base_actions_and_dirty_politics_cards_the_module_actions() -> None:
    """Dirty Politics cards carry the module's six kinds; base cards the base six."""
    for card in ALL_CARDS:
        kinds = {action.kind for action in card.actions}
        assert kinds <= (DIRTY_KINDS if card.dirty else BASE_KINDS)


def test_dirty_politics_cards_show_no_debate_issue_icons() -> None:
    """There are no debate issue icons on the Dirty Politics cards."""
    assert all(card.issues == () for card in ALL_CARDS if card.dirty)
    assert all(len(card.issues) == 2 for card in ALL_CARDS if not card.dirty)


def test_the_module_cards_are_101_to_112() -> None:
    """#106, #107, #108, #110 and #112 are among them."""
    assert sorted(card.number for card in ALL_CARDS if card.dirty) == list(range(101, 113))


def test_fifteen_cards_are_not_for_2p() -> None:
    """2-player games remove the 15 cards marked "not for 2p"."""
    assert len(NOT_FOR_2P) == 15


def test_every_card_colours_home_states_of_candidates() -> None:
    """Cards show coloured home states (Favorite Son refers to them)."""
    for card in ALL_CARDS:
        assert card.home_states and set(card.home_states) <= set(HOME_STATES)


def test_every_politick_and_dirty_trick_names_an_effect() -> None:
    """Politick and Dirty Tricks actions carry an instant or ongoing effect."""
    for card in ALL_CARDS:
        for action in card.actions:
            if action.kind in (Kind.POLITICK, Kind.DIRTY_TRICKS):
                assert action.effect in EFFECTS


def test_scandal_and_favorite_son_print_the_module_text() -> None:
    """#107 and #110, word for word."""
    assert CARDS[107].actions[0].effect == "scandal"
    assert EFFECTS["scandal"].text == (
        "Each opposing party loses 3 registered voters and removes 1 voter from each of its ethically "
        "minded states OR pays you $60M (their choice)."
    )
    assert not EFFECTS["scandal"].ongoing
    assert CARDS[110].actions[0].effect == "favorite_son"
    assert EFFECTS["favorite_son"].ongoing


def test_the_example_cards_show_what_the_example_uses() -> None:
    """#108 smears CA; #112 suppresses (move 1, remove 2); #106 mudslings on 4 issues incl. GE and HC."""
    assert state("CA") in CARDS[108].actions[0].states
    assert CARDS[108].actions[0].kind is Kind.SMEAR_CAMPAIGN
    assert CARDS[112].actions[0][:4] == (Kind.VOTER_SUPPRESSION, 1, False, 2)
    assert CARDS[106].actions[0].kind is Kind.MUDSLINGING and {1, 2} <= set(CARDS[106].actions[0].issues)
    assert len(CARDS[106].actions[0].issues) == 4


def test_each_dirty_kind_counts_as_the_base_action_it_is_a_subset_of() -> None:
    """Printed: Smear Campaign is a Campaign, Mudslinging an Advertise, Dirty Tricks a Politick; rest ours."""
    assert COUNTS_AS[Kind.SMEAR_CAMPAIGN] is Kind.CAMPAIGN
    assert COUNTS_AS[Kind.MUDSLINGING] is Kind.ADVERTISE
    assert COUNTS_AS[Kind.DIRTY_TRICKS] is Kind.POLITICK
    assert COUNTS_AS[Kind.VOTER_SUPPRESSION] is Kind.TRAVEL
    assert COUNTS_AS[Kind.FLIP_CONTRIBUTORS] is Kind.FUNDRAISE
    assert COUNTS_AS[Kind.SWAY_MINDS] is Kind.REGISTER


def test_twelve_candidates_each_with_resources_an_advantage_and_a_disadvantage() -> None:
    """Each candidate: war chest, registered voters, a home state, an advantage and a disadvantage."""
    assert len(CANDIDATES) == 12 and len(set(HOME_STATES)) == 12
    for candidate in CANDIDATES:
        assert candidate.war_chest > 0 and candidate.registered > 0
        assert _benefit(*candidate.advantage) > 0 > _benefit(*candidate.disadvantage)


def _benefit(modifier: str, amount: int) -> int:
    """A change as good (positive) or bad for its candidate: a dearer Advertise is bad."""
    return -amount if modifier == "advertise" else amount


def test_the_card_list_in_docs_is_generated_from_the_data_and_current() -> None:
    """`docs/cards/campaign-trail.md` is what the catalogue module writes (`python -m ...cards.catalogue`)."""
    assert DOC.read_text() == markdown()
