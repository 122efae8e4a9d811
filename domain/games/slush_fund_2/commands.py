"""What a seat may ask to do: each turn is a sequence of these small steps.

Contributions are named by (politician, slot in placement order), never by card id, so that naming an
opponent's face-down card reveals nothing.
"""

from __future__ import annotations

from domain.games.slush_fund_2.cards import CardId, Politician, Slot
from domain.messages import Command


class DrawCards(Command, frozen=True, kw_only=True, tag="DrawCards"):
    """Option 1: draw three cards from your own deck."""


class Recall(Command, frozen=True, kw_only=True, tag="Recall"):
    """Shuffle the three drawn cards back and draw three new ones, discarding this legal contribution."""

    politician: Politician
    slot: Slot


class StashInSlushFund(Command, frozen=True, kw_only=True, tag="StashInSlushFund"):
    """Put one of the drawn cards face-down into the slush fund."""

    card: CardId


class ExamineSlushFund(Command, frozen=True, kw_only=True, tag="ExamineSlushFund"):
    """Option 2: look at every card in the slush fund (this commits you to option 2)."""


class TakeFromSlushFund(Command, frozen=True, kw_only=True, tag="TakeFromSlushFund"):
    """Take one card of the slush fund you are examining (three in all)."""

    card: CardId


class PlayMoneyCard(Command, frozen=True, kw_only=True, tag="PlayMoneyCard"):
    """Contribute a money card, face-down for an illegal contribution; ``discard`` makes room first."""

    card: CardId
    politician: Politician
    face_down: bool = False
    discard: Slot | None = None


class PlaySpy(Command, frozen=True, kw_only=True, tag="PlaySpy"):
    """Play a spy; reveal and conceal follow as their own steps."""

    card: CardId


class RevealContribution(Command, frozen=True, kw_only=True, tag="RevealContribution"):
    """Spy, first half: turn one of the opponent's illegal contributions face-up."""

    politician: Politician
    slot: Slot


class ConcealContribution(Command, frozen=True, kw_only=True, tag="ConcealContribution"):
    """Spy, second half: turn one of your legal contributions face-down."""

    politician: Politician
    slot: Slot


class PlayAccountant(Command, frozen=True, kw_only=True, tag="PlayAccountant"):
    """Play an accountant; each of its two moves follows as its own step."""

    card: CardId


class MoveContribution(Command, frozen=True, kw_only=True, tag="MoveContribution"):
    """Accountant: move one of your contributions to another politician."""

    politician: Politician
    slot: Slot
    to: Politician


class PlayHacker(Command, frozen=True, kw_only=True, tag="PlayHacker"):
    """Exchange your legal contribution ``slot`` with the opponent's ``opponent_slot`` at one politician."""

    card: CardId
    politician: Politician
    slot: Slot
    opponent_slot: Slot


class PlayJournalist(Command, frozen=True, kw_only=True, tag="PlayJournalist"):
    """Put a journalist under a politician."""

    card: CardId
    politician: Politician


class PayOffJournalist(Command, frozen=True, kw_only=True, tag="PayOffJournalist"):
    """Spend a power card unused and your legal contribution ``slot`` to remove a journalist."""

    card: CardId
    politician: Politician
    slot: Slot


class DiscardPowerCard(Command, frozen=True, kw_only=True, tag="DiscardPowerCard"):
    """Discard a power card unused (only when its power has no target)."""

    card: CardId


Commands = (
    DrawCards
    | Recall
    | StashInSlushFund
    | ExamineSlushFund
    | TakeFromSlushFund
    | PlayMoneyCard
    | PlaySpy
    | RevealContribution
    | ConcealContribution
    | PlayAccountant
    | MoveContribution
    | PlayHacker
    | PlayJournalist
    | PayOffJournalist
    | DiscardPowerCard
)
