"""Exactly the commands ``decide`` accepts from a seat now (built from the same checks)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from domain import choices
from domain.choices import Pass
from domain.games.campaign_trail.cards import (
    ADVERTISE,
    CAMPAIGN,
    FLIP_CONTRIBUTORS,
    MUDSLINGING,
    SMEAR_CAMPAIGN,
    SWAY_MINDS,
    TRAVEL,
    VOTER_SUPPRESSION,
)
from domain.games.campaign_trail.cards.board import ETHICALLY_MINDED, NEIGHBOURS, STATE_COUNT
from domain.games.campaign_trail.cards.catalogue import ANSWERING, CARDS, EFFECTS
from domain.games.campaign_trail.commands import (
    Commands,
    DebateCard,
    KeepCandidate,
    Move,
    Pay,
    Place,
    PlayCard,
    PlayResponse,
    Remove,
    Stop,
    Sweep,
    TravelTo,
)
from domain.games.campaign_trail.rules.effects import (
    MUDSLING_PRICE,
    SMEAR_PRICE,
    advert_change,
    ethical_voters,
)
from domain.games.campaign_trail.rules.months import debater
from domain.games.campaign_trail.rules.turns import within
from domain.games.campaign_trail.state import PARTIES, Campaigning, Drafting, Pending, State, Window, at
from domain.memos import memo
from domain.seats import Seat

Offered = list[Commands]
Owing = Sequence[tuple[int, int]]
"""States an action removes voters from, each with how many it may still take there."""
_STOP = Stop()
_MOVE = tuple(Move(state=place) for place in range(STATE_COUNT))
_PLACE = tuple(Place(state=place) for place in range(STATE_COUNT))
_PAY = tuple(Pay(state=place) for place in range(STATE_COUNT))
_REMOVE = tuple(tuple(Remove(state=place, party=party) for party in range(3)) for place in range(STATE_COUNT))
_TRAVEL_TO = tuple(TravelTo(state=place) for place in range(STATE_COUNT))
_SWEEP = tuple(Sweep(state=place) for place in range(STATE_COUNT))
_SWEEP_ALL = Sweep()


def legal_commands(state: State, seat: int) -> Offered:
    """Every command ``seat`` may send now; ``[]`` when it may not act."""
    if not isinstance(state, Campaigning):  # the phase nearly every step is in, first (see ``to_act``)
        return [KeepCandidate(candidate=c) for c in state.offers[seat]] if isinstance(state, Drafting) else []
    if state.window is not None:
        return _answers(state, seat, state.window)
    if state.choice is not None:
        return choices.offers(state.choice, Seat(seat))  # type: ignore[return-value]  # a choice offers this game's own commands, typed as any command
    if state.debate is not None:
        return [_DEBATE[card] for card in state.hands[seat]] if debater(state) == seat else []
    if seat != state.turn:
        return []
    if state.pending is not None:
        return _steps(state, seat, state.pending)
    return _plays(state, seat)


def _always(card: int, seat: int, seat_count: int) -> tuple[Commands, ...]:
    """The plays of ``card`` that need nothing but the card in hand (targets listed)."""
    legal: list[Commands] = []
    for index, action in enumerate(CARDS[card].actions):
        if action.kind in (FLIP_CONTRIBUTORS, SWAY_MINDS):
            legal += [PlayCard(card=card, action=index, target=o) for o in range(seat_count) if o != seat]
        elif action.kind not in _PRICED and not (action.effect and EFFECTS[action.effect].answers):
            legal.append(PlayCard(card=card, action=index))
    return tuple(legal)


_PRICED = (ADVERTISE, MUDSLINGING, SMEAR_CAMPAIGN)
_ALWAYS = {
    (card, seat, count): _always(card, seat, count)
    for card in CARDS
    for count in (2, 3)
    for seat in range(count)
}
_ALWAYS_AT = {
    (seat, count): {card: _ALWAYS[card, seat, count] for card in CARDS}
    for count in (2, 3)
    for seat in range(count)
}
""":data:`_ALWAYS` by seat and table size, then by card (a hand looks up one table once)."""
_PRICED_ACTIONS = {
    card: tuple((index, action) for index, action in enumerate(CARDS[card].actions) if action.kind in _PRICED)
    for card in CARDS
}
_MUDSLINGS = {
    (card, index, size): tuple(
        PlayCard(card=card, action=index, issues=chosen)
        for chosen in combinations(sorted(action.issues), size)
    )
    for card in CARDS
    for index, action in enumerate(CARDS[card].actions)
    if action.kind is MUDSLINGING
    for size in range(1, len(action.issues) + 1)
}
_PLAIN = {(card, index): PlayCard(card=card, action=index) for card in CARDS for index in range(4)}
_DEBATE = {card: DebateCard(card=card) for card in CARDS}


_RESPOND = {card: PlayResponse(card=card) for card in CARDS}
_PASS = Pass()


def _answers(state: Campaigning, seat: int, window: Window) -> Offered:
    """In a reaction window: each card of the seat's hand whose response answers the action, or a pass."""
    if seat not in window.choice.seats:
        return []
    answering = ANSWERING[window.answers]
    return [*[_RESPOND[card] for card in state.hands[seat] if card in answering], _PASS]


def _plays(state: Campaigning, seat: int) -> Offered:
    """Each card of the hand: its plays that need nothing but the card, then its priced ones the seat can
    pay for, in the order of the card's actions (:data:`_HANDED`)."""
    legal: Offered = []
    handed = _HANDED[seat, state.seat_count]
    # An Advertise costs max(0, price + change); a war chest is never below 0, so it pays that exactly
    # when it pays price + change: one comparison a card.
    budget = state.money[seat] - advert_change(state, seat)
    ethical = -1
    for card in state.hands[seat]:
        cost, unpriced, advertised = handed[card]
        if cost >= 0:
            legal += advertised if cost <= budget else unpriced
            continue
        if ethical < 0:
            ethical = ethical_voters(state, seat)
        legal += unpriced
        legal += _dirty_plays(card, ethical, state.pawns[seat])
    return legal


def _dirty_plays(card: int, ethical: int, pawn: int) -> Offered:
    """The Mudslinging and Smear Campaign plays of ``card`` that ``ethical`` voters pay for (a smear
    campaign with the pawn in one of its states)."""
    legal: Offered = []
    for index, action in _PRICED_ACTIONS[card]:
        if action.kind is MUDSLINGING:
            for size in range(1, min(ethical // MUDSLING_PRICE, len(action.issues)) + 1):
                legal += _MUDSLINGS[card, index, size]
        elif pawn in action.states and ethical >= SMEAR_PRICE:
            legal.append(_PLAIN[card, index])
    return legal


_DIRTY = -1
"""The cost :data:`_HANDED` gives a card whose priced actions are a Mudslinging or a Smear Campaign."""
_NO_ADVERT = 10**9
"""The cost :data:`_HANDED` gives a card without a priced action: never paid, so its plays are its
unpriced ones."""


def _handed(card: int, seat: int, count: int) -> tuple[int, tuple[Commands, ...], tuple[Commands, ...]]:
    """A card's Advertise price (or :data:`_DIRTY`, :data:`_NO_ADVERT`), its unpriced plays, and those
    followed by its Advertise play (a card shows at most one Advertise, and no Advertise beside a
    Mudslinging or a Smear Campaign: the data says so, and this checks it)."""
    priced = _PRICED_ACTIONS[card]
    unpriced = _ALWAYS[card, seat, count]
    if not priced:
        return _NO_ADVERT, unpriced, unpriced
    kinds = {action.kind for _, action in priced}
    if ADVERTISE not in kinds:
        return _DIRTY, unpriced, unpriced
    if len(priced) != 1:
        raise ValueError(f"Card {card} shows an Advertise beside another priced action.")
    index, action = priced[0]
    return action.cost, unpriced, (*unpriced, _PLAIN[card, index])


_HANDED = {
    (seat, count): {card: _handed(card, seat, count) for card in CARDS}
    for count in (2, 3)
    for seat in range(count)
}
"""For each seat and table size, each card's Advertise price and its plays without and with it: a hand's
plays are a lookup and a comparison a card (the loop over a card's priced actions, and the lookups it
made, were a sixth of a turn's step at 2 seats; docs/architecture.md, *Speed: issue 50*)."""


def _steps(state: Campaigning, seat: int, pending: Pending) -> Offered:
    kind, here = pending.kind, state.pawns[seat]
    if pending.pays:
        return _payments(state, seat, pending.pays)
    if kind == TRAVEL:
        return [
            *_journeys(pending, here),
            *(_FLY_OR_STOP[here] if pending.plane else _WALK_OR_STOP[here] if pending.moves else _ONLY_STOP),
        ]
    if kind == CAMPAIGN:
        return list(_RALLY[here])
    if kind == VOTER_SUPPRESSION:
        removals = _removals(state, seat, pending, ((here, pending.removes),))
        if pending.removing:
            return removals
        return [*_journeys(pending, here), *_moves(pending, here), _STOP, *removals]
    if kind == MUDSLINGING:  # a quota's state is listed once, so what is left of it is what it owes
        removals = _removals(state, seat, pending, pending.quotas)
        return [_SWEEP_ALL, *removals] if removals else removals
    removes = pending.removes
    return [*_removals(state, seat, pending, [(place, removes) for place in pending.states]), _STOP]


def _payments(state: Campaigning, seat: int, pays: int) -> Offered:
    """Each ethically minded state holding your voters, paying 1 up to all that are left to pay from it."""
    legal: Offered = []
    for place in ETHICALLY_MINDED[seat]:
        most = min(pays, at(state.voters, place, seat))
        legal += [
            _PAY[place] if count == 1 else Pay(state=place, count=count) for count in range(1, most + 1)
        ]
    return legal


def _journeys(pending: Pending, here: int) -> Offered:
    """The whole movement at once: each state within the moves left by land, or every state by plane."""
    if pending.plane:
        return [_TRAVEL_TO[place] for place in range(STATE_COUNT) if place != here]
    return [_TRAVEL_TO[place] for place in sorted(within(here, pending.moves))]


def _moves(pending: Pending, here: int) -> tuple[Move, ...]:
    if pending.plane:
        return _FLIGHTS[here]
    return _WALKS[here] if pending.moves else ()


_ONLY_STOP: tuple[Commands, ...] = (_STOP,)
_RALLY: tuple[tuple[Commands, ...], ...] = tuple(
    (*(_PLACE[p] for p in (here, *NEIGHBOURS[here])), _STOP) for here in range(STATE_COUNT)
)
_FLIGHTS = tuple(tuple(_MOVE[p] for p in range(STATE_COUNT) if p != here) for here in range(STATE_COUNT))
_WALKS = tuple(tuple(_MOVE[p] for p in NEIGHBOURS[here]) for here in range(STATE_COUNT))
_FLY_OR_STOP: tuple[tuple[Commands, ...], ...] = tuple((*flights, _STOP) for flights in _FLIGHTS)
_WALK_OR_STOP: tuple[tuple[Commands, ...], ...] = tuple((*walks, _STOP) for walks in _WALKS)


def _removals(state: Campaigning, seat: int, pending: Pending, owing: Owing) -> Offered:
    """Per state and how many voters the action may still take there (what ``still_to_remove`` says of
    it, worked out by the caller once for every state): a :class:`Sweep` of it, then each party's voters
    there, 1 up to all it may take. A state owed nothing offers nothing."""
    voters, count = state.voters, state.seat_count
    own_too = pending.kind != SMEAR_CAMPAIGN  # a sweep takes the seat's own voters unless a smear
    legal: Offered = []
    for place, owed in owing:
        if owed:
            start = place * PARTIES
            legal += _removals_at(place, owed, voters[start : start + count], seat, own_too)
    return legal


@memo(4096, "a removal's steps offer the same commands at a state again and again")
def _removals_at(
    place: int, owed: int, standing: tuple[int, ...], seat: int, own_too: bool
) -> tuple[Commands, ...]:
    """:func:`_removals` at one state, from the voters ``standing`` there by party: made once for each,
    since a removal's steps offer the same commands again and again (with the quota's bisection, 1.25x
    the random games' actions a CPU second at 2 seats, 1.19x at 3: docs/architecture.md, *Speed*)."""
    here = [party for party, voters in enumerate(standing) if voters]
    if not here:
        return ()
    sweep = (_SWEEP[place],) if own_too or here != [seat] else ()  # what ``swept_at`` takes is not nothing
    return sweep + tuple(
        [
            _REMOVE[place][party] if taken == 1 else Remove(state=place, party=party, count=taken)
            for party in here
            for taken in range(1, min(owed, standing[party]) + 1)
        ]
    )
