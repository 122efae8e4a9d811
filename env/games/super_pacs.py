"""Super PACS for learners: every command it can accept, and the slots of a seat's view.

Actions (in this order): ``PickLeader`` (each leader id 100-111); ``Campaign``; ``Embezzle``;
``Exploit`` (each faction 0-61 with an exploit); ``Sneak`` of one faction (0-61), then of two
(each pair ``a < b``); ``Fundraise``; ``UseSuperpower``; ``BuyInvestment`` (each investment 300-323);
``EndTurn``; ``RevealEvent``; ``PlaySurprise`` (each faction with a surprise); ``DiscardFaction``
(each faction); ``Choose`` with each option a choice can offer (:func:`options`); ``Pass``; then, after
the others so that every number above keeps its command (rules version 2), ``DiscardNote`` of a 1 and
of a 5.
"""

from __future__ import annotations

from itertools import combinations

from domain.choices import Choose, Pass
from domain.games.super_pacs.cards import (
    CARD_IDS,
    EVENT_IDS,
    EXPLOIT,
    INVESTMENT_IDS,
    LEADER_IDS,
    SURPRISE,
    TOKEN_NAMES,
)
from domain.games.super_pacs.commands import (
    BuyInvestment,
    Campaign,
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
from domain.games.super_pacs.views import SuperPacsView
from domain.messages import Command
from env.layout import SKIP, Cards, Declaration, Fixed, Padded, Vocabulary

VIEW = SuperPacsView
IN_COALITIONS = (*CARD_IDS, *EVENT_IDS[:3])
"""What a coalition can hold: the factions, and the three election cards once revealed."""
PLAYS = 16
"""The most plays a reaction window or an election lays out (each seat's surprises and superpower)."""
NOTES = (1, 5)
"""The money cards' values, in megabucks."""
CAUSES = ("", "exploit", "superpower", "event", "campaign", "treasury")
"""What can last have asked for something (``cause``); empty before anything has."""


def options(seats: int) -> tuple[str, ...]:
    """Every option a target choice can offer: an opponent's seat, or ``seat:card`` a faction to destroy."""
    return (
        *(str(seat) for seat in range(seats)),
        *(f"{seat}:{card}" for seat in range(seats) for card in IN_COALITIONS),
    )


def commands(seats: int) -> list[Command]:
    """Every command a seat of ``seats`` can ever send, in the action space's order."""
    return [
        *(PickLeader(leader=leader) for leader in LEADER_IDS),
        Campaign(),
        Embezzle(),
        *(Exploit(card=card) for card in CARD_IDS if card in EXPLOIT),
        *(Sneak(cards=(card,)) for card in CARD_IDS),
        *(Sneak(cards=pair) for pair in combinations(CARD_IDS, 2)),
        Fundraise(),
        UseSuperpower(),
        *(BuyInvestment(card=card) for card in INVESTMENT_IDS),
        EndTurn(),
        RevealEvent(),
        *(PlaySurprise(card=card) for card in CARD_IDS if card in SURPRISE),
        *(DiscardFaction(card=card) for card in CARD_IDS),
        *(Choose(option=option) for option in options(seats)),
        Pass(),
        *(DiscardNote(value=value) for value in NOTES),
    ]


def _choice(path: str, seats: int) -> dict[str, Declaration]:
    return {
        f"{path}.seats": Cards(tuple(range(seats))),
        f"{path}.options": Cards(options(seats)),
        f"{path}.about": SKIP,  # the pending effect's kind and card say it
        f"{path}.deadline": SKIP,  # time is not part of a position
        f"{path}.default": SKIP,  # only the referee uses it, at the deadline
    }


def declarations(seats: int) -> dict[str, Declaration]:
    """How each variable part of the view is laid out at ``seats`` seats."""
    chairs, factions = Cards(tuple(range(seats))), Cards(CARD_IDS)
    return {
        "seats": Fixed(seats),
        "seats[].seat": SKIP,  # its place in the tuple says it
        "seats[].offer:OwnHand.cards": Cards(LEADER_IDS),
        "seats[].hand:OwnHand.cards": factions,
        "seats[].coalition": Cards(IN_COALITIONS),
        "seats[].sneaked:OwnHand.cards": factions,
        "seats[].investments": Cards(INVESTMENT_IDS),
        "seats[].investment_worth": Padded(len(INVESTMENT_IDS)),  # in the order of its investments
        "market": Cards(INVESTMENT_IDS),
        "cemetery": Cards(IN_COALITIONS),
        "events_revealed": Cards(EVENT_IDS),
        "next_election": SKIP,  # the election cards revealed say which comes next
        "phase": Vocabulary(("leaders", "turn", "event", "election", "over")),
        "tokens": Vocabulary(TOKEN_NAMES),
        "pending.kind": Vocabulary(("exploit", "superpower", "event")),
        **_choice("pending.choice", seats),
        **_choice("pending.window", seats),
        "pending.plays": Padded(PLAYS),
        "pending.affected": chairs,
        "pending.payers": chairs,
        "election.votes": Fixed(seats),
        **_choice("election.window", seats),
        "election.plays": Padded(PLAYS),
        "scores": Padded(seats),
        "winners": chairs,
        "cause": Vocabulary(CAUSES),
    }
