"""Every API process of a deployment signs the record's heads with the same key (issue 47): a head
signed by one process must verify with the key ``GET /api/keys`` shows on any other."""

from __future__ import annotations

import re
from pathlib import Path

from api.cli.deployment import ROLES, plan

SCALE = {"api": 2, "projections": 1, "bots": 0, "timers": 1}


def _keys(env: dict[str, str]) -> tuple[set[str], list[str]]:
    said: list[str] = []
    children = plan(SCALE, env, 0, set(ROLES), said.append)
    return {child.command(8000)[1]["BACKROOM_SIGNING_KEY"] for child in children}, said


def test_backroom_up_without_a_key_hands_every_process_one_made_for_the_run() -> None:
    keys, said = _keys({})
    assert len(keys) == 1 and re.fullmatch("[0-9a-f]{64}", keys.pop())
    assert any("BACKROOM_SIGNING_KEY is unset" in line for line in said), said


def test_backroom_up_hands_on_the_key_it_was_given() -> None:
    given = "ab" * 32
    keys, said = _keys({"BACKROOM_SIGNING_KEY": given})
    assert keys == {given} and not [line for line in said if "SIGNING" in line]


def test_the_manifests_take_the_key_from_the_secret_store_and_compose_requires_one() -> None:
    deploy = Path(__file__).resolve().parents[2] / "deploy"
    secret = (deploy / "kubernetes" / "external-secret.yaml").read_text()
    assert "BACKROOM_SIGNING_KEY: '{{ .signing_key }}'" in secret
    assert "remoteRef: {key: backroom/signing, property: key}" in secret
    assert "BACKROOM_SIGNING_KEY: ${BACKROOM_SIGNING_KEY:?" in (deploy / "compose.yaml").read_text()
