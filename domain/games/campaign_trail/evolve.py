"""``evolve``: apply what an event says. No rules here: every outcome is already in the event."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain import choices
from domain.choices import Chosen
from domain.games.campaign_trail.events import (
    ActionLeft,
    CampaignBegan,
    CandidateKept,
    CardDrawn,
    CardPlayed,
    DebateCardPlayed,
    DebateEnded,
    DebateWon,
    ElectionHeld,
    GameSetUp,
    MoneyMoved,
    MonthEnded,
    PawnMoved,
    RegisteredMoved,
    ResponsePlayed,
    TurnPassed,
    VictimAsked,
    VotersOwed,
    VotersPlaced,
    VotersRemoved,
    VotersSwept,
    WindowOpened,
)
from domain.games.campaign_trail.state import (
    BANK,
    PARTIES,
    Campaigning,
    Debate,
    Drafting,
    Finished,
    State,
    all_cards,
)
from domain.recent import Folds
from domain.seats import add_at


def _set_up(state: None, event: GameSetUp) -> Drafting:
    return Drafting(
        seat_count=event.seat_count,
        module=event.module,
        offers=event.offers,
        kept=(-1,) * event.seat_count,
        box=event.box,
        hands=event.hands,
        decks=event.decks,
        removed=event.removed,
        voters=event.voters,
    )


def _kept(state: Drafting, event: CandidateKept) -> Drafting:
    offer = state.offers[event.seat]
    returned = tuple(sorted((*state.box, *(c for c in offer if c != event.candidate))))
    offers = (*state.offers[: event.seat], (), *state.offers[event.seat + 1 :])
    kept = (*state.kept[: event.seat], event.candidate, *state.kept[event.seat + 1 :])
    return replace(state, offers=offers, kept=kept, box=returned)


def _began(state: Drafting, event: CampaignBegan) -> Campaigning:
    return Campaigning(
        seat_count=state.seat_count,
        module=state.module,
        candidates=event.candidates,
        box=state.box,
        month=0,
        turn=event.turn,
        hands=state.hands,
        decks=state.decks,
        removed=state.removed,
        discard=(),
        ongoing=(),
        voters=state.voters,
        money=event.money,
        registered=event.registered,
        pawns=event.pawns,
        owed=(0,) * state.seat_count,
    )


def _cut(zone: tuple[tuple[int, ...], ...], at: int, card: int) -> tuple[tuple[int, ...], ...]:
    """``zone`` with ``card`` (held once) cut out of ``zone[at]`` (a hand or a month's deck)."""
    changed = list(zone)  # a list copy and back, as ``add_at`` does: faster than slicing and unpacking
    cards = changed[at]
    index = cards.index(card)
    changed[at] = cards[:index] + cards[index + 1 :]
    return tuple(changed)


def _sorted_in(zone: tuple[tuple[int, ...], ...], at: int, card: int) -> tuple[tuple[int, ...], ...]:
    """``zone`` with ``card`` put into ``zone[at]`` where it sorts (hands are kept sorted)."""
    changed = list(zone)
    cards = changed[at]
    index = bisect_left(cards, card)
    changed[at] = (*cards[:index], card, *cards[index:])
    return tuple(changed)


def _played(state: Campaigning, event: CardPlayed) -> Campaigning:
    hands = _cut(state.hands, event.seat, event.card)
    if event.ongoing:
        return replace(state, hands=hands, ongoing=(*state.ongoing, (event.card, event.seat)))
    return replace(state, hands=hands, discard=(*state.discard, event.card))


def _money(state: Campaigning, event: MoneyMoved) -> Campaigning:
    return replace(state, money=_transferred(state.money, event.source, event.target, event.amount))


def _registered(state: Campaigning, event: RegisteredMoved) -> Campaigning:
    return replace(state, registered=_transferred(state.registered, event.source, event.target, event.count))


def _transferred(values: tuple[int, ...], source: int, target: int, amount: int) -> tuple[int, ...]:
    """``amount`` taken from ``source`` and given to ``target`` (the bank being neither seat)."""
    if source != BANK:
        values = add_at(values, source, -amount)
    if target != BANK:
        values = add_at(values, target, amount)
    return values


def _placed(state: Campaigning, event: VotersPlaced) -> Campaigning:
    voters = add_at(state.voters, event.state * PARTIES + event.party, event.count)
    if not event.registered:
        return replace(state, voters=voters)
    return replace(state, voters=voters, registered=add_at(state.registered, event.party, -event.count))


def _removed(state: Campaigning, event: VotersRemoved) -> Campaigning:
    return replace(state, voters=add_at(state.voters, event.state * PARTIES + event.party, -event.count))


def _swept(state: Campaigning, event: VotersSwept) -> Campaigning:
    voters = list(state.voters)  # one copy for every removal: the map holds 150 counts
    for place, party, count in event.removals:
        voters[place * PARTIES + party] -= count
    return replace(state, voters=tuple(voters))


def _moved(state: Campaigning, event: PawnMoved) -> Campaigning:
    pawns = (*state.pawns[: event.seat], event.state, *state.pawns[event.seat + 1 :])
    return replace(state, pawns=pawns)


def _left(state: Campaigning, event: ActionLeft) -> Campaigning:
    begun = event.pending if state.pending is None else state.begun
    return replace(state, pending=event.pending, begun=begun)


def _owed(state: Campaigning, event: VotersOwed) -> Campaigning:
    return replace(state, owed=add_at(state.owed, event.seat, event.count))


def _asked(state: Campaigning, event: VictimAsked) -> Campaigning:
    return replace(state, choice=event.choice, victims=event.later)


def _chosen(state: Campaigning, event: Chosen) -> Campaigning:
    window = state.window
    if window is not None:
        left = choices.after(window.choice, event)
        return replace(state, window=replace(window, choice=left) if left is not None else None)
    assert state.choice is not None
    return replace(state, choice=choices.after(state.choice, event))


def _window_opened(state: Campaigning, event: WindowOpened) -> Campaigning:
    return replace(state, window=event.window)


def _response_played(state: Campaigning, event: ResponsePlayed) -> Campaigning:
    window = state.window
    assert window is not None
    hands = _cut(state.hands, event.seat, event.card)
    left = tuple([seat for seat in window.choice.seats if seat != event.seat])
    if left:
        responses = (*window.responses, (event.seat, event.card))
        window = replace(window, choice=replace(window.choice, seats=left), responses=responses)
    return replace(state, hands=hands, discard=(*state.discard, event.card), window=window if left else None)


def _drawn(state: Campaigning, event: CardDrawn) -> Campaigning:
    decks = _cut(state.decks, event.month, event.card)
    return replace(state, decks=decks, hands=_sorted_in(state.hands, event.seat, event.card))


def _passed(state: Campaigning, event: TurnPassed) -> Campaigning:
    return replace(state, turn=event.seat, pending=None, choice=None, victims=())


def _month_ended(state: Campaigning, event: MonthEnded) -> Campaigning:
    discard = (*state.discard, *event.discarded)
    debate = Debate(first=event.debate_first) if event.debate_first is not None else None
    return replace(state, ongoing=(), discard=discard, debate=debate, pending=None)


def _debate_card(state: Campaigning, event: DebateCardPlayed) -> Campaigning:
    assert state.debate is not None
    hands = _cut(state.hands, event.seat, event.card)
    return replace(state, hands=hands, debate=replace(state.debate, cards=(*state.debate.cards, event.card)))


def _debate_won(state: Campaigning, event: DebateWon) -> Campaigning:
    voters = list(state.voters)  # one copy for every state, as for a sweep
    for place in event.states:
        voters[place * PARTIES + event.party] += event.count
    return replace(state, voters=tuple(voters))


def _debate_ended(state: Campaigning, event: DebateEnded) -> Campaigning:
    spoken = state.debate.cards if state.debate is not None else ()
    discard = (*state.discard, *spoken)
    return replace(state, discard=discard, debate=None, month=event.month)


def _election(state: Campaigning, event: ElectionHeld) -> Finished:
    return Finished(
        seat_count=state.seat_count,
        candidates=state.candidates,
        voters=state.voters,
        leaders=event.leaders,
        electoral=event.electoral,
        committed=event.committed,
        states_won=event.states_won,
        money=state.money,
        registered=state.registered,
        winners=event.winners,
        box=tuple(sorted(all_cards(state))),
    )


APPLY: dict[type, Callable[[Any, Any], State]] = {
    GameSetUp: _set_up,
    CandidateKept: _kept,
    CampaignBegan: _began,
    CardPlayed: _played,
    MoneyMoved: _money,
    RegisteredMoved: _registered,
    VotersPlaced: _placed,
    VotersRemoved: _removed,
    PawnMoved: _moved,
    ActionLeft: _left,
    VotersOwed: _owed,
    VictimAsked: _asked,
    Chosen: _chosen,
    CardDrawn: _drawn,
    TurnPassed: _passed,
    MonthEnded: _month_ended,
    DebateCardPlayed: _debate_card,
    DebateWon: _debate_won,
    DebateEnded: _debate_ended,
    ElectionHeld: _election,
    WindowOpened: _window_opened,
    ResponsePlayed: _response_played,
    VotersSwept: _swept,
}
"""Each event type's change to the state."""

_RECENT: Folds[State] = Folds(APPLY)
"""The run of folds the last decision made: ``decide`` folds some events to see what follows them, and
the referee's fold of the same events (:func:`fold_decided`) takes the state they made."""
evolve = _RECENT.evolve
"""The state after an event."""
evolve_decided = _RECENT.decided
""":func:`evolve` for an event being decided now, remembered for the referee's fold of it."""
fold_decided = _RECENT.fold
""":func:`evolve` of a decision's events, finding the folds ``decide`` made (the game's ``fold_decided``)."""
