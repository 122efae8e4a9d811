"""A live stream outlasts an outage of the read models (issue 49 item 4).

The audit's streams reconnected 49-52 times over two Redis losses: each wake-up while Redis was away
read the feed, failed, and ended the stream, and each reconnection failed the same way. A stream now
stays open through it, saying so in a comment line a client ignores, and goes on from where it was
once the read models answer. Here the feed's reads fail for a while (as they do while Redis is away:
``store/unavailable``), wake-ups arriving meanwhile as the relay sends them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http import reads as stream_route
from api.http.chat import Chat
from domain.errors import StoreUnavailable
from domain.seats import SPECTATOR
from projections import queries
from store.settings import Settings
from tests.support.service import client_for

TAKE_ONE = b'{"type":"Take","count":1}'


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_for(Settings(sqlite_path=str(tmp_path / "backroom.sqlite")))


class _Opened:
    """A stream's opening, already given back (the stream is past its first page)."""

    held = False

    def done(self) -> None:
        """Nothing held."""


def test_a_stream_waits_out_its_read_models_and_goes_on_where_it_was(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Five wake-ups find the feed unreadable: the stream sends a comment each time and stays open;
    once the feed answers, the entries it missed come, each once."""
    app: Any = client.app
    opened = client.post("/api/games", json={"game": "pile", "players": ["ann", "bob"]}).json()
    game_id = opened["id"]
    tables, reads = app.state.tables, app.state.reads
    failures = [5]
    page = queries.feed_page

    def flaky(*args: Any) -> Any:
        if failures[0] > 0:
            failures[0] -= 1
            raise StoreUnavailable("The read models cannot be reached just now.", {"stale": True})
        return page(*args)

    async def follow() -> list[bytes]:
        watched = stream_route.Watched(game_id, SPECTATOR)
        chat = Chat(tables, game_id, 0)  # nothing said at this table
        told = stream_route._told(reads, watched, 2, chat, _Opened(), app.state.metrics)  # type: ignore[arg-type]
        chunks: list[bytes] = []
        monkeypatch.setattr(queries, "feed_page", flaky)
        try:
            async with asyncio.timeout(30):
                async for chunk in told:
                    chunks.append(chunk)
                    if failures[0] == 0 and b"id: 3\n" in b"".join(chunks):
                        return chunks
                    if failures[0] > 0:
                        reads.signals.publish({game_id: 0})  # the relay's wake-up while Redis is away
                    elif b"id: 3" not in b"".join(chunks):
                        await tables.submit(game_id, opened["tokens"][0]["token"], TAKE_ONE)
        finally:
            await told.aclose()
        return chunks

    chunks = asyncio.run(follow())
    away = [chunk for chunk in chunks if chunk.startswith(b":") and b"ping" not in chunk]
    assert len(away) == 5
    assert b"".join(chunks).count(b"id: 3\n") == 1
