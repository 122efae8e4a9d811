"""The state of a Campaign Trail game: choosing candidates, the campaign, or a finished election.

Voters on the map are one flat tuple, ``voters[state * PARTIES + party]``. Per-seat tuples are indexed
by seat, and a seat's party is its number (:class:`~domain.games.campaign_trail.cards.board.Party`).
Month decks are kept sorted: nobody knows their order, so cards are drawn at random when drawn.
"""

from __future__ import annotations

import msgspec

from domain.choices import Choice

PARTIES = 3
BANK = -1
"""The bank (money) or the undecided voter supply (voters), where a ``source`` or ``target`` is not a seat."""


class Pending(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="Pending"):
    """What is left of an action taken in several steps.

    ``moves``: states the pawn may still move (``plane``: one move anywhere); ``places``: registered
    voters a Campaign may still place; ``pays``: voters still to discard from your ethically minded
    states; ``removes``: voters still to (or that may still) be removed from ``states`` (Voter
    Suppression: from the pawn's state once ``removing``); ``quotas``: for mudslinging, each state and
    how many voters must still go from it.
    """

    seat: int
    card: int
    kind: str
    moves: int = 0
    plane: bool = False
    places: int = 0
    pays: int = 0
    removes: int = 0
    states: tuple[int, ...] = ()
    quotas: tuple[tuple[int, int], ...] = ()
    removing: bool = False


class Window(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="Window"):
    """A reaction window on an action just played: the opposing seats still to answer (``choice``), the
    play held until it closes (``seat`` played ``card`` for action ``action`` with ``target`` and
    ``issues``; ``answers`` is the base kind it counts as) and the responses so far, ``(seat, card)``."""

    choice: Choice
    seat: int
    card: int
    action: int
    answers: str
    target: int = -1
    issues: tuple[int, ...] = ()
    responses: tuple[tuple[int, int], ...] = ()


class Debate(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="Debate"):
    """A debate in progress: who speaks first and the cards played so far, in order."""

    first: int
    cards: tuple[int, ...] = ()


class Drafting(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="Drafting"):
    """Each seat keeps one of its two dealt candidates; the table is laid out and waiting."""

    seat_count: int
    module: bool
    offers: tuple[tuple[int, ...], ...]
    kept: tuple[int, ...]
    box: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    decks: tuple[tuple[int, ...], ...]
    removed: tuple[int, ...]
    voters: tuple[int, ...]


class Campaigning(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="Campaigning"):
    """The campaign: months of turns, debates, and the open action, choice or debate if any."""

    seat_count: int
    module: bool
    candidates: tuple[int, ...]
    box: tuple[int, ...]
    month: int
    turn: int
    hands: tuple[tuple[int, ...], ...]
    decks: tuple[tuple[int, ...], ...]
    removed: tuple[int, ...]
    discard: tuple[int, ...]
    """Played cards, in the order they were discarded (public)."""
    ongoing: tuple[tuple[int, int], ...]
    voters: tuple[int, ...]
    money: tuple[int, ...]
    registered: tuple[int, ...]
    pawns: tuple[int, ...]
    owed: tuple[int, ...]
    pending: Pending | None = None
    choice: Choice | None = None
    victims: tuple[int, ...] = ()
    debate: Debate | None = None
    window: Window | None = None
    begun: Pending | None = None
    """The action in progress as it was when its steps began (for "3 of 8 voters removed")."""


class Finished(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="Finished"):
    """Election Day is over: the final map, each seat's electoral votes and states, and the winners."""

    seat_count: int
    candidates: tuple[int, ...]
    voters: tuple[int, ...]
    leaders: tuple[int, ...]
    electoral: tuple[int, ...]
    committed: tuple[int, ...]
    states_won: tuple[int, ...]
    money: tuple[int, ...]
    registered: tuple[int, ...]
    winners: tuple[int, ...]
    box: tuple[int, ...]


State = Drafting | Campaigning | Finished


def at(voters: tuple[int, ...], state: int, party: int) -> int:
    """How many voters of ``party`` are committed in ``state``."""
    return voters[state * PARTIES + party]


def all_cards(game: State) -> tuple[int, ...]:
    """Every action card in every zone (hands, decks, removed, discard, in play; or the box)."""
    if isinstance(game, Finished):
        return game.box
    held = [card for hand in game.hands for card in hand]
    decked = [card for deck in game.decks for card in deck]
    if isinstance(game, Drafting):
        return (*held, *decked, *game.removed)
    playing = [card for card, _ in game.ongoing]
    debating = game.debate.cards if game.debate is not None else ()
    return (*held, *decked, *game.removed, *game.discard, *playing, *debating)
