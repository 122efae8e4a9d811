"""The map, as data: 50 states and DC, 538 electoral votes, real neighbours, a balanced start."""

from __future__ import annotations

from domain.games.campaign_trail.cards.board import (
    ABBREVIATIONS,
    ELECTORAL_VOTES,
    ETHICALLY_MINDED,
    ISSUES,
    NEIGHBOURS,
    PRIMARY,
    SECONDARY,
    STATE_COUNT,
    STATE_ISSUES,
    STATES_SHOWING,
    Party,
    state,
)
from domain.games.campaign_trail.rules import opening_voters
from domain.games.campaign_trail.rules.months import electoral_votes
from tests.games.campaign_trail.conftest import D, L, R


def test_the_map_has_the_50_states_and_dc() -> None:
    """Each state (and DC) once."""
    assert STATE_COUNT == 51 == len(set(ABBREVIATIONS))
    assert "DC" in ABBREVIATIONS


def test_electoral_votes_are_the_2012_to_2020_apportionment_538_in_all() -> None:
    """CA 55, TX 38, FL 29, NY 29, IL 20, PA 20, OH 18, ..., WY 3, DC 3; 538 in all."""
    assert sum(ELECTORAL_VOTES) == 538
    expected = {"CA": 55, "TX": 38, "FL": 29, "NY": 29, "IL": 20, "PA": 20, "OH": 18, "WY": 3, "DC": 3}
    assert {code: ELECTORAL_VOTES[state(code)] for code in expected} == expected
    assert min(ELECTORAL_VOTES) == 3


def test_adjacency_is_symmetric_and_never_a_state_to_itself() -> None:
    """If A borders B then B borders A."""
    for place in range(STATE_COUNT):
        assert place not in NEIGHBOURS[place]
        for other in NEIGHBOURS[place]:
            assert place in NEIGHBOURS[other], (ABBREVIATIONS[place], ABBREVIATIONS[other])


def test_dc_borders_maryland_and_virginia_and_alaska_and_hawaii_border_nothing() -> None:
    """DC with MD and VA; AK and HI adjacent to none (reached by plane)."""
    assert {ABBREVIATIONS[n] for n in NEIGHBOURS[state("DC")]} == {"MD", "VA"}
    assert NEIGHBOURS[state("AK")] == () == NEIGHBOURS[state("HI")]


def test_every_other_state_is_reachable_by_land_from_every_other() -> None:
    """The 48 contiguous states and DC form one connected map."""
    seen, frontier = {state("KS")}, [state("KS")]
    while frontier:
        for other in NEIGHBOURS[frontier.pop()]:
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    assert len(seen) == STATE_COUNT - 2


def test_a_3_party_start_is_balanced_179_179_180() -> None:
    """Every party starts with (nearly) the same electoral votes; 538 does not split in three (ruling 2)."""
    assert electoral_votes(opening_voters(3), 3) == (179, 179, 180)


def test_a_2_party_start_is_balanced_269_each() -> None:
    """With the Libertarians absent their states go to their secondary party: 269 each."""
    assert electoral_votes(opening_voters(2), 2) == (269, 269)


def test_each_state_has_two_different_tiebreaker_parties() -> None:
    """A primary and a secondary tiebreaker party, never the same."""
    assert all(first != second for first, second in zip(PRIMARY, SECONDARY, strict=True))


def test_each_party_has_the_five_ethically_minded_states_the_module_lists() -> None:
    """D: MD MA NJ CT WA; L: NC VA CO MN OR; R: GA KY MO AZ AL."""
    listed = {D: "MD MA NJ CT WA", L: "NC VA CO MN OR", R: "GA KY MO AZ AL"}
    for party, codes in listed.items():
        assert {ABBREVIATIONS[p] for p in ETHICALLY_MINDED[party]} == set(codes.split())


def test_ethically_minded_states_start_with_their_partys_voters() -> None:
    """Ours: each party's ethically minded states have it as primary tiebreaker, so it can pay from them."""
    for party in Party:
        assert all(PRIMARY[p] == party for p in ETHICALLY_MINDED[party])


def test_eight_issues_and_every_state_cares_about_one_or_two() -> None:
    """About 8 issues in all; every state shows at least one."""
    assert len(ISSUES) == 8
    assert all(1 <= len(issues) <= 2 for issues in STATE_ISSUES)
    assert all(STATES_SHOWING[issue] for issue in range(len(ISSUES)))


def test_california_shows_gender_equality_and_fl_nd_hi_show_health_care() -> None:
    """As the module's worked example needs (and no other state shows them)."""
    assert {ABBREVIATIONS[p] for p in STATES_SHOWING[ISSUES.index("Gender Equality")]} == {"CA"}
    assert {ABBREVIATIONS[p] for p in STATES_SHOWING[ISSUES.index("Health Care")]} == {"FL", "ND", "HI"}
