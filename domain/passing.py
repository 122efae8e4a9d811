"""Passing for a seat: each seat's standing choice, kept in a stream of its own beside the table's.

A seat asked in a reaction window that holds nothing able to answer can only let the window go by;
a player who does not mean to answer this round need not be asked either. Its player chooses, once
and for as long as they like, between these answers:

* ``ask`` (the default): the table asks the seat every time, as it asks every seat;
* ``auto``: the referee passes for the seat whenever its only legal command is ``Pass`` ("ask me only
  when a card of mine can answer this action");
* ``until_turn``: the referee passes for the seat in every window it is asked in, whatever it holds,
  until a turn of its own begins; then the choice made before it (``ask`` or ``auto``) holds again.

The rules of passing (the ruling: docs/bots.md, "Timing in a reaction window")
---------------------------------------------------------------------------------
1. The choice is the seat's own: only its player sets it (:class:`PassingChosen`, in the stream
   :func:`passing_id` of the table: never in the table's log, so no other seat's view, feed, audit,
   version or summary changes when it is made). Only the seat itself is told it.
2. A seat is asked when the latest recorded move that was not a pass was made (:func:`asked_at`: a
   pass only takes its sender out of the window; anything else asks again).
3. No pass in a reaction window is recorded sooner than :data:`PAUSE` after its seat was asked: the
   referee's pass for a seat whose choice passes for it is made at that moment (:func:`due`); a pass
   sent by hand sooner is held until then; a bot's is sent a fixed pause after its turn is taken up.
   The referee's pass and a pass sent by hand before the moment are both recorded at the moment
   (:func:`moment`), and are decided by one path from one wake-up (issue 49 item 5).
4. The referee's pass is recorded as the seat's own ``Pass`` would be: the seat, its command, its
   take-back kind and its clock (the sender's answer aside, nothing tells the two apart).
5. Under ``auto`` the referee never passes for a seat that holds an answer (its legal commands are more
   than ``Pass``); under either choice never for a bot's seat or a seat that forfeited.
6. ``until_turn`` records the table's version it was chosen at; it holds while no turn of the seat
   has begun after that version (``TableState.turns``: the version each seat's latest turn began at).
   A turn taken back does not bring the choice back (it ended; the seat chooses again).
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
ASK, AUTO, UNTIL_TURN = "ask", "auto", "until_turn"
CHOICES = (ASK, AUTO, UNTIL_TURN)


class NoSuchPassing(RuleError):
    """Raised when a seat names a standing choice other than ``ask``, ``auto`` or ``until_turn``."""

    code = "passing/invalid"


class PassingChosen(msgspec.Struct, frozen=True, kw_only=True):
    """Choice ``number`` (from 1) of a table's passing stream: ``seat`` chose ``passing`` (stored as is)
    when the table was at ``version`` (what ``until_turn`` counts a turn from)."""

    number: int
    at: datetime
    seat: int
    passing: str
    version: int = 0


class Standing(msgspec.Struct, frozen=True, kw_only=True):
    """Every seat's standing choices: the seats on ``auto``, and each seat passing until its next
    turn with the table version it chose so at (``until``: ``(seat, version)`` pairs, by seat)."""

    auto: frozenset[int] = frozenset()
    until: tuple[tuple[int, int], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.auto or self.until)

    def chosen_at(self, seat: int) -> int | None:
        """The version ``seat`` chose ``until_turn`` at (``None``: it did not)."""
        return next((version for each, version in self.until if each == seat), None)

    def in_force(self, table: Any, seat: int) -> str:
        """``seat``'s choice as it holds now at ``table`` (a ``TableState``): ``until_turn`` until a
        turn of the seat begins after it was chosen (rule 6), else ``auto`` or ``ask``."""
        version = self.chosen_at(seat)
        if version is not None and _turn_began(table, seat) <= version:
            return UNTIL_TURN
        return AUTO if seat in self.auto else ASK

    def after(self, seat: int) -> str:
        """The choice that holds for ``seat`` once its turn ends ``until_turn``: ``auto`` or ``ask``."""
        return AUTO if seat in self.auto else ASK


NOBODY = Standing()
"""No seat chose anything: every seat is asked every time."""


def _turn_began(table: Any, seat: int) -> int:
    turns: tuple[int, ...] = table.turns
    return turns[seat] if seat < len(turns) else 0


def passing_id(game_id: UUID) -> UUID:
    """The id of the stream holding the seats' standing choices of ``game_id``."""
    return uuid5(game_id, "passing")


def decide_passing(count: int, seat: int, passing: str, now: datetime, version: int = 0) -> PassingChosen:
    """The event of ``seat`` choosing ``passing`` at the table's ``version`` (``count``: the choices the
    stream holds)."""
    if passing not in CHOICES:
        raise NoSuchPassing(f"Choose one of: {', '.join(CHOICES)}.")
    return PassingChosen(number=count + 1, at=now, seat=seat, passing=passing, version=version)


def fold_passing(chosen: Iterable[PassingChosen], before: Standing = NOBODY) -> Standing:
    """Every seat's standing choices after ``chosen`` (``before``: as they stood). ``until_turn`` keeps
    the seat's ``auto`` or ``ask`` for after its turn; choosing either of those ends ``until_turn``."""
    auto: set[int] = set(before.auto)
    until = dict(before.until)
    for event in chosen:
        if event.passing == UNTIL_TURN:
            until[event.seat] = event.version
            continue
        until.pop(event.seat, None)
        if event.passing == AUTO:
            auto.add(event.seat)
        else:
            auto.discard(event.seat)
    return Standing(auto=frozenset(auto), until=tuple(sorted(until.items())))


def asked_at(table: Any) -> datetime:
    """When the seats the table waits for were asked (rule 2; ``table``: a ``TableState``)."""
    asked: datetime = table.asked_at or table.updated_at
    return asked


def only_passes(game: Any, state: Any, seat: Seat) -> bool:
    """True when ``seat``'s only legal command is ``Pass``: it holds nothing that can answer."""
    commands = game.legal_commands(state, seat)
    return len(commands) == 1 and isinstance(commands[0], Pass)


def passes_for(game: Any, table: Any, standing: Standing, seat: int) -> bool:
    """True when the referee passes for ``seat`` (asked now) once its pause is over (rules 3, 5, 6)."""
    bots = table.bots
    if (seat < len(bots) and bots[seat] is not None) or seat in table.forfeited:
        return False
    choice = standing.in_force(table, seat)
    if choice == ASK:
        return False
    commands = game.legal_commands(table.game_state, Seat(seat))
    if choice == AUTO:
        return len(commands) == 1 and isinstance(commands[0], Pass)
    return any(isinstance(command, Pass) for command in commands)


def passing_for(game: Any, table: Any, standing: Standing, to_act: frozenset[Seat]) -> list[Seat]:
    """The seats the referee passes for once their pause is over (rules 3, 5 and 6)."""
    if not standing or not table.recorded:
        return []
    chose = standing.auto | {seat for seat, _ in standing.until}
    return [Seat(seat) for seat in sorted(chose & to_act) if passes_for(game, table, standing, seat)]


def moment(table: Any) -> datetime:
    """When a pass in the open window is recorded, whoever made it (rule 3): the pause after its seat was
    asked, and never before the table's latest event (``table``: a ``TableState``)."""
    at: datetime = max(asked_at(table) + PAUSE, table.updated_at)
    return at


def due(game: Any, table: Any, standing: Standing, to_act: frozenset[Seat]) -> datetime | None:
    """When the referee must pass for a seat (``None``: for none)."""
    return asked_at(table) + PAUSE if passing_for(game, table, standing, to_act) else None
