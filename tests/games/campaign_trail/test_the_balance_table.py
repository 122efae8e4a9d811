"""What ``backroom balance campaign-trail`` counts: cards played for actions and in debates, each
seat's party and candidate."""

from __future__ import annotations

from domain.balance import BALANCE_HEADING, kept_section
from domain.balance_table import play
from domain.games.campaign_trail import CAMPAIGN_TRAIL
from domain.games.campaign_trail.balance import cards, played, roles
from domain.games.campaign_trail.cards.candidates import CANDIDATES
from domain.games.campaign_trail.cards.catalogue import ALL_CARDS, CARDS, DOC, NOT_FOR_2P
from domain.games.campaign_trail.events import CardDrawn, CardPlayed, DebateCardPlayed
from domain.playout import play_random_game


def test_a_card_played_for_an_action_or_in_a_debate_is_played_and_a_drawn_one_is_not() -> None:
    """An action played, a debate card played: each counts its card; drawing one does not."""
    first, second = ALL_CARDS[0].number, ALL_CARDS[1].number
    action = CardPlayed(seat=0, card=first, action=2, kind="Fundraise", counts_as="Fundraise")
    assert played(action) == (CARDS[first].title,)
    assert played(DebateCardPlayed(seat=1, card=second)) == (CARDS[second].title,)
    assert played(CardDrawn(seat=0, card=second, month=1)) == ()


def test_a_two_party_game_lists_no_card_left_out_of_two_party_games() -> None:
    """Cards marked not for two players are out of the two-party list and in the three-party one."""
    left_out = {CARDS[number].title for number in NOT_FOR_2P}
    assert left_out and not left_out & set(cards(2))
    assert left_out <= set(cards(3)) and len(cards(3)) == len(ALL_CARDS)


def test_a_seat_s_roles_are_its_party_and_its_candidate() -> None:
    """Seat 0 is the Democrats, 1 the Republicans, 2 the Libertarians, each with the candidate kept."""
    state, _ = play_random_game(CAMPAIGN_TRAIL, 4, 3)
    found = roles(state)
    assert found["party"] == ("Democrat", "Republican", "Libertarian")
    assert found["candidate"] == tuple(CANDIDATES[c].name for c in state.candidates)
    assert dict(play(CAMPAIGN_TRAIL, 4, 3).roles) == found


def test_the_card_list_ends_with_the_balance_tables_for_2_and_3_parties_every_goal_met() -> None:
    """Issue 13: over 2,000 random games no party or candidate above 1.5x the mean; the tables are in
    docs/cards/campaign-trail.md, for every candidate of the current data."""
    kept = kept_section(DOC)
    assert kept.startswith(BALANCE_HEADING)
    for players in (2, 3):
        assert f"backroom balance campaign-trail --games 2000 --players {players} --markdown" in kept
        assert f"### Campaign Trail, {players} players, 2000 random games from seed 0" in kept
    for candidate in CANDIDATES:
        assert kept.count(f"| {candidate.name} |") == 2, candidate.name
    assert "MISSED" not in kept and kept.count("| MET |") == 3 * 2
