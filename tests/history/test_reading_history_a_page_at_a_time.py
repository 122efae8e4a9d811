"""The timeline, the audit and the feed answer a page at a time; following ``next`` reads each
entry exactly once, and the pages together are the whole answer."""

from __future__ import annotations

from typing import Any

import pytest

from tests.takeback.helpers import Game

GAMES = ["finished_slush_fund", "finished_politrickers"]


def pages(game: Game, path: str, key: str, seat: int | None, **params: Any) -> list[list[Any]]:
    """Every page of ``path``, following ``next`` from the start."""
    found, after = [], 0
    while True:
        answer = game.get(path, seat, after=after, **params)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        found.append(body[key])
        if body["next"] is None:
            return found
        after = body["next"]


@pytest.mark.parametrize("fixture", GAMES)
@pytest.mark.parametrize(
    ("path", "key"), [("/timeline", "entries"), ("/audit", "attempts"), ("/events", "events")]
)
def test_pages_of_a_history_read_add_up_to_the_whole(
    fixture: str, path: str, key: str, request: pytest.FixtureRequest
) -> None:
    """Pages of 50 hold what one page of 1,000 holds, in the same order, none longer than 50."""
    game: Game = request.getfixturevalue(fixture)
    whole = game.get(path, 0, limit=1000).json()
    assert whole["next"] is None
    paged = pages(game, path, key, 0, limit=50)
    assert len(paged) > 1 and all(len(page) <= 50 for page in paged)
    assert [entry for page in paged for entry in page] == whole[key]


@pytest.mark.parametrize("path", ["/timeline", "/audit", "/events"])
def test_a_page_is_never_longer_than_the_service_allows(finished_slush_fund: Game, path: str) -> None:
    """``limit`` past 1,000 is a 422, not a read of the whole log."""
    answer = finished_slush_fund.get(path, 0, limit=1001)
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "request/invalid"
