"""Super PACS, refereed.

The rules
---------
2-4 players build coalitions of factions to have the most power when the WHITE HOUSE is won. Setup:
5 factions and 2 megabucks each; the event deck of ten (WHITE HOUSE at the bottom, 2 random, SENATE,
2 random, HOUSE OF REP, 3 random; the other events out of the game); 4 investments face up; 3 leaders
dealt to each, each keeps one secretly and all are revealed together (or, for first-time players, one
random leader each). The first player takes FIRST PLAYER. A round is one turn each from the first
player clockwise (see ``turns``); then sneaked cards are revealed and added, the first player reveals
the next event, and all follow it (see ``rounds``). Surprises are discarded from the hand when they
apply, usually out of turn (see ``effects``); payments and the Treasury are in ``money``.

Rulings (where the book is silent; see docs/rules/super-pacs.md)
----------------------------------------------------------------
R1  First player: drawn at random at setup and recorded in ``GameSetUp``, unless ``first_player`` fixes it.
R2  The event deck is stored as the seven random events still in the game (sorted, hidden from all);
    rounds 4, 7 and 10 reveal HOUSE OF REP, SENATE and WHITE HOUSE, every other round one of the
    seven at random. This is the rulebook's stacking, drawn when revealed.
R3  The simultaneous leader pick: every seat is asked at once; a pick is seen only by its seat until
    the last pick reveals all (``LeadersRevealed`` carries nothing; the leaders reach views).
R4  Money: the 29 money cards are 19 x 1 and 10 x 5 (69 megabucks). Every movement of money is public,
    so each player's total is public (it can be tracked); a hand counts its megabucks as the fewest
    notes (5s, then 1s). Which factions a hand holds stays hidden.
R5  Reaction windows: after an exploit's or superpower's target is chosen, and after a non-election
    event, every other seat with a faction in hand is asked (any could hold a surprise); an election
    asks every seat with a faction in hand or an election superpower to use. Each answers with a
    surprise that applies, or passes; a play asks everyone again; the effect resolves when all have
    passed, or when the window's 30 seconds are over (the referee passes for the rest).
R6  What a surprise answers: Nullify cancels the latest standing exploit, superpower or surprise in its
    window (events and the election count themselves cannot be nullified); a cancelled Nullify frees
    what it cancelled. Immunity answers an effect whose changes reach you; "pay nothing" one that makes
    you pay (a payment: its text says "pay"); "take 2 from the player whose exploit or superpower is
    being played" any exploit or superpower; votes surprises only an election count.
R7  Effects resolve after their window: a nullified effect changes nothing (so nothing it destroyed or
    discarded ever reaches the cemetery); its exploited faction stays in the coalition and a superpower's
    cost is not refunded. A target that became immune is not replaced.
R8  "Pay nothing" cancels the payment itself: a payee is not made whole for it.
R9  Campaign actions and investment benefits are not answered by surprises (no surprise names them).
R10 An empty Treasury: discards bring hands down to 5 cards (megabucks are not discarded); then the
    player collects what the Treasury holds.
R11 Discards owed by several players at once are made one player at a time, from the first player
    clockwise (so their cards reach the cemetery in that order).
R12 A choice of target with one candidate is made for its owner; with none, that part has no effect.
R13 The election winner's tie-break is the round's turn order (the first player wins ties, as the
    FIRST PLAYER token says); RETIRED cannot win even when ahead.
R14 A tie at the top of the final score: everybody loses (``winners`` is empty).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from domain import choices
from domain.chance import Context, shuffled
from domain.choices import Choose, Chosen, Pass
from domain.errors import IllegalMove, OptionsError, WrongStep
from domain.games.super_pacs.cards import CARD_IDS, INVESTMENT_IDS, LEADER_IDS, OTHER_EVENTS
from domain.games.super_pacs.cards.effects import chooses
from domain.games.super_pacs.commands import (
    BuyInvestment,
    Campaign,
    DiscardFaction,
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
    FactionDiscarded,
    GameSetUp,
    LeaderPicked,
    LeadersRevealed,
    MoneyMoved,
    SurprisePlayed,
    WindowOpened,
)
from domain.games.super_pacs.rules import effects, rounds, turns
from domain.games.super_pacs.rules.flow import Flow
from domain.games.super_pacs.rules.legal import legal
from domain.games.super_pacs.state import NO_SEAT, Table
from domain.messages import Command, Event, Options, Outcome
from domain.seats import Seat

HAND_SIZE = 5
START_MONEY = 2
OFFERED_LEADERS = 3
MARKET_SIZE = 4
EVENTS_IN_GAME = 7


class SuperPacsOptions(Options, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``random_leaders``: the first-time players' rule; ``first_player`` fixes who starts (R1)."""

    random_leaders: bool = False
    first_player: int | None = None


def check_options(options: SuperPacsOptions, seat_count: int) -> None:
    """Refuse a first player who is not at the table."""
    if options.first_player is not None and not 0 <= options.first_player < seat_count:
        raise OptionsError(f"first_player must be a seat from 0 to {seat_count - 1}.")


def setup(options: SuperPacsOptions, seat_count: int, ctx: Context) -> list[Event]:
    """Deal factions and leaders, build the event deck, turn up four investments, pick the first player."""
    rng = ctx.rng
    factions = shuffled(rng, CARD_IDS)
    hands = tuple(tuple(sorted(factions[s * HAND_SIZE : (s + 1) * HAND_SIZE])) for s in range(seat_count))
    leaders = shuffled(rng, LEADER_IDS)
    dealt = 1 if options.random_leaders else OFFERED_LEADERS
    offers = tuple(tuple(sorted(leaders[s * dealt : (s + 1) * dealt])) for s in range(seat_count))
    in_game = sorted(rng.sample(OTHER_EVENTS, EVENTS_IN_GAME))
    investments = shuffled(rng, INVESTMENT_IDS)
    first = options.first_player if options.first_player is not None else rng.randrange(seat_count)
    return [
        GameSetUp(
            seat_count=seat_count,
            first=first,
            hands=hands,
            offers=() if options.random_leaders else offers,
            leaders=tuple(offer[0] for offer in offers) if options.random_leaders else (),
            box=tuple(sorted(leaders[seat_count * dealt :])),
            deck=tuple(sorted(factions[seat_count * HAND_SIZE :])),
            event_pool=tuple(in_game),
            events_out=tuple(card for card in OTHER_EVENTS if card not in in_game),
            market=investments[:MARKET_SIZE],
            investment_pile=tuple(sorted(investments[MARKET_SIZE:])),
            money=START_MONEY,
        )
    ]


# -- who is asked what --------------------------------------------------------------------------------


def situation(state: Table) -> str:
    """What the table waits for: over, leaders, discard, choice, window, election, event or turn."""
    if state.phase in ("over", "leaders"):
        return state.phase
    if any(state.owed):
        return "discard"
    pending = state.pending
    if pending is not None:
        return "choice" if pending.choice is not None else "window"
    return "election" if state.election is not None else state.phase


def discarding(state: Table) -> int:
    """The seat that discards now: the first, from the first player clockwise, who owes a discard."""
    count = state.seat_count
    return next(seat for seat in ((state.first + i) % count for i in range(count)) if state.owed[seat])


def window(state: Table) -> choices.Choice | None:
    """The reaction window open now, if any."""
    if state.pending is not None:
        return state.pending.window
    return state.election.window if state.election is not None else None


_LAST_ASKED: list[Any] = [None, frozenset(), ""]
_LAST_LEGAL: list[Any] = [None, -1, []]
"""The latest answers, by the identity of the (immutable) state: the referee, the player and
``decide`` ask the same questions of the same state several times a step."""


def to_act(state: Table) -> frozenset[Seat]:
    """Every seat that may send a command now."""
    if _LAST_ASKED[0] is not state:
        where = situation(state)
        _LAST_ASKED[0], _LAST_ASKED[1], _LAST_ASKED[2] = state, _asked(state, where), where
    return _LAST_ASKED[1]  # type: ignore[no-any-return]


def _where(state: Table) -> str:
    """:func:`situation`, remembered with :func:`to_act`."""
    to_act(state)
    return _LAST_ASKED[2]  # type: ignore[no-any-return]


def _asked(state: Table, where: str) -> frozenset[Seat]:
    if where == "over":
        return frozenset()
    if where == "leaders":
        return frozenset(Seat(s) for s, pick in enumerate(state.picks) if pick == NO_SEAT)
    if where == "discard":
        return frozenset({Seat(discarding(state))})
    if where == "choice":
        assert state.pending is not None
        return frozenset({Seat(state.pending.owner)})
    if where in ("window", "election"):
        return choices.waiting(window(state))
    return frozenset({Seat(state.first if where == "event" else state.turn)})


def legal_commands(state: Table, seat: Seat) -> list[Command]:
    """Exactly the commands ``decide`` accepts from ``seat`` now (none for a seat not asked)."""
    if seat not in to_act(state):
        return []
    if _LAST_LEGAL[0] is state and _LAST_LEGAL[1] == seat:
        return list(_LAST_LEGAL[2])
    listed = legal(state, seat, _where(state))
    _LAST_LEGAL[0], _LAST_LEGAL[1], _LAST_LEGAL[2] = state, seat, tuple(listed)
    return listed


# -- deciding -----------------------------------------------------------------------------------------


def _pick(flow: Flow, seat: int, command: PickLeader) -> None:
    flow.emit(LeaderPicked(seat=seat, leader=command.leader))
    if all(pick != NO_SEAT for pick in flow.state.picks):
        flow.emit(LeadersRevealed())


def _discard(flow: Flow, seat: int, command: DiscardFaction) -> None:
    flow.emit(FactionDiscarded(seat=seat, card=command.card))
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
    if about == "election":
        seats = rounds.voters(state)
    else:
        assert state.pending is not None
        seats = effects.responders(state, state.pending.owner)
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
    Choose: _choose,
    Pass: _pass,
}


def decide(state: Table, seat: Seat, command: Command, ctx: Context) -> list[Event]:
    """The events of ``command`` from ``seat``; refused unless it is one of the seat's legal commands."""
    listed = legal_commands(state, seat)
    if command not in listed:
        where = _where(state)
        if any(type(other) is type(command) for other in listed):
            raise IllegalMove(
                f"{type(command).__name__} is not possible with those cards or that choice now."
            )
        raise WrongStep(f"{type(command).__name__} is not what the game waits for from you now ({where}).")
    flow = Flow(state, ctx)
    DECIDERS[type(command)](flow, seat, command)
    return flow.events


def due(state: Table) -> datetime | None:
    """When the open reaction window closes, while one is open."""
    open_now = window(state)
    return open_now.deadline if open_now is not None else None


def overdue(state: Table, ctx: Context) -> list[Event]:
    """At the deadline the referee passes for every seat still asked, and the window closes."""
    open_now = window(state)
    passes = choices.overdue(open_now, ctx.now)
    if not passes:
        return []
    flow = Flow(state, ctx)
    for chosen in passes:
        flow.emit(chosen)
    _closed(flow)
    return flow.events


def is_over(state: Table) -> bool:
    """The game is over once the WHITE HOUSE is won."""
    return state.phase == "over"


def outcome(state: Table) -> Outcome | None:
    """Power by seat; a shared top means nobody wins (the first ranking group is empty)."""
    if state.phase != "over":
        return None
    scores = state.scores
    groups = tuple(
        tuple(seat for seat, score in enumerate(scores) if score == value)
        for value in sorted(set(scores), reverse=True)
    )
    if state.winners:
        return Outcome(scores=scores, ranking=groups, winners=state.winners)
    return Outcome(scores=scores, ranking=((), *groups), winners=(), tiebreak="civil war: everybody loses")
