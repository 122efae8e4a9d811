"""Megabucks, payments and drawing: the Treasury, penalties, discards owed, the faction deck.

Rules: a penalty is paid first in megabucks, then one faction discarded per megabuck still owed, until
the hand is empty; a payee is made whole from the Treasury. Optional costs are never paid in factions.
A player owed money the Treasury cannot pay in full makes every player discard down to 5 cards, then
collects what there is. An empty faction deck is rebuilt from the cemetery; with both empty nobody draws.
"""

from __future__ import annotations

from domain.games.super_pacs.cards import TREASURY_VALUE
from domain.games.super_pacs.events import DeckRebuilt, DiscardsOwed, FactionsAdded, FactionsDrawn, MoneyMoved
from domain.games.super_pacs.rules.flow import Flow
from domain.games.super_pacs.state import NO_SEAT, State, hand_size

HAND_LIMIT = 5
"""An empty Treasury makes every player discard down to this many cards."""
TREASURY = NO_SEAT


def treasury(state: State) -> int:
    """Megabucks left in the Treasury."""
    return TREASURY_VALUE - sum(state.money)


def collect(flow: Flow, seat: int, amount: int) -> None:
    """``seat`` collects ``amount`` from the Treasury (after the discards an empty Treasury calls for)."""
    if amount <= 0:
        return
    held = treasury(flow.state)
    if held < amount:
        discard_to_limit(flow)
    paid = min(amount, held)
    if paid:
        flow.emit(MoneyMoved(payer=TREASURY, payee=seat, amount=paid))


def discard_to_limit(flow: Flow) -> None:
    """Every player owes the discards that bring the hand down to :data:`HAND_LIMIT` cards."""
    state = flow.state
    owed = tuple(
        max(
            0,
            min(
                hand_size(state, seat) - state.owed[seat] - HAND_LIMIT,
                len(state.hands[seat]) - state.owed[seat],
            ),
        )
        for seat in range(state.seat_count)
    )
    if any(owed):
        flow.emit(DiscardsOwed(owed=owed))


def owe(flow: Flow, seat: int, count: int) -> None:
    """``seat`` owes ``count`` discards, no more than the factions left in its hand."""
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
