"""What a seat may ask to do in Super PACS. A pending target choice is answered with ``Choose`` and a
reaction window is let go by with ``Pass`` (both from :mod:`domain.choices`)."""

from __future__ import annotations

from domain.choices import Choose, Pass
from domain.messages import Command


class PickLeader(Command, frozen=True, kw_only=True, tag="PickLeader"):
    """Keep ``leader`` (one of the three you were dealt), secretly."""

    leader: int


class Campaign(Command, frozen=True, kw_only=True, tag="Campaign"):
    """Initial action: your leader's campaign action."""


class Embezzle(Command, frozen=True, kw_only=True, tag="Embezzle"):
    """Initial action: get 2 megabucks."""


class Exploit(Command, frozen=True, kw_only=True, tag="Exploit"):
    """Main action: add ``card`` (an exploit faction from your hand) to your coalition and execute it."""

    card: int


class Sneak(Command, frozen=True, kw_only=True, tag="Sneak"):
    """Main action: place one or two factions from your hand face down (``cards`` in ascending order)."""

    cards: tuple[int, ...]


class Fundraise(Command, frozen=True, kw_only=True, tag="Fundraise"):
    """Main action: get megabucks equal to your coalition's wealth."""


class UseSuperpower(Command, frozen=True, kw_only=True, tag="UseSuperpower"):
    """Pay your leader's superpower cost and use it (once per round)."""


class BuyInvestment(Command, frozen=True, kw_only=True, tag="BuyInvestment"):
    """Buy the face-up investment ``card``."""

    card: int


class EndTurn(Command, frozen=True, kw_only=True, tag="EndTurn"):
    """End your turn (after your main action)."""


class RevealEvent(Command, frozen=True, kw_only=True, tag="RevealEvent"):
    """The first player reveals the next event."""


class PlaySurprise(Command, frozen=True, kw_only=True, tag="PlaySurprise"):
    """Discard the surprise ``card`` from your hand and execute its text."""

    card: int


class DiscardFaction(Command, frozen=True, kw_only=True, tag="DiscardFaction"):
    """Discard ``card`` from your hand (a discard you owe)."""

    card: int


class DiscardNote(Command, frozen=True, kw_only=True, tag="DiscardNote"):
    """Discard a money card of ``value`` megabucks (1 or 5) to the Treasury: a discard down to 5 cards
    in hand that an empty Treasury calls for."""

    value: int


Commands = (
    PickLeader
    | Campaign
    | Embezzle
    | Exploit
    | Sneak
    | Fundraise
    | UseSuperpower
    | BuyInvestment
    | EndTurn
    | RevealEvent
    | PlaySurprise
    | DiscardFaction
    | DiscardNote
    | Choose
    | Pass
)
