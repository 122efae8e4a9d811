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

from collections.abc import Hashable
from typing import Generic, TypeVar

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

    def find_pair(self, first: object, second: object) -> T | None:
        """:meth:`find` of an answer kept for two objects, without the argument tuple and the loop (a
        game's ``evolve`` asks it of every event it folds)."""
        kept = self._kept.get(id(first))
        if kept is None:
            return None
        held, answer = kept
        return answer if held[0] is first and held[1] is second else None

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
