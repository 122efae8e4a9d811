"""The replay page's own implementation of the record (api/web/static/record.js, written from
docs/record.md) reproduces the spec's test vectors in Chromium, and the page says "verified" only when
its check of the bundle passed: a bundle changed on the way says "not verified"."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from tests.browser.players import Player, open_table, play_randomly
from tests.support.server import Served

pytestmark = pytest.mark.browser
SPEC = Path(__file__).parents[2] / "docs" / "record.md"


def test_the_replay_page_deals_the_spec_s_vectors_and_verifies_only_a_true_record(
    player: Callable[..., Player], server: Served
) -> None:
    """WebCrypto reproduces every vector; the page says verified for the record, not for a changed one."""
    vectors = json.loads(re.search(r"```json\n(.*?)\n```", SPEC.read_text(), re.S).group(1))  # type: ignore[union-attr]
    game_id, tokens = open_table(server.base, "slush-fund-2", ["Ann", "Bob"], seed="record-js")
    play_randomly(server.base, game_id, tokens, random.Random(47))
    ann = player("Ann")

    ann.open(f"/games/{game_id}/replay")
    ann.page.wait_for_selector(".record-verified", timeout=20_000)
    differing = ann.page.evaluate(
        "async (v) => (await import('/static/record.js')).vectorsDiffer(v)", vectors
    )
    assert differing == []
    assert ann.page.locator(f"a[href='/api/games/{game_id}/record']").count() == 1
    ann.shot("replay-record-verified")

    bundle = httpx.get(f"{server.base}/api/games/{game_id}/record", timeout=10).json()
    event = json.loads(bundle["log"][5])
    event["at_changed"] = True
    bundle["log"][5] = json.dumps(event)
    ann.page.route(f"**/api/games/{game_id}/record", lambda route: route.fulfill(json=bundle))
    ann.page.reload()
    ann.page.wait_for_selector(".record-failed", timeout=20_000)
    assert "chain check failed at version 6" in (ann.page.text_content(".record") or "")
