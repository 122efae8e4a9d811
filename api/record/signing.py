"""The service's Ed25519 key, which signs the heads of every table's hash chain (``docs/record.md``).

The key comes from the settings (``BACKROOM_SIGNING_KEY``, its 32-byte seed in hex, and its id), else
from ``signing.key`` beside the SQLite log, made on first use; a log in memory gets a key of the
process's own. Retired keys (``BACKROOM_RETIRED_KEYS``) are listed by ``GET /api/keys`` so that heads
signed before a rotation still verify.
"""

from __future__ import annotations

import base64
import hashlib
import os
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from domain.record import signed_message
from store.settings import Settings

ALGORITHM = "Ed25519"


def public_hex(key: Ed25519PublicKey) -> str:
    """A public key's 32 raw bytes in hex."""
    return key.public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


def key_id_of(public: str) -> str:
    """A key's default id: the first 16 hex digits of SHA-256 of its raw public bytes."""
    return hashlib.sha256(bytes.fromhex(public)).hexdigest()[:16]


@dataclass(frozen=True)
class Signer:
    """The current key (its id and public half) and the retired ones, by id."""

    private: Ed25519PrivateKey
    key_id: str
    retired: dict[str, str] = field(default_factory=dict)

    @property
    def public(self) -> str:
        return public_hex(self.private.public_key())

    def sign_head(self, game_id: str, version: int, head: str) -> dict[str, Any]:
        """The signed head of ``game_id`` at ``version`` (the signature in base64url, unpadded)."""
        signature = self.private.sign(signed_message(game_id, version, head))
        return {
            "game": game_id,
            "version": version,
            "head": head,
            "key_id": self.key_id,
            "signature": base64.urlsafe_b64encode(signature).rstrip(b"=").decode(),
        }

    def keys(self) -> list[dict[str, Any]]:
        """Every public key a head may be signed with: the current one first, then the retired."""
        current = {"id": self.key_id, "algorithm": ALGORITHM, "public_key": self.public, "status": "current"}
        retired = [
            {"id": key_id, "algorithm": ALGORITHM, "public_key": public, "status": "retired"}
            for key_id, public in self.retired.items()
        ]
        return [current, *retired]


def signer_for(settings: Settings) -> Signer:
    """The signer the settings name (see the module docstring)."""
    private = _private(settings)
    key_id = settings.signing_key_id or key_id_of(public_hex(private.public_key()))
    retired = dict(_retired(entry) for entry in settings.retired_keys.split(",") if entry.strip())
    return Signer(private, key_id, retired)


def _retired(entry: str) -> tuple[str, str]:
    key_id, _, public = entry.strip().partition(":")
    Ed25519PublicKey.from_public_bytes(bytes.fromhex(public))  # a malformed key fails at start-up
    return key_id, public


def _private(settings: Settings) -> Ed25519PrivateKey:
    if settings.signing_key:
        return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(settings.signing_key))
    path = settings.signing_key_path()
    if path is None:
        return Ed25519PrivateKey.generate()
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        made = path.with_name(f"{path.name}.{os.getpid()}")
        made.write_text(os.urandom(32).hex())
        made.chmod(0o600)
        try:
            os.link(made, path)  # two processes starting together keep the first one's key
        except FileExistsError:
            pass
        finally:
            made.unlink()
    return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(path.read_text().strip()))
