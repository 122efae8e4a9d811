"""The signing key: from the settings (with its id and the retired keys), else a key file beside the
log that every process of the machine shares; heads signed with it verify against ``GET /api/keys``."""

from __future__ import annotations

import base64
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.record.signing import signer_for
from domain.record import signed_message
from store.settings import Settings

SEED = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
PUBLIC = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"  # RFC 8032, test 1
RETIRED = "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c"


def test_the_key_from_the_settings_signs_and_the_retired_keys_are_listed(tmp_path: Path) -> None:
    env = {
        "BACKROOM_SQLITE": str(tmp_path / "log.sqlite"),
        "BACKROOM_SIGNING_KEY": SEED,
        "BACKROOM_SIGNING_KEY_ID": "2026-12",
        "BACKROOM_RETIRED_KEYS": f"2026-01:{RETIRED}",
    }
    with TestClient(create_app(Settings.from_env(env))) as client:
        keys = client.get("/api/keys").json()["keys"]
        opened = client.post("/api/games", json={"game": "slush-fund-2", "seats": 2}).json()
        head = client.get(f"/api/games/{opened['id']}/head").json()
    assert keys == [
        {"id": "2026-12", "algorithm": "Ed25519", "public_key": PUBLIC, "status": "current"},
        {"id": "2026-01", "algorithm": "Ed25519", "public_key": RETIRED, "status": "retired"},
    ]
    assert (head["version"], head["key_id"], head["head"]) == (1, "2026-12", opened["game"]["head"])
    signature = base64.urlsafe_b64decode(head["signature"] + "==")
    message = signed_message(opened["id"], 1, head["head"])
    Ed25519PublicKey.from_public_bytes(bytes.fromhex(PUBLIC)).verify(signature, message)  # raises if not


def test_without_a_key_in_the_settings_every_process_shares_the_key_file_beside_the_log(
    tmp_path: Path,
) -> None:
    settings = Settings(sqlite_path=str(tmp_path / "var" / "log.sqlite"))
    first, second = signer_for(settings), signer_for(settings)
    assert first.public == second.public and first.key_id == second.key_id
    kept = tmp_path / "var" / "signing.key"
    assert kept.stat().st_mode & 0o777 == 0o600 and len(kept.read_text()) == 64
