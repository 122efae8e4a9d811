"""The end of a round: sneaked cards revealed, the event, elections, the next round, the final score.

Elections: every player counts the votes of the coalition (PROMOTED +4, SMEARED -4); a window lets
surprises and election superpowers change them; once all have passed, the player with the most votes
wins (RETIRED cannot; ties go to whoever played earliest in the round), adds the election card to the
coalition and, after the HOUSE OF REP and the SENATE, takes FIRST PLAYER. The game ends once the WHITE
HOUSE is won: power from the coalition and the investments; a tie at the top and everybody loses.
"""

from __future__ import annotations

from domain.games.super_pacs.cards import (
    COLOUR,
    ELECTIONS,
    LEADER,
    LEADER_BASE,
    POWER,
    SURPRISE,
    TOKEN_NAMES,
    TYPES,
    VOTES,
    WHITE_HOUSE,
    Effect,
    Worth,
    investment,
    leader,
)
from domain.games.super_pacs.events import ElectionWon, EventRevealed, GameEnded, RoundBegan, TokenTaken
from domain.games.super_pacs.rules import effects
from domain.games.super_pacs.rules.flow import Flow
from domain.games.super_pacs.state import State, anyone_owes, most_notes, seat_order

ELECTION_ROUNDS = {4: 200, 7: 201, 10: 202}
"""The event deck is built so that HOUSE OF REP, SENATE and WHITE HOUSE come up in these rounds."""
TOKEN_VOTES = 4
"""PROMOTED gives +4 votes, SMEARED -4."""


TOKEN_INDEX: dict[str, int] = {token_name: index for index, token_name in enumerate(TOKEN_NAMES)}


def token(state: State, name: str) -> int:
    """Who holds the token ``name`` (-1: nobody)."""
    return state.tokens[TOKEN_INDEX[name]]


def reveal_event(flow: Flow) -> None:
    """The first player reveals the next event: an election opens its count, any other plays out."""
    state = flow.state
    card = ELECTION_ROUNDS.get(state.round)
    if card is not None:
        seats = voters(state)
        window = effects.window_for(seats, "election", flow) if seats else None
        flow.emit(EventRevealed(card=card, window=window))
        if window is None:
            conclude(flow)
        return
    card = flow.rng.choice(state.event_pool)
    flow.emit(EventRevealed(card=card))
    effects.begin(flow, "event", -1, card)
    settle(flow)


def settle(flow: Flow) -> None:
    """Once the round's event is over (nothing pending, nothing owed), the next round begins."""
    state = flow.state
    if (
        state.phase != "event"
        or state.pending is not None
        or anyone_owes(state)
        or state.revealed < state.round
    ):
        return
    flow.emit(RoundBegan(round=state.round + 1, first=token(state, "FIRST PLAYER")))


BLESSED, SCANDAL = TOKEN_INDEX["BLESSED"], TOKEN_INDEX["SCANDAL"]


def superpower_cost(state: State, seat: int) -> int:
    """The leader's cost, less BLESSED's 1 and its own colour discount, never below 0."""
    card = LEADER[state.leaders[seat]]
    cost = card.cost - (state.tokens[BLESSED] == seat)
    if card.discount is not None:
        discount = card.discount
        cost -= sum([COLOUR[faction] == discount for faction in state.coalitions[seat]])
    return max(0, cost)


def may_use_superpower(state: State, seat: int, when: str) -> bool:
    """Once a round, not under SCANDAL, affordable in megabucks only, at the time its card says."""
    if state.used[seat] or state.tokens[SCANDAL] == seat or LEADER[state.leaders[seat]].when != when:
        return False  # the cheap checks first: most turns and elections end here
    return state.money[seat] >= superpower_cost(state, seat)


def voters(state: State) -> tuple[int, ...]:
    """Who may answer an election's count: a faction in hand, or an election superpower to use."""
    return tuple(
        [
            seat
            for seat in seat_order(state)
            if state.hands[seat] or may_use_superpower(state, seat, "election")
        ]
    )


def _play_effect(card: int) -> Effect:
    return leader(card).superpower[0] if card >= LEADER_BASE else SURPRISE[card]


def _lowers(play: tuple[int, int]) -> bool:
    """A play that changes the other players' votes (each opponent gets -2): Immunity answers it."""
    effect = _play_effect(play[1])
    return effect.do == "votes" and effect.who == "each_opponent"


def immunities(plays: tuple[tuple[int, int], ...], standing: list[bool]) -> set[tuple[int, int]]:
    """(play index, seat) pairs where ``seat`` is immune to that play (ruling R6): each standing
    Immunity answers the latest standing play before it that changes its player's votes and that it
    is not immune to yet."""
    exempt: set[tuple[int, int]] = set()
    for index, (seat, card) in enumerate(plays):
        if not standing[index] or _play_effect(card).do != "immunity":
            continue
        answered = immune_target(plays[:index], standing[:index], seat, exempt)
        if answered is not None:
            exempt.add((answered, seat))
    return exempt


def immune_target(
    plays: tuple[tuple[int, int], ...], standing: list[bool], seat: int, exempt: set[tuple[int, int]]
) -> int | None:
    """The play an Immunity by ``seat`` would answer now, if any."""
    return next(
        (
            index
            for index in range(len(plays) - 1, -1, -1)
            if standing[index]
            and plays[index][0] != seat
            and _lowers(plays[index])
            and (index, seat) not in exempt
        ),
        None,
    )


def votes(state: State) -> tuple[int, ...]:
    """Each seat's votes now: its coalition, PROMOTED and SMEARED, and the plays that stand (a seat
    immune to a play takes no part in its change)."""
    count = state.seat_count
    totals = [sum([VOTES[card] for card in cards]) for cards in state.coalitions]
    promoted, smeared = token(state, "PROMOTED"), token(state, "SMEARED")
    if promoted >= 0:
        totals[promoted] += TOKEN_VOTES
    if smeared >= 0:
        totals[smeared] -= TOKEN_VOTES
    if state.election is not None:
        plays = state.election.plays
        standing = effects.alive(plays, False)[1:]
        exempt = immunities(plays, standing) if plays else set()
        for index, ((seat, card), ok) in enumerate(zip(plays, standing, strict=True)):
            effect = _play_effect(card)
            if ok and effect.do == "votes":
                for other in range(count):
                    if (effect.who == "self") == (other == seat) and (index, other) not in exempt:
                        totals[other] += effect.n
    return tuple(totals)


def conclude(flow: Flow) -> None:
    """Everyone agreed to conclude: the winner adds the election card; the game may end."""
    state = flow.state
    assert state.election is not None
    card, counted = state.election.card, votes(state)
    retired = token(state, "RETIRED")
    order = [seat for seat in seat_order(state) if seat != retired]
    winner = max(order, key=lambda seat: (counted[seat], -order.index(seat)))
    flow.emit(ElectionWon(seat=winner, card=card, votes=counted))
    if card != WHITE_HOUSE:
        if token(flow.state, "FIRST PLAYER") != winner:
            flow.emit(TokenTaken(seat=winner, token="FIRST PLAYER"))
        flow.emit(RoundBegan(round=state.round + 1, first=winner))
        return
    scores = tuple(power(flow.state, seat) for seat in range(state.seat_count))
    top = max(scores)
    winners = (scores.index(top),) if scores.count(top) == 1 else ()
    flow.emit(GameEnded(scores=scores, winners=winners))


def _counted(state: State, seat: int, rule: Worth, colour: str) -> int:
    """How many things ``rule.per`` counts for ``seat``."""
    coalition, per = state.coalitions[seat], rule.per
    if per == "faction":
        return len(coalition)
    if per == "hand":
        return junk_bonds_hand(state, seat)
    if per == "leader_colour":
        return sum([COLOUR[c] == colour for c in coalition])
    if per == "election":
        return sum([c in ELECTIONS for c in coalition])
    if per == "investment":
        return len(state.investments[seat])
    if per == "type":
        return sum([kind in TYPES[c] for c in coalition for kind in rule.types])
    return sum([COLOUR[c] == rule.colour for c in coalition]) if per == "colour" else 0


def junk_bonds_hand(state: State, seat: int) -> int:
    """The cards Junk Bonds counts in ``seat``'s hand (ruling R4): its factions, and its megabucks in
    the most money cards it may hold, since notes are changed at any time: every megabuck a 1 as far
    as the 1-megabuck cards the others do not hold allow (they hold the fewest notes)."""
    others = sum(held % 5 for other, held in enumerate(state.money) if other != seat)
    return len(state.hands[seat]) + most_notes(state.money[seat], others)


def worth(state: State, seat: int, card: int) -> int:
    """What investment ``card`` is worth to ``seat`` at the end."""
    rule = investment(card).worth
    colour = leader(state.leaders[seat]).colour
    base = rule.leader_base if rule.leader is not None and rule.leader == colour else rule.base
    return base + rule.each * _counted(state, seat, rule, colour)


def power(state: State, seat: int) -> int:
    """``seat``'s final score: its coalition's power plus its investments' worth."""
    coalition = sum(POWER[card] for card in state.coalitions[seat])
    return coalition + sum(worth(state, seat, card) for card in state.investments[seat])


WIN_BONUS = 10
"""What a won game adds to a bot's evaluation, over the power margin."""


def evaluate(state: State, seat: int) -> float:
    """A position for bots: ``seat``'s power less the best other seat's, plus the win once over.

    Before the leaders are revealed nobody holds a leader or an investment, so only coalitions count.
    """
    if state.phase == "over" and state.scores:
        scores = list(state.scores)
        won = WIN_BONUS / len(state.winners) if seat in state.winners else 0.0
    else:
        scores = [_power_now(state, other) for other in range(state.seat_count)]
        won = 0.0
    best_other = max(score for other, score in enumerate(scores) if other != seat)
    return float(scores[seat] - best_other) + won


def _power_now(state: State, seat: int) -> int:
    if state.leaders[seat] < 0:
        return sum(POWER[card] for card in state.coalitions[seat])
    return power(state, seat)
