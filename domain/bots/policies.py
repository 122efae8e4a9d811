"""Bot policies: random, greedy and ISMCTS, each a function of a seat's :class:`Knowledge` and an RNG.

1. **random** picks uniformly among the seat's legal commands.
2. **greedy** looks one command ahead: for each legal command it plays the command on a few
   determinisations and scores the result with the game's ``evaluate`` for its seat; the best mean
   wins, ties drawn at random.
3. **ismcts** (:mod:`domain.bots.ismcts`) searches: every iteration determinises, then walks and
   grows one tree over every determinisation.

A :class:`BotSpec` names a policy and a level; :func:`choose` is the one entry point.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Literal

import msgspec

from domain.bots.ismcts import search
from domain.bots.knowledge import Knowledge, play
from domain.game import AnyGame
from domain.messages import Command
from domain.seats import Seat

PolicyName = Literal["random", "greedy", "ismcts"]
Stop = Callable[[], bool]
"""Asked between iterations: ``True`` once the bot's time is up (the caller owns the clock)."""

GREEDY_SAMPLES = (2, 4, 8)
"""Determinisations a greedy bot scores each command on, by level."""
ISMCTS_ITERATIONS = (40, 200, 800)
"""Iterations an ISMCTS bot searches, by level (seats at a table: the same position, the same move)."""
TIMED_ITERATIONS = 1_000_000
"""With a time budget (``stop``) the level is set aside: the bot searches until its time is up."""


class BotSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A bot: its policy and its level (1 to 3; higher thinks more)."""

    policy: PolicyName = "ismcts"
    level: int = msgspec.field(default=2)

    def label(self, nth: int = 1) -> str:
        """How the bot is named at a table, in words ("thinking bot (medium)"; ``nth``: the second of the
        same kind is "thinking bot 2 (medium)")."""
        kind = KINDS[self.policy] if nth == 1 else f"{KINDS[self.policy]} {nth}"
        return f"{kind} ({LEVEL_WORDS.get(self.level, f'level {self.level}')})"


KINDS: dict[str, str] = {"random": "random bot", "greedy": "greedy bot", "ismcts": "thinking bot"}
"""Each policy as a player reads it (ISMCTS searches the game's tree: it thinks)."""
LEVEL_WORDS: dict[int, str] = {1: "easy", 2: "medium", 3: "hard"}


def bot_names(bots: dict[int, BotSpec]) -> dict[int, str]:
    """Each bot seat's name, in seat order; two bots of one kind are told apart ("random bot (easy)",
    "random bot 2 (easy)"): players' names must differ, and the table names its bots."""
    named: dict[int, str] = {}
    seen: dict[BotSpec, int] = {}
    for seat in sorted(bots):
        spec = bots[seat]
        seen[spec] = seen.get(spec, 0) + 1
        named[seat] = spec.label(seen[spec])
    return named


LEVELS = range(1, 4)


def choose(  # noqa: PLR0917  (the position, the bot, and its budget)
    game: AnyGame,
    state: Any,
    seat: Seat,
    seats: int,
    spec: BotSpec,
    rng: random.Random,
    stop: Stop | None = None,
    cut: Stop | None = None,
) -> Command:
    """The command the bot ``spec`` sends for ``seat`` of ``seats``; it sees only what the seat knows.

    ``stop``: search until it says so, whatever the level; ``cut``: search by the level, but no longer
    than it allows (a bot's move is sent at a fixed time, so its thinking must end before it).
    """
    knowledge = Knowledge.of(game, state, seat, seats)
    level = min(max(spec.level, 1), 3) - 1
    if spec.policy == "random":
        return random_policy(knowledge, rng)
    if spec.policy == "greedy":
        return greedy(knowledge, rng, GREEDY_SAMPLES[level])
    return search(knowledge, rng, ISMCTS_ITERATIONS[level] if stop is None else TIMED_ITERATIONS, stop or cut)


def random_policy(knowledge: Knowledge, rng: random.Random) -> Command:
    """Any legal command, uniformly."""
    return rng.choice(knowledge.legal())


def greedy(knowledge: Knowledge, rng: random.Random, samples: int) -> Command:
    """The legal command whose result scores best for the seat, on average over ``samples`` draws."""
    game, seat = knowledge.game, knowledge.seat
    legal = knowledge.legal()
    if len(legal) == 1:
        return legal[0]
    totals = [0.0] * len(legal)
    for _ in range(samples):
        state = knowledge.sample(rng)
        for index, command in enumerate(legal):
            totals[index] += game.evaluate(play(game, state, seat, command, rng), seat)
    best = max(totals)
    return rng.choice([command for command, total in zip(legal, totals, strict=True) if total == best])
