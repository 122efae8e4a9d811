"""``evolve``: apply one Super PACS event to the table. No rules here: every outcome is in the event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain import choices
from domain.choices import Chosen
from domain.games.super_pacs.cards import LEADER_BASE, TOKEN_NAMES
from domain.games.super_pacs.cards import event as event_card
from domain.games.super_pacs.events import (
    ActionTaken,
    DeckRebuilt,
    DiscardsOwed,
    EffectBegan,
    EffectResolved,
    ElectionWon,
    EventRevealed,
    FactionDestroyed,
    FactionDiscarded,
    FactionExploited,
    FactionsAdded,
    FactionsDrawn,
    FactionsSneaked,
    GameEnded,
    GameSetUp,
    InvestmentBought,
    LeaderPicked,
    LeadersRevealed,
    MoneyMoved,
    NoteDiscarded,
    RoundBegan,
    SneakedRevealed,
    SurprisePlayed,
    TargetChosen,
    TokenTaken,
    TreasuryShort,
    TurnEnded,
    WindowOpened,
)
from domain.games.super_pacs.state import NO_SEAT, Election, Pending, State, anyone_owes
from domain.messages import Event
from domain.recent import Folds
from domain.seats import add_at

Zone = tuple[tuple[int, ...], ...]


def _without(cards: tuple[int, ...], gone: tuple[int, ...]) -> tuple[int, ...]:
    """``cards`` without each of ``gone`` (one or two cards, each in one place only): cut out where
    found, a scan in C a card (a comprehension over a deck of fifty was a fiftieth of a step)."""
    for card in gone:
        cards = _less(cards, card)
    return cards


def _less(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``cards`` without ``card``: a card is in one place only, so it is cut out where it is found."""
    if card not in cards:
        return cards
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def _put(zone: Zone, seat: int, cards: tuple[int, ...]) -> Zone:
    changed = list(zone)  # a list copy and back, as ``add_at`` does: faster than slicing and unpacking
    changed[seat] = cards
    return tuple(changed)


def _set_up(event: GameSetUp) -> State:
    count = event.seat_count
    empty: Zone = ((),) * count
    return State(
        seat_count=count,
        phase="turn" if event.leaders else "leaders",
        round=1,
        first=event.first,
        turn=event.first,
        step=0,
        hands=event.hands,
        money=(event.money,) * count,
        coalitions=empty,
        sneaked=empty,
        investments=empty,
        leaders=event.leaders or (NO_SEAT,) * count,
        offers=event.offers,
        picks=(NO_SEAT,) * count,
        box=event.box,
        deck=event.deck,
        cemetery=(),
        event_pool=event.event_pool,
        events_out=event.events_out,
        events_done=(),
        elections_left=(200, 201, 202),
        market=event.market,
        investment_pile=event.investment_pile,
        tokens=tuple(event.first if name == "FIRST PLAYER" else NO_SEAT for name in TOKEN_NAMES),
        used=(False,) * count,
        owed=(0,) * count,
    )


def _picked(state: State, event: LeaderPicked) -> State:
    return replace(state, picks=(*state.picks[: event.seat], event.leader, *state.picks[event.seat + 1 :]))


def _revealed(state: State, event: LeadersRevealed) -> State:
    unpicked = [card for offer in state.offers for card in offer if card not in state.picks]
    return replace(
        state,
        phase="turn",
        leaders=state.picks,
        picks=(NO_SEAT,) * state.seat_count,
        offers=((),) * state.seat_count,
        box=tuple(sorted((*state.box, *unpicked))),
    )


def _action(state: State, event: ActionTaken) -> State:
    if event.action == "superpower":
        used = (*state.used[: event.seat], True, *state.used[event.seat + 1 :])
        return replace(state, used=used, fresh=False)
    cause = ("campaign", state.leaders[event.seat]) if event.action == "campaign" else state.cause
    return replace(state, step=2 if event.action == "fundraise" else 1, fresh=False, cause=cause)


def _drawn(state: State, event: FactionsDrawn) -> State:
    hand = tuple(sorted((*state.hands[event.seat], *event.cards)))
    return replace(state, hands=_put(state.hands, event.seat, hand), deck=_without(state.deck, event.cards))


def _rebuilt(state: State, event: DeckRebuilt) -> State:
    return replace(state, deck=tuple(sorted(state.cemetery)), cemetery=())


def _money(state: State, event: MoneyMoved) -> State:
    money = state.money
    if event.payer != NO_SEAT:
        money = add_at(money, event.payer, -event.amount)
    if event.payee != NO_SEAT:
        money = add_at(money, event.payee, event.amount)
    return replace(state, money=money)


def _exploited(state: State, event: FactionExploited) -> State:
    seat, card = event.seat, event.card
    hands = _put(state.hands, seat, _less(state.hands[seat], card))
    coalitions = _put(state.coalitions, seat, (*state.coalitions[seat], card))
    return replace(state, hands=hands, coalitions=coalitions, step=2)


def _sneaked(state: State, event: FactionsSneaked) -> State:
    seat = event.seat
    hands = _put(state.hands, seat, _without(state.hands[seat], event.cards))
    sneaked = _put(state.sneaked, seat, tuple(sorted((*state.sneaked[seat], *event.cards))))
    return replace(state, hands=hands, sneaked=sneaked, step=2)


def _began(state: State, event: EffectBegan) -> State:
    kind: Any = event.kind
    pending = Pending(kind=kind, owner=event.owner, card=event.card, choice=event.choice)
    return replace(state, pending=pending, cause=(kind, event.card))


def _chosen_target(state: State, event: TargetChosen) -> State:
    assert state.pending is not None
    pending = replace(state.pending, target=event.target, victim=event.victim, choice=None)
    return replace(state, pending=pending)


def _window(state: State, event: WindowOpened) -> State:
    if state.election is not None:
        return replace(state, election=replace(state.election, window=event.window))
    assert state.pending is not None
    pending = replace(state.pending, window=event.window, affected=event.affected, payers=event.payers)
    return replace(state, pending=pending)


def _surprise(state: State, event: SurprisePlayed) -> State:
    seat, card = event.seat, event.card
    if card < LEADER_BASE:
        hands = _put(state.hands, seat, _less(state.hands[seat], card))
        state = replace(state, hands=hands, cemetery=(*state.cemetery, card))
    if state.election is not None:
        plays = (*state.election.plays, (seat, card))
        return replace(state, election=replace(state.election, window=None, plays=plays))
    assert state.pending is not None
    pending = replace(state.pending, window=None, plays=(*state.pending.plays, (seat, card)))
    return replace(state, pending=pending)


def _passed(state: State, event: Chosen) -> State:
    if state.election is not None and state.election.window is not None:
        window = choices.after(state.election.window, event)
        return replace(state, election=replace(state.election, window=window))
    assert state.pending is not None and state.pending.window is not None
    return replace(state, pending=replace(state.pending, window=choices.after(state.pending.window, event)))


def _resolved(state: State, event: EffectResolved) -> State:
    return replace(state, pending=None)


def _paid_down(state: State, seat: int, faction: bool) -> State:
    """One discard made: a faction pays a faction owed first; once nobody owes a discard, the
    collections stop waiting (the rules pay them as the discard is decided)."""
    if faction and state.owed[seat]:
        state = replace(state, owed=add_at(state.owed, seat, -1))
    if state.collecting and not anyone_owes(state):
        state = replace(state, collecting=())
    return state


def _discarded(state: State, event: FactionDiscarded) -> State:
    seat, card = event.seat, event.card
    hands = _put(state.hands, seat, _less(state.hands[seat], card))
    return _paid_down(replace(state, hands=hands, cemetery=(*state.cemetery, card)), seat, faction=True)


def _note_discarded(state: State, event: NoteDiscarded) -> State:
    money = add_at(state.money, event.seat, -event.value)
    return _paid_down(replace(state, money=money), event.seat, faction=False)


def _short(state: State, event: TreasuryShort) -> State:
    collecting = (*state.collecting, (event.seat, event.amount))
    return replace(state, collecting=collecting, cause=("treasury", event.seat))


def _destroyed(state: State, event: FactionDestroyed) -> State:
    seat, card = event.seat, event.card
    coalitions = _put(state.coalitions, seat, _less(state.coalitions[seat], card))
    return replace(state, coalitions=coalitions, cemetery=(*state.cemetery, card))


def _added(state: State, event: FactionsAdded) -> State:
    coalitions = _put(state.coalitions, event.seat, (*state.coalitions[event.seat], *event.cards))
    return replace(state, coalitions=coalitions, deck=_without(state.deck, event.cards))


def _token(state: State, event: TokenTaken) -> State:
    index = TOKEN_NAMES.index(event.token)
    return replace(state, tokens=(*state.tokens[:index], event.seat, *state.tokens[index + 1 :]))


def _owed(state: State, event: DiscardsOwed) -> State:
    return replace(state, owed=tuple([a + b for a, b in zip(state.owed, event.owed, strict=True)]))


def _bought(state: State, event: InvestmentBought) -> State:
    market = tuple([card if card != event.card else event.refill for card in state.market])
    market = tuple([card for card in market if card >= 0])
    pile = _less(state.investment_pile, event.refill)
    owned = _put(state.investments, event.seat, (*state.investments[event.seat], event.card))
    return replace(state, market=market, investment_pile=pile, investments=owned, fresh=False)


def _turn_ended(state: State, event: TurnEnded) -> State:
    if event.next == NO_SEAT:
        return replace(state, phase="event", turn=NO_SEAT, step=0, fresh=True)
    return replace(state, turn=event.next, step=0, fresh=True)


def _sneaked_revealed(state: State, event: SneakedRevealed) -> State:
    coalitions = tuple([(*c, *s) for c, s in zip(state.coalitions, state.sneaked, strict=True)])
    return replace(state, coalitions=coalitions, sneaked=((),) * state.seat_count)


def _event_revealed(state: State, event: EventRevealed) -> State:
    card, revealed = event.card, state.revealed + 1
    if event_card(card).election:
        left = _less(state.elections_left, card)
        counting = Election(card=card, window=event.window)
        return replace(state, phase="election", elections_left=left, election=counting, revealed=revealed)
    pool, done = _less(state.event_pool, card), (*state.events_done, card)
    return replace(state, event_pool=pool, events_done=done, revealed=revealed)


def _won(state: State, event: ElectionWon) -> State:
    coalitions = _put(state.coalitions, event.seat, (*state.coalitions[event.seat], event.card))
    return replace(state, coalitions=coalitions, election=None)


def _round(state: State, event: RoundBegan) -> State:
    count = state.seat_count
    return replace(
        state,
        phase="turn",
        round=event.round,
        first=event.first,
        turn=event.first,
        step=0,
        used=(False,) * count,
    )


def _ended(state: State, event: GameEnded) -> State:
    return replace(state, phase="over", turn=NO_SEAT, scores=event.scores, winners=event.winners)


def _from_nothing(state: None, event: GameSetUp) -> State:
    return _set_up(event)


APPLY: dict[type[Event], Callable[[Any, Any], State]] = {
    GameSetUp: _from_nothing,
    LeaderPicked: _picked,
    LeadersRevealed: _revealed,
    ActionTaken: _action,
    FactionsDrawn: _drawn,
    DeckRebuilt: _rebuilt,
    MoneyMoved: _money,
    FactionExploited: _exploited,
    FactionsSneaked: _sneaked,
    EffectBegan: _began,
    TargetChosen: _chosen_target,
    WindowOpened: _window,
    SurprisePlayed: _surprise,
    Chosen: _passed,
    EffectResolved: _resolved,
    FactionDiscarded: _discarded,
    FactionDestroyed: _destroyed,
    FactionsAdded: _added,
    TokenTaken: _token,
    DiscardsOwed: _owed,
    TreasuryShort: _short,
    NoteDiscarded: _note_discarded,
    InvestmentBought: _bought,
    TurnEnded: _turn_ended,
    SneakedRevealed: _sneaked_revealed,
    EventRevealed: _event_revealed,
    ElectionWon: _won,
    RoundBegan: _round,
    GameEnded: _ended,
}
"""Each event type's change to the table."""


_RECENT: Folds[State] = Folds(APPLY)
"""The run of folds the last decision made: a decision folds its events as it decides them (:data:`APPLY`,
remembered by :func:`decided_run`), and the referee's fold of the same events (:func:`fold_decided`)
takes the state they made."""
evolve = _RECENT.evolve
"""The table after an event."""
evolve_decided = _RECENT.decided
""":func:`evolve` for an event being decided now, remembered at the end of the decision's run of folds."""
decided_run = _RECENT.made
"""Remember the events a decision applied itself (``decided_run(start, events, after)``, as ``rules.flow``
does: :data:`APPLY` an event, and this once a decision), for :func:`fold_decided`."""
fold_decided = _RECENT.fold
""":func:`evolve` of a decision's events, finding the folds ``decide`` made (the game's ``fold_decided``)."""
