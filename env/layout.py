"""A fixed-length numeric vector from a seat's view, laid out by walking the view's type once.

A game's view is a msgspec Struct (whitelisted pieces only: see ``domain/visibility.py``); the layout
is compiled from its type, field by field, in declaration order, so a view never shown to the seat can
never reach the vector. Each kind of value takes fixed slots:

* an int or a float: one slot, its value; a bool: one slot, 0 or 1;
* an enum, a literal, or a string with a declared :class:`Vocabulary`: one slot per value (one-hot);
* an int with a declared :class:`Cards` universe: one-hot over it; a ``tuple[int, ...]`` with one: multi-hot;
* a ``tuple[X, ...]`` with a declared :class:`Padded` length: that many entries, each a presence slot
  then X's slots (zeros past the end); a fixed tuple: its items one after another;
* a Struct: its fields in order; a union of tagged Structs: one-hot of the tag, then every variant's
  slots (zeros but the one present); ``X | None``: a presence slot, then X's slots;
* a ``dict[str, int]`` with a declared :class:`Vocabulary` of keys: one slot per key;
* :data:`SKIP`: no slots (text a card number already says, names, deadlines).

Declarations are keyed by path: field names joined by ``.``, ``[]`` for a tuple's entry, ``:Tag`` for
a union's variant (``seats[].hand:OwnHand.cards``). A string, a variable tuple or a dict without one
is refused when the layout is compiled, naming its path. :meth:`Layout.slots` names every slot: that is
the documented layout (``python -m env.describe GAME SEATS`` prints it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import msgspec
import msgspec.inspect as mi

Writer = Callable[[Any, list[float], int], None]
"""Writes a value's slots into the vector at an offset (the vector starts all zeros)."""


@dataclass(frozen=True)
class Cards:
    """An int one-hot, or a tuple multi-hot, over ``universe`` (card ids, seats, a choice's options)."""

    universe: tuple[int | str, ...]


@dataclass(frozen=True)
class Padded:
    """A variable tuple kept to its first ``length`` entries (a longer one is refused)."""

    length: int


@dataclass(frozen=True)
class Vocabulary:
    """A string one-hot over ``words``, or a dict's values by these keys."""

    words: tuple[str, ...]


class _Skip:
    """No slots at all."""


SKIP = _Skip()
Declaration = Cards | Padded | Vocabulary | _Skip


class LayoutError(Exception):
    """Raised when a view's type holds a value whose slots are not declared, or a view does not fit."""


@dataclass(frozen=True)
class Part:
    """One compiled piece: its slot names and how it writes them."""

    names: tuple[str, ...]
    write: Writer

    @property
    def size(self) -> int:
        """How many slots it takes."""
        return len(self.names)


@dataclass(frozen=True)
class Layout:
    """The compiled layout of one view type at one seat count."""

    view: type[msgspec.Struct]
    part: Part

    @property
    def size(self) -> int:
        """The vector's length."""
        return self.part.size

    def slots(self) -> tuple[str, ...]:
        """Every slot's name, in order (the documented layout)."""
        return self.part.names

    def encode(self, view: msgspec.Struct) -> list[float]:
        """The view as the vector."""
        out = [0.0] * self.part.size
        self.part.write(view, out, 0)
        return out


def compile_layout(view: type[msgspec.Struct], declared: Mapping[str, Declaration]) -> Layout:
    """The layout of ``view`` with ``declared`` slots for its variable parts (every one must be used)."""
    used: set[str] = set()
    part = _compile(mi.type_info(view), "", declared, used)
    unused = set(declared) - used
    if unused:
        raise LayoutError(f"Declared for no value of {view.__name__}: {sorted(unused)}")
    return Layout(view, part)


def _compile(t: mi.Type, path: str, declared: Mapping[str, Declaration], used: set[str]) -> Part:
    declaration = declared.get(path)
    if declaration is not None:
        used.add(path)
        if declaration is SKIP:
            return Part((), _nothing)
    if isinstance(t, mi.StructType):
        return _struct(t, path, declared, used)
    if isinstance(t, mi.UnionType):
        return _union(t, path, declared, used)
    if isinstance(t, mi.IntType | mi.FloatType | mi.BoolType):
        if isinstance(declaration, Cards):
            return _one_hot(path, declaration.universe)
        return Part((path,), _number)
    if isinstance(t, mi.EnumType):
        return _words(path, tuple(member for member in t.cls), lambda member: f"{member.value}")
    if isinstance(t, mi.LiteralType):
        return _words(path, tuple(t.values), str)
    if isinstance(t, mi.StrType):
        if not isinstance(declaration, Vocabulary):
            raise LayoutError(f"{path}: declare its Vocabulary (or SKIP it)")
        return _words(path, declaration.words, str)
    if isinstance(t, mi.TupleType):
        items = enumerate(t.item_types)
        return _concat([_compile(item, f"{path}[{i}]", declared, used) for i, item in items])
    if isinstance(t, mi.VarTupleType | mi.ListType):
        return _var_tuple(t.item_type, path, declaration, declared, used)
    if isinstance(t, mi.DictType):
        if not isinstance(declaration, Vocabulary):
            raise LayoutError(f"{path}: declare the Vocabulary of its keys (or SKIP it)")
        return _keyed(path, declaration.words)
    raise LayoutError(f"{path}: no layout for {t!r} (declare SKIP)")


def _nothing(value: Any, out: list[float], at: int) -> None:
    return None


def _number(value: Any, out: list[float], at: int) -> None:
    out[at] = float(value)


def _one_hot(path: str, universe: Iterable[Any], label: Callable[[Any], str] = str) -> Part:
    members = tuple(universe)
    position = {member: index for index, member in enumerate(members)}

    def write(value: Any, out: list[float], at: int) -> None:
        out[at + position[value]] = 1.0

    return Part(tuple(f"{path}={label(member)}" for member in members), write)


def _words(path: str, words: tuple[Any, ...], label: Callable[[Any], str]) -> Part:
    return _one_hot(path, words, label)


def _keyed(path: str, keys: tuple[str, ...]) -> Part:
    position = {key: index for index, key in enumerate(keys)}

    def write(value: dict[str, Any], out: list[float], at: int) -> None:
        for key, number in value.items():
            out[at + position[key]] = float(number)

    return Part(tuple(f"{path}[{key}]" for key in keys), write)


def _concat(parts: list[Part]) -> Part:
    offsets, at = [], 0
    for part in parts:
        offsets.append(at)
        at += part.size
    pairs = [(offset, part.write) for offset, part in zip(offsets, parts, strict=True) if part.size]

    def write(value: Any, out: list[float], base: int) -> None:
        for (offset, writer), item in zip(pairs, value, strict=True):
            writer(item, out, base + offset)

    names = tuple(name for part in parts for name in part.names)
    return Part(names, write)


def _struct(t: mi.StructType, path: str, declared: Mapping[str, Declaration], used: set[str]) -> Part:
    prefix = f"{path}." if path else ""
    fields = [(f.name, _compile(f.type, f"{prefix}{f.name}", declared, used)) for f in t.fields]
    kept = [(name, part) for name, part in fields if part.size]
    offsets, at = [], 0
    for _, part in kept:
        offsets.append(at)
        at += part.size
    pairs = [(name, offset, part.write) for (name, part), offset in zip(kept, offsets, strict=True)]

    def write(value: Any, out: list[float], base: int) -> None:
        for name, offset, writer in pairs:
            writer(getattr(value, name), out, base + offset)

    return Part(tuple(name for _, part in kept for name in part.names), write)


def _union(t: mi.UnionType, path: str, declared: Mapping[str, Declaration], used: set[str]) -> Part:
    kinds = [kind for kind in t.types if not isinstance(kind, mi.NoneType)]
    optional = len(kinds) < len(t.types)
    if len(kinds) == 1:
        inner = _compile(kinds[0], path, declared, used)
        if not optional:
            return inner
        return _optional(path, inner)
    structs = [kind for kind in kinds if isinstance(kind, mi.StructType) and kind.tag is not None]
    if len(structs) != len(kinds):
        raise LayoutError(f"{path}: a union of tagged Structs only, not {t!r}")
    variants: list[tuple[type, int, int, Writer]] = []
    tags = [f"{path}:{kind.tag}" for kind in structs]
    names: list[str] = [f"{path}?"] if optional else []
    names += tags
    at = len(names)
    for kind, tag in zip(structs, tags, strict=True):
        part = _compile(kind, tag, declared, used)
        variants.append((kind.cls, len(variants), at, part.write))
        names += part.names
        at += part.size
    first = 1 if optional else 0

    def write(value: Any, out: list[float], base: int) -> None:
        if value is None:
            return
        if optional:
            out[base] = 1.0
        for cls, index, offset, writer in variants:
            if type(value) is cls:
                out[base + first + index] = 1.0
                writer(value, out, base + offset)
                return
        raise LayoutError(f"{path}: {type(value).__name__} is none of its variants")

    return Part(tuple(names), write)


def _optional(path: str, inner: Part) -> Part:
    writer = inner.write

    def write(value: Any, out: list[float], base: int) -> None:
        if value is not None:
            out[base] = 1.0
            writer(value, out, base + 1)

    return Part((f"{path}?", *inner.names), write)


def _var_tuple(
    item: mi.Type, path: str, declaration: Any, declared: Mapping[str, Declaration], used: set[str]
) -> Part:
    if isinstance(declaration, Cards):
        position = {member: index for index, member in enumerate(declaration.universe)}

        def many(value: Any, out: list[float], at: int) -> None:
            for member in value:
                out[at + position[member]] = 1.0

        return Part(tuple(f"{path}∋{member}" for member in declaration.universe), many)
    if not isinstance(declaration, Padded):
        raise LayoutError(f"{path}: declare its Cards universe or its Padded length (or SKIP it)")
    inner = _compile(item, f"{path}[]", declared, used)
    length, step, writer = declaration.length, inner.size + 1, inner.write

    def padded(value: Any, out: list[float], at: int) -> None:
        if len(value) > length:
            raise LayoutError(f"{path}: {len(value)} entries, more than the {length} laid out")
        for index, entry in enumerate(value):
            out[at + index * step] = 1.0
            writer(entry, out, at + index * step + 1)

    names = tuple(
        name
        for index in range(length)
        for name in (f"{path}[{index}]?", *(_entry(n, path, index) for n in inner.names))
    )
    return Part(names, padded)


def _entry(name: str, path: str, index: int) -> str:
    """An inner slot's name at entry ``index`` of the tuple at ``path``."""
    return name.replace(f"{path}[]", f"{path}[{index}]", 1)
