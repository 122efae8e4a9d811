"""Applying Politrickers events to the state. No rules here: every decision is already in the event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain.games.politrickers.cards import MIGRATION, OTHER_PARTY, SUIT_OF, Party
from domain.games.politrickers.events import (
    CardPlayed,
    CardPlayedFaceDown,
    Events,
    GameEnded,
    LibraCollapsed,
    MigrationPlayed,
    PartySwitched,
    PlayerDisgraced,
    RoundDealt,
    RoundScored,
    TrickWon,
)
from domain.games.politrickers.state import Finished, Play, Playing, State, Trick, all_cards, with_seat


def evolve(state: State | None, event: Events) -> State:
    """The state after ``event``."""
    handler = _HANDLERS.get(type(event))
    if handler is not None and type(state) is Playing:  # every event of a round in play: one lookup
        return handler(state, event)
    if isinstance(event, RoundDealt):
        return _round_dealt(state, event)
    if not isinstance(state, Playing):
        raise ValueError(f"{type(event).__name__} cannot follow a finished game or nothing.")
    raise ValueError(f"{type(event).__name__} is a redacted event and cannot be applied.")


def _recorded_before_2026_12_01(event: TrickWon) -> TrickWon:
    """Events recorded before 2026-12-01 lack what ``decide`` now writes in; fill it in as evolve once did.

    A ``TrickWon`` without ``next_chair``: the winner was the next Chair.
    """
    if event.next_chair is None:
        return replace(event, next_chair=event.seat)
    return event


def _round_dealt(state: State | None, event: RoundDealt) -> Playing:
    count = len(event.hands)
    zeros = (0,) * count
    return Playing(
        seat_count=count,
        round_number=event.round_number,
        totals=state.totals if isinstance(state, Playing) else zeros,
        parties=event.parties,
        hands=event.hands,
        leftovers=event.leftovers,
        unspent=(event.power_tokens,) * count,
        on_tails=zeros,
        on_claws=zeros,
        tricks_won=zeros,
        tricks_played=0,
        trick=Trick(leader=event.chair, chair=event.chair),
        face_down=((),) * count,
    )


def _without(hands: tuple[tuple[int, ...], ...], seat: int, card: int) -> tuple[tuple[int, ...], ...]:
    changed = list(hands)
    changed[seat] = tuple([held for held in hands[seat] if held != card])
    return tuple(changed)


def _party_switched(state: Playing, event: PartySwitched) -> Playing:
    parties = list(state.parties)
    parties[event.seat] = event.party
    unspent = with_seat(state.unspent, event.seat, -1) if event.token_spent else state.unspent
    return replace(state, parties=tuple(parties), unspent=unspent)


def _card_played(state: Playing, event: CardPlayed) -> Playing:
    trick = state.trick
    plays = (*trick.plays, Play(event.seat, event.card))
    if event.sets == "ruling":
        trick = replace(trick, plays=plays, ruling_suit=SUIT_OF[event.card], ruling_party=event.ruling_party)
    elif event.sets == "opposition":
        trick = replace(trick, plays=plays, opposition_suit=SUIT_OF[event.card])
    else:
        trick = replace(trick, plays=plays)
    return replace(state, hands=_without(state.hands, event.seat, event.card), trick=trick)


def _card_played_face_down(state: Playing, event: CardPlayedFaceDown) -> Playing:
    trick = replace(state.trick, plays=(*state.trick.plays, Play(event.seat, event.card, True)))
    return replace(state, hands=_without(state.hands, event.seat, event.card), trick=trick)


def _migration_played(state: Playing, event: MigrationPlayed) -> Playing:
    trick = replace(state.trick, plays=(*state.trick.plays, Play(event.seat, MIGRATION)))
    if event.new_chair is not None:
        trick = replace(trick, chair=event.new_chair)
    state = replace(state, hands=_without(state.hands, event.seat, MIGRATION), trick=trick)
    if event.moved_from is None:
        return state
    return _move_token(state, event.seat, OTHER_PARTY[event.moved_from])


def _move_token(state: Playing, seat: int, target: Party) -> Playing:
    tails = with_seat(state.on_tails, seat, 1 if target is Party.TAILS else -1)
    claws = with_seat(state.on_claws, seat, 1 if target is Party.CLAWS else -1)
    return replace(state, on_tails=tails, on_claws=claws)


def _trick_won(state: Playing, event: TrickWon) -> Playing:
    event = _recorded_before_2026_12_01(event)
    seat, chair = event.seat, event.next_chair
    assert chair is not None  # filled in for old events by _recorded_before_2026_12_01
    plays = state.trick.plays
    face_up = [play.card for play in plays if not play.face_down]
    face_down = list(state.face_down)
    for play in plays:
        if play.face_down:
            face_down[play.seat] = tuple(sorted((*face_down[play.seat], play.card)))
    state = replace(
        state,
        tricks_won=with_seat(state.tricks_won, seat, 1),
        tricks_played=state.tricks_played + 1,
        trick=Trick(leader=chair, chair=chair),
        set_aside=tuple(sorted((*state.set_aside, *face_up))),
        face_down=tuple(face_down),
    )
    if not event.token_placed:
        return state
    unspent = with_seat(state.unspent, seat, -1)
    if event.party is Party.TAILS:
        return replace(state, unspent=unspent, on_tails=with_seat(state.on_tails, seat, 1))
    return replace(state, unspent=unspent, on_claws=with_seat(state.on_claws, seat, 1))


def _unchanged(state: Playing, event: Events) -> Playing:
    return state


def _round_scored(state: Playing, event: RoundScored) -> Playing:
    return replace(state, totals=event.totals)


def _game_ended(state: Playing, event: GameEnded) -> Finished:
    return Finished(
        seat_count=state.seat_count,
        totals=event.totals,
        final_round_vp=event.final_round_vp,
        winners=event.winners,
        box=tuple(sorted(all_cards(state))),
    )


_HANDLERS: dict[type[Events], Callable[[Playing, Any], State]] = {
    PartySwitched: _party_switched,
    CardPlayed: _card_played,
    CardPlayedFaceDown: _card_played_face_down,
    MigrationPlayed: _migration_played,
    TrickWon: _trick_won,
    PlayerDisgraced: _unchanged,
    LibraCollapsed: _unchanged,
    RoundScored: _round_scored,
    GameEnded: _game_ended,
}
