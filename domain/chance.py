"""Chance and time, passed into the rules as inputs.

The rules never import :mod:`random` for a global source nor read the clock: the service builds a
:class:`Context` per command, and the rules write every outcome (a shuffled order, the cards drawn)
into the events, so that replaying a log never draws again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


class Context(msgspec.Struct, frozen=True):
    """What a decision may draw on besides the state: a seeded RNG and the current time (a frozen
    struct: one is built for every command, and a struct is built several times faster than a frozen
    dataclass)."""

    rng: random.Random
    now: datetime = EPOCH

    @classmethod
    def seeded(cls, seed: int | str, now: datetime = EPOCH) -> Context:
        """A context whose RNG is seeded reproducibly."""
        return cls(rng=random.Random(seed), now=now)

    @classmethod
    def for_step(cls, secret: str, version: int, now: datetime = EPOCH) -> Context:
        """The context for the command that will follow ``version`` of a game with ``secret`` seed."""
        return cls(rng=SeededOnDraw(f"{secret}:{version}"), now=now)


class SeededOnDraw(random.Random):
    """A ``random.Random(seed)`` that seeds itself at its first draw: the same draws, in the same order.

    Most commands draw nothing, and seeding the generator costs more than deciding the command.
    Every draw of ``random.Random`` goes through :meth:`random` or :meth:`getrandbits`.
    """

    def __init__(self, seed: str) -> None:  # not seeded here: that is the point
        self._seed: str | None = seed
        self.gauss_next = None

    def _seeded(self) -> None:
        if self._seed is not None:
            seed, self._seed = self._seed, None
            super().seed(seed)

    def random(self) -> float:
        if self._seed is not None:  # a deal draws dozens of times: only the first one seeds
            self._seeded()
        return _DRAW(self)

    def getrandbits(self, k: int, /) -> int:
        if self._seed is not None:
            self._seeded()
        return _DRAW_BITS(self, k)

    def getstate(self) -> Any:  # random.Random's own state tuple
        self._seeded()
        return super().getstate()

    def seed(self, a: object = None, version: int = 2) -> None:
        self._seed = None
        super().seed(a, version)  # type: ignore[arg-type]  # random.Random's own signature


_DRAW, _DRAW_BITS = random.Random.random, random.Random.getrandbits
"""``random.Random``'s own draws, called straight (not through ``super()``) on every draw."""


def shuffled(rng: random.Random, items: Sequence[T]) -> tuple[T, ...]:
    """A new tuple holding ``items`` in an order drawn from ``rng``."""
    order = list(items)
    rng.shuffle(order)
    return tuple(order)


def draw(rng: random.Random, items: Sequence[T], count: int) -> tuple[T, ...]:
    """``count`` distinct items drawn from ``items`` without replacement, in draw order."""
    return tuple(rng.sample(items, count))
