"""Chance and time, passed into the rules as inputs.

The rules never import :mod:`random` for a global source nor read the clock: the service builds a
:class:`Chance` per command, and the rules write every outcome (a shuffled order, the cards drawn)
into the events, so that replaying a log never draws again.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Protocol, TypeVar

import msgspec

from domain.dealing import Draws

T = TypeVar("T")

EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


class Chance(Protocol):
    """What a decision may draw on besides the state: a random generator and the current time."""

    @property
    def rng(self) -> random.Random: ...

    @property
    def now(self) -> datetime: ...


class Context(msgspec.Struct, frozen=True):
    """A :class:`Chance` with a generator given (a playout, a bot, a test hands its own, often one for
    a whole game; a frozen struct, as one is built for every step)."""

    rng: random.Random
    now: datetime = EPOCH

    @classmethod
    def seeded(cls, seed: int | str, now: datetime = EPOCH) -> Context:
        """A context whose RNG is seeded reproducibly."""
        return cls(rng=random.Random(seed), now=now)


class Step(msgspec.Struct, frozen=True, dict=True):
    """The :class:`Chance` of one step of a table (``domain.table.rules`` names its ``seed``): the
    generator is made and seeded at the step's first draw, as ``random.Random(seed)``.

    Most commands draw nothing, and seeding a generator costs more than deciding the command: a step
    that draws nothing builds this struct and nothing else.
    """

    seed: str
    now: datetime = EPOCH
    key: bytes = b""
    """The table's key under dealing scheme 2 (``b""``: scheme 1, Python's generator seeded with ``seed``)."""
    position: int = 0
    """The step's position in the log, which scheme 2 draws its stream at."""

    @functools.cached_property
    def rng(self) -> random.Random:
        if self.key:
            return Draws(self.key, self.position)
        return random.Random(self.seed)


def shuffled(rng: random.Random, items: Sequence[T]) -> tuple[T, ...]:
    """A new tuple holding ``items`` in an order drawn from ``rng``."""
    order = list(items)
    rng.shuffle(order)
    return tuple(order)


def draw(rng: random.Random, items: Sequence[T], count: int) -> tuple[T, ...]:
    """``count`` distinct items drawn from ``items`` without replacement, in draw order."""
    return tuple(rng.sample(items, count))
