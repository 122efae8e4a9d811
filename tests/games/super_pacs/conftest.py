"""Super PACS scenarios on the shared given/when/then helper, with cards named as printed.

``table(seats)`` sets a game up (seeded, first player 0, a random leader each) and ``.adjusted(...)``
stacks what a rule needs: hands, coalitions, megabucks, tokens. Card helpers turn printed names into ids.
"""

from __future__ import annotations

from typing import Any

from domain.chance import Context
from domain.games.super_pacs import SUPER_PACS
from domain.games.super_pacs.cards import (
    EVENT_BASE,
    EVENTS,
    FACTIONS,
    INVESTMENT_BASE,
    INVESTMENTS,
    LEADER_BASE,
    LEADERS,
    TOKEN_NAMES,
)
from domain.games.super_pacs.rules import SuperPacsOptions
from domain.games.super_pacs.state import NO_SEAT, State
from tests.support import scenario

GAME = SUPER_PACS


def F(name: str) -> int:
    """The faction printed ``name``."""
    return next(i for i, card in enumerate(FACTIONS) if card.name == name)


def L(name: str) -> int:
    """The leader printed ``name``."""
    return LEADER_BASE + next(i for i, card in enumerate(LEADERS) if card.name == name)


def EV(name: str) -> int:
    """The event printed ``name``."""
    return EVENT_BASE + next(i for i, card in enumerate(EVENTS) if card.name == name)


def I(name: str) -> int:  # noqa: E743  (the investment helper beside F, L and EV)
    """The investment printed ``name``."""
    return INVESTMENT_BASE + next(i for i, card in enumerate(INVESTMENTS) if card.name == name)


def tokens(**held: int) -> tuple[int, ...]:
    """Token holders: FIRST_PLAYER=0, PROMOTED=1 ... (underscores for spaces); others nobody."""
    named = {key.replace("_", " "): seat for key, seat in held.items()}
    return tuple(named.get(token, NO_SEAT) for token in TOKEN_NAMES)


def table(seats: int = 3, seed: int = 0, **options: Any) -> scenario.Given:
    """A game set up with first player 0 and a random leader each (unless options say otherwise)."""
    chosen = {"random_leaders": True, "first_player": 0, **options}
    events = GAME.setup(SuperPacsOptions(**chosen), seats, Context.seeded(seed))
    return scenario.given(GAME, *events)


def free(state: State, *cards: int) -> dict[str, Any]:
    """Fields that take ``cards`` out of every hand and the deck (so a test may place them)."""
    gone = set(cards)
    return {
        "hands": tuple(tuple(c for c in hand if c not in gone) for hand in state.hands),
        "deck": tuple(c for c in state.deck if c not in gone),
    }


def stacked(
    seats: int = 3, *, hands: dict[int, tuple[int, ...]] | None = None, **fields: Any
) -> scenario.Given:
    """A table where ``hands`` (by seat) hold exactly the cards given; other hands keep their deal.

    Cards are taken from wherever the deal put them (hands or deck) and the displaced cards go to the
    deck, so every card stays somewhere once. Other fields are set as given.
    """
    given = table(seats)
    state: State = given.state
    placed = {card for cards in (hands or {}).values() for card in cards}
    placed |= {card for key in ("coalitions", "sneaked") for cards in fields.get(key, ()) for card in cards}
    hand_rows = [tuple(c for c in hand if c not in placed) for hand in state.hands]
    displaced: list[int] = []
    for seat, cards in (hands or {}).items():
        displaced += hand_rows[seat]
        hand_rows[seat] = tuple(sorted(cards))
    deck = sorted({*[c for c in state.deck if c not in placed], *displaced})
    return given.adjusted(hands=tuple(hand_rows), deck=tuple(deck), **fields)
