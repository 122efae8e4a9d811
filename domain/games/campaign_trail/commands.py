"""What a seat may ask to do in Campaign Trail.

A turn is a :class:`PlayCard` (the card and which of its four actions), then, for actions that take
several choices (Travel, Campaign and the Dirty Politics actions that move or remove voters), one
small command per choice: :class:`Move`, :class:`Place`, :class:`Pay`, :class:`Remove`, and
:class:`Stop` where the card says "up to". Where the rules let a choice be made at once, one command
makes it: :class:`TravelTo` (a whole movement), ``Pay`` and ``Remove`` with a ``count``, and
:class:`Sweep` (every voter an action may still remove from a state, or from all its states). A
Scandal's victims answer with the kernel's ``Choose``; in a reaction window an opposing seat answers
with :class:`PlayResponse` or lets it go by with ``Pass``.
"""

from __future__ import annotations

from domain.choices import Choose, Pass
from domain.messages import Command


class KeepCandidate(Command, frozen=True, kw_only=True, tag="KeepCandidate"):
    """Keep ``candidate``, one of the two you were dealt; the other goes back to the box unseen."""

    candidate: int


class PlayCard(Command, frozen=True, kw_only=True, tag="PlayCard"):
    """Play ``card`` from your hand and take its action number ``action`` (0-3).

    ``target`` is the party (its seat) a Flip Contributors or Sway Minds action picks; ``issues`` are
    the mudslinging issues you pay for (any non-empty set of those the card shows).
    """

    card: int
    action: int
    target: int = -1
    issues: tuple[int, ...] = ()


class Move(Command, frozen=True, kw_only=True, tag="Move"):
    """Move your candidate pawn one state (to a neighbour, or anywhere by plane)."""

    state: int


class Place(Command, frozen=True, kw_only=True, tag="Place"):
    """Place one of your registered voters in ``state`` (a Campaign)."""

    state: int


class Pay(Command, frozen=True, kw_only=True, tag="Pay"):
    """Discard ``count`` of your voters from ``state``, one of your ethically minded states, to the supply."""

    state: int
    count: int = 1


class Remove(Command, frozen=True, kw_only=True, tag="Remove"):
    """Remove ``count`` voters of ``party`` from ``state`` to the undecided supply."""

    state: int
    party: int
    count: int = 1


class TravelTo(Command, frozen=True, kw_only=True, tag="TravelTo"):
    """Move your pawn straight to ``state`` (within the moves left by land, or anywhere with a plane);
    the movement ends there."""

    state: int


class Sweep(Command, frozen=True, kw_only=True, tag="Sweep"):
    """Remove every voter the action may still remove from ``state`` (``-1``: from every state a
    Mudslinging still reaches), the other parties' voters first and your own only where the action must
    take them."""

    state: int = -1


class Stop(Command, frozen=True, kw_only=True, tag="Stop"):
    """Stop an "up to" action here (stop moving, placing or removing)."""


class DebateCard(Command, frozen=True, kw_only=True, tag="DebateCard"):
    """Play ``card`` from your hand in the debate, for its issue icons."""

    card: int


class PlayResponse(Command, frozen=True, kw_only=True, tag="PlayResponse"):
    """Play ``card`` out of turn for its response politick, in answer to the action the window holds."""

    card: int


Commands = (
    KeepCandidate
    | PlayCard
    | Move
    | Place
    | Pay
    | Remove
    | Stop
    | DebateCard
    | Choose
    | PlayResponse
    | Pass
    | TravelTo
    | Sweep
)
