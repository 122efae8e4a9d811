"""Resampling what a viewer cannot see: other hands, other seats' face-down cards and the leftovers.

Every hidden slot keeps its size and owner, so everything the viewer's view shows stays equal. The
Migration card never lands face down (it is never played face down). Suit-following facts from past
plays are not kept: the views do not show them.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from domain.games.politrickers.cards import MIGRATION
from domain.games.politrickers.state import Play, Playing
from domain.seats import Viewer

ATTEMPTS = 20


def resample_hidden(state: Playing, viewer: Viewer, rng: random.Random) -> Playing:
    """Redeal the cards hidden from ``viewer`` into the same hidden slots; differs when it can."""
    resampled = state
    for _ in range(ATTEMPTS):
        resampled = _redeal(state, viewer, rng)
        if resampled != state:
            return resampled
    return resampled


def _hidden_seats(state: Playing, viewer: Viewer) -> list[int]:
    return [seat for seat in range(state.seat_count) if seat != viewer]


def _redeal(state: Playing, viewer: Viewer, rng: random.Random) -> Playing:
    seats = _hidden_seats(state, viewer)
    trick_down = [i for i, play in enumerate(state.trick.plays) if play.face_down and play.seat != viewer]
    hidden_down = [card for seat in seats for card in state.face_down[seat]]
    down_cards = [*hidden_down, *(state.trick.plays[i].card for i in trick_down)]
    held = [card for seat in seats for card in state.hands[seat]]
    pool = [*down_cards, *held, *state.leftovers]
    policy = [card for card in pool if card != MIGRATION]
    rng.shuffle(policy)
    new_down, rest = policy[: len(down_cards)], policy[len(down_cards) :]
    if MIGRATION in pool:
        rest.insert(rng.randrange(len(rest) + 1), MIGRATION)
    return _refill(state, seats, trick_down, new_down, rest)


def _refill(
    state: Playing, seats: list[int], trick_down: list[int], down: list[int], rest: list[int]
) -> Playing:
    hands, face_down, plays = list(state.hands), list(state.face_down), list(state.trick.plays)
    for seat in seats:
        size = len(state.face_down[seat])
        face_down[seat], down = tuple(sorted(down[:size])), down[size:]
    for index, card in zip(trick_down, down, strict=True):
        plays[index] = Play(plays[index].seat, card, True)
    for seat in seats:
        size = len(state.hands[seat])
        hands[seat], rest = tuple(sorted(rest[:size])), rest[size:]
    trick = replace(state.trick, plays=tuple(plays))
    return replace(
        state, hands=tuple(hands), face_down=tuple(face_down), trick=trick, leftovers=tuple(sorted(rest))
    )
