"""The table's hash chain: every event extends it, salted, so a head published during play tells
nobody anything and a finished log can never be rewritten without the heads showing it.

``docs/record.md`` is the spec; in short, with SHA-256 and HMAC-SHA-256 written ``H`` and ``HMAC``:

- the salt key is ``HMAC(secret, "backroom/salts")``; event ``v``'s salt is ``HMAC(salt key, str(v))``
  (secret until the game is over: a hidden event hashed without it could be guessed);
- the head after event ``v`` is ``H(head[v-1] || salt[v] || event)``, where ``event`` is the event's
  JSON exactly as the record bundle holds it and ``head[0]`` is 32 zero bytes.

The service signs heads (:mod:`api.record.signing`); the fold (:func:`domain.table.state.evolve_table`)
keeps the head of every table, so a head costs one hash an event wherever the table is folded.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from domain.codec import encode

GENESIS = bytes(32)
"""The head before the first event."""


def salt_key(secret: str) -> str:
    """The key the table's per-event salts are made with (hex)."""
    return hmac.digest(secret.encode(), b"backroom/salts", "sha256").hex()


def salt(key: str, version: int) -> bytes:
    """Event ``version``'s salt."""
    return hmac.digest(bytes.fromhex(key), str(version).encode(), "sha256")


def extend(head: str, salted: bytes, event: bytes) -> str:
    """The head after an event: ``H(head || salt || event)`` (hex; ``head`` ``""`` is the genesis)."""
    return hashlib.sha256((bytes.fromhex(head) if head else GENESIS) + salted + event).hexdigest()


def link(key: str, head: str, event: Any) -> str:
    """The head after ``event`` (a table event, encoded as the bundle holds it), salted with ``key``."""
    return extend(head, salt(key, event.version), encode(event))


def signed_message(game_id: str, version: int, head: str) -> bytes:
    """The bytes a head's signature signs: ``"backroom/head:{game}:{version}:{head}"``."""
    return f"backroom/head:{game_id}:{version}:{head}".encode()
