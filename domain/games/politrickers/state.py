"""The state of a Politrickers game: a round in play, or a finished game. Frozen, tuples only."""

from __future__ import annotations

import msgspec

from domain.games.politrickers.cards import Party, Suit
from domain.seats import Seat


class Play(msgspec.Struct, frozen=True, array_like=True):
    """One card in the current trick: who played it, which, and whether it lies face down."""

    seat: Seat
    card: int
    face_down: bool = False


class Trick(msgspec.Struct, frozen=True, kw_only=True):
    """The trick on the table.

    ``leader`` played first (turn order runs clockwise from it); ``chair`` leads the suits (it moves on
    when a Chair plays Migration). The suits and the Ruling Party are ``None`` until set.
    """

    leader: Seat
    chair: Seat
    ruling_party: Party | None = None
    ruling_suit: Suit | None = None
    opposition_suit: Suit | None = None
    plays: tuple[Play, ...] = ()


class Playing(msgspec.Struct, frozen=True, kw_only=True, tag="Playing"):
    """A round in play. Per-seat tuples are indexed by seat.

    Power Tokens are unspent (on the Politician Card), on a plate of the Libra Disc, or spent (set
    aside by a free switch, so not stored). Cards of finished tricks are set aside: the face-up ones
    in ``set_aside`` and each seat's face-down ones in ``face_down``, all sorted.
    """

    seat_count: int
    round_number: int
    totals: tuple[int, ...]
    parties: tuple[Party, ...]
    hands: tuple[tuple[int, ...], ...]
    leftovers: tuple[int, ...]
    unspent: tuple[int, ...]
    on_tails: tuple[int, ...]
    on_claws: tuple[int, ...]
    tricks_won: tuple[int, ...]
    tricks_played: int
    trick: Trick
    set_aside: tuple[int, ...] = ()
    face_down: tuple[tuple[int, ...], ...] = ()


class Finished(msgspec.Struct, frozen=True, kw_only=True, tag="Finished"):
    """The game is over; every card is back in the box (``box``, sorted)."""

    seat_count: int
    totals: tuple[int, ...]
    final_round_vp: tuple[int, ...]
    winners: tuple[Seat, ...]
    box: tuple[int, ...]


State = Playing | Finished


def plate(state: Playing, party: Party) -> tuple[int, ...]:
    """Each seat's tokens on the plate of ``party``."""
    return state.on_tails if party is Party.TAILS else state.on_claws


def next_to_play(state: Playing) -> Seat:
    """The seat whose turn it is in the current trick."""
    trick = state.trick
    return Seat((trick.leader + len(trick.plays)) % state.seat_count)


def all_cards(state: State) -> tuple[int, ...]:
    """Every card in every zone: hands, the trick, set aside, face down and leftovers (or the box)."""
    if isinstance(state, Finished):
        return state.box
    held = [card for hand in state.hands for card in hand]
    down = [card for cards in state.face_down for card in cards]
    played = [play.card for play in state.trick.plays]
    return (*held, *played, *state.set_aside, *down, *state.leftovers)


def with_seat(values: tuple[int, ...], seat: int, delta: int) -> tuple[int, ...]:
    """``values`` with ``delta`` added at ``seat``."""
    changed = list(values)
    changed[seat] += delta
    return tuple(changed)
