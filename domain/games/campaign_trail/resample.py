"""Resampling what a viewer cannot see: the other hands and, while candidates are chosen, the other offers.

The cards in other seats' hands are redealt among those hands (sizes kept); the dealt candidates
nobody has kept yet are redealt among the other offers and the box; ``canonical`` deals the sorted
hidden cards into the same places, in order. The month decks stay as they are: a seat's own draw
comes from them with the command's chance, so the same chance must draw the same card on the real
state and on any resample (``docs/kernel.md``, "Randomness that must not leak"); their order is
unknown to everyone and never stored (they are kept sorted).
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from domain.games.campaign_trail.state import Campaigning, Drafting, Finished, State
from domain.seats import OMNISCIENT, Viewer

ATTEMPTS = 8


def resample(state: State, viewer: Viewer, rng: random.Random) -> State:
    """A state that differs from ``state`` only in what ``viewer`` cannot see (when it can)."""
    if isinstance(state, Finished) or viewer is OMNISCIENT:
        return state
    hidden = [seat for seat in range(state.seat_count) if seat != viewer]
    for _ in range(ATTEMPTS):
        other = _redealt(state, hidden, rng)
        if other != state:
            return other
    return state


def canonical(state: State, viewer: Viewer) -> State:
    """One state ``viewer`` cannot tell from the real one, the same for every state it cannot tell apart.

    The hidden places (hand and offer sizes, the box's size) and the hidden cards are the same on all
    of them; the cards are dealt sorted, in place order, so the outcome depends on nothing else. Bots
    determinise from it (``resample``), so no bot can depend on a hidden card.
    """
    if isinstance(state, Finished) or viewer is OMNISCIENT:
        return state
    return _redealt(state, [seat for seat in range(state.seat_count) if seat != viewer], None)


def _redealt(state: Drafting | Campaigning, hidden: list[int], rng: random.Random | None) -> State:
    hands = _redeal(state.hands, hidden, (), rng)[0]
    if isinstance(state, Campaigning):
        return replace(state, hands=hands)
    waiting = [seat for seat in hidden if state.offers[seat]]
    offers, box = _redeal(state.offers, waiting, state.box, rng)
    return replace(state, hands=hands, offers=offers, box=box)


def _redeal(
    zones: tuple[tuple[int, ...], ...],
    hidden: list[int],
    rest: tuple[int, ...],
    rng: random.Random | None,
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The cards of the ``hidden`` zones and ``rest`` dealt back into zones of the same sizes.

    Shuffled with ``rng``; without one (``canonical``), sorted.
    """
    pool = [card for seat in hidden for card in zones[seat]] + list(rest)
    if rng is None:
        pool.sort()
    else:
        rng.shuffle(pool)
    dealt = list(zones)
    start = 0
    for seat in hidden:
        size = len(zones[seat])
        dealt[seat] = tuple(sorted(pool[start : start + size]))
        start += size
    return tuple(dealt), tuple(sorted(pool[start:]))
