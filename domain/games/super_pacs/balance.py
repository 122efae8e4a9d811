"""What ``backroom balance super-pacs`` counts: cards played, each seat's leader, three strategies.

A card is played when a faction is exploited, sneaked or played as a surprise, an investment is
bought, an event is revealed, or a leader is kept (a leader's election superpower, announced as a
surprise is, counts for its leader too). The strategies are simple policies over the legal
commands, for the designer's table (not bots), each otherwise playing at random (by the game's RNG):
"always exploit" exploits whenever it can, "always sneak" sneaks whenever it can, and "fundraise and
invest" buys an investment whenever it can and fundraises for its main action once its coalition has
some wealth (with none, fundraising raises nothing).
"""

from __future__ import annotations

import random
from typing import Any

from domain.balance import Balance, Policy
from domain.games.super_pacs.cards import EVENTS, FACTIONS, INVESTMENTS, LEADERS, WEALTH, leader, name
from domain.games.super_pacs.commands import BuyInvestment, Exploit, Fundraise, Sneak
from domain.games.super_pacs.events import (
    EventRevealed,
    FactionExploited,
    FactionsSneaked,
    InvestmentBought,
    LeaderPicked,
    SurprisePlayed,
)
from domain.games.super_pacs.state import State
from domain.messages import Command, Event
from domain.seats import Seat

CARD_NAMES = tuple(card.name for group in (LEADERS, FACTIONS, EVENTS, INVESTMENTS) for card in group)


def cards(seat_count: int) -> tuple[str, ...]:
    """Every leader, faction, event and investment: the whole set is in every game."""
    return CARD_NAMES


def played(happened: Event) -> tuple[str, ...]:
    """The cards an event plays (see the module docstring)."""
    match happened:
        case FactionsSneaked(cards=sneaked):
            return tuple(name(card) for card in sneaked)
        case FactionExploited(card=card) | SurprisePlayed(card=card) | InvestmentBought(card=card):
            return (name(card),)
        case EventRevealed(card=card) | LeaderPicked(leader=card):
            return (name(card),)
    return ()


def roles(state: State) -> dict[str, tuple[str, ...]]:
    """Each seat's leader."""
    return {"leader": tuple(leader(card).name for card in state.leaders)}


def preferring(*kinds: type[Command]) -> Policy:
    """The policy that sends a command of the first of ``kinds`` that is legal, else any legal one."""

    def policy(state: Any, seat: Seat, legal: list[Command], rng: random.Random) -> Command:
        for kind in kinds:
            wanted = [command for command in legal if isinstance(command, kind)]
            if wanted:
                return rng.choice(wanted)
        return rng.choice(legal)

    return policy


def fundraise_and_invest(state: State, seat: Seat, legal: list[Command], rng: random.Random) -> Command:
    """Buy an investment if one is affordable; else fundraise if the coalition has wealth; else any."""
    buys = [command for command in legal if isinstance(command, BuyInvestment)]
    if buys:
        return rng.choice(buys)
    wealthy = sum(WEALTH[card] for card in state.coalitions[seat]) > 0
    fundraising = [command for command in legal if isinstance(command, Fundraise)]
    if wealthy and fundraising:
        return fundraising[0]
    return rng.choice(legal)


STRATEGIES: dict[str, Policy] = {
    "always exploit": preferring(Exploit),
    "always sneak": preferring(Sneak),
    "fundraise and invest": fundraise_and_invest,
}

BALANCE = Balance(cards=cards, played=played, roles=roles, strategies=STRATEGIES)
