"""The clock: drawing after a turn, the end of a month, the debates and Election Day."""

from __future__ import annotations

from random import Random

from domain.chance import Chance, draw
from domain.errors import CardNotInHand
from domain.games.campaign_trail.cards.board import (
    ELECTORAL_VOTES,
    ISSUES,
    PRIMARY,
    SECONDARY,
    STATE_COUNT,
    STATES_SHOWING,
)
from domain.games.campaign_trail.cards.candidates import CANDIDATES, modifier
from domain.games.campaign_trail.cards.catalogue import CARDS
from domain.games.campaign_trail.commands import DebateCard
from domain.games.campaign_trail.events import (
    CardDrawn,
    DebateCardPlayed,
    DebateEnded,
    DebateWon,
    ElectionHeld,
    Events,
    MonthEnded,
    TurnPassed,
    VotersPlaced,
)
from domain.games.campaign_trail.evolve import evolve_decided
from domain.games.campaign_trail.state import PARTIES, Campaigning, Finished, State

OCTOBER = 2
DEBATE_VOTERS = 1
"""Voters the party that talked most about an issue places in each state showing it."""


def draw_one(rng: Random, deck: tuple[int, ...]) -> int:
    """One card drawn from ``deck`` (never empty): the very draw ``draw(rng, deck, 1)`` makes and
    ``rng.choice(deck)`` (each takes ``deck[rng._randbelow(len(deck))]``), without their checks and
    calls (a test holds them equal)."""
    return deck[rng._randbelow(len(deck))]  # type: ignore[attr-defined]  # typeshed leaves out the method choice calls


def fold(state: Campaigning, events: list[Events]) -> Campaigning:
    """``state`` after ``events`` (to decide what follows them; remembered for the referee's fold)."""
    for event in events:
        state = evolve_decided(state, event)  # type: ignore[assignment]  # the fold returns the State union; a month's events keep it Campaigning
    return state


def end_turn(before: Campaigning, seat: int, events: list[Events], ctx: Chance) -> list[Events]:
    """``events`` (which ``before`` leads to; no action touches the decks), then the draw; the next
    seat's turn, or the month's end when its deck ran out."""
    deck = before.decks[before.month]
    drawn = [CardDrawn(seat=seat, card=draw_one(ctx.rng, deck), month=before.month)] if deck else []
    if len(deck) > 1:
        return [*events, *drawn, TurnPassed(seat=(seat + 1) % before.seat_count)]
    return end_month(fold(before, [*events, *drawn]), seat, [*events, *drawn])


def end_month(state: Campaigning, seat: int, events: list[Events]) -> list[Events]:
    """The ongoing cards go; a debate opens after August and September, Election Day after October."""
    discarded = tuple(card for card, _ in state.ongoing)
    if state.month < OCTOBER:
        first = (seat + 1) % state.seat_count
        return [*events, MonthEnded(month=state.month, discarded=discarded, debate_first=first)]
    events.append(MonthEnded(month=state.month, discarded=discarded, debate_first=None))
    owed = [
        VotersPlaced(state=CANDIDATES[state.candidates[s]].home, party=s, count=count, registered=False)
        for s, count in enumerate(state.owed)
        if count
    ]
    return [*events, *owed, election(fold(state, [events[-1], *owed]))]


def leader(voters: tuple[int, ...], place: int, seat_count: int) -> int:
    """The party with most voters in ``place``; a tie goes to the primary, then the secondary tiebreaker."""
    start = place * PARTIES
    counts = voters[start : start + seat_count]
    most = max(counts)
    for tiebreaker in _TIEBREAKERS[place]:
        if tiebreaker < seat_count and counts[tiebreaker] == most:
            return tiebreaker
    return counts.index(most)


_TIEBREAKERS = tuple((int(PRIMARY[place]), int(SECONDARY[place])) for place in range(STATE_COUNT))


def leaders_of(voters: tuple[int, ...], seat_count: int) -> tuple[int, ...]:
    """Each state's leader, in map order."""
    return tuple([leader(voters, place, seat_count) for place in range(STATE_COUNT)])


def electoral_votes(
    voters: tuple[int, ...], seat_count: int, leaders: tuple[int, ...] = ()
) -> tuple[int, ...]:
    """Each seat's electoral votes if the election were now (the live track), from ``leaders`` if given."""
    totals = [0] * seat_count
    for place, party in enumerate(leaders or leaders_of(voters, seat_count)):
        totals[party] += ELECTORAL_VOTES[place]
    return tuple(totals)


def evaluate(state: State, seat: int) -> float:
    """A position for bots: ``seat``'s electoral votes less the best other seat's, as a share of all.

    The votes are those of an election held now (the live track), or of the one held once it is over,
    when ``seat``'s share of the win is added.
    """
    if isinstance(state, Finished):
        electoral = state.electoral
    else:
        electoral = electoral_votes(state.voters, state.seat_count)
    total = max(1, sum(electoral))
    best_other = max(votes for other, votes in enumerate(electoral) if other != seat)
    won = 1 / len(state.winners) if isinstance(state, Finished) and seat in state.winners else 0.0
    return (electoral[seat] - best_other) / total + won


def election(state: Campaigning) -> ElectionHeld:
    """Winner takes all in every state; most electoral votes wins, then most voters on the map, then most
    states; a tie on all three is shared."""
    count = state.seat_count
    leaders = leaders_of(state.voters, count)
    electoral = electoral_votes(state.voters, count, leaders)
    committed = tuple(sum(state.voters[s::PARTIES]) for s in range(count))
    won = tuple(leaders.count(s) for s in range(count))
    keys = [(electoral[s], committed[s], won[s]) for s in range(count)]
    winners = tuple(s for s in range(count) if keys[s] == max(keys))
    return ElectionHeld(
        leaders=leaders, electoral=electoral, committed=committed, states_won=won, winners=winners
    )


def debater(state: Campaigning) -> int:
    """The seat that speaks next in the open debate."""
    assert state.debate is not None
    return (state.debate.first + len(state.debate.cards)) % state.seat_count


def debate_card(state: Campaigning, seat: int, command: DebateCard, ctx: Chance) -> list[Events]:
    """Play a card in the debate; once every seat has, the debate is scored and the next month begins."""
    if command.card not in state.hands[seat]:
        raise CardNotInHand(f"Card {command.card} is not in your hand.")
    events: list[Events] = [DebateCardPlayed(seat=seat, card=command.card)]
    assert state.debate is not None
    if len(state.debate.cards) + 1 < state.seat_count:
        return events
    return _score_debate(fold(state, events), events, ctx)


def _score_debate(state: Campaigning, events: list[Events], ctx: Chance) -> list[Events]:
    """Each issue shown by one party's debate card alone gives it voters in every state showing it."""
    assert state.debate is not None
    first = state.debate.first
    speakers = [(first + i) % state.seat_count for i in range(state.seat_count)]
    for issue in range(len(ISSUES)):
        showing = [
            s for s, card in zip(speakers, state.debate.cards, strict=True) if issue in CARDS[card].issues
        ]
        if len(showing) != 1:
            continue
        party = showing[0]
        count = DEBATE_VOTERS + modifier(state.candidates[party], "debate")
        if count > 0:
            events.append(DebateWon(issue=issue, party=party, states=STATES_SHOWING[issue], count=count))
    month = state.month + 1
    events.append(DebateEnded(month=month))
    drawn = draw(ctx.rng, state.decks[month], min(state.seat_count, len(state.decks[month])))
    events += [CardDrawn(seat=s, card=card, month=month) for s, card in zip(speakers, drawn, strict=False)]
    events.append(TurnPassed(seat=first))
    return events
