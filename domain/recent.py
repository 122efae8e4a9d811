"""The latest answers worked out from immutable values, remembered by the identity of those values.

A game that folds its events while it decides them has them folded again by the referee's fold (our two
largest games do), and a view may be asked again of the very same board: the same work on the very
same objects, a few calls apart. :class:`Recent` keeps the latest answers so the second call finds the
first one's. It pays only where the work is dearer than a lookup (a Python call, some 0.3 us): decoding
a recorded move and saying it are not (``domain.table.describe`` remembers neither).

An answer is found only for the very objects it was worked out from (``is``, never ``==``), and it holds
them, so an identity is never reused while remembered; everything it remembers is immutable,
so a remembered answer is a fresh one. Past its size it forgets everything at once: the entries that
matter are the last few, and a clear costs nothing per entry.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from operator import is_
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Recent(Generic[T]):
    """Answers by the identity of the objects they were worked out from (the first names the entry)."""

    __slots__ = ("_kept", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: dict[int, tuple[tuple[object, ...], T]] = {}

    def find(self, *objects: object) -> T | None:
        """The answer kept for exactly these objects, else ``None``."""
        kept = self._kept.get(id(objects[0]))
        if kept is None:
            return None
        held, answer = kept
        for mine, theirs in zip(held, objects, strict=True):
            if mine is not theirs:
                return None
        return answer

    def keep(self, objects: tuple[object, ...], answer: T) -> T:
        """Remember ``answer`` for ``objects`` (forgetting everything first when full); ``answer``."""
        if len(self._kept) >= self.size:
            self._kept.clear()
        self._kept[id(objects[0])] = (objects, answer)
        return answer

    def clear(self) -> None:
        self._kept.clear()

    def __contains__(self, first: object) -> bool:
        """Whether an answer is kept whose first object is ``first``."""
        kept = self._kept.get(id(first))
        return kept is not None and kept[0][0] is first


class Alike(Generic[T]):
    """Answers by equal keys (``==``, not identity): for an answer worked out from values that are equal
    whenever the answer is the same (the pieces of a state a seat's view reads, say). The very answer
    kept is given again, so a caller may also rely on its identity. Past its size it forgets everything
    at once, as :class:`Recent` does."""

    __slots__ = ("_kept", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: dict[Hashable, T] = {}

    def find(self, key: Hashable) -> T | None:
        """The answer kept for a key equal to ``key``, else ``None``."""
        return self._kept.get(key)

    def keep(self, key: Hashable, answer: T) -> T:
        """Remember ``answer`` for ``key`` (forgetting everything first when full); ``answer``."""
        if len(self._kept) >= self.size:
            self._kept.clear()
        self._kept[key] = answer
        return answer


class Folds(Generic[T]):
    """A game's ``evolve`` that remembers the folds its ``decide`` made, for the referee's fold of the
    same events: :attr:`decided` applies an event being decided and remembers it at the end of the run of
    events folded so far, when it was folded from that run's last state (else it starts a new run);
    :attr:`made` remembers at once the events a decision applied itself, as :attr:`decided` would have one
    by one; :attr:`fold` folds a decision's events from a state, taking the states it finds made
    and applying the rest; :attr:`evolve` applies one event.

    A run ends when the referee's fold takes it (the next decision starts from the state it made, which
    must not extend it) or at :data:`LONGEST_RUN` events. The run is one tuple ``(start, events, last)``,
    swapped whole and read once: a fold uses it only when it starts from that very state and its events
    are the first of those folded (by identity), and folding the same events from the same state always
    makes the same state, so a thread that folds beside another can only miss it, never take another's
    state.

    Tuning: the referee's fold of a decision is one call that compares its events with the run's (in C)
    instead of one lookup an event; docs/architecture.md, *Speed: issue 50, fourth slice*.
    """

    __slots__ = ("_last", "decided", "evolve", "fold", "made")

    def __init__(self, apply: Mapping[type, Callable[[Any, Any], T]]) -> None:
        last: list[tuple[object, tuple[object, ...], object]] = [_NO_RUN]
        self._last = last

        def evolve(state: Any, event: Any) -> T:
            """The state after ``event``."""
            return apply[type(event)](state, event)

        def decided(state: Any, event: Any) -> T:
            """The state after ``event``, an event being decided now, remembered at the end of its run."""
            after = apply[type(event)](state, event)
            run = last[0]
            if run[2] is state and len(run[1]) < LONGEST_RUN:
                last[0] = (run[0], (*run[1], event), after)
            else:
                last[0] = (state, (event,), after)
            return after

        def made(start: Any, events: Sequence[Any], after: Any) -> None:
            """Remember that ``events``, being decided from ``start``, made ``after``, as :attr:`decided`
            would have one by one (a decision that applies its events itself, with no call an event)."""
            run = last[0]
            if run[2] is start and len(run[1]) < LONGEST_RUN:
                last[0] = (run[0], (*run[1], *events), after)
            else:
                last[0] = (start, tuple(events), after)

        def fold(state: Any, events: Sequence[Any]) -> T:
            """The state after ``events`` from ``state``: the run's last state where they begin with it."""
            start, made, after = last[0]
            if start is state and len(made) <= len(events) and all(map(is_, made, events)):
                last[0] = (_NO_RUN[0], made, _NO_RUN[2])  # taken: the next decision starts its own run
                if len(made) == len(events):
                    return after  # type: ignore[return-value]  # what the run ended in: a state of T
                state, events = after, events[len(made) :]
            for event in events:
                state = apply[type(event)](state, event)
            return state  # type: ignore[no-any-return]  # a state, or what the run ended in: a state of T

        self.evolve: Callable[[Any, Any], T] = evolve
        self.decided: Callable[[Any, Any], T] = decided
        self.made: Callable[[Any, Sequence[Any], Any], None] = made
        self.fold: Callable[[Any, Sequence[Any]], T] = fold

    def clear(self) -> None:
        self._last[0] = _NO_RUN

    def __contains__(self, event: object) -> bool:
        """Whether ``event`` is one of the last run's (taken by the referee's fold or not)."""
        return any(event is made for made in self._last[0][1])


LONGEST_RUN = 64
"""Events a run holds at most (a decision folds a few; a run never taken must not grow for ever)."""
_NO_RUN: tuple[object, tuple[object, ...], object] = (object(), (), object())
"""No run of folds: a start and a last state no state is."""
