"""What a seat's view carries for a player who has never played: the candidates it chooses between and
its hand meanwhile, what each state of the map shows, and the text of every card face up."""

from __future__ import annotations

from domain.games.campaign_trail.cards.board import (
    ABBREVIATIONS,
    ETHICALLY_MINDED,
    ISSUES,
    PRIMARY,
    SECONDARY,
    STATE_ISSUES,
    STATES_SHOWING,
    state,
)
from domain.games.campaign_trail.cards.candidates import CANDIDATES
from domain.games.campaign_trail.cards.catalogue import CARDS
from domain.games.campaign_trail.commands import KeepCandidate, PlayCard
from domain.games.campaign_trail.views import view
from domain.seats import OMNISCIENT, SPECTATOR
from tests.games.campaign_trail.conftest import campaigning, holding, set_up


def test_a_seat_choosing_its_candidate_sees_both_candidates_and_its_hand() -> None:
    """Deal 2 candidates, keep 1: the choice shows name, home, war chest, registered voters, advantage
    and disadvantage, and the 5 cards you hold while you choose."""
    table = set_up(3)
    seen = view(table.state, 0)
    assert len(seen.my_cards) == 5 and [c.number for c in seen.my_cards] == list(table.state.hands[0])
    dealt = [CANDIDATES[c] for c in table.state.offers[0]]
    assert [(c.name, c.war_chest, c.registered) for c in seen.my_candidates] == [
        (c.name, c.war_chest, c.registered) for c in dealt
    ]
    assert all(face.advantage.startswith("each ") and face.disadvantage for face in seen.my_candidates)


def test_another_seat_and_a_spectator_never_see_a_dealt_candidate_or_a_hand() -> None:
    """Hidden (ruling 13): hands and dealt candidates."""
    table = set_up(3)
    other, watcher = view(table.state, 1), view(table.state, SPECTATOR)
    assert [face.number for face in other.my_candidates] == list(table.state.offers[1])
    assert [c.number for c in other.my_cards] == list(table.state.hands[1])
    assert watcher.my_candidates == () and watcher.my_cards == ()


def test_the_choice_is_gone_once_the_candidate_is_kept() -> None:
    """The other candidate goes back unseen."""
    table = set_up(2)
    table.played((0, KeepCandidate(candidate=table.state.offers[0][0])))
    assert view(table.state, 0).my_candidates == ()


def test_the_omniscient_view_names_every_hand_card_and_dealt_candidate_while_candidates_are_chosen() -> None:
    """A finished game's replay, before the campaign: every hand card's face and every seat's two dealt
    candidates (then the one it kept) by their faces; no seat's view and not the spectator's gains any."""
    table = set_up(3)
    table.played((1, KeepCandidate(candidate=table.state.offers[1][1])))
    state = table.state
    everything = view(state, OMNISCIENT)
    assert {face.number for face in everything.faces} == {card for hand in state.hands for card in hand}
    assert all(face.actions for face in everything.faces)
    named = [face.number for face in everything.candidate_faces]
    assert (
        {*state.offers[0], state.kept[1], *state.offers[2], *state.box}
        == set(named)
        == set(range(len(CANDIDATES)))
    )
    assert [seat.offer.cards for seat in everything.seats] == list(state.offers)  # type: ignore[union-attr]
    assert everything.seats[1].candidate == state.kept[1]
    for viewer in (0, 1, 2, SPECTATOR):
        seen = view(state, viewer)
        assert seen.faces == () and seen.candidate_faces == ()
        assert [c.number for c in seen.my_cards] == (list(state.hands[viewer]) if viewer != SPECTATOR else [])


def test_each_state_shows_its_issues_tiebreakers_and_the_ethically_minded_parties_at_the_table() -> None:
    """The map carries what the rules act on; a 2-party table shows only its parties' ethics icons."""
    two = view(campaigning(2).state, 0)
    three = view(campaigning(3).state, 0)
    for place in (state("CA"), state("NC"), state("MD")):
        entry = three.states[place]
        assert entry.issues == tuple(ISSUES[i] for i in STATE_ISSUES[place])
        assert entry.tiebreakers == (PRIMARY[place], SECONDARY[place])
    assert three.states[state("NC")].ethical == (2,) and two.states[state("NC")].ethical == ()
    assert two.states[ETHICALLY_MINDED[0][0]].ethical == (0,)


def test_a_card_in_play_is_shown_with_its_text() -> None:
    """Ongoing cards by name and text, not by number alone."""
    table = holding(campaigning(3), 0, 110, 1, 2, 3, 4)
    table.played((0, PlayCard(card=110, action=0)))
    faces = {face.number: face for face in view(table.state, 1).faces}
    assert faces[110].title == "Favorite Son" and "home state" in faces[110].effect
    assert faces[110].effect.startswith("Favorite Son (ongoing): ")


def test_each_action_on_a_card_names_the_states_it_reaches() -> None:
    """An Advertise's map, a smear's list, the states showing a mudslinging's issues: lit on the map."""
    face = {f.number: f for f in view(holding(campaigning(3), 0, 106, 108, 1, 2, 3).state, 0).my_cards}
    mudslinging = CARDS[106].actions[0]
    showing = {ABBREVIATIONS[p] for issue in mudslinging.issues for p in STATES_SHOWING[issue]}
    assert set(face[106].reach[0]) == showing
    assert face[108].reach[0] == tuple(ABBREVIATIONS[p] for p in CARDS[108].actions[0].states)
    advertise = next(i for i, a in enumerate(CARDS[1].actions) if a.kind == "Advertise")
    assert face[1].reach[advertise] == tuple(ABBREVIATIONS[p] for p in CARDS[1].actions[advertise].states)
