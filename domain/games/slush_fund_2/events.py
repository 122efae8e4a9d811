"""What happened. Events that hold a secret have a redacted variant (``...Unseen``) for other viewers."""

from __future__ import annotations

from domain.games.slush_fund_2.cards import CardId, Ladder, Politician, Slot
from domain.messages import Event


class GameStarted(Event, frozen=True, kw_only=True, tag="GameStarted", omit_defaults=True):
    """The table was set up: the ladders, who starts, and each deck's known top cards ($1M, then $2M).

    The rest of each deck needs no shuffle record (R5). ``deck_tops`` is ``None`` only in events
    recorded before 2026-12-01.
    """

    ladders: tuple[Ladder, ...]
    starting_seat: int
    deck_tops: tuple[tuple[CardId, ...], ...] | None = None


class CardsDrawn(Event, frozen=True, kw_only=True, tag="CardsDrawn"):
    """A seat drew these cards from its own deck."""

    seat: int
    cards: tuple[CardId, ...]


class CardsDrawnUnseen(Event, frozen=True, kw_only=True, tag="CardsDrawnUnseen"):
    """A seat drew this many cards from its own deck (redacted)."""

    seat: int
    count: int


class DrawnCardsShuffledBack(Event, frozen=True, kw_only=True, tag="DrawnCardsShuffledBack"):
    """Recall: a seat shuffled these drawn cards back into its deck."""

    seat: int
    cards: tuple[CardId, ...]


class DrawnCardsShuffledBackUnseen(Event, frozen=True, kw_only=True, tag="DrawnCardsShuffledBackUnseen"):
    """Recall: a seat shuffled this many drawn cards back into its deck (redacted)."""

    seat: int
    count: int


class FinalTurnBegan(Event, frozen=True, kw_only=True, tag="FinalTurnBegan"):
    """A seat is drawing the last cards of its deck: the final turn, one card at a time, begins."""

    seat: int


class CardStashed(Event, frozen=True, kw_only=True, tag="CardStashed"):
    """A seat put this card face-down into the slush fund."""

    seat: int
    card: CardId


class CardStashedUnseen(Event, frozen=True, kw_only=True, tag="CardStashedUnseen"):
    """A seat put a card face-down into the slush fund (redacted)."""

    seat: int


class SlushFundExamined(Event, frozen=True, kw_only=True, tag="SlushFundExamined"):
    """A seat looked at the slush fund (the cards reach it through its view, never through the log)."""

    seat: int
    count: int


class SlushFundCardTaken(Event, frozen=True, kw_only=True, tag="SlushFundCardTaken", omit_defaults=True):
    """A seat took this card from the slush fund; ``last`` when it was the last of the three it takes.

    ``last`` is ``None`` only in events recorded before 2026-12-01.
    """

    seat: int
    card: CardId
    last: bool | None = None


class SlushFundCardTakenUnseen(Event, frozen=True, kw_only=True, tag="SlushFundCardTakenUnseen"):
    """A seat took a card from the slush fund (redacted)."""

    seat: int


class MoneyCardPlayed(Event, frozen=True, kw_only=True, tag="MoneyCardPlayed"):
    """A seat contributed a money card to a politician, face-up (legal) or face-down (illegal)."""

    seat: int
    card: CardId
    politician: Politician
    face_down: bool


class FaceDownCardPlayed(Event, frozen=True, kw_only=True, tag="FaceDownCardPlayed"):
    """A seat contributed a face-down card to a politician (redacted)."""

    seat: int
    politician: Politician


class ContributionDiscarded(Event, frozen=True, kw_only=True, tag="ContributionDiscarded"):
    """A seat discarded one of its contributions (to make room, to recall, or to pay off)."""

    seat: int
    politician: Politician
    slot: Slot
    card: CardId
    secret: bool = False


class SecretContributionDiscarded(Event, frozen=True, kw_only=True, tag="SecretContributionDiscarded"):
    """A seat discarded one of its face-down contributions without showing it (redacted)."""

    seat: int
    politician: Politician
    slot: Slot


class PowerCardPlayed(Event, frozen=True, kw_only=True, tag="PowerCardPlayed"):
    """A seat played a power card for its power (spy, accountant) and discarded it."""

    seat: int
    card: CardId


class PowerCardFinished(Event, frozen=True, kw_only=True, tag="PowerCardFinished"):
    """A spy or accountant has done all it can; the seat goes on playing its cards."""

    seat: int


class ContributionRevealed(Event, frozen=True, kw_only=True, tag="ContributionRevealed"):
    """A spy turned the opponent's face-down contribution face-up (it is legal from now on)."""

    seat: int
    politician: Politician
    slot: Slot


class ContributionConcealed(Event, frozen=True, kw_only=True, tag="ContributionConcealed"):
    """A spy turned one of its player's legal contributions face-down (illegal from now on)."""

    seat: int
    politician: Politician
    slot: Slot
    card: CardId


class ContributionMoved(Event, frozen=True, kw_only=True, tag="ContributionMoved"):
    """An accountant moved a contribution to another politician (it keeps its face)."""

    seat: int
    politician: Politician
    slot: Slot
    to: Politician


class ContributionsExchanged(Event, frozen=True, kw_only=True, tag="ContributionsExchanged"):
    """A hacker swapped a seat's legal contribution with the opponent's at the same politician."""

    seat: int
    hacker: CardId
    politician: Politician
    slot: Slot
    opponent_slot: Slot
    given: CardId
    taken: CardId


class JournalistPlayed(Event, frozen=True, kw_only=True, tag="JournalistPlayed"):
    """A seat put a journalist under a politician."""

    seat: int
    card: CardId
    politician: Politician


class JournalistPaidOff(Event, frozen=True, kw_only=True, tag="JournalistPaidOff"):
    """A seat spent a power card unused to remove (and discard) a politician's last-placed journalist."""

    seat: int
    card: CardId
    politician: Politician
    journalist: CardId


class PowerCardDiscarded(Event, frozen=True, kw_only=True, tag="PowerCardDiscarded"):
    """A seat discarded a power card whose power had no target."""

    seat: int
    card: CardId


class TurnPassed(Event, frozen=True, kw_only=True, tag="TurnPassed"):
    """It is now this seat's turn (in the final turn: its next single card)."""

    seat: int


class GameEnded(Event, frozen=True, kw_only=True, tag="GameEnded"):
    """Both seats have played their final cards: the game is over and scored from the table."""


Events = (
    GameStarted
    | CardsDrawn
    | CardsDrawnUnseen
    | DrawnCardsShuffledBack
    | DrawnCardsShuffledBackUnseen
    | FinalTurnBegan
    | CardStashed
    | CardStashedUnseen
    | SlushFundExamined
    | SlushFundCardTaken
    | SlushFundCardTakenUnseen
    | MoneyCardPlayed
    | FaceDownCardPlayed
    | ContributionDiscarded
    | SecretContributionDiscarded
    | PowerCardPlayed
    | PowerCardFinished
    | ContributionRevealed
    | ContributionConcealed
    | ContributionMoved
    | ContributionsExchanged
    | JournalistPlayed
    | JournalistPaidOff
    | PowerCardDiscarded
    | TurnPassed
    | GameEnded
)
