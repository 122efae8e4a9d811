"""Shorthands for Slush Fund 2 scenarios: named cards, stacked draws and ready-made positions.

Cards are named by deck, value (or kind) and copy: ``red(3)`` is Red's first $3M, ``blue(3, 1)`` Blue's
second, ``red(SPY)`` Red's first spy. A position is built by folding events, so any deck can be
stacked: ``drawn(RED, ...)`` hands Red exactly those cards.
"""

from __future__ import annotations

from typing import Any

from domain.games.slush_fund_2 import SLUSH_FUND_2
from domain.games.slush_fund_2.cards import (
    DEFAULT_LADDERS,
    KIND,
    VALUE,
    CardId,
    Kind,
    deck_of,
    put_back_on_top,
)
from domain.games.slush_fund_2.commands import StashInSlushFund
from domain.games.slush_fund_2.events import (
    CardsDrawn,
    GameStarted,
    MoneyCardPlayed,
    PowerCardDiscarded,
    TurnPassed,
)
from domain.games.slush_fund_2.state import State
from domain.messages import Event
from domain.seats import Seat
from tests.support.scenario import Given, given

GAME = SLUSH_FUND_2
RED, BLUE = Seat(0), Seat(1)
SPY, ACCOUNTANT, HACKER, JOURNALIST = Kind.SPY, Kind.ACCOUNTANT, Kind.HACKER, Kind.JOURNALIST
GOVERNOR, SENATOR, MAYOR, JUDGE, COUNCILLOR = range(5)


def _card(seat: int, what: int | Kind, copy: int) -> CardId:
    if isinstance(what, Kind):
        matching = [c for c in deck_of(Seat(seat)) if KIND[c] is what]
    else:
        matching = [c for c in deck_of(Seat(seat)) if KIND[c] is Kind.MONEY and VALUE[c] == what]
    return matching[copy]


def red(what: int | Kind, copy: int = 0) -> CardId:
    """Red's card: a money value in millions or a power kind, ``copy`` counting from 0."""
    return _card(RED, what, copy)


def blue(what: int | Kind, copy: int = 0) -> CardId:
    """Blue's card: a money value in millions or a power kind, ``copy`` counting from 0."""
    return _card(BLUE, what, copy)


TOPS = (put_back_on_top(RED), put_back_on_top(BLUE))
"""The $1M and the $2M put back on top of each deck at setup."""


def opening(starting_seat: int = RED) -> GameStarted:
    """The table set up with the default politicians; ``starting_seat`` to act first."""
    return GameStarted(ladders=DEFAULT_LADDERS, starting_seat=starting_seat, deck_tops=TOPS)


def drawn(seat: int, *cards: CardId) -> CardsDrawn:
    """``seat`` drew exactly ``cards`` (a stacked deck)."""
    return CardsDrawn(seat=seat, cards=tuple(cards))


def placed(seat: int, politician: int, *cards: CardId, face_down: bool = False) -> list[Event]:
    """``cards`` drawn by ``seat`` and contributed to ``politician`` (face-down when asked)."""
    played: list[Event] = [
        MoneyCardPlayed(seat=seat, card=card, politician=politician, face_down=face_down) for card in cards
    ]
    return [drawn(seat, *cards), *played]


def turn(seat: int) -> TurnPassed:
    """It becomes ``seat``'s turn (start of turn: choose an option)."""
    return TurnPassed(seat=seat)


def table(*events: Event) -> Given:
    """A Slush Fund 2 scenario opening with Red to start, then ``events``."""
    return given(GAME, opening(), *events)


def state_of(scenario: Any) -> State:
    """The table of a scenario (for asserting zones)."""
    found = scenario.state
    assert isinstance(found, State)
    return found


def holding(*cards: CardId, before: tuple[Event, ...] = (), stash: CardId | None = None) -> Given:
    """After ``before``, Red draws ``cards`` plus one more and stashes the extra one: Red plays ``cards``."""
    taken = set(cards) | _used(before)
    extra = (
        stash if stash is not None else next(c for c in range(30) if c not in taken and KIND[c] is Kind.MONEY)
    )
    scenario = given(GAME, opening(), *before, turn(RED), drawn(RED, *cards, extra))
    return scenario.played((RED, StashInSlushFund(card=extra)))


def _used(events: tuple[Event, ...]) -> set[CardId]:
    used: set[CardId] = set()
    for event in events:
        if isinstance(event, CardsDrawn):
            used.update(event.cards)
    return used


def run_down(scenario: Given, seat: int, *keep: CardId) -> Given:
    """Every card left in ``seat``'s deck but ``keep`` drawn and discarded: the deck holds ``keep``."""
    deck = state_of(scenario).decks[seat]
    gone = [card for card in (*deck.top, *deck.rest) if card not in keep]
    for event in (drawn(seat, *gone), *(PowerCardDiscarded(seat=seat, card=card) for card in gone)):
        scenario.folded(event)
    return scenario
