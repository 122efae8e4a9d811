"""What each viewer may see of Politrickers: views, and who may read each event whole.

Views are built from whitelisted pieces only: a seat sees its own hand and its own face-down cards
(``OwnHand``, ``OwnFaceDownCard``), everyone else's only as counts or markers (``HandCount``,
``FaceDownCard``); leftover cards are a count for every seat and spectator. Only ``OMNISCIENT`` sees
everything.
"""

from __future__ import annotations

import msgspec

from domain.games.politrickers.cards import Party, Suit
from domain.games.politrickers.events import (
    CardPlayed,
    CardPlayedFaceDown,
    GameEnded,
    LibraCollapsed,
    MigrationPlayed,
    PartySwitched,
    PlayerDisgraced,
    RoundDealt,
    RoundDealtSeen,
    RoundScored,
    TrickWon,
    UnknownCardPlayedFaceDown,
)
from domain.games.politrickers.state import Finished, Play, Playing, State, Trick, next_to_play
from domain.messages import View
from domain.seats import OMNISCIENT, Seat, Viewer
from domain.visibility import Declarations, HandCount, OwnHand, Secret, hand_for, nobody, public


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
        plays=tuple([_trick_card(viewer, play) for play in trick.plays]),
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
        hand=hand_for(state.hands[seat], viewer, seat),
        set_aside_face_down=hand_for(state.face_down[seat], viewer, seat),
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
        seats=tuple([_seat_view(state, viewer, seat) for seat in range(state.seat_count)]),
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


def _dealt_as_seen(event: RoundDealt, viewer: Viewer) -> RoundDealtSeen:
    """A deal as a seat (its own hand only) or the spectator (no hand) sees it."""
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


def _face_down_unseen(event: CardPlayedFaceDown, viewer: Viewer) -> UnknownCardPlayedFaceDown:
    return UnknownCardPlayedFaceDown(seat=event.seat)


def _player(event: CardPlayedFaceDown) -> tuple[int]:
    return (event.seat,)


VISIBILITY: Declarations = {
    **public(
        RoundDealtSeen,
        PartySwitched,
        CardPlayed,
        UnknownCardPlayedFaceDown,
        MigrationPlayed,
        TrickWon,
        PlayerDisgraced,
        LibraCollapsed,
        RoundScored,
        GameEnded,
    ),
    RoundDealt: Secret(seen_by=nobody, hide=_dealt_as_seen, twins=(RoundDealtSeen,)),
    CardPlayedFaceDown: Secret(seen_by=_player, hide=_face_down_unseen, twins=(UnknownCardPlayedFaceDown,)),
}
"""Who may read each event whole: hands and leftovers are dealt secretly, a face-down card is its player's."""
