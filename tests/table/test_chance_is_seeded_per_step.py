"""A step's generator is seeded on its first draw, and draws exactly what ``random.Random(seed)`` draws."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from domain.chance import Context, SeededOnDraw


@given(st.text(max_size=30), st.integers(min_value=0, max_value=10_000))
def test_a_step_draws_what_random_seeded_with_secret_and_version_draws(secret: str, version: int) -> None:
    """Shuffles, samples, choices and floats come out as from ``random.Random(f"{secret}:{version}")``."""
    plain, step = random.Random(f"{secret}:{version}"), Context.for_step(secret, version).rng
    deck, stepped = list(range(52)), list(range(52))
    plain.shuffle(deck)
    step.shuffle(stepped)
    assert deck == stepped
    assert plain.sample(range(1000), 7) == step.sample(range(1000), 7)
    assert plain.choice("abcdefg") == step.choice("abcdefg")
    assert plain.random() == step.random()
    assert plain.getstate() == step.getstate()


def test_its_state_before_any_draw_is_the_seeded_state() -> None:
    """Asking for the state seeds it first: a saved state resumes the same draws."""
    step = SeededOnDraw("secret:3")
    assert step.getstate() == random.Random("secret:3").getstate()
