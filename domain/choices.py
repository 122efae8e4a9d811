"""Pending choices: "these seats must (or may) answer, with one of these options, before this time".

One small vocabulary for every game, so a game with a large card set needs no new phase and command
class per card:

* a *victim's choice* — one seat (or each of several) must pick one of the options
  (``Choice(seats=(2,), options=("lose_voters", "pay"))``);
* a *reaction window* — every seat that may react answers with a play or a pass
  (``may_pass=True``); with ``first_play_closes`` the first play closes the window for everyone
  ("whoever announces first goes first": the first command to arrive).

A game keeps the open :class:`Choice` in its state, lists :func:`waiting` in ``to_act``, offers
:func:`offers`, decides an answer with :func:`answer` (in ``decide``) and applies it with
:func:`after` (in ``evolve``: the event says who answered what). A choice with a ``deadline`` is due
then (the game's ``due``); the referee answers for every seat still waiting with :func:`overdue`
(``default``, else a pass). The options are public: a choice never names what it hides.
"""

from __future__ import annotations

from datetime import datetime

import msgspec

from domain.errors import RuleError
from domain.messages import Command, Event
from domain.seats import Seat

PASS = ""
"""The option a pass records."""


class Choice(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="Choice"):
    """Who still has to answer, the options they have, and until when (all public)."""

    seats: tuple[int, ...]
    options: tuple[str, ...]
    about: str = ""
    may_pass: bool = False
    first_play_closes: bool = False
    deadline: datetime | None = None
    default: str | None = None


class Choose(Command, frozen=True, kw_only=True, tag="Choose"):
    """Answer the pending choice with one of its options."""

    option: str


class Pass(Command, frozen=True, kw_only=True, tag="Pass"):
    """Let a reaction window go by without playing."""


class Chosen(Event, frozen=True, kw_only=True, tag="Chosen"):
    """A seat answered the pending choice (``option`` is :data:`PASS` for a pass); ``by_referee``
    when the referee answered for it at the deadline."""

    seat: int
    option: str
    by_referee: bool = False


class NotYourChoice(RuleError):
    """Raised when a seat answers a choice it is not asked, or that is not open."""

    code = "choice/not_yours"


class NoSuchOption(RuleError):
    """Raised when an answer names an option the choice does not offer (or passes where it may not)."""

    code = "choice/no_such_option"


def waiting(choice: Choice | None) -> frozenset[Seat]:
    """The seats that still have to answer."""
    return frozenset([Seat(seat) for seat in choice.seats]) if choice is not None else frozenset()


def offers(choice: Choice | None, seat: Seat) -> list[Command]:
    """The answers ``seat`` may send now, each exactly as :func:`answer` accepts it."""
    if choice is None or seat not in choice.seats:
        return []
    answers: list[Command] = [Choose(option=option) for option in choice.options]
    return [*answers, Pass()] if choice.may_pass else answers


def answer(choice: Choice | None, seat: Seat, command: Choose | Pass) -> Chosen:
    """The event of ``seat``'s answer; refuses a seat not asked and an option not offered."""
    if choice is None or seat not in choice.seats:
        raise NotYourChoice("There is no choice for you to make now.")
    if isinstance(command, Pass):
        if not choice.may_pass:
            raise NoSuchOption("This choice must be made: passing is not an option.")
        return Chosen(seat=seat, option=PASS)
    if command.option not in choice.options:
        raise NoSuchOption(f"Choose one of: {', '.join(choice.options)}.")
    return Chosen(seat=seat, option=command.option)


def after(choice: Choice, chosen: Chosen) -> Choice | None:
    """The choice once ``chosen`` is applied: ``None`` when nobody has to answer any more (no rules)."""
    if chosen.option != PASS and choice.first_play_closes:
        return None
    left = tuple([seat for seat in choice.seats if seat != chosen.seat])
    return msgspec.structs.replace(choice, seats=left) if left else None


def overdue(choice: Choice | None, now: datetime) -> list[Chosen]:
    """The referee's answers for every seat still waiting once the deadline has passed."""
    if choice is None or choice.deadline is None or now < choice.deadline:
        return []
    option = choice.default if choice.default is not None else PASS
    return [Chosen(seat=seat, option=option, by_referee=True) for seat in choice.seats]
