"""A fixed-length numeric vector from a seat's view, laid out by walking the view's type once.

A game's view is a msgspec Struct (whitelisted pieces only: see ``domain/visibility.py``); the layout
is compiled from its type, field by field, in declaration order, so a view never shown to the seat can
never reach the vector. Each kind of value takes fixed slots:

* an int or a float: one slot, its value; a bool: one slot, 0 or 1;
* an enum, a literal, or a string with a declared :class:`Vocabulary`: one slot per value (one-hot);
* an int with a declared :class:`Cards` universe: one-hot over it; a ``tuple[int, ...]`` with one: multi-hot;
* a ``tuple[X, ...]`` with a declared :class:`Padded` length: that many entries, each a presence slot
  then X's slots (zeros past the end); with a :class:`Fixed` length (always that many: one a seat),
  X's slots for each entry; a fixed tuple: its items one after another;
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

from array import array
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import msgspec
import msgspec.inspect as mi
import numpy as np
import numpy.typing as npt


@dataclass(frozen=True)
class Cards:
    """An int one-hot, or a tuple multi-hot, over ``universe`` (card ids, seats, a choice's options)."""

    universe: tuple[int | str, ...]


@dataclass(frozen=True)
class Padded:
    """A variable tuple kept to its first ``length`` entries (a longer one is refused)."""

    length: int


@dataclass(frozen=True)
class Fixed:
    """A variable tuple that always holds exactly ``length`` entries (one a seat, one a state): its
    entries' slots one after another, with no presence slots (any other length is refused)."""

    length: int


@dataclass(frozen=True)
class Vocabulary:
    """A string one-hot over ``words``, or a dict's values by these keys."""

    words: tuple[str, ...]


class _Skip:
    """No slots at all."""


SKIP = _Skip()
Declaration = Cards | Padded | Fixed | Vocabulary | _Skip


class LayoutError(Exception):
    """Raised when a view's type holds a value whose slots are not declared, or a view does not fit."""


class Source:
    """The Python source of one encoder, written as the layout is compiled (see :func:`compile_layout`)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.constants: dict[str, Any] = {"LayoutError": LayoutError}
        self.depth = 1
        self.count = 0
        self.entries: list[int] = []
        """The length of each tuple whose entries are remembered one by one (``entries[n]`` in the source)."""

    def line(self, text: str) -> None:
        """Add ``text`` at the current indentation."""
        self.lines.append("    " * self.depth + text)

    def name(self, prefix: str) -> str:
        """A fresh local name."""
        self.count += 1
        return f"{prefix}{self.count}"

    def constant(self, value: Any) -> str:
        """A global name for ``value`` in the encoder (a position table, a Struct class)."""
        key = f"K{len(self.constants)}"
        self.constants[key] = value
        return key


Emit = Callable[[Source, str, str], None]
"""Writes the source that puts a value's non-zero slots: (source, the value's expression, its offset's)."""


@dataclass(frozen=True)
class Part:
    """One compiled piece: its slot names, and how it writes the source that fills them (a Struct's
    part also lists its fields: name, offset, part, and whether its value is immutable)."""

    names: tuple[str, ...]
    emit: Emit
    fields: tuple[tuple[str, int, Part, bool], ...] = ()
    entries: Part | None = None
    """A :class:`Fixed` tuple's entry part (its entries follow one another, no presence slots)."""

    @property
    def size(self) -> int:
        """How many slots it takes."""
        return len(self.names)


_UNSEEN = object()
"""What the encoder has seen of each field before its first view: nothing any view holds."""


class Memory:
    """What the encoder has seen: the last vector it made (``slots``, written a slot at a time, and
    ``vector``, the same memory as a numpy array), the value of each field of the view it made it from,
    and for each one-entry-a-seat-or-state tuple the entries it was made from."""

    __slots__ = ("entries", "seen", "slots", "vector")

    def __init__(self, size: int, fields: int, entries: tuple[int, ...]) -> None:
        floats = array("f", bytes(4 * size))
        self.slots = memoryview(floats)
        self.vector: npt.NDArray[np.float32] = np.frombuffer(floats, dtype=np.float32)
        self.seen: list[Any] = [_UNSEEN] * fields
        self.entries: list[list[Any]] = [[_UNSEEN] * length for length in entries]

    def forget(self) -> None:
        """Nothing seen, and a vector of zeros."""
        self.vector[:] = 0.0
        for memo in (self.seen, *self.entries):
            memo[:] = [_UNSEEN] * len(memo)


@dataclass(frozen=True)
class Layout:
    """The compiled layout of one view type at one seat count, and its encoder.

    The encoder keeps the last vector it made and, for each field of the view, the value it made it
    from: a field holding the very same (immutable) value keeps its slots, so only what changed is
    written. One layout serves one environment. (One memory a seat instead, so that each seat's view is
    held against its own last one, cost more: 534 thousand instructions a step against 521, in the
    game and runs docs/env.md's *Speed* names.)
    """

    view: type[msgspec.Struct]
    part: Part
    source: str
    write: Callable[[Any, memoryview, list[Any], list[list[Any]]], None]
    memory: Memory

    @property
    def size(self) -> int:
        """The vector's length."""
        return self.part.size

    def slots(self) -> tuple[str, ...]:
        """Every slot's name, in order (the documented layout)."""
        return self.part.names

    def encode(self, view: msgspec.Struct) -> npt.NDArray[np.float32]:
        """The view as the vector (a new array; the layout keeps its own)."""
        memory = self.memory
        try:
            self.write(view, memory.slots, memory.seen, memory.entries)
        except Exception:
            self.forget()
            raise
        return memory.vector.copy()

    def forget(self) -> None:
        """Start again from nothing seen (after a view that did not fit)."""
        self.memory.forget()


def compile_layout(view: type[msgspec.Struct], declared: Mapping[str, Declaration]) -> Layout:
    """The layout of ``view`` with ``declared`` slots for its variable parts (every one must be used).

    The layout becomes one generated function, ``write(view, vector, seen, entries)``: for each field of
    the view whose value is not the one it last saw, it clears the field's slots and writes the non-zero
    ones, a slot at a time, into the vector's memory (an ``array`` of floats seen through a
    ``memoryview``; setting a numpy array's slot or slice from Python costs several times as much, and
    listing the slots for one numpy assignment cost twice the time: the views of 30 random games, 10.7
    µs a view against 5.8). Walking a tree of small writers instead cost about four times as long (850
    µs a view against 200 µs; docs/env.md, *Speed*, names the game and seats of each), and writing every field
    of every view about twice as long as keeping the fields a command left alone (a map, a discard
    pile: 38 µs against 14).
    """
    used: set[str] = set()
    part = _compile(mi.type_info(view), "", declared, used)
    unused = set(declared) - used
    if unused:
        raise LayoutError(f"Declared for no value of {view.__name__}: {sorted(unused)}")
    source = Source()
    for number, (name, offset, piece, immutable) in enumerate(part.fields):
        value = source.name("v")
        source.line(f"{value} = view.{name}")
        if immutable:
            source.line(f"if {value} is not seen[{number}]:")
            source.depth += 1
            source.line(f"seen[{number}] = {value}")
        if immutable and piece.entries is not None and piece.entries.size:
            _each_entry(source, value, offset, piece, piece.entries)
        else:
            source.line(f"vector[{offset}:{offset + piece.size}] = ZEROS[:{piece.size}]")
            piece.emit(source, value, str(offset))
        if immutable:
            source.depth -= 1
    text = "def write(view, vector, seen, entries):\n" + "\n".join(source.lines) + "\n"
    scope = {**source.constants, "ZEROS": memoryview(array("f", bytes(4 * part.size)))}
    exec(compile(text, f"<layout of {view.__name__}>", "exec"), scope)
    memory = Memory(part.size, len(part.fields), tuple(source.entries))
    return Layout(view, part, text, scope["write"], memory)


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
        return _one_hot(path, tuple(member for member in t.cls), lambda member: f"{member.value}")
    if isinstance(t, mi.LiteralType):
        return _one_hot(path, tuple(t.values))
    if isinstance(t, mi.StrType):
        if not isinstance(declaration, Vocabulary):
            raise LayoutError(f"{path}: declare its Vocabulary (or SKIP it)")
        return _one_hot(path, declaration.words)
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


def _nothing(source: Source, value: str, base: str) -> None:
    return None


def _number(source: Source, value: str, base: str) -> None:
    source.line(f"if {value}:")
    source.line(f"    vector[{base}] = {value}")


def _positions(source: Source, path: str, members: tuple[Any, ...]) -> str:
    table = {member: index for index, member in enumerate(members)}
    return source.constant(table)


def _one_hot(path: str, universe: Iterable[Any], label: Callable[[Any], str] = str) -> Part:
    members = tuple(universe)

    def emit(source: Source, value: str, base: str) -> None:
        table = _positions(source, path, members)
        source.line(f"vector[{base} + {table}[{value}]] = 1.0")

    return Part(tuple(f"{path}={label(member)}" for member in members), emit)


def _keyed(path: str, keys: tuple[str, ...]) -> Part:
    def emit(source: Source, value: str, base: str) -> None:
        table, key, number = _positions(source, path, keys), source.name("k"), source.name("x")
        source.line(f"for {key}, {number} in {value}.items():")
        source.line(f"    if {number}:")
        source.line(f"        vector[{base} + {table}[{key}]] = {number}")

    return Part(tuple(f"{path}[{key}]" for key in keys), emit)


def _offsets(parts: list[Part]) -> list[int]:
    offsets, at = [], 0
    for part in parts:
        offsets.append(at)
        at += part.size
    return offsets


def _concat(parts: list[Part]) -> Part:
    offsets = _offsets(parts)

    def emit(source: Source, value: str, base: str) -> None:
        for index, (part, offset) in enumerate(zip(parts, offsets, strict=True)):
            if part.size:
                item = source.name("t")
                source.line(f"{item} = {value}[{index}]")
                part.emit(source, item, f"{base} + {offset}")

    return Part(tuple(name for part in parts for name in part.names), emit)


def _struct(t: mi.StructType, path: str, declared: Mapping[str, Declaration], used: set[str]) -> Part:
    prefix = f"{path}." if path else ""
    fields = [(f.name, _compile(f.type, f"{prefix}{f.name}", declared, used)) for f in t.fields]
    kept = [(name, part) for name, part in fields if part.size]
    offsets = _offsets([part for _, part in kept])

    def emit(source: Source, value: str, base: str) -> None:
        for (name, part), offset in zip(kept, offsets, strict=True):
            field = source.name("f")
            source.line(f"{field} = {value}.{name}")
            part.emit(source, field, f"{base} + {offset}")

    mutable = {f.name for f in t.fields if isinstance(f.type, mi.DictType)}
    listed = tuple(
        (name, offset, part, name not in mutable) for (name, part), offset in zip(kept, offsets, strict=True)
    )
    return Part(tuple(name for _, part in kept for name in part.names), emit, listed)


def _union(t: mi.UnionType, path: str, declared: Mapping[str, Declaration], used: set[str]) -> Part:
    kinds = [kind for kind in t.types if not isinstance(kind, mi.NoneType)]
    optional = len(kinds) < len(t.types)
    if len(kinds) == 1:
        inner = _compile(kinds[0], path, declared, used)
        return _optional(path, inner) if optional else inner
    structs = [kind for kind in kinds if isinstance(kind, mi.StructType) and kind.tag is not None]
    if len(structs) != len(kinds):
        raise LayoutError(f"{path}: a union of tagged Structs only, not {t!r}")
    tags = [f"{path}:{kind.tag}" for kind in structs]
    names: list[str] = [f"{path}?"] if optional else []
    first = len(names)
    names += tags
    variants: list[tuple[type, int, Part]] = []
    for kind, tag in zip(structs, tags, strict=True):
        part = _compile(kind, tag, declared, used)
        variants.append((kind.cls, len(names), part))
        names += part.names

    def emit(source: Source, value: str, base: str) -> None:
        if optional:
            source.line(f"if {value} is not None:")
            source.depth += 1
            source.line(f"vector[{base}] = 1.0")
        kind = source.name("c")
        source.line(f"{kind} = type({value})")
        for number, (cls, offset, part) in enumerate(variants):
            source.line(f"{'if' if number == 0 else 'elif'} {kind} is {source.constant(cls)}:")
            source.depth += 1
            source.line(f"vector[{base} + {first + number}] = 1.0")
            part.emit(source, value, f"{base} + {offset}")
            source.depth -= 1
        source.line("else:")
        source.line(f"    raise LayoutError('{path}: ' + {kind}.__name__ + ' is none of its variants')")
        if optional:
            source.depth -= 1

    return Part(tuple(names), emit)


def _optional(path: str, inner: Part) -> Part:
    def emit(source: Source, value: str, base: str) -> None:
        source.line(f"if {value} is not None:")
        source.depth += 1
        source.line(f"vector[{base}] = 1.0")
        inner.emit(source, value, f"{base} + 1")
        source.depth -= 1

    return Part((f"{path}?", *inner.names), emit)


def _var_tuple(
    item: mi.Type, path: str, declaration: Any, declared: Mapping[str, Declaration], used: set[str]
) -> Part:
    if isinstance(declaration, Cards):
        members = declaration.universe

        def many(source: Source, value: str, base: str) -> None:
            table, member = _positions(source, path, members), source.name("m")
            source.line(f"for {member} in {value}:")
            source.line(f"    vector[{base} + {table}[{member}]] = 1.0")

        return Part(tuple(f"{path}∋{member}" for member in members), many)
    if not isinstance(declaration, Padded | Fixed):
        raise LayoutError(f"{path}: declare its Cards universe, its Padded or Fixed length (or SKIP it)")
    inner = _compile(item, f"{path}[]", declared, used)
    if isinstance(declaration, Fixed):
        return _fixed(path, declaration.length, inner)
    length, step = declaration.length, inner.size + 1

    def padded(source: Source, value: str, base: str) -> None:
        index, entry, at = source.name("i"), source.name("e"), source.name("b")
        source.line(f"if len({value}) > {length}:")
        source.line(f"    raise LayoutError('{path}: more entries than the {length} laid out')")
        source.line(f"for {index}, {entry} in enumerate({value}):")
        source.depth += 1
        source.line(f"{at} = {base} + {index} * {step}")
        source.line(f"vector[{at}] = 1.0")
        inner.emit(source, entry, f"{at} + 1")
        source.depth -= 1

    names = tuple(
        name
        for index in range(length)
        for name in (f"{path}[{index}]?", *(_entry(n, path, index) for n in inner.names))
    )
    return Part(names, padded)


def _each_entry(source: Source, value: str, offset: int, field: Part, entry: Part) -> None:
    """A :class:`Fixed` tuple of the view: only the entries that are not the very ones last seen are
    written again (a map keeps the states a command left alone)."""
    length = field.size // entry.size
    seen, index, item, at = source.name("s"), source.name("i"), source.name("e"), source.name("b")
    source.line(f"{seen} = entries[{len(source.entries)}]")
    source.entries.append(length)
    source.line(f"if len({value}) != {length}:")
    source.line("    raise LayoutError('a tuple of the view is not the length laid out')")
    source.line(f"for {index}, {item} in enumerate({value}):")
    source.depth += 1
    source.line(f"if {item} is not {seen}[{index}]:")
    source.depth += 1
    source.line(f"{seen}[{index}] = {item}")
    source.line(f"{at} = {offset} + {index} * {entry.size}")
    source.line(f"vector[{at}:{at} + {entry.size}] = ZEROS[:{entry.size}]")
    entry.emit(source, item, at)
    source.depth -= 2


def _fixed(path: str, length: int, inner: Part) -> Part:
    step = inner.size

    def fixed(source: Source, value: str, base: str) -> None:
        index, entry, at = source.name("i"), source.name("e"), source.name("b")
        source.line(f"if len({value}) != {length}:")
        source.line(f"    raise LayoutError('{path}: not the {length} entries laid out')")
        source.line(f"for {index}, {entry} in enumerate({value}):")
        source.depth += 1
        source.line(f"{at} = {base} + {index} * {step}")
        inner.emit(source, entry, at)
        source.depth -= 1

    names = tuple(_entry(name, path, index) for index in range(length) for name in inner.names)
    return Part(names, fixed, entries=inner)


def _entry(name: str, path: str, index: int) -> str:
    """An inner slot's name at entry ``index`` of the tuple at ``path``."""
    return name.replace(f"{path}[]", f"{path}[{index}]", 1)
