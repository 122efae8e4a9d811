"""Seeded random games: every game ends, and a seat that may act always has a legal command."""

from __future__ import annotations

import random

from domain.chance import Context
from domain.games.slush_fund_2.commands import DrawCards
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


def test_remaining_cards_are_always_a_multiple_of_3_so_a_seat_can_always_draw_3() -> None:
    """Remaining cards should always be in multiples of 3 (ruling R14: a seat can always draw 3)."""
    for seed in range(30):
        rng = random.Random(seed)
        state, _ = start(GAME, GAME.options_type(), 2, Context(rng=rng))
        while not GAME.is_over(state):
            assert all(deck.count % 3 == 0 for deck in state.decks)
            if isinstance(GAME.legal_commands(state, state.turn)[0], DrawCards):
                assert state.decks[state.turn].count >= 3
            seat = min(GAME.to_act(state))
            state, _ = play(GAME, state, seat, rng.choice(GAME.legal_commands(state, seat)), Context(rng=rng))


def test_a_turn_is_a_sequence_of_small_commands_so_every_legal_list_stays_small() -> None:
    """Ruling R6: each step offers a short list of commands (no combinations of whole turns)."""
    longest = 0
    for seed in range(30):
        rng = random.Random(seed)
        state, _ = start(GAME, GAME.options_type(), 2, Context(rng=rng))
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            legal = GAME.legal_commands(state, seat)
            longest = max(longest, len(legal))
            state, _ = play(GAME, state, seat, rng.choice(legal), Context(rng=rng))
    assert longest <= 200
