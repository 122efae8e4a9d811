"""Exactly the commands ``decide`` accepts from a seat now (built from the same checks)."""

from __future__ import annotations

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
)
from domain.games.campaign_trail.rules.effects import (
    MUDSLING_PRICE,
    SMEAR_PRICE,
    advert_change,
    ethical_voters,
)
from domain.games.campaign_trail.rules.months import debater
from domain.games.campaign_trail.state import PARTIES, Campaigning, Drafting, Pending, State, Window, at
from domain.seats import Seat

Offered = list[Commands]
_STOP = Stop()
_MOVE = tuple(Move(state=place) for place in range(STATE_COUNT))
_PLACE = tuple(Place(state=place) for place in range(STATE_COUNT))
_PAY = tuple(Pay(state=place) for place in range(STATE_COUNT))
_REMOVE = tuple(tuple(Remove(state=place, party=party) for party in range(3)) for place in range(STATE_COUNT))


def legal_commands(state: State, seat: int) -> Offered:
    """Every command ``seat`` may send now; ``[]`` when it may not act."""
    if isinstance(state, Drafting):
        return [KeepCandidate(candidate=c) for c in state.offers[seat]]
    if not isinstance(state, Campaigning):
        return []
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
    return [*(_RESPOND[card] for card in state.hands[seat] if card in answering), _PASS]


def _plays(state: Campaigning, seat: int) -> Offered:
    legal: Offered = []
    always = _ALWAYS_AT[seat, state.seat_count]
    ethical = -1
    money, change = state.money[seat], advert_change(state, seat)
    for card in state.hands[seat]:
        legal += always[card]
        for index, action in _PRICED_ACTIONS[card]:
            kind = action.kind
            if kind is ADVERTISE:
                if money >= max(0, action.cost + change):
                    legal.append(_PLAIN[card, index])
                continue
            if ethical < 0:
                ethical = ethical_voters(state, seat)
            if kind is MUDSLINGING:
                for size in range(1, min(ethical // MUDSLING_PRICE, len(action.issues)) + 1):
                    legal += _MUDSLINGS[card, index, size]
            elif state.pawns[seat] in action.states and ethical >= SMEAR_PRICE:
                legal.append(_PLAIN[card, index])
    return legal


def _steps(state: Campaigning, seat: int, pending: Pending) -> Offered:
    kind, here = pending.kind, state.pawns[seat]
    if pending.pays:
        return [_PAY[place] for place in ETHICALLY_MINDED[seat] if at(state.voters, place, seat)]
    if kind == TRAVEL:
        return list(
            _FLY_OR_STOP[here] if pending.plane else _WALK_OR_STOP[here] if pending.moves else _ONLY_STOP
        )
    if kind == CAMPAIGN:
        return list(_RALLY[here])
    if kind == VOTER_SUPPRESSION:
        removals = _removals(state, (here,))
        return removals if pending.removing else [*_moves(pending, here), _STOP, *removals]
    if kind == MUDSLINGING:
        return _removals(state, tuple([place for place, left in pending.quotas if left]))
    return [*_removals(state, pending.states), _STOP]


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


def _removals(state: Campaigning, places: tuple[int, ...]) -> Offered:
    voters, parties = state.voters, range(state.seat_count)
    return [_REMOVE[place][party] for place in places for party in parties if voters[place * PARTIES + party]]
