"""The dealing schemes: how a table's secret and its seats' contributions become every draw.

Scheme 1 (tables opened before the record): each step's draws come from Python's Mersenne Twister,
``random.Random(f"{secret}:{position}")``; reproducible with CPython and nothing else.

Scheme 2 (``docs/record.md``, with test vectors): the service publishes ``commitment(secret)`` when the
table opens, each seat may add a contribution (committed when it sits down, revealed before the first
draw), and the table's key is HMAC-SHA-256 of them all under the secret. A step's draws are a stream
of 32-bit words, eight from each HMAC-SHA-256 block of the key over ``"{position}:{block}"``, and
every draw (a number below ``n``, a shuffle, a sample, a choice) is built from those words as the spec
says. A second implementation needs only HMAC-SHA-256: ``api/web/static/record.js`` is one.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import random
import struct
from collections.abc import Callable, Iterator, MutableSequence, Sequence
from typing import Any, TypeVar

from domain.memos import memo

T = TypeVar("T")

MERSENNE = 1
"""Scheme 1: Python's ``random.Random`` seeded with the secret and the step's position."""
HMAC_SHA256 = 2
"""Scheme 2: HMAC-SHA-256 draws from the secret and every seat's contribution (``docs/record.md``)."""
SCHEMES = (MERSENNE, HMAC_SHA256)

WORD = 1 << 32
NONCE_LENGTH = 64
"""The longest contribution a seat may reveal (hex digits; the page sends 32)."""

_BLOCK = struct.Struct(">8I")


def commitment(secret: str) -> str:
    """The published commitment to a table's secret: hex SHA-256 of ``"backroom/secret:" + secret``."""
    return hashlib.sha256(b"backroom/secret:" + secret.encode()).hexdigest()


def pledge(nonce: str) -> str:
    """A seat's commitment to its contribution: hex SHA-256 of ``"backroom/contribution:" + nonce``."""
    return hashlib.sha256(b"backroom/contribution:" + nonce.encode()).hexdigest()


def is_nonce(text: str) -> bool:
    """Whether ``text`` may be a contribution: 1 to 64 lowercase hex digits."""
    return 0 < len(text) <= NONCE_LENGTH and all(c in "0123456789abcdef" for c in text)


def bot_nonce(secret: str, seat: int) -> str:
    """The contribution the service makes for a bot's seat (a bot is the service's own: its
    contribution, derived from the secret, adds nothing and steers nothing)."""
    return hmac.digest(secret.encode(), f"backroom/bot:{seat}".encode(), "sha256").hex()[:32]


def table_key(secret: str, contributions: Sequence[str | None]) -> bytes:
    """The key every draw of the table comes from: HMAC-SHA-256 under the secret of
    ``"backroom/deal"`` followed by ``":" + contribution`` for each seat in order ("" for none)."""
    message = "backroom/deal" + "".join(f":{nonce or ''}" for nonce in contributions)
    return hmac.digest(secret.encode(), message.encode(), "sha256")


class Draws(random.Random):
    """The draws of one step of a scheme-2 table: ``random.Random``'s interface, the spec's algorithms.

    The methods the spec defines are written here; ``random.Random``'s others (``uniform``, ``gauss``...)
    draw through :meth:`random` and :meth:`getrandbits`, so from this stream, but the spec does not
    define them and no rule uses them. The Mersenne state is never seeded nor read."""

    def __init__(self, key: bytes, position: int) -> None:
        blocks = map(_blocker(key, position), itertools.count())
        self._next: Callable[[], int] = itertools.chain.from_iterable(blocks).__next__

    def __new__(cls, key: bytes, position: int) -> Draws:
        # random.Random's C constructor seeds the Mersenne state it never uses here: from 0 costs
        # 2.2 µs, with no seed it reads 2,496 bytes of the OS's randomness (9.5 µs).
        return super().__new__(cls, 0)  # type: ignore[call-arg]  # typeshed's Random.__new__ is object's

    def seed(self, *args: Any, **kwargs: Any) -> None:
        """Nothing to seed: the key and position make the stream."""

    def word(self) -> int:
        """The stream's next 32-bit word."""
        return self._next()

    def _randbelow(self, n: int) -> int:
        """A number in ``[0, n)``: words at or above the largest multiple of ``n`` are passed over."""
        limit = WORD - WORD % n
        word = self._next()
        while word >= limit:
            word = self._next()
        return word % n

    def randbelow(self, n: int) -> int:
        """The spec's ``below(n)``."""
        if not 0 < n <= WORD:
            raise ValueError(f"below(n) takes 1 <= n <= 2**32, not {n}")
        return self._randbelow(n)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if step != 1:
            raise NotImplementedError("the dealing spec has no stepped ranges")
        if stop is None:
            return self.randbelow(start)
        return start + self.randbelow(stop - start)

    def randint(self, a: int, b: int) -> int:
        return a + self.randbelow(b - a + 1)

    def choice(self, seq: Sequence[T]) -> T:  # type: ignore[override]  # a sequence, as the spec says
        return seq[self.randbelow(len(seq))]

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Fisher-Yates from the end: for ``i`` from ``len - 1`` down to 1, swap ``i``, ``below(i + 1)``."""
        word = self._next  # _randbelow inlined: a deal is most of a table's draws
        for i in range(len(x) - 1, 0, -1):
            n = i + 1
            limit = WORD - WORD % n
            w = word()
            while w >= limit:
                w = word()
            j = w % n
            x[i], x[j] = x[j], x[i]

    def sample(self, population: Sequence[T], k: int, *, counts: Any = None) -> list[T]:
        """The first ``k`` places of a Fisher-Yates from the front: place ``i`` swaps with
        ``i + below(n - i)``; the sample is the first ``k`` items, in draw order."""
        if counts is not None:
            raise NotImplementedError("the dealing spec has no counted samples")
        pool = list(population)
        n = len(pool)
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        below = self._randbelow
        for i in range(k):
            j = i + below(n - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def random(self) -> float:
        """A float in ``[0, 1)``: ``((a >> 5) * 2**26 + (b >> 6)) / 2**53`` of the next two words."""
        a, b = self._next(), self._next()
        return ((a >> 5) * 67108864 + (b >> 6)) / 9007199254740992.0

    def getrandbits(self, k: int) -> int:
        """``k`` bits: whole words, most significant first, the last cut to its top bits."""
        bits, got = 0, 0
        while got < k:
            take = min(32, k - got)
            bits = (bits << take) | (self._next() >> (32 - take))
            got += take
        return bits

    def getstate(self) -> Any:
        raise NotImplementedError("a step's draws have no Mersenne state")

    def setstate(self, state: Any) -> None:
        raise NotImplementedError("a step's draws have no Mersenne state")


def _blocker(key: bytes, position: int) -> Callable[[int], tuple[int, ...]]:
    """Block ``n`` of the step's stream as eight words: HMAC-SHA-256 of ``"{position}:{n}"`` under
    ``key``, computed from the key's two padded SHA-256 states (:func:`pads`)."""
    inner, outer = pads(key)
    prefix = f"{position}:".encode()
    unpack = _BLOCK.unpack

    def block(number: int) -> tuple[int, ...]:
        # HMAC as RFC 2104 writes it: 1.0 µs a block here against 3.6 µs for ``hmac.digest`` (which
        # sets up both states again each call); the test vectors hold the two equal.
        mac = inner.copy()
        mac.update(prefix + str(number).encode())
        out = outer.copy()
        out.update(mac.digest())
        return unpack(out.digest())

    return block


@memo(1024, "every draw of a table's chance keys HMAC with the table's one key")
def pads(key: bytes) -> tuple[Any, Any]:
    """SHA-256 with ``key xor ipad`` and with ``key xor opad`` absorbed (a table's key is 32 bytes)."""
    padded = key.ljust(64, b"\0")
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in padded))
    outer = hashlib.sha256(bytes(b ^ 0x5C for b in padded))
    return inner, outer


def words(key: bytes, position: int) -> Iterator[int]:
    """The stream of a step as words (for the spec's vectors)."""
    return itertools.chain.from_iterable(map(_blocker(key, position), itertools.count()))
