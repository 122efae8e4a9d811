"""Fairness is a test: a bot given the real state and a bot given any resample of it choose alike.

For every registered game and seat count, from positions of seeded random games, each policy (random,
greedy, ISMCTS) chooses for the seat to act with one seeded RNG, once on the real state and once on a
``resample`` of it for that seat: the commands must be the same. A bot that reads the state outside
what its seat may know fails it (the last test shows the check catching one).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from domain.bots import BotSpec, Knowledge, choose
from domain.codec import encode
from domain.game import AnyGame
from domain.messages import Command
from domain.playout import Step, random_steps
from domain.seats import Seat

Table = tuple[AnyGame, int]
Bot = Callable[[AnyGame, Any, Seat, int, random.Random], Command]

GAMES = 3
"""Seeded random games per table the positions are taken from."""
EVERY = 9
"""One position in this many is checked."""


def positions(game: AnyGame, seat_count: int) -> Iterator[tuple[Any, Seat]]:
    """Positions of seeded random games, each with the lowest seat to act there."""
    for seed in range(GAMES):
        for index, step in enumerate(random_steps(game, seed, seat_count)):
            if isinstance(step, Step) and index % EVERY == 1:
                yield step.before, min(game.to_act(step.before))


def policy(spec: BotSpec) -> Bot:
    def bot(game: AnyGame, state: Any, seat: Seat, seats: int, rng: random.Random) -> Command:
        return choose(game, state, seat, seats, spec, rng)

    return bot


def cheat(game: AnyGame, state: Any, seat: Seat, seats: int, rng: random.Random) -> Command:
    """A bot whose choice hangs on the whole real state (as an engine's MCTS on the full state does)."""
    legal = Knowledge.of(game, state, seat, seats).legal()
    return legal[zlib.crc32(encode(state)) % len(legal)]


def unfair_positions(bot: Bot, table: Table) -> tuple[int, int]:
    """(positions where the bot chose differently on a resample, positions whose resample differed)."""
    game, seat_count = table
    differed = unfair = 0
    for number, (state, seat) in enumerate(positions(game, seat_count)):
        other = game.resample(state, seat, random.Random(f"resample {number}"))
        differed += other != state
        real = bot(game, state, seat, seat_count, random.Random(number))
        resampled = bot(game, other, seat, seat_count, random.Random(number))
        unfair += real != resampled
    return unfair, differed


def test_each_seat_knows_the_same_on_the_real_state_and_on_a_resample(table: Table) -> None:
    """The canonical state a bot starts from is the same for every state its seat cannot tell apart."""
    game, seat_count = table
    for number, (state, seat) in enumerate(positions(game, seat_count)):
        other = game.resample(state, seat, random.Random(number))
        assert game.canonical(other, seat) == game.canonical(state, seat)
        assert game.legal_commands(game.canonical(state, seat), seat) == game.legal_commands(state, seat)


def test_a_random_bot_chooses_alike_on_a_resample(table: Table) -> None:
    """Uniform over the legal commands, which are the same on every resample."""
    assert unfair_positions(policy(BotSpec(policy="random")), table)[0] == 0


def test_a_greedy_bot_chooses_alike_on_a_resample(table: Table) -> None:
    """One ply on the game's evaluation, scored on determinisations only."""
    unfair, differed = unfair_positions(policy(BotSpec(policy="greedy", level=1)), table)
    assert (unfair, differed > 0) == (0, True)


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_an_ismcts_bot_chooses_alike_on_a_resample(table: Table) -> None:
    """Every iteration determinises with the game's resample from what the seat knows."""
    unfair, differed = unfair_positions(policy(BotSpec(policy="ismcts", level=1)), table)
    assert (unfair, differed > 0) == (0, True)


def test_a_bot_that_reads_the_real_state_fails_the_check(table: Table) -> None:
    """The check has teeth: scoring commands on the real state chooses differently somewhere."""
    game, seat_count = table
    if seat_count != game.min_seats:
        return  # once per game is proof enough
    assert unfair_positions(cheat, table)[0] > 0
