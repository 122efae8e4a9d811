"""A software passkey for API tests: makes the browser's side of a WebAuthn ceremony (``none``
attestation, ES256), so sign-up, sign-in, a replayed answer and a foreign origin are tested at API
speed. The server's side is the ``webauthn`` package's, unchanged; the browser test uses Chromium's
own virtual authenticator."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

UP_UV = 0x01 | 0x04
ATTESTED = 0x40


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class SoftPasskey:
    """One passkey for ``rp_id``: its key pair, its id, its user handle and its counter."""

    rp_id: str = "localhost"
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    credential_id: bytes = field(default_factory=lambda: os.urandom(16))
    user_handle: bytes = b""
    count: int = 0

    def _cose(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        x, y = numbers.x.to_bytes(32, "big"), numbers.y.to_bytes(32, "big")
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: x, -3: y})

    def _client_data(self, kind: str, options: dict[str, Any], origin: str) -> bytes:
        return json.dumps({"type": kind, "challenge": options["challenge"], "origin": origin}).encode()

    def create(self, options: dict[str, Any], origin: str = "http://localhost:8000") -> dict[str, Any]:
        """``navigator.credentials.create``'s answer, as the page sends it."""
        self.user_handle = unb64(options["user"]["id"])
        attested = bytes(16) + struct.pack(">H", len(self.credential_id)) + self.credential_id + self._cose()
        data = hashlib.sha256(self.rp_id.encode()).digest() + bytes([UP_UV | ATTESTED])
        data += struct.pack(">I", self.count) + attested
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": data})
        client = self._client_data("webauthn.create", options, origin)
        return {
            "id": b64(self.credential_id),
            "rawId": b64(self.credential_id),
            "type": "public-key",
            "response": {"clientDataJSON": b64(client), "attestationObject": b64(attestation)},
        }

    def get(self, options: dict[str, Any], origin: str = "http://localhost:8000") -> dict[str, Any]:
        """``navigator.credentials.get``'s answer (the counter moves on by one)."""
        self.count += 1
        data = hashlib.sha256(self.rp_id.encode()).digest() + bytes([UP_UV]) + struct.pack(">I", self.count)
        client = self._client_data("webauthn.get", options, origin)
        signature = self.key.sign(data + hashlib.sha256(client).digest(), ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64(self.credential_id),
            "rawId": b64(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client),
                "authenticatorData": b64(data),
                "signature": b64(signature),
                "userHandle": b64(self.user_handle),
            },
        }
