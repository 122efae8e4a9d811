"""Megabucks, payments and drawing: the Treasury, penalties, discards owed, the faction deck.

Rules: a penalty is paid first in megabucks, then one faction discarded per megabuck still owed, until
the hand is empty; a payee is made whole from the Treasury. Optional costs are never paid in factions.
A player owed money the Treasury cannot pay in full makes every player discard down to 5 cards in hand
(factions or money cards, each player's choice), then collects what it is owed (what there is, if the
Treasury is still short). An empty faction deck is rebuilt from the cemetery; with both empty nobody draws.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.super_pacs.cards import TREASURY_VALUE
from domain.games.super_pacs.events import (
    DeckRebuilt,
    DiscardsOwed,
    FactionsAdded,
    FactionsDrawn,
    MoneyMoved,
    TreasuryShort,
)
from domain.games.super_pacs.rules.flow import Flow
from domain.games.super_pacs.state import NO_SEAT, State, anyone_owes, over_limit

TREASURY = NO_SEAT


def treasury(state: State) -> int:
    """Megabucks left in the Treasury."""
    return TREASURY_VALUE - sum(state.money)


def collect(flow: Flow, seat: int, amount: int) -> None:
    """``seat`` collects ``amount`` from the Treasury. When the Treasury cannot pay it all (or another
    collection already waits), every player first discards down to 5 cards in hand, then ``seat``
    collects (:func:`pay_collections`, once the discards are made)."""
    if amount <= 0:
        return
    state = flow.state
    if not state.collecting and treasury(state) >= amount:
        flow.emit(MoneyMoved(payer=TREASURY, payee=seat, amount=amount))
        return
    waiting = (*state.collecting, (seat, amount))
    over = tuple(over_limit(replace(state, collecting=waiting), each) for each in range(state.seat_count))
    if state.collecting or any(over) or anyone_owes(state):
        flow.emit(TreasuryShort(seat=seat, amount=amount, owed=over))
        return
    paid = min(amount, treasury(state))
    if paid:
        flow.emit(MoneyMoved(payer=TREASURY, payee=seat, amount=paid))


def pay_collections(flow: Flow, waiting: tuple[tuple[int, int], ...]) -> None:
    """The discards are made: the first seat waiting collects what it is owed (what there is, if the
    Treasury is still short); the others collect in turn (which may call for discards again)."""
    if not waiting:
        return
    (seat, amount), rest = waiting[0], waiting[1:]
    paid = min(amount, treasury(flow.state))
    if paid:
        flow.emit(MoneyMoved(payer=TREASURY, payee=seat, amount=paid))
    for seat, amount in rest:
        collect(flow, seat, amount)


def owe(flow: Flow, seat: int, count: int) -> None:
    """``seat`` owes ``count`` faction discards, no more than the factions left in its hand."""
    state = flow.state
    count = min(count, len(state.hands[seat]) - state.owed[seat])
    if count > 0:
        flow.emit(DiscardsOwed(owed=tuple(count if each == seat else 0 for each in range(state.seat_count))))


def penalty(flow: Flow, seat: int, amount: int, payee: int = TREASURY) -> None:
    """``seat`` pays ``amount``: megabucks first, then a faction per megabuck short; payee made whole."""
    paid = min(amount, flow.state.money[seat])
    if paid:
        flow.emit(MoneyMoved(payer=seat, payee=payee, amount=paid))
    short = amount - paid
    if short:
        owe(flow, seat, short)
        if payee != TREASURY:
            collect(flow, payee, short)


def steal(flow: Flow, thief: int, victim: int, amount: int) -> None:
    """``thief`` takes up to ``amount`` of ``victim``'s megabucks (not a payment: nothing is owed)."""
    taken = min(amount, flow.state.money[victim])
    if taken:
        flow.emit(MoneyMoved(payer=victim, payee=thief, amount=taken))


def draw(flow: Flow, seat: int, count: int, *, to_coalition: bool = False) -> None:
    """``seat`` draws ``count`` factions (or adds them to its coalition), rebuilding the deck as needed."""
    while count > 0:
        state = flow.state
        if not state.deck:
            if not state.cemetery:
                return
            flow.emit(DeckRebuilt(size=len(state.cemetery)))
            continue
        cards = tuple(sorted(flow.rng.sample(state.deck, min(count, len(state.deck)))))
        flow.emit(
            FactionsAdded(seat=seat, cards=cards) if to_coalition else FactionsDrawn(seat=seat, cards=cards)
        )
        count -= len(cards)
