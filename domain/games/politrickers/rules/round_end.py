"""Dealing a round, and the three ways a round ends: Disgraced, Collapse and Balanced."""

from __future__ import annotations

import random

from domain.chance import shuffled
from domain.games.politrickers.cards import POOLS, Party
from domain.games.politrickers.events import Events, GameEnded, RoundDealt, RoundEnd, RoundScored
from domain.games.politrickers.state import Playing
from domain.seats import Seat

HAND_SIZE = 9
POWER_TOKENS = 5
ROUNDS = 3
WINNING_VP = 7
VP_FLOOR = -3
PLATE_LIMIT = 6


def deal_round(seat_count: int, round_number: int, chair: Seat, rng: random.Random) -> RoundDealt:
    """Deal 9 cards each from the sorted pool; the Chair shows Tails, the others alternate clockwise."""
    order = shuffled(rng, POOLS[seat_count])
    hands = tuple(tuple(sorted(order[s * HAND_SIZE : (s + 1) * HAND_SIZE])) for s in range(seat_count))
    parties = tuple(
        Party.TAILS if (seat - chair) % seat_count % 2 == 0 else Party.CLAWS for seat in range(seat_count)
    )
    return RoundDealt(
        round_number=round_number,
        chair=chair,
        parties=parties,
        power_tokens=POWER_TOKENS,
        hands=hands,
        leftovers=tuple(sorted(order[seat_count * HAND_SIZE :])),
    )


def disgraced_vp(state: Playing, disgraced: Seat) -> tuple[int, ...]:
    """Everyone but the disgraced seat earns 1 VP per unspent Power Token."""
    return tuple(0 if seat == disgraced else tokens for seat, tokens in enumerate(state.unspent))


def collapse_vp(overloaded: tuple[int, ...], opposite: tuple[int, ...]) -> tuple[int, ...]:
    """Lose 1 VP per token on the overloaded plate, earn 1 VP per token on the opposite one."""
    return tuple(gain - loss for loss, gain in zip(overloaded, opposite, strict=True))


def balanced_vp(state: Playing) -> tuple[int, ...]:
    """The fuller plate's owners earn 1 VP per token there; seats without a trick match the best.

    Ruling: when both plates hold the same number of tokens, neither plate is fuller and no plate
    scores (so the seats without a trick match a best of 0).
    """
    tails, claws = sum(state.on_tails), sum(state.on_claws)
    if tails == claws:
        plate_vp = tuple(0 for _ in state.on_tails)
    else:
        plate_vp = state.on_tails if tails > claws else state.on_claws
    best = max(plate_vp)
    return tuple(best if won == 0 else vp for vp, won in zip(plate_vp, state.tricks_won, strict=True))


def close_round(
    state: Playing, ending: RoundEnd, round_vp: tuple[int, ...], next_chair: Seat, rng: random.Random
) -> list[Events]:
    """Score the round (VP totals never below -3), then deal the next round or end the game."""
    totals = tuple(max(VP_FLOOR, total + vp) for total, vp in zip(state.totals, round_vp, strict=True))
    scored = RoundScored(round_number=state.round_number, ending=ending, round_vp=round_vp, totals=totals)
    if max(totals) >= WINNING_VP or state.round_number >= ROUNDS:
        return [scored, GameEnded(totals=totals, final_round_vp=round_vp, winners=winners(totals, round_vp))]
    return [scored, deal_round(state.seat_count, state.round_number + 1, next_chair, rng)]


def winners(totals: tuple[int, ...], final_round_vp: tuple[int, ...]) -> tuple[Seat, ...]:
    """Most VP total; ties go to the most VP in the final round; still tied, they share the victory."""
    best = max(zip(totals, final_round_vp, strict=True))
    return tuple(
        Seat(seat) for seat, key in enumerate(zip(totals, final_round_vp, strict=True)) if key == best
    )
