"""What each viewer may see of Politrickers: views, redacted events, sentences and resampling.

Views are built from whitelisted pieces only: a seat sees its own hand and its own face-down cards
(``OwnHand``, ``OwnFaceDownCard``), everyone else's only as counts or markers (``HandCount``,
``FaceDownCard``); leftover cards are a count for every seat and spectator. Only ``OMNISCIENT`` sees
everything.
"""

from __future__ import annotations

import msgspec

from domain.games.politrickers.cards import Party, Suit
from domain.games.politrickers.events import (
    CardPlayedFaceDown,
    PolitrickersEvent,
    RoundDealt,
    RoundDealtSeen,
    UnknownCardPlayedFaceDown,
)
from domain.games.politrickers.state import Finished, Play, Playing, State, Trick, next_to_play
from domain.messages import View
from domain.seats import OMNISCIENT, Seat, Viewer


class OwnHand(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """A hand its viewer may see: the cards themselves."""

    cards: tuple[int, ...]


class HandCount(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """A hand hidden from the viewer: only how many cards it holds."""

    count: int


class LeftoverCards(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """The cards set aside unseen at the deal (omniscient viewers only)."""

    cards: tuple[int, ...]


class LeftoverCount(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """How many cards were set aside unseen at the deal."""

    count: int


class FaceUpCard(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """A card played face up (Migration included)."""

    seat: Seat
    card: int


class OwnFaceDownCard(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """A face-down card seen by its owner."""

    seat: Seat
    card: int


class FaceDownCard(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """A face-down card by ``seat``: which card it is stays hidden."""

    seat: Seat


TrickCard = FaceUpCard | OwnFaceDownCard | FaceDownCard


class TrickView(msgspec.Struct, frozen=True, kw_only=True):
    """The trick on the table."""

    leader: Seat
    chair: Seat
    ruling_party: Party | None
    ruling_suit: Suit | None
    opposition_suit: Suit | None
    plays: tuple[TrickCard, ...]


class SeatView(msgspec.Struct, frozen=True, kw_only=True):
    """One seat's public pieces, and its hand and face-down cards as the viewer may see them."""

    seat: Seat
    vp: int
    party: Party | None
    unspent_tokens: int
    on_tails: int
    on_claws: int
    tricks_won: int
    hand: OwnHand | HandCount
    set_aside_face_down: OwnHand | HandCount


class PolitrickersView(View, frozen=True, kw_only=True):
    """The table as one viewer may see it."""

    viewer: Seat | None
    round_number: int
    to_act: Seat | None
    seats: tuple[SeatView, ...]
    trick: TrickView | None
    tricks_played: int
    set_aside_face_up: tuple[int, ...]
    leftovers: LeftoverCards | LeftoverCount
    winners: tuple[Seat, ...] = ()


def _own(viewer: Viewer) -> Seat | None:
    return viewer if isinstance(viewer, int) else None


def _sees(viewer: Viewer, seat: int) -> bool:
    return viewer is OMNISCIENT or viewer == seat


def _cards(viewer: Viewer, seat: int, cards: tuple[int, ...]) -> OwnHand | HandCount:
    return OwnHand(cards=cards) if _sees(viewer, seat) else HandCount(count=len(cards))


def _trick_card(viewer: Viewer, play: Play) -> TrickCard:
    if not play.face_down:
        return FaceUpCard(seat=play.seat, card=play.card)
    if _sees(viewer, play.seat):
        return OwnFaceDownCard(seat=play.seat, card=play.card)
    return FaceDownCard(seat=play.seat)


def _trick_view(viewer: Viewer, trick: Trick) -> TrickView:
    return TrickView(
        leader=trick.leader,
        chair=trick.chair,
        ruling_party=trick.ruling_party,
        ruling_suit=trick.ruling_suit,
        opposition_suit=trick.opposition_suit,
        plays=tuple(_trick_card(viewer, play) for play in trick.plays),
    )


def _seat_view(state: Playing, viewer: Viewer, seat: int) -> SeatView:
    return SeatView(
        seat=Seat(seat),
        vp=state.totals[seat],
        party=state.parties[seat],
        unspent_tokens=state.unspent[seat],
        on_tails=state.on_tails[seat],
        on_claws=state.on_claws[seat],
        tricks_won=state.tricks_won[seat],
        hand=_cards(viewer, seat, state.hands[seat]),
        set_aside_face_down=_cards(viewer, seat, state.face_down[seat]),
    )


def view(state: State, viewer: Viewer) -> PolitrickersView:
    """The table as ``viewer`` may see it."""
    own = _own(viewer)
    if isinstance(state, Finished):
        return _finished_view(state, own)
    leftovers = state.leftovers
    hidden = LeftoverCount(count=len(leftovers))
    return PolitrickersView(
        viewer=own,
        round_number=state.round_number,
        to_act=next_to_play(state),
        seats=tuple(_seat_view(state, viewer, seat) for seat in range(state.seat_count)),
        trick=_trick_view(viewer, state.trick),
        tricks_played=state.tricks_played,
        set_aside_face_up=state.set_aside,
        leftovers=LeftoverCards(cards=leftovers) if viewer is OMNISCIENT else hidden,
    )


def _finished_view(state: Finished, own: Seat | None) -> PolitrickersView:
    empty = HandCount(count=0)
    seats = tuple(
        SeatView(
            seat=Seat(seat),
            vp=vp,
            party=None,
            unspent_tokens=0,
            on_tails=0,
            on_claws=0,
            tricks_won=0,
            hand=empty,
            set_aside_face_down=empty,
        )
        for seat, vp in enumerate(state.totals)
    )
    return PolitrickersView(
        viewer=own,
        round_number=0,
        to_act=None,
        seats=seats,
        trick=None,
        tricks_played=0,
        set_aside_face_up=(),
        leftovers=LeftoverCount(count=0),
        winners=state.winners,
    )


def redact(event: PolitrickersEvent, viewer: Viewer) -> PolitrickersEvent:
    """``event`` as ``viewer`` may see it: other hands, leftovers and others' face-down cards hidden."""
    if viewer is OMNISCIENT:
        return event
    if isinstance(event, RoundDealt):
        own = _own(viewer)
        return RoundDealtSeen(
            round_number=event.round_number,
            chair=event.chair,
            parties=event.parties,
            power_tokens=event.power_tokens,
            viewer=own,
            hand=event.hands[own] if own is not None else (),
            hand_sizes=tuple(len(hand) for hand in event.hands),
            leftover_count=len(event.leftovers),
        )
    if isinstance(event, CardPlayedFaceDown) and viewer != event.seat:
        return UnknownCardPlayedFaceDown(seat=event.seat)
    return event
