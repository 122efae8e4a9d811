"""What follows the last card of a trick, or a Migration: the trick's winner and the round's end."""

from __future__ import annotations

from collections.abc import Sequence

from domain.chance import Chance
from domain.games.politrickers.cards import OTHER_PARTY, Party
from domain.games.politrickers.events import Events, LibraCollapsed, PlayerDisgraced, TrickWon
from domain.games.politrickers.evolve import evolve
from domain.games.politrickers.rules.round_end import (
    HAND_SIZE,
    PLATE_LIMIT,
    balanced_vp,
    close_round,
    collapse_vp,
    disgraced_vp,
)
from domain.games.politrickers.rules.tricks import trick_winner
from domain.games.politrickers.state import Playing, plate
from domain.seats import Seat


def _apply(state: Playing, events: Sequence[Events]) -> Playing:
    for event in events:
        evolved = evolve(state, event)
        assert isinstance(evolved, Playing)  # only round-ending events leave the Playing phase
        state = evolved
    return state


def after_card(state: Playing, events: list[Events], ctx: Chance) -> list[Events]:
    """``events`` (one card played), followed by the trick's result when it was the last card."""
    if len(state.trick.plays) + 1 < state.seat_count:  # ``events`` add exactly one card to the trick
        return events
    return [*events, *_trick_result(_apply(state, events), ctx)]


def after_migration(
    state: Playing, events: list[Events], ctx: Chance, moved_from: Party | None
) -> list[Events]:
    """``events`` (Migration played), then the Collapse it caused, or else as after any card."""
    if moved_from is None:
        return after_card(state, events, ctx)
    moved = _apply(state, events)
    overloaded = OTHER_PARTY[moved_from]
    if sum(plate(moved, overloaded)) <= PLATE_LIMIT:
        return after_card(state, events, ctx)
    vp = collapse_vp(plate(moved, overloaded), plate(moved, moved_from))
    # The current trick's leader won the previous trick: a token on the disc means one was won.
    ending = close_round(moved, "collapse", vp, moved.trick.leader, ctx.rng)
    return [*events, LibraCollapsed(plate=overloaded), *ending]


def _trick_result(played: Playing, ctx: Chance) -> list[Events]:
    winner = trick_winner(played.trick.plays)
    party = played.parties[winner]
    if played.unspent[winner] == 0:
        vp = disgraced_vp(played, winner)
        lost = TrickWon(seat=winner, party=party, token_placed=False, next_chair=winner)
        return [lost, PlayerDisgraced(seat=winner), *close_round(played, "disgraced", vp, winner, ctx.rng)]
    won = TrickWon(seat=winner, party=party, token_placed=True, next_chair=winner)
    if sum(plate(played, party)) < PLATE_LIMIT and played.tricks_played + 1 < HAND_SIZE:
        return [won]  # the placed token neither collapses the Libra nor ends the round
    placed = _apply(played, [won])
    if sum(plate(placed, party)) > PLATE_LIMIT:
        vp = collapse_vp(plate(placed, party), plate(placed, OTHER_PARTY[party]))
        return [won, LibraCollapsed(plate=party), *close_round(placed, "collapse", vp, Seat(winner), ctx.rng)]
    if placed.tricks_played == HAND_SIZE:
        return [won, *close_round(placed, "balanced", balanced_vp(placed), winner, ctx.rng)]
    return [won]
