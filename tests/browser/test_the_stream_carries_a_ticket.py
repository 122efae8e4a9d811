"""A seat's page follows the live stream with a single-use ticket in its address, never its token."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.players import Player, open_table, summary
from tests.support.server import Served

pytestmark = pytest.mark.browser


def test_a_seats_page_streams_with_a_fresh_ticket_and_no_token_in_any_address(
    player: Callable[..., Player], server: Served
) -> None:
    """The table page asks a ticket (token in the header), streams with it, and shows itself live."""
    game_id, tokens = open_table(server.base, "slush-fund-2", ["Ann", "Bob"], seed="ticket-1")
    ann = player("Ann")
    asked: list[Any] = []
    ann.page.on("request", lambda request: asked.append(request))  # noqa: PLW0108  (Playwright wraps only Python functions, not builtins)
    ann.keep_seat(game_id, {"seat": 0, "token": tokens[0], "name": "Ann"})
    ann.open(f"/games/{game_id}")
    ann.wait_version(summary(server.base, game_id)["version"])
    ann.page.wait_for_selector(".live.live")
    streams = [request for request in asked if "/stream?" in request.url]
    issued = [request for request in asked if request.url.endswith("/stream-ticket")]
    assert streams and issued and all("ticket=" in request.url for request in streams)
    assert not any(tokens[0] in request.url for request in asked)
    assert all("authorization" not in request.headers for request in streams)
    assert issued[0].headers["authorization"] == f"Bearer {tokens[0]}"
