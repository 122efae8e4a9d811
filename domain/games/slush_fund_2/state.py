"""The state of a table: a union of turn steps plus the zones every card lies in.

Decks whose order nobody knows are kept sorted (``Deck.rest``); only the cards put back on top at setup
have a known place (``Deck.top``). The slush fund is kept sorted too: its order means nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.games.slush_fund_2.cards import CardId, Ladder

Cards = tuple[CardId, ...]


class Contribution(msgspec.Struct, frozen=True, kw_only=True):
    """One money card on a player's side of a politician.

    ``face_down`` makes it illegal. ``exposed`` marks a face-down card whose value the opponent has
    seen (a spy turned it face-down in front of them), so it is no secret.
    """

    card: CardId
    face_down: bool = False
    exposed: bool = False


Side = tuple[Contribution, ...]
"""One player's contributions to one politician, in placement order (slot 0 first)."""


class Deck(msgspec.Struct, frozen=True, kw_only=True):
    """A draw pile: the cards known to be on top (top first), then the rest in no known order."""

    top: Cards = ()
    rest: Cards = ()

    @property
    def count(self) -> int:
        """How many cards are left."""
        return len(self.top) + len(self.rest)


class Choosing(msgspec.Struct, frozen=True, tag="Choosing"):
    """Start of a turn: draw (option 1) or examine the slush fund (option 2)."""


class Drawn(msgspec.Struct, frozen=True, tag="Drawn"):
    """Option 1, cards drawn: recall them, or stash one in the slush fund."""


class Examining(msgspec.Struct, frozen=True, tag="Examining"):
    """Option 2: the seat is looking at the slush fund and has taken ``taken`` cards."""

    taken: int = 0


class Playing(msgspec.Struct, frozen=True, tag="Playing"):
    """The seat plays the cards in its hand."""


class Spying(msgspec.Struct, frozen=True, tag="Spying"):
    """A spy is being resolved: reveal first (if it can), then conceal."""

    revealed: bool = False


class Auditing(msgspec.Struct, frozen=True, tag="Auditing"):
    """An accountant is being resolved; ``moved`` are the cards it has moved so far."""

    moved: Cards = ()


class Over(msgspec.Struct, frozen=True, tag="Over"):
    """The game has been scored."""


Step = Choosing | Drawn | Examining | Playing | Spying | Auditing | Over

CHOOSING, DRAWN, PLAYING, OVER = Choosing(), Drawn(), Playing(), Over()


class State(msgspec.Struct, frozen=True, kw_only=True):
    """Everything on the table. Indexes: ``[seat]`` then ``[politician]``."""

    ladders: tuple[Ladder, ...]
    turn: int
    step: Step
    final: bool = False
    from_slush: bool = False
    """True while the seat whose turn it is plays cards it took from the slush fund."""
    decks: tuple[Deck, ...]
    hands: tuple[Cards, ...]
    sides: tuple[tuple[Side, ...], ...]
    journalists: tuple[Cards, ...]
    """The journalists under each politician, in the order they were placed."""
    slush: Cards = ()
    slush_known: tuple[Cards, ...] = ((), ())
    """Per seat, the slush fund cards it knows are there (put in, or seen while examining)."""
    discard: Cards = ()
    secret_discard: tuple[Cards, ...] = ((), ())
    """Per seat, its face-down contributions it discarded without showing them (also in ``discard``)."""


def all_cards(table: State) -> Sequence[int]:
    """Every card in every zone: decks, hands, slush fund, contributions, journalists, discard pile."""
    found = list(table.slush) + list(table.discard)
    for seat in range(len(table.hands)):
        found += table.decks[seat].top + table.decks[seat].rest + table.hands[seat]
        found += [contribution.card for side in table.sides[seat] for contribution in side]
    for under in table.journalists:
        found += under
    return found
