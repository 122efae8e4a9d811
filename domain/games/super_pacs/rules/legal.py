"""``legal_commands``: exactly the commands ``decide`` accepts from a seat now."""

from __future__ import annotations

from itertools import combinations, permutations

from domain.choices import Choose, Pass
from domain.games.super_pacs.cards import EXPLOIT, FACTIONS, SURPRISE
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
from domain.games.super_pacs.rules import effects, rounds, turns
from domain.games.super_pacs.state import State, over_limit

CAMPAIGN, EMBEZZLE, FUNDRAISE, END_TURN = Campaign(), Embezzle(), Fundraise(), EndTurn()
REVEAL, PASS, SUPERPOWER = RevealEvent(), Pass(), UseSuperpower()
BUY = {card: BuyInvestment(card=card) for card in turns.COST}
EXPLOITS = {card: Exploit(card=card) for card in range(len(FACTIONS))}
SNEAK_ONE = {card: Sneak(cards=(card,)) for card in range(len(FACTIONS))}
SNEAK_TWO = {pair: Sneak(cards=pair) for pair in permutations(range(len(FACTIONS)), 2)}
"""Every two-card sneak, made once (a hand lists its pairs at every turn's second step)."""


def answers(state: State, seat: int, where: str) -> list[Commands]:
    """A seat's answers to the open window: the surprises that apply, an election superpower, a pass."""
    hand = state.hands[seat]
    if where == "window":
        played: list[Commands] = [
            PlaySurprise(card=c) for c in hand if c in SURPRISE and effects.applies(state, seat, c)
        ]
        return [*played, PASS]
    played = [PlaySurprise(card=c) for c in hand if c in SURPRISE and election_applies(state, seat, c)]
    if rounds.may_use_superpower(state, seat, "election"):
        played.append(SUPERPOWER)
    return [*played, PASS]


def election_applies(state: State, seat: int, card: int) -> bool:
    """Votes surprises apply to an election count; Nullify when a play stands to be cancelled;
    Immunity when a standing play lowers the seat's votes (ruling R6)."""
    verb = SURPRISE[card].do
    if verb == "votes":
        return True
    assert state.election is not None
    plays = state.election.plays
    if verb not in ("nullify", "immunity") or not plays:
        return False
    standing = effects.alive(plays, False)[1:]
    if verb == "nullify":
        return any(standing)
    exempt = rounds.immunities(plays, standing)
    return rounds.immune_target(plays, standing, seat, exempt) is not None


NOTES = (DiscardNote(value=1), DiscardNote(value=5))


def discards(state: State, seat: int) -> list[Commands]:
    """A faction from the hand; or, for a discard down to 5 cards in hand, a money card of the fewest
    notes the megabucks are held in (ruling R10): a 1 when some megabucks are not in 5s, a 5 from 5 up."""
    listed: list[Commands] = [DiscardFaction(card=card) for card in state.hands[seat]]
    if over_limit(state, seat):
        held = state.money[seat]
        listed += [NOTES[0]] if held % 5 else []
        listed += [NOTES[1]] if held >= 5 else []
    return listed


def turn_commands(state: State, seat: int) -> list[Commands]:
    """The turn player's commands at this step of the turn."""
    step = state.step
    listed: list[Commands]
    if step == 0:
        listed = [CAMPAIGN, EMBEZZLE]
    elif step == 1:
        hand = state.hands[seat]
        listed = [EXPLOITS[card] for card in hand if card in EXPLOIT]
        listed += [SNEAK_ONE[card] for card in hand]
        listed += [SNEAK_TWO[pair] for pair in combinations(hand, 2)]
        listed.append(FUNDRAISE)
    else:
        listed = [END_TURN]
    if rounds.may_use_superpower(state, seat, "turn"):
        listed.append(SUPERPOWER)
    cash = state.money[seat] + (state.tokens[turns.INVESTOR] == seat)
    cost = turns.COST
    listed += [BUY[card] for card in state.market if cost[card] <= cash]
    return listed


def legal(state: State, seat: int, where: str) -> list[Commands]:
    """Everything ``seat`` may send in situation ``where`` (it is one of the seats asked)."""
    if where == "leaders":
        return [PickLeader(leader=card) for card in state.offers[seat]]
    if where == "discard":
        return discards(state, seat)
    if where == "choice":
        assert state.pending is not None and state.pending.choice is not None
        return [Choose(option=option) for option in state.pending.choice.options]
    if where in ("window", "election"):
        return answers(state, seat, where)
    if where == "event":
        return [REVEAL]
    return turn_commands(state, seat)
