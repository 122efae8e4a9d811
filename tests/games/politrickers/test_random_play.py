"""Random legal play: 200 seeded games at each table size end, and the seat to act always has a move."""

from __future__ import annotations

import random

import pytest

from domain import referee
from domain.chance import Context
from domain.games.politrickers.rules import PolitrickersOptions
from domain.games.politrickers.state import Finished

from .conftest import GAME


@pytest.mark.parametrize("seat_count", [3, 4, 5])
def test_two_hundred_seeded_random_games_end_without_error(seat_count: int) -> None:
    """Every seat in to_act always has a legal command, cards are conserved, and every game ends."""
    for seed in range(200):
        rng = random.Random(seed)
        state, _ = referee.start(GAME, PolitrickersOptions(), seat_count, Context(rng=rng))
        deck = sorted(GAME.cards(state))
        while not GAME.is_over(state):
            acting = GAME.to_act(state)
            assert len(acting) == 1 and all(GAME.legal_commands(state, seat) for seat in acting)
            seat = min(acting)
            state, _ = referee.play(
                GAME, state, seat, rng.choice(GAME.legal_commands(state, seat)), Context(rng=rng)
            )
            assert sorted(GAME.cards(state)) == deck
        assert isinstance(state, Finished) and GAME.outcome(state) is not None
        assert min(state.totals) >= -3 and len(state.totals) == seat_count
