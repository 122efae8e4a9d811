"""What happened in a Super PACS game. These types are storage formats: never rename a tag or field.

Each outcome of a rule is in the event (the cards drawn, the money moved, who won an election), so
``evolve`` only applies it. Two events carry nothing on purpose: ``LeadersRevealed`` and
``SneakedRevealed`` turn cards that were hidden face up, and ``evolve`` moves them; the cards then reach
viewers through their views, so a seat's own command reads the same on any resample of what it cannot
see. Redacted twins (``...Unseen``, ``GameSetUpSeen``) are what other viewers receive.
"""

from __future__ import annotations

from domain.choices import Choice, Chosen
from domain.messages import Event


class GameSetUp(Event, frozen=True, kw_only=True, tag="GameSetUp"):
    """The deal: hands, leader offers (or leaders), the deck, the events in and out, the investments."""

    seat_count: int
    first: int
    hands: tuple[tuple[int, ...], ...]
    offers: tuple[tuple[int, ...], ...]
    leaders: tuple[int, ...]
    box: tuple[int, ...]
    deck: tuple[int, ...]
    event_pool: tuple[int, ...]
    events_out: tuple[int, ...]
    market: tuple[int, ...]
    investment_pile: tuple[int, ...]
    money: int


class GameSetUpSeen(Event, frozen=True, kw_only=True, tag="GameSetUpSeen"):
    """The deal as one viewer saw it: its own hand and offers (``viewer`` is -1 for spectators)."""

    seat_count: int
    first: int
    viewer: int
    hand: tuple[int, ...]
    offer: tuple[int, ...]
    leaders: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    market: tuple[int, ...]
    deck_size: int
    money: int


class LeaderPicked(Event, frozen=True, kw_only=True, tag="LeaderPicked"):
    """``seat`` kept ``leader``, face down."""

    seat: int
    leader: int


class LeaderPickedUnseen(Event, frozen=True, kw_only=True, tag="LeaderPickedUnseen"):
    """``seat`` kept a leader (which one is hidden until all are revealed)."""

    seat: int


class LeadersRevealed(Event, frozen=True, kw_only=True, tag="LeadersRevealed"):
    """Every seat revealed its leader at once; the others went back to the box."""


class ActionTaken(Event, frozen=True, kw_only=True, tag="ActionTaken"):
    """``seat`` took ``action`` (campaign, embezzle, fundraise, superpower)."""

    seat: int
    action: str


class FactionsDrawn(Event, frozen=True, kw_only=True, tag="FactionsDrawn"):
    """``seat`` drew ``cards`` from the faction deck."""

    seat: int
    cards: tuple[int, ...]


class FactionsDrawnUnseen(Event, frozen=True, kw_only=True, tag="FactionsDrawnUnseen"):
    """``seat`` drew ``count`` faction cards."""

    seat: int
    count: int


class DeckRebuilt(Event, frozen=True, kw_only=True, tag="DeckRebuilt"):
    """The cemetery was shuffled into a new faction deck."""

    size: int


class MoneyMoved(Event, frozen=True, kw_only=True, tag="MoneyMoved"):
    """``amount`` megabucks went from ``payer`` to ``payee`` (-1 is the Treasury)."""

    payer: int
    payee: int
    amount: int


class FactionExploited(Event, frozen=True, kw_only=True, tag="FactionExploited"):
    """``seat`` added ``card`` to its coalition to execute it."""

    seat: int
    card: int


class FactionsSneaked(Event, frozen=True, kw_only=True, tag="FactionsSneaked"):
    """``seat`` placed ``cards`` face down in its sneaked zone."""

    seat: int
    cards: tuple[int, ...]


class FactionsSneakedUnseen(Event, frozen=True, kw_only=True, tag="FactionsSneakedUnseen"):
    """``seat`` placed ``count`` cards face down."""

    seat: int
    count: int


class EffectBegan(Event, frozen=True, kw_only=True, tag="EffectBegan"):
    """An exploit, superpower or event began; ``choice`` is its owner's target choice, if any."""

    kind: str
    owner: int
    card: int
    choice: Choice | None = None


class TargetChosen(Event, frozen=True, kw_only=True, tag="TargetChosen"):
    """The owner chose ``target`` (an opponent) or ``victim`` (a seat and the faction to destroy)."""

    seat: int
    target: int = -1
    victim: tuple[int, int] | None = None


class WindowOpened(Event, frozen=True, kw_only=True, tag="WindowOpened"):
    """Surprises may answer now: ``window`` lists who may; ``affected`` and ``payers`` whom it reaches."""

    window: Choice
    affected: tuple[int, ...] = ()
    payers: tuple[int, ...] = ()


class SurprisePlayed(Event, frozen=True, kw_only=True, tag="SurprisePlayed"):
    """``seat`` discarded the surprise ``card`` (or used its leader ``card``'s election superpower);
    the window closes, and opens again for everyone who may still answer."""

    seat: int
    card: int


class EffectResolved(Event, frozen=True, kw_only=True, tag="EffectResolved"):
    """The effect resolved (its changes follow as events), or was ``nullified``; ``immune`` seats
    took no part in it."""

    nullified: bool
    immune: tuple[int, ...] = ()


class FactionDiscarded(Event, frozen=True, kw_only=True, tag="FactionDiscarded"):
    """``seat`` discarded ``card`` from its hand to the cemetery."""

    seat: int
    card: int


class FactionDestroyed(Event, frozen=True, kw_only=True, tag="FactionDestroyed"):
    """``card`` in ``seat``'s coalition was destroyed (to the cemetery)."""

    seat: int
    card: int


class FactionsAdded(Event, frozen=True, kw_only=True, tag="FactionsAdded"):
    """``cards`` from the top of the faction deck were added to ``seat``'s coalition."""

    seat: int
    cards: tuple[int, ...]


class TokenTaken(Event, frozen=True, kw_only=True, tag="TokenTaken"):
    """``seat`` took ``token``."""

    seat: int
    token: str


class DiscardsOwed(Event, frozen=True, kw_only=True, tag="DiscardsOwed"):
    """Each seat now owes ``owed[seat]`` more discards."""

    owed: tuple[int, ...]


class TreasuryShort(Event, frozen=True, kw_only=True, tag="TreasuryShort"):
    """The Treasury could not pay ``seat`` its ``amount`` (or a collection was already waiting): each
    seat owes ``owed[seat]`` cards, factions or money cards, to bring its hand down to 5; then ``seat``
    collects."""

    seat: int
    amount: int
    owed: tuple[int, ...]


class NoteDiscarded(Event, frozen=True, kw_only=True, tag="NoteDiscarded"):
    """``seat`` discarded a money card of ``value`` megabucks (1 or 5) back to the Treasury."""

    seat: int
    value: int


class InvestmentBought(Event, frozen=True, kw_only=True, tag="InvestmentBought"):
    """``seat`` bought ``card``; ``refill`` was turned face up in its place (-1: the pile is empty)."""

    seat: int
    card: int
    refill: int


class TurnEnded(Event, frozen=True, kw_only=True, tag="TurnEnded"):
    """``seat`` ended its turn; ``next`` plays now (-1: the round's turns are over)."""

    seat: int
    next: int


class SneakedRevealed(Event, frozen=True, kw_only=True, tag="SneakedRevealed"):
    """Every sneaked card was revealed and added to its coalition (their text ignored)."""


class EventRevealed(Event, frozen=True, kw_only=True, tag="EventRevealed"):
    """The first player revealed ``card``; for an election, ``window`` is open for surprises."""

    card: int
    window: Choice | None = None


class ElectionWon(Event, frozen=True, kw_only=True, tag="ElectionWon"):
    """``seat`` won the election ``card`` with these ``votes`` (by seat)."""

    seat: int
    card: int
    votes: tuple[int, ...]


class RoundBegan(Event, frozen=True, kw_only=True, tag="RoundBegan"):
    """Round ``round`` began with ``first``'s turn."""

    round: int
    first: int


class GameEnded(Event, frozen=True, kw_only=True, tag="GameEnded"):
    """The WHITE HOUSE is won: each seat's power; ``winners`` is empty when the top is shared."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


Events = (
    GameSetUp
    | GameSetUpSeen
    | LeaderPicked
    | LeaderPickedUnseen
    | LeadersRevealed
    | ActionTaken
    | FactionsDrawn
    | FactionsDrawnUnseen
    | DeckRebuilt
    | MoneyMoved
    | FactionExploited
    | FactionsSneaked
    | FactionsSneakedUnseen
    | EffectBegan
    | TargetChosen
    | WindowOpened
    | SurprisePlayed
    | EffectResolved
    | FactionDiscarded
    | FactionDestroyed
    | FactionsAdded
    | TokenTaken
    | DiscardsOwed
    | InvestmentBought
    | TurnEnded
    | SneakedRevealed
    | EventRevealed
    | ElectionWon
    | RoundBegan
    | GameEnded
    | Chosen
    | TreasuryShort
    | NoteDiscarded
)
