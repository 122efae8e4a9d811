"""The contract checks, one function each, shared by the contract tests."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from domain.chance import Context
from domain.errors import RuleError
from domain.game import AnyGame
from domain.messages import Command, Event
from domain.referee import decide
from domain.seats import OMNISCIENT, SPECTATOR, Audience, Seat, Viewer, seats


def viewers(seat_count: int) -> list[Viewer]:
    """Every seat, the spectator and the omniscient viewer."""
    return [*seats(seat_count), SPECTATOR, OMNISCIENT]


def assert_refused(game: AnyGame, state: Any, seat: Seat, command: Command) -> None:
    """``command`` from ``seat`` must raise a RuleError (and so append nothing)."""
    try:
        events = decide(game, state, seat, command, Context.seeded(0))
    except RuleError as error:
        assert error.code.startswith("rule/"), error.code
        assert error.message
        return
    raise AssertionError(f"{game.id}: unlisted {command!r} from seat {seat} was accepted: {events!r}")


def mutations(command: Command) -> list[Command]:
    """Near variants of a command: each int field nudged, each bool flipped, each int tuple edited."""
    variants: list[Command] = []
    for name in command.__struct_fields__:
        value = getattr(command, name)
        if isinstance(value, bool):
            options: list[Any] = [not value]
        elif isinstance(value, int):
            options = [value + 1, value - 1, -1, 99]
        elif isinstance(value, tuple) and value and all(isinstance(v, int) for v in value):
            options = [value[:-1], (*value[:-1], value[-1] + 1), (*value, value[0])]
        else:
            continue
        variants.extend(msgspec.structs.replace(command, **{name: option}) for option in options)
    return variants


def assert_legal_list_exact(
    game: AnyGame, state: Any, seat_count: int, seen: set[Command], rng: random.Random
) -> None:
    """Everything listed is accepted; seats that may not act list nothing; unlisted commands are refused."""
    acting = game.to_act(state)
    for seat in seats(seat_count):
        legal = game.legal_commands(state, seat)
        if seat not in acting:
            assert legal == [], f"seat {seat} may not act but lists {legal!r}"
            for command in rng.sample(sorted(seen, key=repr), min(3, len(seen))):
                assert_refused(game, state, seat, command)
            continue
        listed = set(legal)
        assert len(listed) == len(legal), "legal_commands lists a command twice"
        for command in legal:
            decide(game, state, seat, command, Context.seeded(1))
        candidates = [c for c in seen if c not in listed]
        candidates += [m for c in legal[:8] for m in mutations(c) if m not in listed]
        for command in rng.sample(candidates, min(12, len(candidates))):
            assert_refused(game, state, seat, command)
        seen.update(legal)


def player_names(seat_count: int) -> list[str]:
    """Names no sentence would contain by chance, one per seat."""
    return [f"Player-{seat}-Qx" for seat in range(seat_count)]


def assert_round_trip(game: AnyGame, event: Event, seat_count: int) -> set[str]:
    """The event and every redacted form of it decode back to themselves and can be described.

    Described without names a sentence names no player (the game's own labels); described with the
    table's names it may name them. Returns the sentences told with names.
    """
    names = player_names(seat_count)
    told: set[str] = set()
    for viewer in viewers(seat_count):
        seen = game.redact(event, viewer)
        decoded = game.event_decoder.decode(msgspec.json.encode(seen))
        assert decoded == seen, f"{seen!r} does not round-trip"
        plain = game.describe(seen, viewer, ())
        assert isinstance(plain, str) and plain.strip()
        assert not any(name in plain for name in names)
        sentence = game.describe(seen, viewer, names)
        assert isinstance(sentence, str) and sentence.strip()
        told.add(sentence)
    return told


def redacted(game: AnyGame, events: list[Event], viewer: Viewer) -> list[bytes]:
    """The events as ``viewer`` sees them, encoded (so that equality is exact)."""
    return [msgspec.json.encode(game.redact(event, viewer)) for event in events]


def assert_no_leak(game: AnyGame, state: Any, viewer: Viewer, rng: random.Random) -> bool:
    """What ``viewer`` reads is the same on the real state and on a resample; True if it differed."""
    other = game.resample(state, viewer, random.Random(rng.random()))
    assert game.view(state, viewer) == game.view(other, viewer), f"view leaks to {viewer}"
    assert game.to_act(state) == game.to_act(other)
    assert game.is_over(state) == game.is_over(other)
    assert sorted(game.cards(state)) == sorted(game.cards(other)), "resample lost or made cards"
    if viewer is OMNISCIENT:
        assert other == state, "nothing is hidden from the omniscient viewer, so nothing may change"
        return False
    if isinstance(viewer, Audience):
        return other != state
    seat = viewer
    legal = game.legal_commands(state, seat)
    assert legal == game.legal_commands(other, seat), f"legal commands leak to seat {seat}"
    for command in rng.sample(legal, min(4, len(legal))):
        salt = rng.random()
        real = decide(game, state, seat, command, Context.seeded(salt))
        fake = decide(game, other, seat, command, Context.seeded(salt))
        assert redacted(game, real, seat) == redacted(game, fake, seat), f"{command!r} leaks to seat {seat}"
    return other != state


def described(game: AnyGame, events: list[Event], viewer: Viewer) -> list[tuple[bytes, str]]:
    """The events as ``viewer`` reads them: each redacted form, encoded, with its sentence."""
    return [
        (msgspec.json.encode(seen), game.describe(seen, viewer, ()))
        for seen in (game.redact(event, viewer) for event in events)
    ]


def assert_step_reads_alike(game: AnyGame, step: Any, viewer: Viewer, rng: random.Random) -> bool:
    """The step's events read the same for ``viewer`` on the real state and on a resample for it.

    Whoever acted, the same command decided with the same chance on a state ``viewer`` cannot tell
    from the real one must give ``viewer`` the same redacted events and the same sentences. A command
    the resample makes illegal (it names a card the resample dealt elsewhere) is skipped. Returns True
    when a resample that differed was compared.
    """
    other = game.resample(step.before, viewer, random.Random(rng.random()))
    if step.command not in game.legal_commands(other, step.seat):
        return False
    salt = rng.random()
    real = decide(game, step.before, step.seat, step.command, Context.seeded(salt))
    fake = decide(game, other, step.seat, step.command, Context.seeded(salt))
    assert described(game, real, viewer) == described(game, fake, viewer), (
        f"{step.command!r} by seat {step.seat} leaks to {viewer}"
    )
    return other != step.before
