"""What each kind of action does when its card is played, and the ongoing effects it sets off.

Each ``open_*`` function returns the action's events and, for an action taken in several steps, the
:class:`Pending` that is left of it (``None`` when it is already done).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from domain.choices import Choice
from domain.errors import IllegalMove
from domain.games.campaign_trail.cards import Action, Kind
from domain.games.campaign_trail.cards.board import ETHICALLY_MINDED, STATES_SHOWING
from domain.games.campaign_trail.cards.candidates import CANDIDATES, modifier
from domain.games.campaign_trail.cards.catalogue import ANSWERING, CARDS
from domain.games.campaign_trail.commands import PlayCard
from domain.games.campaign_trail.events import (
    Events,
    MoneyMoved,
    RegisteredMoved,
    VictimAsked,
    VotersOwed,
    VotersPlaced,
    WindowOpened,
)
from domain.games.campaign_trail.state import BANK, PARTIES, Campaigning, Pending, Window

# The kinds triggers compare with, as module constants: a member looked up on its enum class costs
# about ten times a global.
ADVERTISE, CAMPAIGN, FUNDRAISE = Kind.ADVERTISE, Kind.CAMPAIGN, Kind.FUNDRAISE

Opened = tuple[list[Events], Pending | None]

AUDIT_FEE = 10
"""Campaign Audit: what an opposing Campaign pays its owner ($M)."""
RESEARCH_TAKE = 10
"""Opposition Research: what its owner takes from an opposing Fundraise ($M)."""
DISCOUNT = 10
GALA = 30
DRIVE = 3
EARLY_VOTES = 2
MEMO_FEE = 20
DARK_MONEY = 10
MUDSLING_PRICE = 2
"""Voters paid from your ethically minded states per mudslinging issue."""
MUDSLING_REMOVES = 2
"""Voters removed from each state showing a paid mudslinging issue."""
SMEAR_PRICE = 4
SMEAR_REMOVES = 8
SCANDAL_REGISTERED = 3
SCANDAL_PRICE = 60
LOSE_VOTERS, PAY = "lose_voters", "pay"
WINDOW = timedelta(seconds=30)
"""How long the opposing seats have to answer an action with a response politick."""


_EFFECT_OF = {
    number: next((action.effect for action in card.actions if action.effect), "")
    for number, card in CARDS.items()
}
"""The politick or dirty trick each card shows (a card shows at most one)."""


def owns(state: Campaigning, seat: int, effect: str) -> bool:
    """Whether ``seat`` has an ongoing card of ``effect`` in play."""
    for card, owner in state.ongoing:  # noqa: SIM110  (a loop, no generator to start: asked every play)
        if owner == seat and _EFFECT_OF[card] == effect:
            return True
    return False


def ethical_voters(state: Campaigning, seat: int) -> int:
    """How many of ``seat``'s own voters stand in its ethically minded states."""
    return sum(map(state.voters.__getitem__, _ETHICAL_SLOTS[seat]))


_ETHICAL_SLOTS = tuple(
    tuple(place * PARTIES + seat for place in ETHICALLY_MINDED[seat]) for seat in range(PARTIES)
)
"""Where each party's own voters in its ethically minded states stand in ``voters`` (see ``at``)."""


def others(state: Campaigning, seat: int) -> tuple[int, ...]:
    """The opposing seats, in turn order after ``seat``."""
    return OTHERS[seat, state.seat_count]


OTHERS = {
    (seat, count): tuple((seat + step) % count for step in range(1, count))
    for count in (2, 3)
    for seat in range(count)
}
"""The opposing seats in turn order after each seat, by seat and table size."""


def triggers(state: Campaigning, seat: int, card: int, counts_as: Kind) -> list[Events]:
    """The ongoing effects playing ``card`` for a ``counts_as`` action sets off (before the action)."""
    if not state.ongoing:
        return []
    events: list[Events] = []
    money = state.money[seat]
    for ongoing, owner in state.ongoing:
        effect = _EFFECT_OF[ongoing]
        if owner == seat:
            if effect == "favorite_son":
                events += favorite_son(state, seat, card)
            continue
        if effect == "campaign_audit" and counts_as is CAMPAIGN and money > 0:
            fee = min(AUDIT_FEE, money)
            money -= fee
            events.append(MoneyMoved(source=seat, target=owner, amount=fee))
        elif effect == "opposition_research" and counts_as is FUNDRAISE and money > 0:
            take = min(RESEARCH_TAKE, money)
            money -= take
            events.append(MoneyMoved(source=seat, target=owner, amount=take))
        elif effect == "media_watchdog" and counts_as is ADVERTISE:
            events.append(RegisteredMoved(source=BANK, target=owner, count=1))
    return events


def favorite_son(state: Campaigning, seat: int, card: int) -> list[Events]:
    """Favorite Son's voter for ``card`` played by ``seat`` (on its turn or as a response), when it
    colours ``seat``'s home state; the caller knows ``seat`` has Favorite Son in play."""
    home = CANDIDATES[state.candidates[seat]].home
    if home not in CARDS[card].home_states:
        return []
    return [VotersPlaced(state=home, party=seat, count=1, registered=False)]


def advert_change(state: Campaigning, seat: int) -> int:
    """How much ``seat``'s candidate and Ad Discount change the price of every Advertise it takes."""
    change = _ADVERTISE_MODIFIER[state.candidates[seat]]
    return change - DISCOUNT if state.ongoing and owns(state, seat, "ad_discount") else change


_ADVERTISE_MODIFIER = tuple(modifier(candidate.number, "advertise") for candidate in CANDIDATES)
"""Each candidate's change to an Advertise's price, by number (every hand's plays ask it)."""


def advert_cost(state: Campaigning, seat: int, action: Action) -> int:
    """What an Advertise action costs ``seat`` (its candidate and Ad Discount included, never below 0)."""
    return max(0, action.cost + advert_change(state, seat))


def mudslinging_quotas(issues: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Each state showing a paid issue, and how many voters must go from it (2 per paid issue it shows)."""
    owed: dict[int, int] = {}
    for issue in issues:
        for place in STATES_SHOWING[issue]:
            owed[place] = owed.get(place, 0) + MUDSLING_REMOVES
    return tuple(sorted(owed.items()))


def _fundraise(state: Campaigning, seat: int, action: Action, command: PlayCard) -> Opened:
    amount = max(0, action.amount + modifier(state.candidates[seat], "fundraise"))
    return ([MoneyMoved(source=BANK, target=seat, amount=amount)] if amount else []), None


def _register(state: Campaigning, seat: int, action: Action, command: PlayCard) -> Opened:
    count = max(0, action.amount + modifier(state.candidates[seat], "register"))
    return ([RegisteredMoved(source=BANK, target=seat, count=count)] if count else []), None


def _travel(state: Campaigning, seat: int, action: Action, command: PlayCard) -> Opened:
    budget = 1 if owns(state, seat, "travel_budget") else 0
    moves = max(0, action.amount + modifier(state.candidates[seat], "travel") + budget)
    return [], Pending(seat=seat, card=command.card, kind=Kind.TRAVEL, moves=moves, plane=action.plane)


def _advertise(state: Campaigning, seat: int, action: Action, command: PlayCard) -> Opened:
    cost = advert_cost(state, seat, action)
    if state.money[seat] < cost:
        raise IllegalMove(f"This Advertise costs ${cost}M and your war chest holds ${state.money[seat]}M.")
    events: list[Events] = [MoneyMoved(source=seat, target=BANK, amount=cost)] if cost else []
    placed = action.states[: state.registered[seat]]
    events += [VotersPlaced(state=place, party=seat, count=1, registered=True) for place in placed]
    return events, None


def _campaign(state: Campaigning, seat: int, action: Action, command: PlayCard) -> Opened:
    extra = 1 if owns(state, seat, "ground_game") else 0
    places = max(0, action.amount + modifier(state.candidates[seat], "campaign") + extra)
    return [], Pending(seat=seat, card=command.card, kind=Kind.CAMPAIGN, places=places)


def _politick(state: Campaigning, seat: int, action: Action, command: PlayCard) -> Opened:
    effect = action.effect
    if effect == "fundraising_gala":
        return [MoneyMoved(source=BANK, target=seat, amount=GALA)], None
    if effect == "voter_drive":
        return [RegisteredMoved(source=BANK, target=seat, count=DRIVE)], None
    if effect == "early_voting":
        return [VotersOwed(seat=seat, count=EARLY_VOTES)], None
    return [], None


def _voter_suppression(state: Campaigning, seat: int, action: Action, command: PlayCard) -> Opened:
    moves = action.amount + (1 if owns(state, seat, "travel_budget") else 0)
    moving = moves > 0 or action.plane
    pending = Pending(
        seat=seat,
        card=command.card,
        kind=Kind.VOTER_SUPPRESSION,
        moves=moves,
        plane=action.plane,
        removes=action.voters,
        removing=not moving,
    )
    return [], pending


def _flip_contributors(state: Campaigning, seat: int, action: Action, command: PlayCard) -> Opened:
    taken = min(action.amount, state.money[command.target])
    return ([MoneyMoved(source=command.target, target=seat, amount=taken)] if taken else []), None


def _sway_minds(state: Campaigning, seat: int, action: Action, command: PlayCard) -> Opened:
    lost = min(action.amount, state.registered[command.target])
    events: list[Events] = [RegisteredMoved(source=command.target, target=BANK, count=lost)] if lost else []
    return [*events, RegisteredMoved(source=BANK, target=seat, count=action.amount)], None


def _mudslinging(state: Campaigning, seat: int, action: Action, command: PlayCard) -> Opened:
    price = MUDSLING_PRICE * len(command.issues)
    quotas = mudslinging_quotas(command.issues)
    return [], Pending(seat=seat, card=command.card, kind=Kind.MUDSLINGING, pays=price, quotas=quotas)


def _smear_campaign(state: Campaigning, seat: int, action: Action, command: PlayCard) -> Opened:
    pending = Pending(
        seat=seat,
        card=command.card,
        kind=Kind.SMEAR_CAMPAIGN,
        pays=SMEAR_PRICE,
        removes=SMEAR_REMOVES,
        states=action.states,
    )
    return [], pending


def scandal_options(state: Campaigning, victim: int) -> tuple[str, ...]:
    """A victim may always lose voters; it may pay only when its war chest holds $60M."""
    return (LOSE_VOTERS, PAY) if state.money[victim] >= SCANDAL_PRICE else (LOSE_VOTERS,)


def ask_victim(state: Campaigning, victims: tuple[int, ...]) -> VictimAsked:
    """The next Scandal victim's choice (the others are asked after it, in turn order)."""
    first, *later = victims
    choice = Choice(seats=(first,), options=scandal_options(state, first), about="scandal")
    return VictimAsked(choice=choice, later=tuple(later))


def _dirty_tricks(state: Campaigning, seat: int, action: Action, command: PlayCard) -> Opened:
    effect, opponents = action.effect, others(state, seat)
    if effect == "scandal":
        return [ask_victim(state, opponents)], None
    events: list[Events] = []
    if effect == "leaked_memo":
        fees = ((other, min(MEMO_FEE, state.money[other])) for other in opponents)
        events = [MoneyMoved(source=other, target=BANK, amount=fee) for other, fee in fees if fee]
    elif effect == "dark_money":
        takes = ((other, min(DARK_MONEY, state.money[other])) for other in opponents)
        events = [MoneyMoved(source=other, target=seat, amount=take) for other, take in takes if take]
    return events, None


OPEN: dict[Kind, Callable[[Campaigning, int, Action, PlayCard], Opened]] = {
    Kind.FUNDRAISE: _fundraise,
    Kind.REGISTER: _register,
    Kind.TRAVEL: _travel,
    Kind.ADVERTISE: _advertise,
    Kind.CAMPAIGN: _campaign,
    Kind.POLITICK: _politick,
    Kind.VOTER_SUPPRESSION: _voter_suppression,
    Kind.FLIP_CONTRIBUTORS: _flip_contributors,
    Kind.SWAY_MINDS: _sway_minds,
    Kind.MUDSLINGING: _mudslinging,
    Kind.SMEAR_CAMPAIGN: _smear_campaign,
    Kind.DIRTY_TRICKS: _dirty_tricks,
}


def could_answer(state: Campaigning, answers: str, played: int) -> bool:
    """Whether a card (other than ``played``) whose response answers ``answers`` is unseen: in a hand or
    a deck. Public: it depends on no hidden card's place, only on the cards seen so far."""
    answering = ANSWERING.get(answers, _NONE)
    if played in answering:
        answering = answering - {played}
    for zone in state.hands:  # two plain loops: a generator over the zones joined was a thirtieth of a step
        if not answering.isdisjoint(zone):
            return True
    for zone in state.decks:  # noqa: SIM110  (as above)
        if not answering.isdisjoint(zone):
            return True
    return False


_NONE: frozenset[int] = frozenset()


def window_for(
    state: Campaigning, seat: int, command: PlayCard, answers: str, now: datetime
) -> WindowOpened | None:
    """The reaction window ``command`` opens for the opposing seats, when a response could answer it."""
    if not could_answer(state, answers, command.card):
        return None
    choice = Choice(
        seats=others(state, seat), options=(), about="response", may_pass=True, deadline=now + WINDOW
    )
    window = Window(
        choice=choice,
        seat=seat,
        card=command.card,
        action=command.action,
        answers=answers,
        target=command.target,
        issues=command.issues,
    )
    return WindowOpened(window=window)
