"""A turn: the initial action, one main action, the superpower once a round, investments at will.

Initial action: Campaign (the leader's campaign action) or Embezzle (2 megabucks). Main action, never
before the initial one: Exploit an exploit faction (add it, then execute it), Sneak 1 or 2 factions
face down, or Fundraise (megabucks equal to the coalition's wealth). The superpower (before the initial
action too) and investments (refilled to four face up; a refill may be bought at once) are paid in
megabucks only. After the main action the player ends the turn; after the last turn of the round the
sneaked cards are revealed and added, their text ignored.
"""

from __future__ import annotations

from domain.games.super_pacs.cards import EXPLOIT, INVESTMENT_IDS, TOKEN_NAMES, WEALTH, investment, leader
from domain.games.super_pacs.commands import BuyInvestment, Exploit, Sneak
from domain.games.super_pacs.events import (
    ActionTaken,
    FactionExploited,
    FactionsSneaked,
    InvestmentBought,
    MoneyMoved,
    SneakedRevealed,
    TurnEnded,
)
from domain.games.super_pacs.rules import effects, money, rounds
from domain.games.super_pacs.rules.flow import Flow
from domain.games.super_pacs.state import NO_SEAT, State

EMBEZZLE = 2
"""Megabucks the Embezzle initial action gets."""
SNEAK_MOST = 2


def campaign(flow: Flow, seat: int) -> None:
    """The leader's campaign action, applied at once (nothing in the set answers it)."""
    flow.emit(ActionTaken(seat=seat, action="campaign"))
    for effect in leader(flow.state.leaders[seat]).campaign:
        effects.apply(flow, effect, seat, (seat,))


def embezzle(flow: Flow, seat: int) -> None:
    """Get 2 megabucks."""
    flow.emit(ActionTaken(seat=seat, action="embezzle"))
    money.collect(flow, seat, EMBEZZLE)


def exploit(flow: Flow, seat: int, command: Exploit) -> None:
    """Add the faction to the coalition, then play its text."""
    flow.emit(FactionExploited(seat=seat, card=command.card))
    effects.begin(flow, "exploit", seat, command.card)


def sneak(flow: Flow, seat: int, command: Sneak) -> None:
    """Place the cards face down."""
    flow.emit(FactionsSneaked(seat=seat, cards=command.cards))


def fundraise(flow: Flow, seat: int) -> None:
    """Megabucks equal to the coalition's total wealth."""
    flow.emit(ActionTaken(seat=seat, action="fundraise"))
    money.collect(flow, seat, sum([WEALTH[card] for card in flow.state.coalitions[seat]]))


def superpower(flow: Flow, seat: int) -> None:
    """Pay the cost (never refunded), then play the superpower like any effect."""
    state = flow.state
    cost = rounds.superpower_cost(state, seat)
    flow.emit(ActionTaken(seat=seat, action="superpower"))
    if cost:
        flow.emit(MoneyMoved(payer=seat, payee=money.TREASURY, amount=cost))
    effects.begin(flow, "superpower", seat, state.leaders[seat])


COST = {card: investment(card).cost for card in INVESTMENT_IDS}
INVESTOR = TOKEN_NAMES.index("INVESTOR")


def investment_cost(state: State, seat: int, card: int) -> int:
    """The printed cost, 1 less with INVESTOR, never below 0."""
    return max(0, COST[card] - (state.tokens[INVESTOR] == seat))


def buy(flow: Flow, seat: int, command: BuyInvestment) -> None:
    """Pay, take the investment, turn a new one face up, and take its immediate benefit."""
    state = flow.state
    cost = investment_cost(state, seat, command.card)
    if cost:
        flow.emit(MoneyMoved(payer=seat, payee=money.TREASURY, amount=cost))
    pile = state.investment_pile
    refill = flow.rng.choice(pile) if pile else NO_SEAT
    flow.emit(InvestmentBought(seat=seat, card=command.card, refill=refill))
    for effect in investment(command.card).benefit:
        effects.apply(flow, effect, seat, (seat,))


def end_turn(flow: Flow, seat: int) -> None:
    """The next seat plays; after the round's last turn, sneaked cards are revealed."""
    state = flow.state
    following = (seat + 1) % state.seat_count
    if following != state.first:
        flow.emit(TurnEnded(seat=seat, next=following))
        return
    flow.emit(TurnEnded(seat=seat, next=NO_SEAT))
    flow.emit(SneakedRevealed())


def exploitable(state: State, seat: int) -> tuple[int, ...]:
    """The factions in hand with an exploit."""
    return tuple(card for card in state.hands[seat] if card in EXPLOIT)
