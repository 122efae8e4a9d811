"""One example of every event type of every game, from seeded random play (run me to rewrite the fixtures).

``python -m tests.contract.event_examples`` writes ``tests/contract/fixtures/<game>.events.jsonl``: one
encoded event per line, one line per event type (redacted twins included), in the order of the game's
events union. The fixture pins the stored format: ``test_stored_format.py`` checks that today's
events encode to exactly these bytes and that every line decodes back.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from domain.game import AnyGame
from domain.games import registered
from domain.games.super_pacs.events import NoteDiscarded, TreasuryShort
from domain.messages import Event
from domain.playout import random_steps
from domain.seats import SPECTATOR, seats
from domain.visibility import event_types

FIXTURES = Path(__file__).parent / "fixtures"
SEEDS = 40
"""Seeded games per seat count searched for each type; the first example found is kept."""
HAND_BUILT: dict[str, tuple[Event, ...]] = {
    # An empty Treasury: seeded random play never holds most of the 69 megabucks at once.
    "super-pacs": (TreasuryShort(seat=0, amount=3, owed=(0, 7, 0)), NoteDiscarded(seat=1, value=5)),
}
"""Examples of event types that seeded random play does not reach, written by hand."""


def fixture_path(game: AnyGame) -> Path:
    """Where ``game``'s fixture lives."""
    return FIXTURES / f"{game.id}.events.jsonl"


def examples(game: AnyGame) -> list[Event]:
    """The first event of each type met in seeded random games, as every viewer reads it."""
    wanted = event_types(game.events)
    found: dict[type[Event], Event] = {type(event): event for event in HAND_BUILT.get(game.id, ())}
    for seat_count in range(game.min_seats, game.max_seats + 1):
        for seed in range(SEEDS):
            for step in random_steps(game, seed, seat_count):
                for event in step if isinstance(step, list) else step.events:
                    for viewer in (*seats(seat_count), SPECTATOR):
                        seen = game.redact(event, viewer)
                        found.setdefault(type(seen), seen)
                    found.setdefault(type(event), event)
            if len(found) == len(wanted):
                return [found[kind] for kind in wanted]
    missing = [kind.__name__ for kind in wanted if kind not in found]
    raise AssertionError(f"{game.id}: no seeded game reaches {missing}; add a hand-built example")


def encoded(game: AnyGame) -> bytes:
    """The fixture's bytes: one encoded example per line."""
    return b"".join(msgspec.json.encode(event) + b"\n" for event in examples(game))


if __name__ == "__main__":
    FIXTURES.mkdir(exist_ok=True)
    for each in registered().values():
        fixture_path(each).write_bytes(encoded(each))
        print(f"wrote {fixture_path(each)}")
