"""What the engine makes once or remembers gives the very answers it would work out afresh.

``evolve`` remembers the folds a decision made, so that the referee's fold of the same events finds
them; turn orders and single seats are made once. None of this may change a state, an order or a seat.
"""

from __future__ import annotations

import copy
import sys
import threading
import time
from importlib import import_module

from hypothesis import given as examples
from hypothesis import strategies as st

from domain.games.super_pacs import SUPER_PACS
from domain.games.super_pacs.rules import asking
from domain.games.super_pacs.state import ORDERS, seat_order
from domain.playout import Step, random_steps
from domain.referee import fold
from tests.support.remembered import (
    assert_a_run_of_folds_serves_only_its_own_decision,
    assert_remembered_folds_are_fresh_folds,
    fresh_fold,
)

folding = import_module("domain.games.super_pacs.evolve")  # the package's ``evolve`` is the function


def test_the_referees_fold_of_a_decision_is_the_fold_made_afresh() -> None:
    """Each step's remembered fold equals folding its events anew, at every table size."""
    assert_remembered_folds_are_fresh_folds(SUPER_PACS, folding, (2, 3, 4), seeds=8)


def test_a_remembered_fold_is_only_used_for_the_state_it_was_made_from() -> None:
    """The same event folded from another table is applied to that table, not answered from memory."""
    steps = [s for s in random_steps(SUPER_PACS, 3, 2) if isinstance(s, Step) and s.events]
    first, later = steps[0], steps[5]
    event = first.events[0]
    folding.evolve_decided(first.before, event)  # remembered, as deciding it did
    afresh = folding.APPLY[type(event)](later.before, event)
    assert afresh != first.after, "the two states must differ for the check to prove anything"
    assert SUPER_PACS.evolve(later.before, event) == afresh
    assert fold(SUPER_PACS, [event], later.before) == afresh  # the referee's fold of it too


def test_a_run_of_folds_serves_only_the_decision_that_made_it() -> None:
    """The referee's fold finds what deciding folded for those very events from that very state, once."""
    assert_a_run_of_folds_serves_only_its_own_decision(SUPER_PACS, folding, seed=4)


def test_a_decisions_events_remembered_at_once_serve_only_that_decision() -> None:
    """A decision remembers its events and the table they made once (``decided_run``, as ``decide``
    does): the referee's fold finds that table for those very events from that very state, once."""
    step = [s for s in random_steps(SUPER_PACS, 4, 2) if isinstance(s, Step) and len(s.events) > 1][3]
    afresh = fresh_fold(folding, step.before, step.events)
    made = step.before
    for event in step.events:  # as a decision's flow applies them
        made = folding.APPLY[type(event)](made, event)
    folding.decided_run(step.before, step.events, made)
    found = fold(SUPER_PACS, [copy.copy(event) for event in step.events], step.before)
    assert found == afresh and found is not made, "equal events are applied, not found"
    assert fold(SUPER_PACS, step.events, step.before) is made, "the very events from the very state: found"
    again = fold(SUPER_PACS, step.events, step.before)
    assert again == afresh and again is not made, "a run is taken once"


def test_turn_orders_made_once_are_clockwise_from_the_first_player() -> None:
    """Every turn order is the seats from the first player clockwise."""
    for (count, first), order in ORDERS.items():
        assert order == tuple((first + offset) % count for offset in range(count))
    table = next(s for s in random_steps(SUPER_PACS, 1, 3) if isinstance(s, Step)).after
    assert seat_order(table) == tuple((table.first + i) % 3 for i in range(3))


@examples(st.integers(min_value=-1, max_value=9))
def test_a_single_seat_made_once_is_that_seat(seat: int) -> None:
    """A situation waiting for one seat waits for exactly that seat, remembered or not."""
    assert asking._alone(seat) == frozenset({seat})


@examples(st.lists(st.integers(0, 60), unique=True, max_size=12), st.integers(-1, 61))
def test_cutting_one_card_out_is_leaving_it_out(cards: list[int], card: int) -> None:
    """A card is cut out where it is; a card not there leaves the zone as it was."""
    zone = tuple(cards)
    assert folding._less(zone, card) == tuple(c for c in zone if c != card)


def test_who_is_asked_and_what_they_may_send_are_the_states_own_while_other_threads_ask_of_others() -> None:
    """The remembered answers are the asked state's even while another thread asks of another state (the
    reads and the projection's thread ask at once): each thread's answers are the ones worked out afresh,
    with the interpreter switching threads as often as it can."""
    steps = [s.before for s in random_steps(SUPER_PACS, 1, 2) if isinstance(s, Step)]
    states = [steps[0], next(s for s in steps if asking.situation(s) != asking.situation(steps[0]))]
    fresh = []
    for state in states:
        where = asking.situation(state)
        asked = asking._asked(state, where)
        fresh.append((asked, where, {seat: tuple(asking.legal(state, seat, where)) for seat in asked}))
    wrong: list[str] = []

    def ask(index: int) -> None:
        state, (asked, where, listed) = states[index], fresh[index]
        deadline = time.monotonic() + 0.3
        while time.monotonic() < deadline and not wrong:
            if asking.to_act(state) != asked or asking.where(state) != where:
                wrong.append(f"state {index} was told another state's seats or situation")
            for seat, commands in listed.items():
                if asking.allowed(state, seat) != commands:
                    wrong.append(f"state {index} was told another state's commands for seat {seat}")

    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=ask, args=(index,)) for index in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(before)
    assert not wrong, wrong[:3]
