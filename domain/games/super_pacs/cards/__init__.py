"""The Super PACS card set, as data: loaded from the JSON files beside this module and checked at import.

Ids: factions 0-61 (file order), leaders 100-111, events 200-218 (the three elections first: 200
HOUSE OF REP, 201 SENATE, 202 WHITE HOUSE), investments 300-323. An election card, once won, lies
in a coalition as a gold Immune faction with its own votes, wealth and power. Money is not a card
here: a player's megabucks are a number (see the rulings in ``rules``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

import msgspec

from domain.games.super_pacs.cards.effects import (
    CardError,
    Colour,
    Effect,
    FactionType,
    LeaderColour,
    Token,
    check_effects,
)

HERE = Path(__file__).parent
LEADER_BASE, EVENT_BASE, INVESTMENT_BASE = 100, 200, 300
HOUSE, SENATE, WHITE_HOUSE = 200, 201, 202
ELECTIONS = (HOUSE, SENATE, WHITE_HOUSE)


class Faction(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A faction card: colour, types, values, and either an exploit or a surprise."""

    name: str
    colour: Colour
    types: tuple[FactionType, ...]
    votes: int
    wealth: int
    power: int
    text: str
    exploit: tuple[Effect, ...] = ()
    surprise: tuple[Effect, ...] = ()
    printed: bool = False


class Leader(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A leader: colour, campaign action, superpower (cost, its colour discount, when it may be used)."""

    name: str
    colour: LeaderColour
    campaign: tuple[Effect, ...]
    campaign_text: str
    cost: int
    superpower: tuple[Effect, ...]
    superpower_text: str
    discount: Colour | None = None
    when: Literal["turn", "election"] = "turn"
    printed: bool = False


class EventCard(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An event; an election also has the faction values it brings to its winner's coalition."""

    name: str
    effect: tuple[Effect, ...]
    text: str
    election: bool = False
    colour: Colour = "gold"
    types: tuple[FactionType, ...] = ()
    votes: int = 0
    wealth: int = 0
    power: int = 0
    printed: bool = False


Per = Literal["", "faction", "hand", "leader_colour", "election", "investment", "type", "colour"]


class Worth(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An investment's power at the end: ``base`` (or ``leader_base`` with a ``leader`` of that colour)
    plus ``each`` for every thing counted by ``per``."""

    base: int = 0
    each: int = 0
    per: Per = ""
    types: tuple[FactionType, ...] = ()
    colour: Colour | None = None
    leader: LeaderColour | None = None
    leader_base: int = 0


class Investment(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An investment: its cost, its immediate benefit and its worth at the end."""

    name: str
    cost: int
    worth: Worth
    text: str
    benefit: tuple[Effect, ...] = ()
    printed: bool = False


class Money(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """How many money cards of one value the Treasury holds."""

    value: int
    count: int


class TokenCard(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One of the seven tokens."""

    name: Token
    text: str


def _load(name: str, key: str, kind: type[msgspec.Struct]) -> tuple[msgspec.Struct, ...]:
    raw = json.loads((HERE / name).read_text())[key]
    return tuple(msgspec.convert(card, kind) for card in raw)


FACTIONS: tuple[Faction, ...] = _load("factions.json", "factions", Faction)  # type: ignore[assignment]  # _load returns a tuple of its kind
LEADERS: tuple[Leader, ...] = _load("leaders.json", "leaders", Leader)  # type: ignore[assignment]  # _load returns a tuple of its kind
EVENTS: tuple[EventCard, ...] = _load("events.json", "events", EventCard)  # type: ignore[assignment]  # _load returns a tuple of its kind
INVESTMENTS: tuple[Investment, ...] = _load("investments.json", "investments", Investment)  # type: ignore[assignment]  # _load returns a tuple of its kind
_TREASURY = json.loads((HERE / "treasury.json").read_text())
MONEY: tuple[Money, ...] = tuple(msgspec.convert(m, Money) for m in _TREASURY["money"])
TOKENS: tuple[TokenCard, ...] = tuple(msgspec.convert(t, TokenCard) for t in _TREASURY["tokens"])


def validate() -> None:
    """Refuse a card set whose counts or effects the rules cannot play (run at import)."""
    counts = {"leaders": len(LEADERS), "factions": len(FACTIONS), "events": len(EVENTS)}
    if counts != {"leaders": 12, "factions": 62, "events": 19} or len(INVESTMENTS) != 24:
        raise CardError(f"the card set has the wrong counts: {counts}, {len(INVESTMENTS)} investments")
    if sorted(leader.colour for leader in LEADERS) != ["blue"] * 4 + ["green"] * 4 + ["red"] * 4:
        raise CardError("leaders are 4 blue, 4 red and 4 green")
    if [event.name for event in EVENTS[:3]] != ["HOUSE OF REP", "SENATE", "WHITE HOUSE"]:
        raise CardError("the three elections come first")
    if any(event.election for event in EVENTS[3:]) or sum(m.count for m in MONEY) != 29 or len(TOKENS) != 7:
        raise CardError("16 events besides the elections, 29 money cards and 7 tokens")
    names = [card.name for group in (FACTIONS, LEADERS, EVENTS, INVESTMENTS) for card in group]
    if len(set(names)) != len(names):
        raise CardError("card names are unique")
    for faction in FACTIONS:
        if bool(faction.exploit) == bool(faction.surprise) or not faction.types:
            raise CardError(f"{faction.name}: one or more types, and either an exploit or a surprise")
        check_effects(
            faction.name,
            faction.exploit or faction.surprise,
            kind="surprise" if faction.surprise else "exploit",
        )
    for leader in LEADERS:
        check_effects(leader.name, leader.campaign, kind="exploit")
        check_effects(leader.name, leader.superpower, kind=leader.when)
    for event in EVENTS:
        check_effects(event.name, event.effect, kind="event")
    for investment in INVESTMENTS:
        check_effects(investment.name, investment.benefit, kind="exploit")


validate()

# -- lookup tables by card id (factions and won elections alike) ---------------------------------------

CARD_IDS = tuple(range(len(FACTIONS)))
LEADER_IDS = tuple(range(LEADER_BASE, LEADER_BASE + len(LEADERS)))
EVENT_IDS = tuple(range(EVENT_BASE, EVENT_BASE + len(EVENTS)))
OTHER_EVENTS = EVENT_IDS[3:]
INVESTMENT_IDS = tuple(range(INVESTMENT_BASE, INVESTMENT_BASE + len(INVESTMENTS)))
TREASURY_VALUE = sum(m.value * m.count for m in MONEY)
TOKEN_NAMES: tuple[Token, ...] = tuple(token.name for token in TOKENS)

_ON_TABLE = {i: f for i, f in enumerate(FACTIONS)} | {EVENT_BASE + i: EVENTS[i] for i in range(3)}
COLOUR: dict[int, str] = {i: card.colour for i, card in _ON_TABLE.items()}
TYPES: dict[int, frozenset[str]] = {i: frozenset(card.types) for i, card in _ON_TABLE.items()}
VOTES: dict[int, int] = {i: card.votes for i, card in _ON_TABLE.items()}
WEALTH: dict[int, int] = {i: card.wealth for i, card in _ON_TABLE.items()}
POWER: dict[int, int] = {i: card.power for i, card in _ON_TABLE.items()}
EXPLOIT: dict[int, tuple[Effect, ...]] = {i: f.exploit for i, f in enumerate(FACTIONS) if f.exploit}
SURPRISE: dict[int, Effect] = {i: f.surprise[0] for i, f in enumerate(FACTIONS) if f.surprise}
LEADER: dict[int, Leader] = {LEADER_BASE + i: card for i, card in enumerate(LEADERS)}
"""Each leader by its id (what :func:`leader` looks up; the rules that ask at every turn and window read it
themselves)."""


def leader(card: int) -> Leader:
    """The leader with id ``card``."""
    return LEADER[card]


def event(card: int) -> EventCard:
    """The event with id ``card``."""
    return EVENTS[card - EVENT_BASE]


def investment(card: int) -> Investment:
    """The investment with id ``card``."""
    return INVESTMENTS[card - INVESTMENT_BASE]


def name(card: int) -> str:
    """Any card's printed name."""
    if card >= INVESTMENT_BASE:
        return investment(card).name
    if card >= EVENT_BASE:
        return event(card).name
    if card >= LEADER_BASE:
        return leader(card).name
    return FACTIONS[card].name


__all__ = ["CardError", "Effect", "EventCard", "Faction", "Investment", "Leader", "Token", "Worth"]
