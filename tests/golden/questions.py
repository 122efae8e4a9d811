"""What the golden-log test asks about a stored game, for every viewer: the answers must never change."""

from __future__ import annotations

from typing import Any

import msgspec
from fastapi.testclient import TestClient

SEEKS = (1, 2, 5, 10, 21, 40, 77)
"""Versions a seek is asked at (those past the end are skipped), besides the last and its neighbours."""


def ask_everything(client: TestClient, game_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Every read the API offers about a finished game, as each seat, the spectator and the omniscient."""
    base = f"/api/games/{game_id}"
    summary = _json(client.get(base))
    latest = summary["version"]
    viewers: dict[str, dict[str, Any]] = {"spectator": {"headers": {}, "params": {}}}
    for seat, token in tokens.items():
        viewers[f"seat {seat}"] = {"headers": {"Authorization": f"Bearer {token}"}, "params": {}}
    viewers["omniscient"] = {"headers": {}, "params": {"viewer": "omniscient"}}
    answers: dict[str, Any] = {"summary": _public(summary), "latest": latest}
    export = client.get(f"{base}/export")
    answers["export"] = [msgspec.json.decode(line) for line in export.content.splitlines() if line]
    versions = sorted({v for v in (*SEEKS, latest - 1, latest) if 1 <= v <= latest})
    for name, asked in viewers.items():
        headers, params = asked["headers"], asked["params"]
        entry: dict[str, Any] = {
            "timeline": _json(client.get(f"{base}/timeline", headers=headers, params=params)),
            "audit": _json(client.get(f"{base}/audit", headers=headers, params=params)),
            "at": {
                str(v): _json(client.get(f"{base}/at/{v}", headers=headers, params=params)) for v in versions
            },
        }
        if name != "omniscient":
            entry["view"] = _json(client.get(f"{base}/view", headers=headers))
            entry["events"] = _json(client.get(f"{base}/events", headers=headers))
        answers[name] = entry
    return answers


def _json(answer: Any) -> Any:
    assert answer.status_code == 200, answer.text
    return answer.json()


def _public(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary without what a new store may say differently (when it was projected)."""
    return {key: value for key, value in summary.items() if key not in ("stale",)}
