"""A step's chance is seeded on its first draw, and draws exactly what ``random.Random(seed)`` draws."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from domain.chance import EPOCH
from domain.table.rules import chance_after


@given(st.text(max_size=30), st.integers(min_value=0, max_value=10_000))
def test_a_step_draws_what_random_seeded_with_secret_and_version_draws(secret: str, version: int) -> None:
    """Shuffles, samples, choices and floats come out as from ``random.Random(f"{secret}:{version}")``."""
    plain, step = random.Random(f"{secret}:{version}"), chance_after(secret, version, EPOCH).rng
    deck, stepped = list(range(52)), list(range(52))
    plain.shuffle(deck)
    step.shuffle(stepped)
    assert deck == stepped
    assert plain.sample(range(1000), 7) == step.sample(range(1000), 7)
    assert plain.choice("abcdefg") == step.choice("abcdefg")
    assert plain.random() == step.random()
    assert plain.getstate() == step.getstate()


def test_a_step_that_draws_nothing_makes_no_generator_and_one_that_draws_keeps_drawing_from_one() -> None:
    """Seeding costs more than most commands: a step makes its generator at its first draw, once."""
    step = chance_after("secret", 3, EPOCH)
    assert "rng" not in step.__dict__
    first = step.rng
    assert step.rng is first and step.__dict__["rng"] is first
    assert first.getstate() == random.Random("secret:3").getstate()
