"""Chance and time, passed into the rules as inputs.

The rules never import :mod:`random` for a global source nor read the clock: the service builds a
:class:`Context` per command, and the rules write every outcome (a shuffled order, the cards drawn)
into the events, so that replaying a log never draws again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypeVar

T = TypeVar("T")

EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Context:
    """What a decision may draw on besides the state: a seeded RNG and the current time."""

    rng: random.Random
    now: datetime = EPOCH

    @classmethod
    def seeded(cls, seed: int | str, now: datetime = EPOCH) -> Context:
        """A context whose RNG is seeded reproducibly."""
        return cls(rng=random.Random(seed), now=now)

    @classmethod
    def for_step(cls, secret: str, version: int, now: datetime = EPOCH) -> Context:
        """The context for the command that will follow ``version`` of a game with ``secret`` seed."""
        return cls(rng=random.Random(f"{secret}:{version}"), now=now)


def shuffled(rng: random.Random, items: Sequence[T]) -> tuple[T, ...]:
    """A new tuple holding ``items`` in an order drawn from ``rng``."""
    order = list(items)
    rng.shuffle(order)
    return tuple(order)


def draw(rng: random.Random, items: Sequence[T], count: int) -> tuple[T, ...]:
    """``count`` distinct items drawn from ``items`` without replacement, in draw order."""
    return tuple(rng.sample(items, count))
