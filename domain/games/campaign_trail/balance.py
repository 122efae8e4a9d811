"""What ``backroom balance campaign-trail`` counts: cards played, each seat's party and candidate.

A card is played when a seat plays it for one of its actions or in a debate. A two-party game leaves
out the cards marked not for two players, so they are not in its card list.
"""

from __future__ import annotations

from domain.balance import Balance
from domain.games.campaign_trail.cards.board import PARTY_NAMES
from domain.games.campaign_trail.cards.candidates import CANDIDATES
from domain.games.campaign_trail.cards.catalogue import ALL_CARDS, CARDS, NOT_FOR_2P
from domain.games.campaign_trail.events import CardPlayed, DebateCardPlayed
from domain.games.campaign_trail.state import Finished
from domain.messages import Event


def cards(seat_count: int) -> tuple[str, ...]:
    """Every action card dealt at this table size (Dirty Politics included, as by default)."""
    left_out = NOT_FOR_2P if seat_count == 2 else frozenset()
    return tuple(card.title for card in ALL_CARDS if card.number not in left_out)


def played(happened: Event) -> tuple[str, ...]:
    """The card played for an action or in a debate."""
    if isinstance(happened, CardPlayed | DebateCardPlayed):
        return (CARDS[happened.card].title,)
    return ()


def roles(state: Finished) -> dict[str, tuple[str, ...]]:
    """Each seat's party and candidate."""
    return {
        "party": PARTY_NAMES[: len(state.candidates)],
        "candidate": tuple(CANDIDATES[candidate].name for candidate in state.candidates),
    }


BALANCE = Balance(cards=cards, played=played, roles=roles)
