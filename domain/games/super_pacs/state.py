"""The state of a Super PACS game: one frozen table whose ``phase`` says what is being waited for.

Per-seat tuples are indexed by seat. Hands hold faction ids only (megabucks are a number per seat, see
ruling R4). A deck whose order nobody knows (the faction deck, the investment pile, the events still
in the game) is stored sorted; cards are drawn from it with the RNG at the moment of drawing.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.choices import Choice

Phase = Literal["leaders", "turn", "event", "election", "over"]
Kind = Literal["exploit", "superpower", "event"]

NO_SEAT = -1


class Pending(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="Pending"):
    """An exploit, a superpower or an event being played.

    ``choice`` is open while its owner chooses a target (``target`` an opponent, ``victim`` the seat
    and faction to destroy); then ``window`` is open for surprises; ``plays`` are the surprises played
    on it (seat, card), in order. ``affected`` and ``payers`` are the seats its changes would reach and
    the seats it would make pay (public: they decide which surprises apply).
    """

    kind: Kind
    owner: int
    card: int
    target: int = NO_SEAT
    victim: tuple[int, int] | None = None
    choice: Choice | None = None
    window: Choice | None = None
    plays: tuple[tuple[int, int], ...] = ()
    affected: tuple[int, ...] = ()
    payers: tuple[int, ...] = ()


class Election(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="Election"):
    """An election being counted: its card, the window for surprises and superpowers, the plays made."""

    card: int
    window: Choice | None = None
    plays: tuple[tuple[int, int], ...] = ()


class State(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="Table"):
    """Everything on the table (see the module docstring)."""

    seat_count: int
    phase: Phase
    round: int
    first: int
    turn: int
    step: int
    """0: before the initial action, 1: before the main action, 2: after it."""
    hands: tuple[tuple[int, ...], ...]
    money: tuple[int, ...]
    coalitions: tuple[tuple[int, ...], ...]
    sneaked: tuple[tuple[int, ...], ...]
    investments: tuple[tuple[int, ...], ...]
    leaders: tuple[int, ...]
    offers: tuple[tuple[int, ...], ...]
    picks: tuple[int, ...]
    box: tuple[int, ...]
    deck: tuple[int, ...]
    cemetery: tuple[int, ...]
    event_pool: tuple[int, ...]
    events_out: tuple[int, ...]
    events_done: tuple[int, ...]
    elections_left: tuple[int, ...]
    market: tuple[int, ...]
    investment_pile: tuple[int, ...]
    tokens: tuple[int, ...]
    """The holder of each token (in ``TOKEN_NAMES`` order), or ``NO_SEAT``."""
    used: tuple[bool, ...]
    """Whether each seat used its superpower this round."""
    owed: tuple[int, ...]
    """Factions each seat still has to discard (see :func:`owes` for the discards down to 5 cards)."""
    pending: Pending | None = None
    election: Election | None = None
    revealed: int = 0
    """Events revealed so far (one a round)."""
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    collecting: tuple[tuple[int, int], ...] = ()
    """Seats owed money (seat, amount) the Treasury could not pay: while any wait, every hand must come
    down to 5 cards (:func:`owes`); they collect once no discard is owed."""
    cause: tuple[str, int] = ("", NO_SEAT)
    """What last asked for something (for the page's "Discards owed" reason): the effect being played
    (kind, card), the campaign action ("campaign", leader) or an empty Treasury ("treasury", payee)."""
    fresh: bool = True
    """True until the turn player's first command of the turn (where take-backs say a turn begins)."""


def all_cards(state: State) -> tuple[int, ...]:
    """Every card in every zone (leaders, factions, events, investments); money is not a card here.

    A leader being picked stays among its seat's offers until all are revealed.
    """
    zones = (state.hands, state.coalitions, state.sneaked, state.investments, state.offers)
    held = [card for zone in zones for cards in zone for card in cards]
    counting = [state.election.card] if state.election is not None else []
    loose = (state.box, state.deck, state.cemetery, state.event_pool, state.events_out, state.events_done)
    return (
        *held,
        *[card for card in state.leaders if card >= 0],
        *counting,
        *[card for pile in loose for card in pile],
        *state.elections_left,
        *state.market,
        *state.investment_pile,
    )


def notes(money: int) -> int:
    """How many money cards ``money`` megabucks are held in: the fewest 5s and 1s (ruling R4)."""
    return money // 5 + money % 5


ONES = 19
"""The 1-megabuck money cards (ruling R4: 19 of 1 and 10 of 5)."""


def most_notes(money: int, others_ones: int) -> int:
    """The most money cards ``money`` megabucks can be held in when the others hold ``others_ones`` of
    the 1-megabuck cards: as many 1s as are left, the rest in 5s (ruling R4, for Junk Bonds)."""
    ones = min(money, ONES - others_ones)
    ones -= (ones - money % 5) % 5
    return ones + (money - ones) // 5


def hand_size(state: State, seat: int) -> int:
    """Cards in ``seat``'s hand, factions and money cards together (public: ruling R4)."""
    return len(state.hands[seat]) + notes(state.money[seat])


HAND_LIMIT = 5
"""An empty Treasury makes every player discard down to this many cards in hand."""


def over_limit(state: State, seat: int) -> int:
    """The cards, factions or money, ``seat`` must discard to come down to 5 once the factions it owes
    are discarded (none unless a collection waits on an empty Treasury)."""
    if not state.collecting:
        return 0
    return max(0, hand_size(state, seat) - state.owed[seat] - HAND_LIMIT)


def owes(state: State, seat: int) -> int:
    """Every discard ``seat`` owes now: the factions it owes, and the cards down to 5."""
    return state.owed[seat] + over_limit(state, seat)


def anyone_owes(state: State) -> bool:
    """True while some seat owes a discard (nothing else goes on until it is made)."""
    return any(state.owed) or (
        bool(state.collecting) and any(over_limit(state, seat) for seat in range(state.seat_count))
    )


MOST_SEATS = 4
"""Super PACS is for 2 to 4 players."""
ORDERS = {
    (count, first): tuple((first + offset) % count for offset in range(count))
    for count in range(1, MOST_SEATS + 1)
    for first in range(count)
}
"""Every turn order, by seat count and first player (made once: rules ask for it at every window)."""


def seat_order(state: State) -> tuple[int, ...]:
    """The seats in this round's turn order, from its first player clockwise."""
    return ORDERS[state.seat_count, state.first]


def replace_at(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    """``values`` with ``value`` at ``seat``."""
    return (*values[:seat], value, *values[seat + 1 :])
