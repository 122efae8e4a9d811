"""Who may see what: each event type declared public or secret, and the hidden pieces views are built of.

Redaction is by declaration, never by a default that lets things through. A game declares, for every
event type it defines, either :data:`PUBLIC` (every viewer reads it as it is) or a :class:`Secret`:
the seats that may read it whole, and the redacted twin every other viewer reads instead. The kernel
builds the game's ``redact`` from that table (:func:`redactor`), and the contract suite fails for a
type that is not declared (:func:`undeclared`), so a new event type cannot leak by being forgotten.

The pieces below are the shared vocabulary of views: a viewer's own hidden things arrive whole
(:class:`OwnHand`), everyone else's only as counts or markers (:class:`HandCount`,
:class:`HiddenCard`). A view typed with these makes most leaks a type error.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

import msgspec

from domain.messages import Event
from domain.seats import OMNISCIENT, Viewer, is_seat

E = TypeVar("E", bound=Event)


class _Public:
    """The declaration of an event type every viewer reads whole."""

    def __repr__(self) -> str:
        return "PUBLIC"


PUBLIC: Final = _Public()


@dataclass(frozen=True, slots=True)
class Secret(Generic[E]):
    """An event type only ``seen_by(event)`` may read whole; every other viewer reads ``hide(event, viewer)``.

    ``twins`` are the redacted types ``hide`` may return (each must be declared too, usually public).
    The omniscient viewer reads every event whole.
    """

    seen_by: Callable[[E], Collection[int]]
    hide: Callable[[E, Viewer], Event]
    twins: tuple[type[Event], ...]


Declaration = _Public | Secret[Any]
Declarations = Mapping[type[Event], Declaration]


def nobody(event: Event) -> Collection[int]:
    """``seen_by`` for an event no seat reads whole (each seat gets its own part through ``hide``)."""
    return ()


def redactor(declared: Declarations) -> Callable[[Event, Viewer], Event]:
    """The ``redact`` function of a game whose event types are ``declared`` (an undeclared one raises)."""

    def redact(event: Event, viewer: Viewer) -> Event:
        declaration = declared[type(event)]
        if isinstance(declaration, _Public) or viewer is OMNISCIENT:
            return event
        if is_seat(viewer) and viewer in declaration.seen_by(event):
            return event
        return declaration.hide(event, viewer)

    return redact


def public_types(declared: Declarations) -> frozenset[type[Event]]:
    """The event types ``declared`` public: every viewer is shown such an event as it is."""
    return frozenset(kind for kind, declaration in declared.items() if isinstance(declaration, _Public))


def event_types(union: Any) -> tuple[type[Event], ...]:
    """The concrete event types of a union (or a single type)."""
    members = typing.get_args(union) or (union,)
    return tuple(member for member in members if isinstance(member, type))


def undeclared(union: Any, declared: Declarations) -> list[type[Event]]:
    """The event types of ``union`` (and the twins declared) that have no declaration."""
    types: list[type[Event]] = list(event_types(union))
    for declaration in declared.values():
        if isinstance(declaration, Secret):
            types.extend(declaration.twins)
    return [kind for kind in dict.fromkeys(types) if kind not in declared]


def public(*kinds: type[Event]) -> dict[type[Event], Declaration]:
    """Declare each of ``kinds`` public."""
    return dict.fromkeys(kinds, PUBLIC)


# -- the hidden pieces views are built of ---------------------------------------------------------


class OwnHand(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag=True):
    """A hand its viewer may see: the cards themselves."""

    cards: tuple[int, ...]


class HandCount(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag=True):
    """A hand hidden from the viewer: only how many cards it holds."""

    count: int


class HiddenCard(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag=True):
    """A face-down card the viewer may not read: only that it is there."""


def hand_for(cards: Iterable[int], viewer: Viewer, owner: int) -> OwnHand | HandCount:
    """``owner``'s hand as ``viewer`` may see it: whole for its owner and the omniscient, else a count."""
    held = tuple(cards)
    if viewer is OMNISCIENT or viewer == owner:
        return OwnHand(cards=held)
    size = len(held)
    return _COUNTS[size] if size < len(_COUNTS) else HandCount(count=size)


_COUNTS = tuple(HandCount(count=size) for size in range(64))
"""One ``HandCount`` for each size a hidden hand usually has (a view hides most hands, every view)."""
