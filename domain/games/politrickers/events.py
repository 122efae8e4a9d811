"""What happened in a Politrickers game. These types are storage formats: never rename a tag or field.

Every outcome of a rule is written into the event (the deal, the forced switch, the suit a card set,
who won the trick, the VP of a round), so ``evolve`` only applies it. Redacted variants
(:class:`RoundDealtSeen`, :class:`UnknownCardPlayedFaceDown`) are what other viewers receive.
"""

from __future__ import annotations

from typing import Literal

from domain.games.politrickers.cards import Party
from domain.messages import Event
from domain.seats import Seat

RoundEnd = Literal["disgraced", "collapse", "balanced"]


class RoundDealt(Event, frozen=True, kw_only=True, tag="RoundDealt"):
    """A round began: the Chair, every Party Token, the Power Tokens, the hands and the set-aside cards."""

    round_number: int
    chair: Seat
    parties: tuple[Party, ...]
    power_tokens: int
    hands: tuple[tuple[int, ...], ...]
    leftovers: tuple[int, ...]


class RoundDealtSeen(Event, frozen=True, kw_only=True, tag="RoundDealtSeen"):
    """A round began, as one viewer saw it: its own hand only (``viewer`` is ``None`` for spectators)."""

    round_number: int
    chair: Seat
    parties: tuple[Party, ...]
    power_tokens: int
    viewer: Seat | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    leftover_count: int


class PartySwitched(Event, frozen=True, kw_only=True, tag="PartySwitched"):
    """A seat flipped its Party Token, spending a Power Token (free switch) or not (forced switch)."""

    seat: Seat
    party: Party
    token_spent: bool


class CardPlayed(Event, frozen=True, kw_only=True, tag="CardPlayed"):
    """A seat played a Policy Card face up; ``sets`` tells which suit of the trick it set, if any."""

    seat: Seat
    card: int
    sets: Literal["ruling", "opposition", ""] = ""
    ruling_party: Party | None = None


class CardPlayedFaceDown(Event, frozen=True, kw_only=True, tag="CardPlayedFaceDown"):
    """A seat that could follow neither party played ``card`` face down (it cannot win)."""

    seat: Seat
    card: int


class UnknownCardPlayedFaceDown(Event, frozen=True, kw_only=True, tag="UnknownCardPlayedFaceDown"):
    """A seat played a card face down, as everyone but that seat sees it."""

    seat: Seat


class MigrationPlayed(Event, frozen=True, kw_only=True, tag="MigrationPlayed"):
    """A seat played Migration, moving one of its tokens off ``moved_from``; ``new_chair`` if it led."""

    seat: Seat
    moved_from: Party | None
    new_chair: Seat | None = None


class TrickWon(Event, frozen=True, kw_only=True, tag="TrickWon", omit_defaults=True):
    """A seat won the trick; it placed a token on its party's plate unless it had none left.

    ``next_chair`` (the winner) leads the next trick; ``None`` only in events recorded before 2026-12-01.
    """

    seat: Seat
    party: Party
    token_placed: bool
    next_chair: Seat | None = None


class PlayerDisgraced(Event, frozen=True, kw_only=True, tag="PlayerDisgraced"):
    """The winner of a trick had no Power Token to place: the round ends."""

    seat: Seat


class LibraCollapsed(Event, frozen=True, kw_only=True, tag="LibraCollapsed"):
    """A seventh token landed on ``plate``: the round ends."""

    plate: Party


class RoundScored(Event, frozen=True, kw_only=True, tag="RoundScored"):
    """A round ended: how, the VP each seat earned in it, and the VP totals after the -3 floor."""

    round_number: int
    ending: RoundEnd
    round_vp: tuple[int, ...]
    totals: tuple[int, ...]


class GameEnded(Event, frozen=True, kw_only=True, tag="GameEnded"):
    """The game ended: final totals, the last round's VP, and the winners (several when shared)."""

    totals: tuple[int, ...]
    final_round_vp: tuple[int, ...]
    winners: tuple[Seat, ...]


Events = (
    RoundDealt
    | RoundDealtSeen
    | PartySwitched
    | CardPlayed
    | CardPlayedFaceDown
    | UnknownCardPlayedFaceDown
    | MigrationPlayed
    | TrickWon
    | PlayerDisgraced
    | LibraCollapsed
    | RoundScored
    | GameEnded
)
