"""What the engine remembers or looks up by seat gives the very answers it would work out afresh.

``decide`` folds some events to see what follows them, and ``evolve`` remembers those folds for the
referee's fold of the same events; the plays every card allows are looked up by seat and table size.
"""

from __future__ import annotations

from importlib import import_module

from domain.games.campaign_trail import CAMPAIGN_TRAIL
from domain.games.campaign_trail.cards.catalogue import CARDS
from domain.games.campaign_trail.events import ActionLeft
from domain.games.campaign_trail.rules import legal
from domain.games.campaign_trail.state import Campaigning, Finished
from domain.playout import Step, random_steps
from domain.referee import fold
from domain.seats import OMNISCIENT, SPECTATOR, Seat
from tests.support.remembered import (
    assert_a_run_of_folds_serves_only_its_own_decision,
    assert_remembered_folds_are_fresh_folds,
)

folding = import_module("domain.games.campaign_trail.evolve")  # the package's ``evolve`` is the function


def test_the_referees_fold_of_a_decision_is_the_fold_made_afresh() -> None:
    """Each step's fold, partly remembered from deciding it, equals folding its events anew."""
    assert_remembered_folds_are_fresh_folds(CAMPAIGN_TRAIL, folding, (2, 3), seeds=6)


def test_a_remembered_fold_is_only_used_for_the_state_it_was_made_from() -> None:
    """The same event folded from another state is applied to that state, not answered from memory."""
    steps = [s for s in random_steps(CAMPAIGN_TRAIL, 3, 2) if isinstance(s, Step) and s.events]
    first = next(s for s in steps[10:] if isinstance(s.events[0], ActionLeft))
    later = steps[steps.index(first) + 5]
    event = first.events[0]  # what is left of an action: it applies to any campaign state
    folding.evolve_decided(first.before, event)  # remembered, as deciding it did
    afresh = folding.APPLY[type(event)](later.before, event)
    assert afresh != first.after, "the two states must differ for the check to prove anything"
    assert CAMPAIGN_TRAIL.evolve(later.before, event) == afresh
    assert fold(CAMPAIGN_TRAIL, [event], later.before) == afresh  # the referee's fold of it too


def test_a_run_of_folds_serves_only_the_decision_that_made_it() -> None:
    """The referee's fold finds what deciding folded for those very events from that very state, once."""
    assert_a_run_of_folds_serves_only_its_own_decision(CAMPAIGN_TRAIL, folding, seed=4)


def test_the_plays_looked_up_by_seat_are_every_cards_plays() -> None:
    """Every card's plays for a seat at a table of two or three are the ones made for that card."""
    for count in (2, 3):
        for seat in range(count):
            table = legal._ALWAYS_AT[seat, count]
            assert set(table) == set(CARDS)
            assert all(table[card] == legal._always(card, seat, count) for card in CARDS)


def test_the_map_a_view_remembers_is_the_map_made_afresh() -> None:
    """Every view's states and electoral-vote track, remembered by the voters they were made from or
    redrawn from the last map where voters moved, equal those worked out anew from the state."""
    views = import_module("domain.games.campaign_trail.views")
    months = import_module("domain.games.campaign_trail.rules.months")
    for count in (2, 3):
        for step in random_steps(CAMPAIGN_TRAIL, 5, count):
            state = step.after if isinstance(step, Step) else None
            if state is None or not hasattr(state, "voters") or CAMPAIGN_TRAIL.is_over(state):
                continue
            view = CAMPAIGN_TRAIL.view(state, 0)
            leaders = months.leaders_of(state.voters, count)
            assert view.states == views._states(state.voters, leaders, count)
            assert view.electoral_track == months.electoral_votes(state.voters, count, leaders)


def test_the_seats_a_view_remembers_are_the_seats_made_afresh() -> None:
    """Every seat's entry in every viewer's view (each seat, the spectator, the omniscient), remembered by
    its pieces (another seat's hand by its size alone), equals the entry made anew from the state."""
    views = import_module("domain.games.campaign_trail.views")
    for count in (2, 3):
        viewers = (*(Seat(seat) for seat in range(count)), SPECTATOR, OMNISCIENT)
        for step in random_steps(CAMPAIGN_TRAIL, 6, count):
            state = step.after if isinstance(step, Step) else None
            if not isinstance(state, Campaigning | Finished):
                continue
            for viewer in viewers:
                view = CAMPAIGN_TRAIL.view(state, viewer)
                track = view.electoral_track
                made = tuple(views._made(state, viewer, seat, track) for seat in range(count))
                assert view.seats == made
