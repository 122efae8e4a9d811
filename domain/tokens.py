"""Seat tokens: bearer secrets that let a client act for one seat of one game.

A token is 192 random bits; only its SHA-256 digest is stored (in the event that seated the player),
and comparisons run in constant time.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import secrets
from collections.abc import Sequence

TOKEN_BYTES = 24
DIGESTS_KEPT = 4096
"""Tokens whose digests are remembered: a few for every table playing in this process."""


def new_token() -> str:
    """A fresh seat token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def derived_token(secret: str, token: str, key: str) -> str:
    """The token a seat link made with ``key`` replaces ``token`` with: the same on every retry.

    Keyed by the table's secret (never sent while the game is on), so only whoever holds the old
    token and the key can ask for it again, and a thief of the old token cannot compute it.
    """
    mac = hmac.new(secret.encode(), b"relink\x1f%s\x1f%s" % (token.encode(), key.encode()), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:TOKEN_BYTES]).decode()


@functools.lru_cache(maxsize=DIGESTS_KEPT)
def digest(token: str) -> str:
    """The stored form of a token (the latest few remembered: a seat presents its token every move)."""
    return hashlib.sha256(token.encode()).hexdigest()


def seat_holding(token: str, digests: Sequence[str | None]) -> int | None:
    """The seat whose stored digest matches ``token`` (compared in constant time), else ``None``."""
    presented = digest(token)
    found = None
    for seat, stored in enumerate(digests):
        if stored is not None and hmac.compare_digest(presented, stored):
            found = seat
    return found
