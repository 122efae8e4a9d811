"""Seeded random games: every game ends, and a seat that may act always has a legal command."""

from __future__ import annotations

import random

from domain.chance import Context
from domain.referee import play, start

from .conftest import GAME


def test_200_seeded_random_games_end_and_the_acting_seat_always_has_a_legal_command() -> None:
    """Random legal play ends with an outcome; whoever is in ``to_act`` always has something to do."""
    for seed in range(200):
        rng = random.Random(seed)
        state, _ = start(GAME, GAME.options_type(), 2, Context(rng=rng))
        actions = 0
        while not GAME.is_over(state):
            acting = GAME.to_act(state)
            assert len(acting) == 1
            legal = GAME.legal_commands(state, min(acting))
            assert legal, f"seed {seed}: seat {min(acting)} has nothing to do"
            state, _ = play(GAME, state, min(acting), rng.choice(legal), Context(rng=rng))
            actions += 1
            assert actions < 5_000
        outcome = GAME.outcome(state)
        assert outcome is not None and len(outcome.scores) == 2
        assert sorted(GAME.cards(state)) == list(range(60))
