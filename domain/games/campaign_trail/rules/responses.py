"""Response politicks: the reaction window an opposing action opens, its answers, and the held action.

An Advertise, Travel or Campaign action (or a Dirty Politics action counting as one) opens a window
for every opposing seat whenever a card whose response answers it is unseen (``effects.window_for``):
each answers with :class:`PlayResponse` or passes; the referee passes for those still waiting after
:data:`~domain.games.campaign_trail.rules.effects.WINDOW`. When the last has answered, the held
action happens as the responses left it, and the turn goes on.
"""

from __future__ import annotations

from datetime import datetime

from msgspec.structs import replace

from domain import choices
from domain.chance import Chance
from domain.choices import Chosen, NotYourChoice, Pass
from domain.errors import CardNotInHand, IllegalMove, WrongStep
from domain.games.campaign_trail.cards.board import STATE_COUNT
from domain.games.campaign_trail.cards.catalogue import CARDS, EFFECTS, RESPONSE_OF
from domain.games.campaign_trail.commands import PlayCard, PlayResponse
from domain.games.campaign_trail.events import CardDrawn, Events, ResponsePlayed, VotersPlaced
from domain.games.campaign_trail.rules.effects import OPEN, favorite_son, owns
from domain.games.campaign_trail.rules.months import draw_one, fold, leader
from domain.games.campaign_trail.rules.turns import settle
from domain.games.campaign_trail.state import Campaigning, Pending, State, Window
from domain.seats import Seat

Emitted = list[Events]
PROTESTERS = 2
"""Counter-Protest: registered voters its player places where the travelling pawn sets out from."""
BLUNTED = 2
"""Rapid Response Team: voters fewer that the answered Campaign places (or smear campaign removes)."""


def answer_window(state: Campaigning, seat: int, command: object, ctx: Chance) -> Emitted:
    """An opposing seat's answer: a response politick or a pass; the last answer lets the action happen."""
    window = state.window
    assert window is not None
    if isinstance(command, Pass):
        events: Emitted = [choices.answer(window.choice, Seat(seat), command)]
    elif isinstance(command, PlayResponse):
        events = _respond(state, window, seat, command, ctx)
        window = replace(window, responses=(*window.responses, (seat, command.card)))
    else:
        raise WrongStep("A reaction window is open: play a response politick or pass.")
    if len(window.choice.seats) > 1:
        return events
    return resolve(fold(state, events), window, events, ctx)


def _respond(state: Campaigning, window: Window, seat: int, command: PlayResponse, ctx: Chance) -> Emitted:
    if seat not in window.choice.seats:
        raise NotYourChoice("There is no reaction window for you to answer now.")
    if command.card not in state.hands[seat]:
        raise CardNotInHand(f"Card {command.card} is not in your hand.")
    effect = RESPONSE_OF.get(command.card, "")
    if not effect or EFFECTS[effect].answers != window.answers:
        raise IllegalMove(f"That card shows no response politick answering a {window.answers} action.")
    events: Emitted = [ResponsePlayed(seat=seat, card=command.card, effect=effect)]
    if state.ongoing and owns(state, seat, "favorite_son"):  # ruling 10: each card its owner plays
        events += favorite_son(state, seat, command.card)
    if effect == "counter_protest":
        count = min(PROTESTERS, state.registered[seat])
        where = state.pawns[window.seat]
        events += [VotersPlaced(state=where, party=seat, count=count, registered=True)] if count else []
    deck = state.decks[state.month]
    if len(deck) > 1:  # the month's last card is the turn player's: it ends the month
        events.append(CardDrawn(seat=seat, card=draw_one(ctx.rng, deck), month=state.month))
    return events


def resolve(state: Campaigning, window: Window, events: Emitted, ctx: Chance) -> Emitted:
    """``events`` closed the window (``state`` follows them): the held action happens, as answered."""
    action = CARDS[window.card].actions[window.action]
    effects = [RESPONSE_OF[card] for _, card in window.responses]
    pulled = _led(state, window) if "cease_and_desist" in effects else frozenset()
    if pulled:
        action = action._replace(states=tuple(place for place in action.states if place not in pulled))
    play = PlayCard(card=window.card, action=window.action, target=window.target, issues=window.issues)
    opened, pending = OPEN[action.kind](state, window.seat, action, play)
    if pending is not None:
        pending = _answered(pending, pulled, BLUNTED * effects.count("rapid_response"))
    return [*events, *settle(state, window.seat, opened, pending, ctx)]


def _led(state: Campaigning, window: Window) -> frozenset[int]:
    """The states led by a seat that pulled the ads (Cease and Desist) when the window closed."""
    pullers = {seat for seat, card in window.responses if RESPONSE_OF[card] == "cease_and_desist"}
    count = state.seat_count
    return frozenset([place for place in range(STATE_COUNT) if leader(state.voters, place, count) in pullers])


def _answered(pending: Pending, pulled: frozenset[int], fewer: int) -> Pending:
    if pulled and pending.quotas:
        pending = replace(pending, quotas=tuple((p, n) for p, n in pending.quotas if p not in pulled))
    if fewer and pending.places:
        pending = replace(pending, places=max(0, pending.places - fewer))
    if fewer and pending.removes:
        pending = replace(pending, removes=max(0, pending.removes - fewer))
    return pending


def due(state: State) -> datetime | None:
    """When the open reaction window closes, while one is open."""
    window = state.window if isinstance(state, Campaigning) else None
    return window.choice.deadline if window is not None else None


def overdue(state: State, ctx: Chance) -> Emitted:
    """At the deadline the referee passes for every seat still asked; the held action happens."""
    if not isinstance(state, Campaigning) or state.window is None:
        return []
    passes: list[Chosen] = choices.overdue(state.window.choice, ctx.now)
    if not passes:
        return []
    return resolve(fold(state, list(passes)), state.window, list(passes), ctx)
