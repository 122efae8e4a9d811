"""Resampling what a viewer cannot see: other hands, other seats' face-down cards and the leftovers.

Every hidden slot keeps its size and owner, so everything the viewer's view shows stays equal. The
Migration card never lands face down (it is never played face down). The one suit fact the view
shows is kept too: a seat with a face-down card in the current trick could follow neither suit, so
neither its hand nor that card may hold the Ruling or Opposition Suit. Facts only the event history
shows (earlier tricks' suits) are not kept: the views do not show them.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from msgspec.structs import replace

from domain.games.politrickers.cards import MIGRATION, SUIT_OF, Suit
from domain.games.politrickers.state import Finished, Play, Playing, State
from domain.seats import OMNISCIENT, Viewer

ATTEMPTS = 20


class Slot(NamedTuple):
    """One hidden card position: its zone (``hand``, ``down``, ``trick``, ``left``) and owner or index."""

    zone: str
    key: int
    void: bool
    """True where the Ruling and Opposition Suits cannot lie."""


def resample(state: State, viewer: Viewer, rng: random.Random) -> State:
    """A state that differs from ``state`` only in what ``viewer`` cannot see."""
    if isinstance(state, Finished) or viewer is OMNISCIENT:
        return state
    return _resample_round(state, viewer, rng)


def _resample_round(state: Playing, viewer: Viewer, rng: random.Random) -> Playing:
    """Redeal the cards hidden from ``viewer`` into the same hidden slots; differs when it can."""
    slots, pool = _hidden(state, viewer)
    voids = _void_suits(state, viewer)
    resampled = state
    for _ in range(ATTEMPTS):
        placed = _place(slots, pool, voids, rng)
        if placed is not None:
            resampled = _refill(state, placed)
            if resampled != state:
                return resampled
    return resampled


def _void_suits(state: Playing, viewer: Viewer) -> frozenset[Suit | None]:
    trick = state.trick
    if any(play.face_down and play.seat != viewer for play in trick.plays):
        return frozenset({trick.ruling_suit, trick.opposition_suit})
    return frozenset()


def _hidden(state: Playing, viewer: Viewer) -> tuple[list[Slot], list[int]]:
    void_seats = {play.seat for play in state.trick.plays if play.face_down and play.seat != viewer}
    slots: list[Slot] = []
    pool: list[int] = []
    for seat in range(state.seat_count):
        if seat != viewer:
            slots += [Slot("hand", seat, seat in void_seats)] * len(state.hands[seat])
            slots += [Slot("down", seat, False)] * len(state.face_down[seat])
            pool += [*state.hands[seat], *state.face_down[seat]]
    for index, play in enumerate(state.trick.plays):
        if play.face_down and play.seat != viewer:
            slots.append(Slot("trick", index, True))
            pool.append(play.card)
    slots += [Slot("left", 0, False)] * len(state.leftovers)
    return slots, [*pool, *state.leftovers]


def _place(
    slots: list[Slot], pool: list[int], voids: frozenset[Suit | None], rng: random.Random
) -> list[tuple[Slot, int]] | None:
    """Restricted cards first (where allowed), then Migration (never face down), then the rest."""
    restricted = [card for card in pool if SUIT_OF[card] in voids and card != MIGRATION]
    others = [card for card in pool if card != MIGRATION and SUIT_OF[card] not in voids]
    open_slots = list(range(len(slots)))
    rng.shuffle(open_slots)
    placed: list[tuple[Slot, int]] = []
    for card in restricted:
        index = next((i for i in open_slots if not slots[i].void), None)
        if index is None:
            return None
        open_slots.remove(index)
        placed.append((slots[index], card))
    if MIGRATION in pool:
        index = next((i for i in open_slots if slots[i].zone in ("hand", "left")), None)
        if index is None:
            return None
        open_slots.remove(index)
        placed.append((slots[index], MIGRATION))
    rng.shuffle(others)
    placed += [(slots[index], card) for index, card in zip(open_slots, others, strict=True)]
    return placed


def _refill(state: Playing, placed: list[tuple[Slot, int]]) -> Playing:
    hands: dict[int, list[int]] = {slot.key: [] for slot, _ in placed if slot.zone == "hand"}
    down: dict[int, list[int]] = {slot.key: [] for slot, _ in placed if slot.zone == "down"}
    plays, leftovers = list(state.trick.plays), []
    for slot, card in placed:
        if slot.zone == "trick":
            plays[slot.key] = Play(plays[slot.key].seat, card, True)
        elif slot.zone == "left":
            leftovers.append(card)
        else:
            (hands if slot.zone == "hand" else down)[slot.key].append(card)
    return replace(
        state,
        hands=tuple(tuple(sorted(hands.get(s, h))) for s, h in enumerate(state.hands)),
        face_down=tuple(tuple(sorted(down.get(s, d))) for s, d in enumerate(state.face_down)),
        trick=replace(state.trick, plays=tuple(plays)),
        leftovers=tuple(sorted(leftovers)),
    )


def canonical(state: State, viewer: Viewer) -> State:
    """One state ``viewer`` cannot tell from the real one, the same for every state it cannot tell apart.

    The hidden slots, the hidden cards (sorted) and the void suits are the same on all of them, and
    the cards are placed with a fixed RNG, so the outcome depends on nothing else. Bots determinise
    from it (``resample``), so no bot can depend on a hidden card.
    """
    if isinstance(state, Finished) or viewer is OMNISCIENT:
        return state
    slots, pool = _hidden(state, viewer)
    voids = _void_suits(state, viewer)
    for attempt in range(ATTEMPTS):
        placed = _place(slots, sorted(pool), voids, random.Random(attempt))
        if placed is not None:
            return _refill(state, placed)
    return state
