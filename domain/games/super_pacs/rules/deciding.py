"""``decide``, ``due`` and ``overdue``: each command's events, and the referee closing a window."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from domain import choices
from domain.chance import Chance
from domain.choices import Choose, Chosen, Pass
from domain.errors import IllegalMove, WrongStep
from domain.games.super_pacs.cards.effects import chooses
from domain.games.super_pacs.commands import (
    BuyInvestment,
    Campaign,
    Commands,
    DiscardFaction,
    DiscardNote,
    Embezzle,
    EndTurn,
    Exploit,
    Fundraise,
    PickLeader,
    PlaySurprise,
    RevealEvent,
    Sneak,
    UseSuperpower,
)
from domain.games.super_pacs.events import (
    ActionTaken,
    Events,
    FactionDiscarded,
    LeaderPicked,
    LeadersRevealed,
    MoneyMoved,
    NoteDiscarded,
    SurprisePlayed,
    WindowOpened,
)
from domain.games.super_pacs.evolve import decided_run
from domain.games.super_pacs.rules import effects, money, rounds, turns
from domain.games.super_pacs.rules.asking import allowed, situation, where, window
from domain.games.super_pacs.rules.flow import Flow
from domain.games.super_pacs.state import NO_SEAT, State
from domain.messages import Command
from domain.seats import Seat


def _pick(flow: Flow, seat: int, command: PickLeader) -> None:
    flow.emit(LeaderPicked(seat=seat, leader=command.leader))
    if all(pick != NO_SEAT for pick in flow.state.picks):
        flow.emit(LeadersRevealed())


def _discard(flow: Flow, seat: int, command: DiscardFaction | DiscardNote) -> None:
    """One owed discard; after the last one, whoever waited on an empty Treasury collects."""
    waiting = flow.state.collecting
    if isinstance(command, DiscardNote):
        flow.emit(NoteDiscarded(seat=seat, value=command.value))
    else:
        flow.emit(FactionDiscarded(seat=seat, card=command.card))
    if waiting and not flow.state.collecting:
        money.pay_collections(flow, waiting)
    rounds.settle(flow)


def _choose(flow: Flow, seat: int, command: Choose) -> None:
    pending = flow.state.pending
    assert pending is not None
    chooser = next(e for e in effects.effects_of(pending.kind, pending.card) if chooses(e))
    flow.emit(effects.chosen(seat, chooser, command.option))
    effects.open_window(flow)
    rounds.settle(flow)


def _reopened(flow: Flow, about: str) -> choices.Choice | None:
    state = flow.state
    seats = rounds.voters(state) if about == "election" else effects.answerers(state)
    return effects.window_for(seats, about, flow) if seats else None


def _surprise(flow: Flow, seat: int, command: PlaySurprise | UseSuperpower) -> None:
    """A play in a window: the card (or the leader, for an election superpower) joins its plays, and
    everyone who may answer is asked again."""
    about = "election" if flow.state.election is not None else "effect"
    card = command.card if isinstance(command, PlaySurprise) else flow.state.leaders[seat]
    if isinstance(command, UseSuperpower):
        cost = rounds.superpower_cost(flow.state, seat)
        flow.emit(ActionTaken(seat=seat, action="superpower"))
        if cost:
            flow.emit(MoneyMoved(payer=seat, payee=-1, amount=cost))
    flow.emit(SurprisePlayed(seat=seat, card=card))
    reopened = _reopened(flow, about)
    if reopened is None:
        _closed(flow)
        return
    pending = flow.state.pending
    reach = (pending.affected, pending.payers) if pending is not None else ((), ())
    flow.emit(WindowOpened(window=reopened, affected=reach[0], payers=reach[1]))


def _closed(flow: Flow) -> None:
    if flow.state.election is not None:
        rounds.conclude(flow)
        return
    effects.resolve(flow)
    rounds.settle(flow)


def _pass(flow: Flow, seat: int, command: Pass) -> None:
    flow.emit(Chosen(seat=seat, option=choices.PASS))
    open_now = window(flow.state)
    if open_now is None:
        _closed(flow)


def _superpower(flow: Flow, seat: int, command: UseSuperpower) -> None:
    if situation(flow.state) == "election":
        _surprise(flow, seat, command)
        return
    turns.superpower(flow, seat)


def _reveal(flow: Flow, seat: int, command: RevealEvent) -> None:
    rounds.reveal_event(flow)


DECIDERS: dict[type[Command], Callable[[Flow, int, Any], None]] = {
    PickLeader: _pick,
    Campaign: lambda flow, seat, command: turns.campaign(flow, seat),
    Embezzle: lambda flow, seat, command: turns.embezzle(flow, seat),
    Exploit: turns.exploit,
    Sneak: turns.sneak,
    Fundraise: lambda flow, seat, command: turns.fundraise(flow, seat),
    UseSuperpower: _superpower,
    BuyInvestment: turns.buy,
    EndTurn: lambda flow, seat, command: turns.end_turn(flow, seat),
    RevealEvent: _reveal,
    PlaySurprise: _surprise,
    DiscardFaction: _discard,
    DiscardNote: _discard,
    Choose: _choose,
    Pass: _pass,
}


def decide(state: State, seat: Seat, command: Commands, ctx: Chance) -> list[Events]:
    """The events of ``command`` from ``seat``; refused unless it is one of the seat's legal commands."""
    listed = allowed(state, seat)
    if command not in listed:
        waiting_for = where(state)
        if any(type(other) is type(command) for other in listed):
            raise IllegalMove(
                f"{type(command).__name__} is not possible with those cards or that choice now."
            )
        raise WrongStep(
            f"{type(command).__name__} is not what the game waits for from you now ({waiting_for})."
        )
    flow = Flow(state, ctx)
    DECIDERS[type(command)](flow, seat, command)
    decided_run(state, flow.events, flow.state)
    return flow.events


def due(state: State) -> datetime | None:
    """When the open reaction window closes, while one is open."""
    open_now = window(state)
    return open_now.deadline if open_now is not None else None


def overdue(state: State, ctx: Chance) -> list[Events]:
    """At the deadline the referee passes for every seat still asked, and the window closes."""
    open_now = window(state)
    passes = choices.overdue(open_now, ctx.now)
    if not passes:
        return []
    flow = Flow(state, ctx)
    for chosen in passes:
        flow.emit(chosen)
    _closed(flow)
    decided_run(state, flow.events, flow.state)
    return flow.events
