"""Checks for a game whose ``evolve`` remembers the folds its ``decide`` made (its ``_RECENT``)."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from types import ModuleType
from typing import Any

from domain.playout import Step, random_steps
from domain.referee import fold
from domain.table import AnyGame


def fresh_fold(folding: ModuleType, state: Any, events: list[Any]) -> Any:
    """The state after ``events``, every one applied anew through ``folding`` (nothing remembered)."""
    folding._RECENT.clear()
    for event in events:
        state = folding.APPLY[type(event)](state, event)
    return state


def assert_remembered_folds_are_fresh_folds(
    game: AnyGame, folding: ModuleType, seat_counts: Iterable[int], seeds: int
) -> None:
    """Each random step's fold, partly remembered from deciding it, equals folding its events anew;
    and some fold was remembered (else the check proved nothing)."""
    remembered = 0
    for seat_count in seat_counts:
        for seed in range(seeds):
            for step in random_steps(game, seed, seat_count):
                if isinstance(step, Step):
                    remembered += sum(event in folding._RECENT for event in step.events)
                    assert step.after == fresh_fold(folding, step.before, step.events)
                    assert fold(game, step.events, step.before) == step.after
    assert remembered > 0, "no fold was ever remembered, so the check proved nothing"



def assert_a_run_of_folds_serves_only_its_own_decision(game: AnyGame, folding: ModuleType, seed: int) -> None:
    """The referee's fold takes the state a decision's folds made only for those very events (by
    identity) from the state it was decided on, and once: the next fold from there applies them afresh."""
    step = [s for s in random_steps(game, seed, 2) if isinstance(s, Step) and len(s.events) > 1][3]
    afresh = fresh_fold(folding, step.before, step.events)
    made = step.before
    for event in step.events:  # as deciding them did
        made = folding.evolve_decided(made, event)
    alike = [copy.copy(event) for event in step.events]  # equal events, not the very ones decided
    found = fold(game, alike, step.before)
    assert found == afresh and found is not made, "equal events are applied, not found"
    assert fold(game, step.events, step.before) is made, "the very events from the very state: found"
    again = fold(game, step.events, step.before)
    assert again == afresh and again is not made, "a run is taken once"
