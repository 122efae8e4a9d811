"""A turn: play a card for one of its actions, take the action's steps, answer a Scandal, then draw."""

from __future__ import annotations

from bisect import bisect_left

from msgspec.structs import replace

from domain import choices
from domain.chance import Chance
from domain.choices import Choose
from domain.errors import CardNotInHand, IllegalMove, WrongStep
from domain.games.campaign_trail.cards import (
    ADVERTISE,
    CAMPAIGN,
    COUNTS_AS,
    FLIP_CONTRIBUTORS,
    MUDSLINGING,
    SMEAR_CAMPAIGN,
    SWAY_MINDS,
    TRAVEL,
    VOTER_SUPPRESSION,
    Action,
    Kind,
)
from domain.games.campaign_trail.cards.board import ETHICALLY_MINDED, NEIGHBOURS, STATE_COUNT
from domain.games.campaign_trail.cards.catalogue import ANSWERING, CARDS, EFFECTS
from domain.games.campaign_trail.commands import Move, Pay, Place, PlayCard, Remove, Stop, Sweep, TravelTo
from domain.games.campaign_trail.events import (
    ActionLeft,
    CardPlayed,
    Events,
    MoneyMoved,
    PawnMoved,
    RegisteredMoved,
    VictimAsked,
    VotersPlaced,
    VotersRemoved,
    VotersSwept,
)
from domain.games.campaign_trail.rules.effects import (
    LOSE_VOTERS,
    MUDSLING_PRICE,
    OPEN,
    OTHERS,
    SCANDAL_PRICE,
    SCANDAL_REGISTERED,
    SMEAR_PRICE,
    advert_cost,
    ask_victim,
    ethical_voters,
    triggers,
    window_for,
)
from domain.games.campaign_trail.rules.months import end_turn, fold
from domain.games.campaign_trail.state import BANK, PARTIES, Campaigning, Pending, at
from domain.memos import memo
from domain.seats import Seat

Emitted = list[Events]
MOVING = (TRAVEL, VOTER_SUPPRESSION)


def check_play(state: Campaigning, seat: int, command: PlayCard) -> Action:
    """The action ``command`` takes, if every rule allows it; raises otherwise."""
    if command.card not in state.hands[seat]:
        raise CardNotInHand(f"Card {command.card} is not in your hand.")
    if not 0 <= command.action < 4:
        raise IllegalMove("A card shows four actions, numbered 0 to 3.")
    action = CARDS[command.card].actions[command.action]
    if action.effect and EFFECTS[action.effect].answers:
        raise IllegalMove("A response politick is played only out of turn, in answer to an opposing action.")
    if action.kind in (FLIP_CONTRIBUTORS, SWAY_MINDS):
        if not 0 <= command.target < state.seat_count or command.target == seat:
            raise IllegalMove("Pick an opposing party at this table.")
    elif command.target != -1:
        raise IllegalMove("Only Flip Contributors and Sway Minds pick a party.")
    if (action.kind is MUDSLINGING) != bool(command.issues):
        raise IllegalMove("Mudslinging pays for one or more of its issues; no other action names issues.")
    _check_costs(state, seat, action, command)
    return action


def _check_costs(state: Campaigning, seat: int, action: Action, command: PlayCard) -> None:
    if action.kind is MUDSLINGING:
        issues = command.issues
        if list(issues) != sorted(set(issues)) or not set(issues) <= set(action.issues):
            raise IllegalMove("Name each mudslinging issue of the card at most once, in order.")
        if ethical_voters(state, seat) < MUDSLING_PRICE * len(issues):
            raise IllegalMove("You cannot pay 2 voters from your ethically minded states per issue.")
    elif action.kind is SMEAR_CAMPAIGN:
        if state.pawns[seat] not in action.states:
            raise IllegalMove("Your pawn must be in one of the states the smear campaign lists.")
        if ethical_voters(state, seat) < SMEAR_PRICE:
            raise IllegalMove("A smear campaign costs 4 voters from your ethically minded states.")
    elif action.kind is ADVERTISE and state.money[seat] < advert_cost(state, seat, action):
        raise IllegalMove("Your war chest cannot pay for this Advertise action.")


def play_card(state: Campaigning, seat: int, command: PlayCard, ctx: Chance) -> Emitted:
    """Play the card: any ongoing effects it sets off, then a reaction window for responses or its action,
    then the action's steps or the draw."""
    if state.pending is not None:
        raise WrongStep("Finish the action in progress first.")
    action = check_play(state, seat, command)
    kind = action.kind
    ongoing = bool(action.effect) and EFFECTS[action.effect].ongoing
    counts_as = COUNTS_AS[kind]
    played = CardPlayed(
        seat=seat, card=command.card, action=command.action, kind=kind, counts_as=counts_as, ongoing=ongoing
    )
    triggered = triggers(state, seat, command.card, counts_as)
    window = window_for(state, seat, command, counts_as, ctx.now) if counts_as in ANSWERING else None
    if window is not None:
        return [played, *triggered, window]
    opened, pending = OPEN[kind](fold(state, triggered) if triggered else state, seat, action, command)
    events: Emitted = [played, *triggered, *opened]
    if opened and type(opened[0]) is VictimAsked:  # a Scandal asks its first victim, and waits
        return events
    return settle(state, seat, events, pending, ctx)


def settle(state: Campaigning, seat: int, events: Emitted, pending: Pending | None, ctx: Chance) -> Emitted:
    """``events``, then what is left of the action, or (when it is done) the end of the turn."""
    if pending is not None and (  # an action with a price left to pay is never done: nothing to fold
        pending.pays or not done(fold(state, events) if pending.kind in _COUNTED else state, pending)
    ):
        return [*events, ActionLeft(pending=pending)]
    return end_turn(state, seat, events, ctx)


_COUNTED = frozenset(Kind) - {TRAVEL}
"""The kinds whose end depends on voters on the map or registered voters (not only on what is left)."""


def done(state: Campaigning, pending: Pending) -> bool:
    """Whether nothing is left to do (or nothing more can be done) in the pending action."""
    kind = pending.kind
    if kind == TRAVEL:
        return pending.moves == 0 and not pending.plane
    if kind == CAMPAIGN:
        return pending.places == 0 or state.registered[pending.seat] == 0
    if pending.pays:
        return False
    voters = state.voters
    if kind == VOTER_SUPPRESSION:
        here = state.pawns[pending.seat]
        return pending.removing and (pending.removes == 0 or not _anyone(state, here))
    if kind == MUDSLINGING:  # a loop, no generator: asked after every removal of a Mudslinging
        count = state.seat_count
        for place, left in pending.quotas:
            if left and any(voters[place * PARTIES : place * PARTIES + count]):
                return False
        return True
    return pending.removes == 0 or not any(_anyone(state, place) for place in pending.states)


def _anyone(state: Campaigning, place: int) -> bool:
    start = place * PARTIES
    return any(state.voters[start : start + state.seat_count])


def _pending(state: Campaigning) -> Pending:
    if state.pending is None:
        raise WrongStep("There is no action in progress; play a card.")
    return state.pending


def move(state: Campaigning, seat: int, command: Move, ctx: Chance) -> Emitted:
    """One state by land (to a neighbour) or, with a plane, anywhere (which ends the movement)."""
    pending = _pending(state)
    here, there = state.pawns[seat], command.state
    if pending.kind not in MOVING or pending.removing:
        raise WrongStep("This action does not move your pawn now.")
    if pending.moves > 0 and there in NEIGHBOURS[here]:
        left = replace(pending, moves=pending.moves - 1)
    elif pending.plane and 0 <= there < STATE_COUNT and there != here:
        left = replace(pending, moves=0, plane=False)
    else:
        raise IllegalMove("Move to a neighbouring state (or fly anywhere with a plane).")
    if pending.kind == VOTER_SUPPRESSION and left.moves == 0 and not left.plane:
        left = replace(left, removing=True)
    return settle(state, seat, [PawnMoved(seat=seat, state=there)], left, ctx)


def place(state: Campaigning, seat: int, command: Place, ctx: Chance) -> Emitted:
    """Campaign: one registered voter into your pawn's state or a neighbour of it."""
    pending = _pending(state)
    here = state.pawns[seat]
    if pending.kind != CAMPAIGN:
        raise WrongStep("Only a Campaign places voters step by step.")
    if command.state != here and command.state not in NEIGHBOURS[here]:
        raise IllegalMove("A Campaign places voters in your pawn's state and its neighbours.")
    left = replace(pending, places=pending.places - 1)
    return settle(
        state, seat, [VotersPlaced(state=command.state, party=seat, count=1, registered=True)], left, ctx
    )


def pay(state: Campaigning, seat: int, command: Pay, ctx: Chance) -> Emitted:
    """Discard ``count`` of your voters from one of your ethically minded states, as the action's cost."""
    pending = _pending(state)
    count = command.count
    if not pending.pays:
        raise WrongStep("This action has nothing (left) to pay.")
    if not 1 <= count <= pending.pays:
        raise IllegalMove(f"Pay from 1 to the {pending.pays} voters left to pay.")
    if command.state not in ETHICALLY_MINDED[seat] or at(state.voters, command.state, seat) < count:
        raise IllegalMove("Pay with your own voters from one of your ethically minded states.")
    left = replace(pending, pays=pending.pays - count)
    return settle(
        state, seat, [VotersRemoved(state=command.state, party=seat, count=count, paid=True)], left, ctx
    )


def remove(state: Campaigning, seat: int, command: Remove, ctx: Chance) -> Emitted:
    """Remove ``count`` voters of one party from a state the action reaches."""
    pending = _removing(state)
    where, party, count = command.state, command.party, command.count
    if (
        not 0 <= party < state.seat_count
        or not 0 <= where < STATE_COUNT
        or count < 1
        or at(state.voters, where, party) < count
    ):
        raise IllegalMove(f"There are not {count} voters of that party there.")
    if count > still_to_remove(state, seat, pending, where):
        raise IllegalMove("The action does not remove that many voters there.")
    left = _after_removal(pending, where, count)
    return settle(state, seat, [VotersRemoved(state=where, party=party, count=count)], left, ctx)


def _removing(state: Campaigning) -> Pending:
    pending = _pending(state)
    if pending.kind not in (VOTER_SUPPRESSION, MUDSLINGING, SMEAR_CAMPAIGN) or pending.pays:
        raise WrongStep("This action removes no voters now.")
    return pending


def still_to_remove(state: Campaigning, seat: int, pending: Pending, where: int) -> int:
    """How many voters the removing action may still take from ``where`` (0: none, or not there)."""
    if pending.kind == MUDSLINGING:
        at_quota = _quota(pending.quotas, where)
        return pending.quotas[at_quota][1] if at_quota >= 0 else 0
    if pending.kind == VOTER_SUPPRESSION:
        if where != state.pawns[seat]:
            raise IllegalMove("Voter suppression removes voters from the state your pawn ends in.")
        return pending.removes
    if where not in pending.states:
        raise IllegalMove("A smear campaign removes voters only from the states it lists.")
    return pending.removes


def _after_removal(pending: Pending, where: int, count: int) -> Pending:
    if pending.kind == MUDSLINGING:
        quotas = pending.quotas
        at_quota = _quota(quotas, where)
        if at_quota < 0:
            return pending
        left = (where, quotas[at_quota][1] - count)
        return replace(pending, quotas=(*quotas[:at_quota], left, *quotas[at_quota + 1 :]))
    return replace(pending, removes=pending.removes - count, removing=True)


def _quota(quotas: tuple[tuple[int, int], ...], where: int) -> int:
    """The index of ``where``'s quota (each state has at most one), -1 when it has none. Quotas are made
    in the order of their states, so a bisection finds it; a scan stands behind it all the same."""
    found = bisect_left(quotas, (where,))
    if found < len(quotas) and quotas[found][0] == where:
        return found
    return next((index for index, (place, _) in enumerate(quotas) if place == where), -1)


def sweep(state: Campaigning, seat: int, command: Sweep, ctx: Chance) -> Emitted:
    """Every voter the action may still remove from a state (or, for a Mudslinging, every state), other
    parties' first (most voters there first); your own only where the action must take them."""
    pending = _removing(state)
    if command.state == -1 and pending.kind != MUDSLINGING:
        raise IllegalMove("Only a Mudslinging sweeps every state at once; name a state.")
    places = [p for p, left in pending.quotas if left] if command.state == -1 else [command.state]
    if not all([0 <= place < STATE_COUNT for place in places]):
        raise IllegalMove("There is no such state.")
    removals: list[tuple[int, int, int]] = []
    swept: dict[int, int] = {}
    for place in places:  # each place at most once (a quota a state), so none changes what another owes
        for party, count in swept_at(state, seat, pending, place):
            removals.append((place, party, count))
            swept[place] = swept.get(place, 0) + count
    if not removals:
        raise IllegalMove("There is no voter there that this action may remove.")
    left = _after_sweep(pending, swept)
    return settle(state, seat, [VotersSwept(seat=seat, removals=tuple(removals))], left, ctx)


def _after_sweep(pending: Pending, swept: dict[int, int]) -> Pending:
    """What is left of the action once ``swept`` voters (by state) are gone: :func:`_after_removal` of
    each removal, made at once (one ``Pending``, not one a removal)."""
    if pending.kind == MUDSLINGING:
        # A list first, not a generator: made after every sweep of a Mudslinging.
        quotas = tuple([(place, left - swept.get(place, 0)) for place, left in pending.quotas])
        return replace(pending, quotas=quotas)
    return replace(pending, removes=pending.removes - sum(swept.values()), removing=True)


def swept_at(state: Campaigning, seat: int, pending: Pending, place: int) -> list[tuple[int, int]]:
    """What a :class:`Sweep` takes from ``place``: ``(party, count)``, other parties first (most voters
    first, then turn order after ``seat``); ``seat``'s own only when the action must remove them."""
    owed = still_to_remove(state, seat, pending, place)
    count = state.seat_count
    start = place * PARTIES
    standing = state.voters[start : start + count]
    others = OTHERS[seat, count]  # in turn order after ``seat``: a stable sort keeps it among equals
    if count > 2:
        others = tuple(sorted(others, key=lambda p: -standing[p]))
    order = (*others, seat) if pending.kind != SMEAR_CAMPAIGN else others
    taken: list[tuple[int, int]] = []
    for party in order:
        take = min(owed, standing[party])
        if take:
            taken.append((party, take))
            owed -= take
    return taken


_OTHERS = {
    (seat, count): tuple((seat + step) % count for step in range(1, count))
    for count in (2, 3)
    for seat in range(count)
}
"""The other seats in turn order after each seat, by seat and table size."""


@memo(None, "travel and its legal list ask the same map distances again and again (50 states)")
def within(here: int, moves: int) -> frozenset[int]:
    """The states ``moves`` steps by land or fewer from ``here`` (not ``here`` itself)."""
    reached, edge = {here}, {here}
    for _ in range(moves):
        edge = {n for place in edge for n in NEIGHBOURS[place]} - reached
        reached |= edge
    return frozenset(reached - {here})


def travel_to(state: Campaigning, seat: int, command: TravelTo, ctx: Chance) -> Emitted:
    """The whole movement at once: to a state within the moves left by land, or anywhere by plane."""
    pending = _pending(state)
    there = command.state
    if pending.kind not in MOVING or pending.removing:
        raise WrongStep("This action does not move your pawn now.")
    flying = pending.plane and 0 <= there < STATE_COUNT and there != state.pawns[seat]
    if not flying and there not in within(state.pawns[seat], pending.moves):
        raise IllegalMove(
            f"Travel to a state at most {pending.moves} moves away by land (or fly with a plane)."
        )
    left = replace(pending, moves=0, plane=False, removing=pending.kind == VOTER_SUPPRESSION)
    return settle(state, seat, [PawnMoved(seat=seat, state=there)], left, ctx)


def stop(state: Campaigning, seat: int, command: Stop, ctx: Chance) -> Emitted:
    """Stop an "up to" action: a Travel, a Campaign, a smear campaign, or voter suppression's movement."""
    pending = _pending(state)
    kind = pending.kind
    if kind in (TRAVEL, CAMPAIGN) or (kind == SMEAR_CAMPAIGN and not pending.pays):
        return end_turn(state, seat, [ActionLeft(pending=None)], ctx)
    if kind == VOTER_SUPPRESSION and not pending.removing:
        left = replace(pending, moves=0, plane=False, removing=True)
        return settle(state, seat, [], left, ctx)
    raise IllegalMove("This action cannot stop here.")


def answer_scandal(state: Campaigning, seat: int, command: Choose, ctx: Chance) -> Emitted:
    """A victim's answer: lose 3 registered voters and 1 voter per ethically minded state, or pay $60M."""
    if state.choice is not None and seat in state.choice.seats and command.option not in state.choice.options:
        raise IllegalMove(f"Choose one of: {', '.join(state.choice.options)}.")
    chosen = choices.answer(state.choice, Seat(seat), command)
    events: Emitted = [chosen]
    if chosen.option == LOSE_VOTERS:
        lost = min(SCANDAL_REGISTERED, state.registered[seat])
        events += [RegisteredMoved(source=seat, target=BANK, count=lost)] if lost else []
        events += [
            VotersRemoved(state=where, party=seat, count=1)
            for where in ETHICALLY_MINDED[seat]
            if at(state.voters, where, seat)
        ]
    else:
        events.append(MoneyMoved(source=seat, target=state.turn, amount=SCANDAL_PRICE))
    if state.victims:
        return [*events, ask_victim(fold(state, events), state.victims)]
    return end_turn(state, state.turn, events, ctx)
