"""Checks for a game whose ``evolve`` remembers the folds its ``decide`` made (its ``_RECENT``)."""

from __future__ import annotations

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
        state = folding._APPLY[type(event)](state, event)
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
