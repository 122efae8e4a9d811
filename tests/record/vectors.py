"""The dealing spec's test vectors (``docs/record.md``), made by the Python implementation.

``python -m tests.record.vectors`` prints them as the JSON block the spec holds; the tests hold the
block in the spec equal to what this makes, and the replay page's JavaScript reproduces it in Chromium.
"""

from __future__ import annotations

import base64
import itertools
import json
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from api.record.signing import public_hex
from domain import dealing, record

SECRET = "4f1c2a9be07d3386a1f05e2c9b7d1e60"
CONTRIBUTIONS = ["9a8b7c6d5e4f30211203f4e5d6c7b8a9", None, "00ff00ff00ff00ff"]
SIGNING_SEED = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"  # RFC 8032, test 1
EVENTS = [
    '{"type":"TableOpened","version":1,"secret":"4f1c2a9be07d3386a1f05e2c9b7d1e60"}',
    '{"type":"GameEventRecorded","version":2,"event":{"type":"CardsDrawn","seat":0,"cards":[17,3,41]}}',
    '{"type":"GameEventRecorded","version":3,"event":{"type":"CardStashed","seat":0,"card":3}}',
]


def vectors() -> dict[str, Any]:
    """Every vector of the spec, from the secret, contributions and events above."""
    key = dealing.table_key(SECRET, CONTRIBUTIONS)
    draws = dealing.Draws(key, 7)
    below = [draws.randbelow(n) for n in (52, 3, 1, 1000, 2**32, 2**31 + 1)]
    deck = list(range(52))
    dealing.Draws(key, 2).shuffle(deck)
    salt_key = record.salt_key(SECRET)
    heads, head = [], ""
    for version, event in enumerate(EVENTS, start=1):
        head = record.extend(head, record.salt(salt_key, version), event.encode())
        heads.append(head)
    signer = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(SIGNING_SEED))
    message = record.signed_message("6c0e1f1e-7b55-4a59-9d4e-2b1f0a3c5d7e", len(EVENTS), head)
    return {
        "secret": SECRET,
        "commitment": dealing.commitment(SECRET),
        "contributions": CONTRIBUTIONS,
        "pledges": [None if c is None else dealing.pledge(c) for c in CONTRIBUTIONS],
        "table_key": key.hex(),
        "words_at_7": list(itertools.islice(dealing.words(key, 7), 10)),
        "below_at_7": {"n": [52, 3, 1, 1000, 2**32, 2**31 + 1], "drawn": below},
        "shuffle_52_at_2": deck,
        "sample_20_5_at_3": dealing.Draws(key, 3).sample(range(20), 5),
        "choice_at_4": dealing.Draws(key, 4).choice("abcdefg"),
        "salt_key": salt_key,
        "salts": [record.salt(salt_key, version).hex() for version in range(1, len(EVENTS) + 1)],
        "events": EVENTS,
        "heads": heads,
        "signing_seed": SIGNING_SEED,
        "public_key": public_hex(signer.public_key()),
        "signed_message": message.decode(),
        "signature": base64.urlsafe_b64encode(signer.sign(message)).rstrip(b"=").decode(),
    }


def block(found: dict[str, Any]) -> str:
    """The vectors as the spec's JSON block: one key a line."""
    lines = [f"  {json.dumps(name)}: {json.dumps(value)}" for name, value in found.items()]
    return "{\n" + ",\n".join(lines) + "\n}"


if __name__ == "__main__":
    print(block(vectors()))
