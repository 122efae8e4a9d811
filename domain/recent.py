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

from collections.abc import Callable, Hashable, Mapping
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
    same events: :attr:`decided` applies an event being decided and remembers the state it made, by the
    event and the state it was folded from (as :class:`Recent` does); :attr:`evolve` answers from there
    when it is handed that very event and state, and applies the event otherwise.

    Tuning: both are closures over the remembered folds, so a fold calls nothing of ours beside the
    event's own apply (a :class:`Recent` asked or told was one Python call more for every event of every
    move; what that bought is in docs/architecture.md, *Speed: issue 50*).
    """

    __slots__ = ("_kept", "decided", "evolve")

    def __init__(self, apply: Mapping[type, Callable[[Any, Any], T]], size: int) -> None:
        kept: dict[int, tuple[object, object, T]] = {}
        self._kept = kept

        def evolve(state: Any, event: Any) -> T:
            """The state after ``event``: remembered when ``decide`` folded this very event from this very
            state, else applied."""
            known = kept.get(id(event))
            if known is not None and known[0] is event and known[1] is state:
                return known[2]
            return apply[type(event)](state, event)

        def decided(state: Any, event: Any) -> T:
            """The state after ``event``, an event being decided now (so never folded yet), remembered."""
            after = apply[type(event)](state, event)
            if len(kept) >= size:
                kept.clear()
            kept[id(event)] = (event, state, after)
            return after

        self.evolve: Callable[[Any, Any], T] = evolve
        self.decided: Callable[[Any, Any], T] = decided

    def clear(self) -> None:
        self._kept.clear()

    def __contains__(self, event: object) -> bool:
        """Whether a fold of ``event`` is remembered."""
        known = self._kept.get(id(event))
        return known is not None and known[0] is event
