"""A game's balance hook: what counts as playing a card, the roles a seat holds, the strategies.

Each game package gives one in its ``balance`` module (as ``BALANCE``) and its definition carries it;
:mod:`domain.balance_table` plays the games and counts. A game without one shows the generic figures.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from domain.messages import Command, Event
from domain.seats import Seat

Policy = Callable[[Any, Seat, list[Command], random.Random], Command]
"""A strategy: the command a seat sends, given the state, its legal commands and the game's RNG."""


def at_random(state: Any, seat: Seat, legal: list[Command], rng: random.Random) -> Command:
    """The random player: any legal command, each as likely."""
    return rng.choice(legal)


def _no_cards(seat_count: int) -> tuple[str, ...]:
    return ()


def _none_played(event: Event) -> tuple[str, ...]:
    return ()


def _no_roles(state: Any) -> dict[str, tuple[str, ...]]:
    return {}


@dataclass(frozen=True, slots=True, kw_only=True)
class Balance:
    """A game's knowledge for the balance table.

    ``cards(seats)``: the name of every card a game at that seat count can play (copies share a name);
    ``played(event)``: the names of the cards this (unredacted) event plays; ``roles(final_state)``:
    for each kind of role, its name at each seat; ``strategies``: named policies.
    """

    cards: Callable[[int], tuple[str, ...]] = _no_cards
    played: Callable[[Event], tuple[str, ...]] = _none_played
    roles: Callable[[Any], dict[str, tuple[str, ...]]] = _no_roles
    strategies: Mapping[str, Policy] = field(default_factory=dict)


NO_BALANCE = Balance()


BALANCE_HEADING = "## Balance by simulation"
"""The section of a generated card catalogue (``docs/cards/<game>.md``) that holds the balance table."""


def kept_section(doc: Path) -> str:
    """The balance section of a card catalogue, from its heading to the end ("" when it has none).

    The catalogue's generator writes the cards from the data and keeps this section as it is: it is
    pasted from ``backroom balance GAME --markdown`` (minutes of play, too slow to redo in a test).
    """
    text = doc.read_text() if doc.exists() else ""
    at = text.find(BALANCE_HEADING)
    return text[at:] if at >= 0 else ""
