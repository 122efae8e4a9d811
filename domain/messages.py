"""Base classes for commands, events, options and views.

These types are storage formats: a tag or field is never renamed, new fields go last with defaults,
and every event type round-trips through :mod:`domain.codec`.

Tuning: commands, events and views, and the games' states and views, are ``gc=False`` structs: the
cycle collector never tracks them. A frozen value built from tuples, numbers, strings and other such
values can never be part of a reference cycle, so there is nothing for it to find; tracked, every
young-generation pass walked the states and views a step had just made and the memos kept (Campaign
Trail's environment at 2 seats, 404 to 393 thousand instructions a step; docs/architecture.md, *Speed:
issue 50, third slice (engine)*). A struct that may hold a mutable value pointing back at it must not say so.
"""

from __future__ import annotations

from typing import Annotated

import msgspec


class Command(
    msgspec.Struct, frozen=True, gc=False, kw_only=True, tag_field="type", forbid_unknown_fields=True
):
    """Something a seat asks to do. Named as a verb (``PlayMoneyCard``)."""


class Event(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag_field="type"):
    """Something that happened. Named in the past tense (``MoneyCardPlayed``)."""


class Options(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A game's table options; every field has a default."""


SeatOption = Annotated[
    int | None,
    msgspec.Meta(
        extra_json_schema={"x-seat": True},
        description="A seat, counted from 0 as the API counts seats (0: the first); empty, drawn at random.",
    ),
]
"""An option naming a seat. Its schema says ``x-seat``, so the lobby offers the seats by place ("Second
seat"), never the API's numbers from 0."""


class View(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """What one viewer may see of a game. Built from whitelisted pieces only."""


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """How a finished game ended.

    ``scores`` is indexed by seat; ``ranking`` lists groups of seats from best to worst (a group
    holds seats that tied); ``winners`` is the first group, so a shared victory has several.
    """

    scores: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    tiebreak: str = ""
