"""``resample``: a table that differs from the real one only in what a viewer cannot know.

What is hidden from a seat: the factions in other seats' hands and sneaked zones, and, while leaders
are picked, the other seats' offers and picks and the leaders left in the box. These are dealt again
into the same places (every hand and zone keeps its size; a pick stays the same position of its new
offer); ``canonical`` deals the sorted hidden cards into the same places, in order. The decks are
left as they are: nobody knows their order, and a seat's own draws must be the same on any resample.
The spectator's resample mixes every seat's hidden factions and offers.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from domain.games.super_pacs.state import NO_SEAT, State
from domain.seats import OMNISCIENT, Viewer, is_seat

Zone = tuple[tuple[int, ...], ...]


def _others(state: State, viewer: Viewer) -> list[int]:
    return [seat for seat in range(state.seat_count) if not (is_seat(viewer) and seat == viewer)]


def _mixed(pool: list[int], rng: random.Random | None) -> list[int]:
    """``pool`` shuffled with ``rng``, or sorted where there is none (``canonical``)."""
    if rng is None:
        return sorted(pool)
    rng.shuffle(pool)
    return pool


def _redeal(zones: list[Zone], seats: list[int], rng: random.Random | None) -> list[Zone]:
    """The cards of ``zones`` at ``seats`` dealt again into places of the same sizes."""
    pool = _mixed([card for zone in zones for seat in seats for card in zone[seat]], rng)
    dealt: list[Zone] = []
    for zone in zones:
        rows = list(zone)
        for seat in seats:
            size = len(zone[seat])
            rows[seat], pool = tuple(sorted(pool[:size])), pool[size:]
        dealt.append(tuple(rows))
    return dealt


def _leaders(state: State, seats: list[int], rng: random.Random | None) -> State:
    pool = _mixed([card for seat in seats for card in state.offers[seat]] + list(state.box), rng)
    offers, picks = list(state.offers), list(state.picks)
    for seat in seats:
        size = len(state.offers[seat])
        fresh, pool = tuple(sorted(pool[:size])), pool[size:]
        if picks[seat] != NO_SEAT:
            picks[seat] = fresh[state.offers[seat].index(picks[seat])]
        offers[seat] = fresh
    return replace(state, offers=tuple(offers), picks=tuple(picks), box=tuple(sorted(pool)))


def resample(state: State, viewer: Viewer, rng: random.Random) -> State:
    """A table ``viewer`` cannot tell from ``state``."""
    return _dealt(state, viewer, rng)


def canonical(state: State, viewer: Viewer) -> State:
    """One table ``viewer`` cannot tell from the real one, the same for every table it cannot tell apart.

    The hidden places (their sizes, and the position of each pick in its offer) and the hidden cards
    are the same on all of them; the cards are dealt sorted, in place order, so the outcome depends on
    nothing else. Bots determinise from it (``resample``), so no bot can depend on a hidden card.
    """
    return _dealt(state, viewer, None)


def _dealt(state: State, viewer: Viewer, rng: random.Random | None) -> State:
    """The hidden cards dealt again at random with ``rng``, or sorted in place order without one."""
    if viewer is OMNISCIENT or state.phase == "over":
        return state
    seats = _others(state, viewer)
    hands, sneaked = _redeal([state.hands, state.sneaked], seats, rng)
    other = replace(state, hands=hands, sneaked=sneaked)
    if state.phase == "leaders":
        other = _leaders(other, seats, rng)
    return other
