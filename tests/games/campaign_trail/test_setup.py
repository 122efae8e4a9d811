"""Setup: voters on the map, candidates dealt and kept, hands, month decks and the removals."""

from __future__ import annotations

from domain.games.campaign_trail.cards.board import PRIMARY, SECONDARY, STATE_COUNT
from domain.games.campaign_trail.cards.candidates import CANDIDATES
from domain.games.campaign_trail.cards.catalogue import ALL_CARDS, DIRTY_NUMBERS, NOT_FOR_2P
from domain.games.campaign_trail.commands import KeepCandidate
from domain.games.campaign_trail.rules import CampaignTrailOptions, month_decks
from domain.games.campaign_trail.state import PARTIES, Campaigning, Drafting
from domain.visibility import HandCount, OwnHand
from tests.games.campaign_trail.conftest import GAME, campaigning, set_up


def test_every_state_starts_with_2_committed_voters_of_its_primary_tiebreaker_party() -> None:
    """3 parties: 2 voters of the primary tiebreaker party in every state, nobody else's."""
    voters = set_up(3).state.voters
    for place in range(STATE_COUNT):
        counts = voters[place * PARTIES : place * PARTIES + PARTIES]
        assert counts[PRIMARY[place]] == 2 and sum(counts) == 2


def test_in_a_2_party_game_a_state_of_the_absent_party_gets_1_voter_of_its_secondary_party() -> None:
    """The Libertarians are absent: their states start with 1 voter of the secondary tiebreaker party."""
    voters = set_up(2).state.voters
    for place in range(STATE_COUNT):
        counts = voters[place * PARTIES : place * PARTIES + PARTIES]
        if PRIMARY[place] == 2:
            assert counts[SECONDARY[place]] == 1 and sum(counts) == 1
        else:
            assert counts[PRIMARY[place]] == 2 and sum(counts) == 2


def test_each_seat_is_dealt_2_candidates_and_keeps_1() -> None:
    """Deal 2 candidates to each player, keep 1; the other goes back to the box."""
    table = set_up(3)
    state: Drafting = table.state
    assert all(len(offer) == 2 for offer in state.offers)
    assert table.legal(1) == [KeepCandidate(candidate=c) for c in state.offers[1]]
    not_offered = next(c for c in range(12) if c not in state.offers[1])
    table.when(1, KeepCandidate(candidate=not_offered)).raises("rule/illegal_move")
    kept = table.when(1, KeepCandidate(candidate=state.offers[1][1])).state
    assert kept.kept[1] == state.offers[1][1] and state.offers[1][0] in kept.box


def test_candidates_are_kept_in_any_order_and_the_campaign_begins_once_all_are() -> None:
    """Every seat that has not kept a candidate may keep one; then seat 0 plays first."""
    table = set_up(3)
    assert table.to_act() == {0, 1, 2}
    table.played((2, KeepCandidate(candidate=table.state.offers[2][0])))
    assert table.to_act() == {0, 1}
    table.played((0, KeepCandidate(candidate=table.state.offers[0][0])))
    table.played((1, KeepCandidate(candidate=table.state.offers[1][0])))
    assert isinstance(table.state, Campaigning) and table.to_act() == {0}


def test_a_candidate_brings_its_war_chest_registered_voters_and_its_pawn_to_its_home_state() -> None:
    """Each candidate has unique starting resources; its pawn starts on its home state."""
    state: Campaigning = campaigning(3).state
    for seat, number in enumerate(state.candidates):
        candidate = CANDIDATES[number]
        assert state.money[seat] == candidate.war_chest
        assert state.registered[seat] == candidate.registered
        assert state.pawns[seat] == candidate.home


def test_each_seat_is_dealt_5_action_cards_and_the_rest_make_three_month_decks() -> None:
    """Deal 5 to each player; split the rest into August, September and October (as equal as we can)."""
    state: Drafting = set_up(3).state
    assert [len(hand) for hand in state.hands] == [5, 5, 5]
    assert [len(deck) for deck in state.decks] == [32, 32, 32]
    assert [len(deck) for deck in month_decks(tuple(range(86)))] == [28, 29, 29]


def test_2_player_games_remove_the_cards_not_for_2p() -> None:
    """The 15 cards marked "not for 2p" are out of a 2-party game, and in a 3-party game."""
    two, three = set_up(2).state, set_up(3).state
    assert set(two.removed) == NOT_FOR_2P
    assert three.removed == ()
    assert not NOT_FOR_2P & set(GAME.cards(two)) - set(two.removed)


def test_the_dirty_politics_option_is_on_by_default_and_off_removes_its_cards() -> None:
    """Without the module its cards are removed from the deck before setup."""
    assert CampaignTrailOptions().dirty_politics
    off = set_up(3, dirty_politics=False).state
    assert set(off.removed) == DIRTY_NUMBERS
    in_play = [card for zone in (*off.hands, *off.decks) for card in zone]
    assert not DIRTY_NUMBERS & set(in_play) and len(in_play) == len(ALL_CARDS) - 12


def test_the_dealt_candidates_and_hands_are_hidden_from_the_other_seats() -> None:
    """A seat sees its own offer and hand; others see counts only."""
    table = set_up(3)
    mine, theirs = table.view(0).seats[0], table.view(0).seats[1]
    assert isinstance(mine.offer, OwnHand) and isinstance(mine.hand, OwnHand)
    assert theirs.offer == HandCount(count=2) and theirs.hand == HandCount(count=5)
