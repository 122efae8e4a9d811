"""Passing for a seat: each seat's standing choice, kept in a stream of its own beside the table's.

A seat asked in a reaction window that holds nothing able to answer can only let the window go by.
Its player chooses, once and for as long as they like, between two answers to that:

* ``ask`` (the default): the table asks the seat every time, as it asks every seat;
* ``auto``: the referee passes for the seat whenever its only legal command is ``Pass``.

The rules of passing (the ruling: docs/bots.md, "Timing in a reaction window")
---------------------------------------------------------------------------------
1. The choice is the seat's own: only its player sets it (:class:`PassingChosen`, in the stream
   :func:`passing_id` of the table: never in the table's log, so no other seat's view, feed, audit,
   version or summary changes when it is made). Only the seat itself is told it.
2. A seat is asked when the latest recorded move that was not a pass was made (:func:`asked_at`: a
   pass only takes its sender out of the window; anything else asks again).
3. No pass in a reaction window is recorded sooner than :data:`PAUSE` after its seat was asked: the
   referee's pass for a seat whose choice is ``auto`` is made at that moment (:func:`due`); a pass
   sent by hand sooner is held until then; a bot's is sent a fixed pause after its turn is taken up.
   The referee's pass and a pass sent by hand before the moment are both recorded at the moment
   (:func:`moment`), and are decided by one path from one wake-up (issue 49 item 5).
4. The referee's pass is recorded as the seat's own ``Pass`` would be: the seat, its command, its
   take-back kind and its clock (the sender's answer aside, nothing tells the two apart).
5. The referee never passes for a seat that holds an answer (its legal commands are more than
   ``Pass``), for a bot's seat, or for a seat that forfeited.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID, uuid5

import msgspec

from domain.choices import Pass
from domain.errors import RuleError
from domain.seats import Seat

PAUSE = timedelta(seconds=0.5)
"""How long after a seat is asked its pass is recorded, whoever passes (rule 3)."""
ASK, AUTO = "ask", "auto"
CHOICES = (ASK, AUTO)


class NoSuchPassing(RuleError):
    """Raised when a seat names a standing choice other than ``ask`` or ``auto``."""

    code = "passing/invalid"


class PassingChosen(msgspec.Struct, frozen=True, kw_only=True):
    """Choice ``number`` (from 1) of a table's passing stream: ``seat`` chose ``passing`` (stored as is)."""

    number: int
    at: datetime
    seat: int
    passing: str


def passing_id(game_id: UUID) -> UUID:
    """The id of the stream holding the seats' standing choices of ``game_id``."""
    return uuid5(game_id, "passing")


def decide_passing(count: int, seat: int, passing: str, now: datetime) -> PassingChosen:
    """The event of ``seat`` choosing ``passing`` (``count``: the choices the stream holds)."""
    if passing not in CHOICES:
        raise NoSuchPassing(f"Choose one of: {', '.join(CHOICES)}.")
    return PassingChosen(number=count + 1, at=now, seat=seat, passing=passing)


def fold_passing(chosen: Iterable[PassingChosen], before: frozenset[int] = frozenset()) -> frozenset[int]:
    """The seats whose standing choice is ``auto`` after ``chosen`` (``before``: those who had)."""
    auto: set[int] = set(before)
    for event in chosen:
        if event.passing == AUTO:
            auto.add(event.seat)
        else:
            auto.discard(event.seat)
    return frozenset(auto)


def asked_at(table: Any) -> datetime:
    """When the seats the table waits for were asked (rule 2; ``table``: a ``TableState``)."""
    asked: datetime = table.asked_at or table.updated_at
    return asked


def only_passes(game: Any, state: Any, seat: Seat) -> bool:
    """True when ``seat``'s only legal command is ``Pass``: it holds nothing that can answer."""
    commands = game.legal_commands(state, seat)
    return len(commands) == 1 and isinstance(commands[0], Pass)


def passing_for(game: Any, table: Any, auto: frozenset[int], to_act: frozenset[Seat]) -> list[Seat]:
    """The seats the referee passes for once their pause is over (rules 3 and 5)."""
    if not auto or not table.recorded:
        return []
    bots = table.bots
    return [
        Seat(seat)
        for seat in sorted(auto & to_act)
        if not (seat < len(bots) and bots[seat] is not None)
        and seat not in table.forfeited
        and only_passes(game, table.game_state, Seat(seat))
    ]


def moment(table: Any) -> datetime:
    """When a pass in the open window is recorded, whoever made it (rule 3): the pause after its seat was
    asked, and never before the table's latest event (``table``: a ``TableState``)."""
    at: datetime = max(asked_at(table) + PAUSE, table.updated_at)
    return at


def due(game: Any, table: Any, auto: frozenset[int], to_act: frozenset[Seat]) -> datetime | None:
    """When the referee must pass for a seat (``None``: for none)."""
    return asked_at(table) + PAUSE if passing_for(game, table, auto, to_act) else None
