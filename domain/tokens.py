"""Seat tokens: bearer secrets that let a client act for one seat of one game.

A token is 192 random bits; only its SHA-256 digest is stored (in the event that seated the player),
and comparisons run in constant time.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence

from domain.memos import memo

TOKEN_BYTES = 24
CODE_BYTES = 25
"""A recovery code's random bytes: 200 bits, 40 letters and digits of base 32 (no padding)."""
CODE_GROUP = 5
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


def new_recovery_code() -> str:
    """A fresh recovery code, for writing down: base 32 in groups of five (``ABCDE-FGHIJ-...``)."""
    return _grouped(secrets.token_bytes(CODE_BYTES))


def derived_recovery_code(secret: str, code: str, key: str) -> str:
    """The code a recovery made with ``key`` replaces ``code`` with: the same on every retry."""
    sent = b"recover\x1f%s\x1f%s" % (plain(code).encode(), key.encode())
    return _grouped(hmac.new(secret.encode(), sent, hashlib.sha256).digest()[:CODE_BYTES])


def _grouped(raw: bytes) -> str:
    letters = base64.b32encode(raw).decode()
    return "-".join(letters[i : i + CODE_GROUP] for i in range(0, len(letters), CODE_GROUP))


def plain(code: str) -> str:
    """A recovery code as typed, without case, spaces or dashes (the digest is of this form)."""
    return "".join(code.split()).replace("-", "").upper()


def code_digest(code: str) -> str:
    """The stored form of a recovery code: its plain form's SHA-256 (as a token's)."""
    return hashlib.sha256(b"recovery\x1f" + plain(code).encode()).hexdigest()


@memo(DIGESTS_KEPT, "a seat presents its token with every move")
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


def seat_holding_code(code: str, digests: Sequence[str | None]) -> int | None:
    """The seat whose stored recovery digest matches ``code`` (in constant time), else ``None``."""
    presented = code_digest(code)
    found = None
    for seat, stored in enumerate(digests):
        if stored is not None and hmac.compare_digest(presented, stored):
            found = seat
    return found


def relinked(secret: str, digests: Sequence[str | None], token: str, key: str) -> tuple[int, str] | None:
    """The seat and token a seat link made with ``key`` replaced ``token`` by, if the seat holds it
    still (``None`` too while ``token`` is live: a new link, not a retry)."""
    if seat_holding(token, digests) is not None:
        return None
    again = derived_token(secret, token, key)
    seat = seat_holding(again, digests)
    return None if seat is None else (seat, again)


def recovery(secret: str, code: str, key: str | None) -> tuple[str, str]:
    """The token and recovery code a recovery with ``code`` gives: derived with a ``key`` (the same on
    every retry), else new."""
    if not key:
        return new_token(), new_recovery_code()
    return derived_token(secret, f"recover:{plain(code)}", key), derived_recovery_code(secret, code, key)


def recovered(
    secret: str, digests: Sequence[str | None], codes: Sequence[str | None], code: str, key: str
) -> tuple[int, str, str] | None:
    """The seat, token and code a recovery made with ``code`` and ``key`` gave, if the seat still holds
    what it gave (``None`` too while ``code`` is live: a new recovery, not a retry)."""
    if seat_holding_code(code, codes) is not None:
        return None
    token, renewed = recovery(secret, code, key)
    seat = seat_holding(token, digests)
    if seat is None or seat_holding_code(renewed, codes) != seat:
        return None
    return seat, token, renewed
