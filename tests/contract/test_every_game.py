"""The contract every registered game keeps, at every seat count it supports.

Random legal play ends; ``legal_commands`` is exact; cards are conserved; folding the events gives the
state that play gave; every event round-trips through the codec; and nothing leaks: for every seat
and the spectator, what they read is identical on the real state and on a resample of it.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from domain.game import AnyGame
from domain.messages import Command, Outcome
from domain.playout import Step, chooser, play_random_game, random_steps
from domain.referee import fold
from domain.seats import SPECTATOR, seats
from domain.visibility import Secret, event_types, undeclared
from tests.contract.checks import (
    assert_legal_list_exact,
    assert_no_leak,
    assert_round_trip,
    assert_step_reads_alike,
    player_names,
    viewers,
)

Table = tuple[AnyGame, int]

RANDOM_GAMES = 200
"""Seeded random games per table for the cheap checks."""
AUDITED_GAMES = 6
"""Seeded random games per table in which every step is audited in full."""


def assert_finished(game: AnyGame, state: Any, seat_count: int) -> None:
    """A finished game has nobody to act, nothing legal, and a well-formed outcome."""
    assert game.is_over(state)
    assert game.to_act(state) == frozenset()
    assert all(game.legal_commands(state, seat) == [] for seat in seats(seat_count))
    outcome = game.outcome(state)
    assert isinstance(outcome, Outcome)
    assert len(outcome.scores) == seat_count
    assert outcome.winners == outcome.ranking[0]
    assert sorted(s for group in outcome.ranking for s in group) == list(range(seat_count))


def test_random_legal_play_reaches_the_end(table: Table) -> None:
    """200 seeded random games played by legal commands all end with an outcome."""
    game, seat_count = table
    lengths = []
    for seed in range(RANDOM_GAMES):
        state, actions = play_random_game(game, seed, seat_count)
        assert_finished(game, state, seat_count)
        lengths.append(actions)
    assert min(lengths) > 0


def test_cards_are_conserved_through_random_play(table: Table) -> None:
    """No command creates, loses or duplicates a card."""
    game, seat_count = table
    for seed in range(0, RANDOM_GAMES, 10):
        deck: list[int] | None = None
        for step in random_steps(game, seed, seat_count):
            state = fold(game, step) if isinstance(step, list) else step.after
            now = sorted(game.cards(state))
            deck = deck or now
            assert now == deck
            assert len(set(now)) == len(now), "a card is in two places at once"


def test_folding_the_log_gives_the_state_that_play_gave(table: Table) -> None:
    """Replaying the recorded events reproduces every state, and the same seed replays the same game."""
    game, seat_count = table
    for seed in range(AUDITED_GAMES):
        log, final = [], None
        for step in random_steps(game, seed, seat_count):
            log.extend(step if isinstance(step, list) else step.events)
            final = step.after if isinstance(step, Step) else final
        assert fold(game, log) == final
        replayed = random_steps(game, seed, seat_count)
        again = [e for s in replayed for e in (s if isinstance(s, list) else s.events)]
        assert again == log


def test_every_event_round_trips_and_is_described_for_every_viewer(table: Table) -> None:
    """Events (and each redacted form) decode back and read as a sentence; every player is named."""
    game, seat_count = table
    for seed in range(AUDITED_GAMES):
        told: set[str] = set()
        for step in random_steps(game, seed, seat_count):
            for event in step if isinstance(step, list) else step.events:
                told |= assert_round_trip(game, event, seat_count)
        for name in player_names(seat_count):
            assert any(name in sentence for sentence in told), f"no sentence names {name}"


def test_viewers_shown_the_same_event_read_the_same_sentence(table: Table) -> None:
    """A sentence depends on the event as shown and the names, never on who reads it: every viewer the
    game shows an event alike reads it alike (so a feed line is built once for all of them)."""
    game, seat_count = table
    names = player_names(seat_count)
    compared = 0
    for seed in range(AUDITED_GAMES):
        for step in random_steps(game, seed, seat_count):
            for event in step if isinstance(step, list) else step.events:
                told: dict[bytes, set[str]] = {}
                for viewer in viewers(seat_count):
                    seen = game.redact(event, viewer)
                    told.setdefault(msgspec.json.encode(seen), set()).add(game.describe(seen, viewer, names))
                    compared += 1
                assert all(len(sentences) == 1 for sentences in told.values()), (event, told)
    assert compared > 0


def test_every_state_round_trips_through_the_codec(table: Table) -> None:
    """A state stored as a snapshot decodes back to the same state."""
    game, seat_count = table
    for step in random_steps(game, 5, seat_count):
        if isinstance(step, Step):
            assert game.state_decoder.decode(msgspec.json.encode(step.after)) == step.after


def test_views_encode_for_every_viewer(table: Table) -> None:
    """Every viewer's view of every state is plain JSON-encodable data."""
    game, seat_count = table
    for step in random_steps(game, 7, seat_count):
        if isinstance(step, Step):
            for viewer in viewers(seat_count):
                assert msgspec.json.encode(game.view(step.after, viewer))


def test_legal_commands_are_exactly_what_decide_accepts(table: Table) -> None:
    """Everything listed is accepted; everything else (stale, another seat's, mutated) is refused."""
    game, seat_count = table
    for seed in range(AUDITED_GAMES):
        rng, seen = random.Random(seed), set[Command]()
        for step in random_steps(game, seed, seat_count):
            if isinstance(step, Step):
                assert_legal_list_exact(game, step.before, seat_count, seen, rng)


def test_nothing_hidden_leaks_to_any_seat_or_spectator(table: Table) -> None:
    """View, legal moves and own-command events are the same on the real state and on a resample."""
    game, seat_count = table
    changed = 0
    for seed in range(AUDITED_GAMES):
        rng = random.Random(seed)
        for step in random_steps(game, seed, seat_count):
            if isinstance(step, Step) and rng.random() < 0.25:
                for viewer in viewers(seat_count):
                    changed += assert_no_leak(game, step.before, viewer, rng)
    assert changed > 0, "resample never changed a hidden piece, so the leak check proved nothing"


def test_every_event_type_is_declared_public_or_secret(game: AnyGame) -> None:
    """Redaction is by declaration: every event type and every redacted twin says who may read it."""
    assert game.visibility is not None, f"{game.id} declares no visibility"
    assert undeclared(game.events, game.visibility) == []
    twins = {twin for d in game.visibility.values() if isinstance(d, Secret) for twin in d.twins}
    assert twins <= set(event_types(game.events)), "a redacted twin is missing from the events union"


def test_every_event_reads_alike_for_every_viewer_on_a_resample(table: Table) -> None:
    """Every step's events, as every seat and the spectator read them, are the same on a resample."""
    game, seat_count = table
    compared = {"actor": 0, "other seat": 0, "spectator": 0}
    for seed in range(AUDITED_GAMES):
        rng = random.Random(seed)
        for step in random_steps(game, seed, seat_count):
            if not isinstance(step, Step):
                continue
            for viewer in [*seats(seat_count), SPECTATOR]:
                kind = (
                    "spectator" if viewer is SPECTATOR else "actor" if viewer == step.seat else "other seat"
                )
                compared[kind] += assert_step_reads_alike(game, step, viewer, rng)
    assert all(compared.values()), f"some viewer was never compared on a resample that differed: {compared}"


@pytest.mark.parametrize("seed", range(5))
def test_random_play_draws_as_the_generators_own_choice_does(seed: int) -> None:
    """The playout's chooser picks what ``Random.choice`` picks, from sequences of every length
    here, and leaves the generator where ``choice`` leaves it (so seeded games stay the same games)."""
    ours, theirs = random.Random(seed), random.Random(seed)
    choose = chooser(ours)
    for length in [*range(1, 40), 64, 65, 1000] * 20:
        sequence = list(range(length))
        assert choose(sequence) == theirs.choice(sequence)
    assert ours.getstate() == theirs.getstate()
    with pytest.raises(IndexError):
        choose([])
