"""Observations: a fixed-length vector from the seat's own view, with a named slot for every number.

It leaks nothing: on any state the seat cannot tell from the real one (the game's ``resample`` for that
seat), the seat observes exactly what it observes on the real one.
"""

from __future__ import annotations

import random

import msgspec
import numpy as np
import pytest

from domain.playout import Step, random_steps
from domain.seats import Seat
from env import BackroomEnv, agent_name
from env.games import adapter
from env.layout import LayoutError, compile_layout

Table = tuple[str, int]
RESAMPLES = 2


def test_states_differing_only_in_what_a_seat_cannot_see_give_it_the_same_observation(table: Table) -> None:
    """For every seat, through random games to their end: the observation (vector and mask) on a
    resample is the observation on the real state; and the resamples did differ from the real states.

    The finished game too: its score sheet makes public what the totals count (Slush Fund 2's
    face-down contributions), and a resample keeps it (it once redealt them: a regression).
    """
    game, seats = table
    env = BackroomEnv(game, seats)
    rng, differed = random.Random(7), 0
    for seed in range(3):
        for step in random_steps(env.game, seed, seats):
            if not isinstance(step, Step):
                continue
            for seat in map(Seat, range(seats)):
                real = env.observation_of(step.after, seat)
                for _ in range(RESAMPLES):
                    other = env.game.resample(step.after, seat, random.Random(rng.random()))
                    differed += other != step.after
                    seen = env.observation_of(other, seat)
                    assert np.array_equal(seen["observation"], real["observation"])
                    assert np.array_equal(seen["action_mask"], real["action_mask"])
    assert differed, "no resample differed from the real state: the check compared nothing"


def test_the_layout_names_every_slot_of_the_vector(table: Table) -> None:
    """The documented layout has one distinct name a slot, as many as the observation space's length."""
    game, seats = table
    env = BackroomEnv(game, seats)
    slots = env.layout.slots()
    assert len(set(slots)) == len(slots) == env.observation_space(agent_name(0))["observation"].shape[0]


def test_a_seat_sees_its_own_hand_and_not_anothers() -> None:
    """Politrickers: the seat's own cards are set in its hand's slots; another seat's are not named."""
    env = BackroomEnv("politrickers", 3)
    env.reset(seed=3)
    state = env.state_now
    vector = env.observe(agent_name(0))["observation"]
    slots = env.layout.slots()
    own = {slots[i] for i in np.flatnonzero(vector) if slots[i].startswith("seats[0].hand:OwnHand.cards")}
    assert own == {f"seats[0].hand:OwnHand.cards∋{card}" for card in state.hands[0]}
    assert not any(slots[i].startswith("seats[1].hand:OwnHand") for i in np.flatnonzero(vector))


def test_slots_remembered_from_the_last_view_are_the_slots_written_afresh(table: Table) -> None:
    """Through a random game, the environment's layout (which copies the slots of a tuple it saw last)
    encodes every view exactly as a layout compiled afresh for that view alone."""
    game, seats = table
    env = BackroomEnv(game, seats)
    module = adapter(game)
    for number, step in enumerate(random_steps(env.game, 4, seats)):
        if isinstance(step, Step):
            for seat in map(Seat, range(seats)):
                view = env.game.view(step.after, seat)
                warm = env.layout.encode(view)
                if number % 7 == 0:
                    fresh = compile_layout(module.VIEW, module.declarations(seats))
                    assert np.array_equal(warm, fresh.encode(view))


def test_a_view_that_does_not_fit_is_refused_and_the_next_is_encoded_afresh() -> None:
    """A view whose tuple is not the length laid out raises LayoutError; the encoder then forgets what
    it had seen, so the next view's vector is the one a fresh layout makes."""
    env = BackroomEnv("politrickers", 3)
    env.reset(seed=2)
    view = env.game.view(env.state_now, Seat(0))
    env.layout.encode(view)
    with pytest.raises(LayoutError):
        env.layout.encode(msgspec.structs.replace(view, seats=view.seats[:-1]))
    fresh = compile_layout(adapter("politrickers").VIEW, adapter("politrickers").declarations(3))
    assert np.array_equal(env.layout.encode(view), fresh.encode(view))
