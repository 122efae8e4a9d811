"""What happened in a Campaign Trail game. These types are storage formats: never rename a tag or field.

Every outcome of a rule is in the event (the deal, the card drawn, the voters a debate gave, the
winner of every state), so ``evolve`` only applies it. ``GameSetUpSeen`` and ``CardDrawnSeen`` are the
redacted twins other viewers receive. Money and voters move between a seat and the bank or the
undecided supply (``BANK``, -1) or another seat.
"""

from __future__ import annotations

from domain.choices import Choice, Chosen
from domain.games.campaign_trail.state import Pending, Window
from domain.messages import Event


class GameSetUp(Event, frozen=True, kw_only=True, tag="GameSetUp"):
    """The table was laid out: candidates offered, hands, month decks, removed cards, opening voters."""

    seat_count: int
    module: bool
    offers: tuple[tuple[int, ...], ...]
    box: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    decks: tuple[tuple[int, ...], ...]
    removed: tuple[int, ...]
    voters: tuple[int, ...]


class GameSetUpSeen(Event, frozen=True, kw_only=True, tag="GameSetUpSeen"):
    """The table was laid out, as one viewer saw it: its own offer and hand (none for ``viewer`` ``None``)."""

    seat_count: int
    module: bool
    viewer: int | None
    offer: tuple[int, ...]
    hand: tuple[int, ...]
    deck_sizes: tuple[int, ...]
    removed: tuple[int, ...]
    voters: tuple[int, ...]


class CandidateKept(Event, frozen=True, kw_only=True, tag="CandidateKept"):
    """A seat kept ``candidate``; its other candidate went back to the box unseen."""

    seat: int
    candidate: int


class CampaignBegan(Event, frozen=True, kw_only=True, tag="CampaignBegan"):
    """Every seat has a candidate: war chests, registered voters and pawns (at home) set; August begins."""

    candidates: tuple[int, ...]
    money: tuple[int, ...]
    registered: tuple[int, ...]
    pawns: tuple[int, ...]
    turn: int


class CardPlayed(Event, frozen=True, kw_only=True, tag="CardPlayed"):
    """A seat played ``card`` for its action number ``action`` of ``kind`` (which ``counts_as`` a base kind);
    ``ongoing``: it stays in play until the month ends, else it is discarded."""

    seat: int
    card: int
    action: int
    kind: str
    counts_as: str
    ongoing: bool = False


class MoneyMoved(Event, frozen=True, kw_only=True, tag="MoneyMoved"):
    """``amount`` $M went from ``source`` to ``target`` (a seat, or the bank)."""

    source: int
    target: int
    amount: int


class RegisteredMoved(Event, frozen=True, kw_only=True, tag="RegisteredMoved"):
    """``count`` registered voters went from ``source`` to ``target`` (a seat, or the undecided supply)."""

    source: int
    target: int
    count: int


class VotersPlaced(Event, frozen=True, kw_only=True, tag="VotersPlaced"):
    """``count`` voters of ``party`` were committed in ``state``, from its registered voters or the supply."""

    state: int
    party: int
    count: int
    registered: bool


class VotersRemoved(Event, frozen=True, kw_only=True, tag="VotersRemoved"):
    """``count`` voters of ``party`` left ``state`` for the undecided supply; ``paid``: as a cost."""

    state: int
    party: int
    count: int
    paid: bool = False


class VotersSwept(Event, frozen=True, kw_only=True, tag="VotersSwept"):
    """``seat``'s action removed voters at once: ``removals`` are ``(state, party, count)``, each to the
    undecided supply (a :class:`~domain.games.campaign_trail.commands.Sweep`)."""

    seat: int
    removals: tuple[tuple[int, int, int], ...]


class PawnMoved(Event, frozen=True, kw_only=True, tag="PawnMoved"):
    """A seat's candidate pawn moved to ``state``."""

    seat: int
    state: int


class ActionLeft(Event, frozen=True, kw_only=True, tag="ActionLeft"):
    """What is left of the action in progress (``None``: it is over)."""

    pending: Pending | None


class VotersOwed(Event, frozen=True, kw_only=True, tag="VotersOwed"):
    """A card owes a seat ``count`` voters in its home state, placed on Election Day."""

    seat: int
    count: int


class VictimAsked(Event, frozen=True, kw_only=True, tag="VictimAsked"):
    """A Scandal's victim must choose (``choice``); ``later`` are the victims asked after it."""

    choice: Choice
    later: tuple[int, ...] = ()


class WindowOpened(Event, frozen=True, kw_only=True, tag="WindowOpened"):
    """An action was played that a response politick could answer: ``window`` holds it and names the
    opposing seats that may answer (whether or not they hold one)."""

    window: Window


class ResponsePlayed(Event, frozen=True, kw_only=True, tag="ResponsePlayed"):
    """``seat`` played ``card`` out of turn for its response politick ``effect`` (it is discarded)."""

    seat: int
    card: int
    effect: str


class CardDrawn(Event, frozen=True, kw_only=True, tag="CardDrawn"):
    """A seat drew ``card`` from the month's deck ``month``."""

    seat: int
    card: int
    month: int


class CardDrawnSeen(Event, frozen=True, kw_only=True, tag="CardDrawnSeen"):
    """A seat drew a card from month deck ``month``, as every other viewer sees it."""

    seat: int
    month: int


class TurnPassed(Event, frozen=True, kw_only=True, tag="TurnPassed"):
    """``seat`` takes the next turn."""

    seat: int


class MonthEnded(Event, frozen=True, kw_only=True, tag="MonthEnded"):
    """Month ``month``'s deck ran out; the ongoing cards were discarded; a debate opens (``debate_first``
    speaks first) unless it was October."""

    month: int
    discarded: tuple[int, ...]
    debate_first: int | None


class DebateCardPlayed(Event, frozen=True, kw_only=True, tag="DebateCardPlayed"):
    """A seat played ``card`` in the debate."""

    seat: int
    card: int


class DebateWon(Event, frozen=True, kw_only=True, tag="DebateWon"):
    """``party`` talked most about ``issue``: ``count`` of its voters went to each of ``states``."""

    issue: int
    party: int
    states: tuple[int, ...]
    count: int


class DebateEnded(Event, frozen=True, kw_only=True, tag="DebateEnded"):
    """The debate's cards were discarded; month ``month`` begins."""

    month: int


class ElectionHeld(Event, frozen=True, kw_only=True, tag="ElectionHeld"):
    """Election Day: each state's leader (winner takes all), each seat's electoral votes, the winners."""

    leaders: tuple[int, ...]
    electoral: tuple[int, ...]
    committed: tuple[int, ...]
    states_won: tuple[int, ...]
    winners: tuple[int, ...]


Events = (
    GameSetUp
    | GameSetUpSeen
    | CandidateKept
    | CampaignBegan
    | CardPlayed
    | MoneyMoved
    | RegisteredMoved
    | VotersPlaced
    | VotersRemoved
    | PawnMoved
    | ActionLeft
    | VotersOwed
    | VictimAsked
    | Chosen
    | CardDrawn
    | CardDrawnSeen
    | TurnPassed
    | MonthEnded
    | DebateCardPlayed
    | DebateWon
    | DebateEnded
    | ElectionHeld
    | WindowOpened
    | ResponsePlayed
    | VotersSwept
)
