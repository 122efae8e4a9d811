"""Positions reached at domain speed: a table played on through the service over the server's own
store (no HTTP, no page), which the server's projection then follows by polling the log, as it follows
any other process's commits. A page then opens the position at once."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import httpx

from api.service.application import BotsAndClock, Tables
from domain.codec import encode
from domain.table.table import Table
from tests.support.service import run


def opened(
    service: Tables,
    game: str,
    players: Sequence[str],
    seed: str,
    *,
    options: dict[str, Any] | None = None,
    seating: BotsAndClock | None = None,
) -> tuple[str, list[str]]:
    """A table opened through the service with every seat named: its id and the tokens by seat."""
    opening = run(service.open(game, list(players), options, seed, seating=seating))
    return str(opening.game_id), [opening.tokens[seat] for seat in range(len(players))]


def played_on(
    service: Tables,
    game_id: str,
    tokens: Sequence[str],
    rng: random.Random,
    *,
    until: Callable[[Table], bool] = lambda table: table.over,
    limit: int = 3000,
) -> Table:
    """Random legal moves (never a take-back) until ``until`` holds or the game is over; the table then."""

    async def play() -> Table:
        table = service.store.load(game_id)
        for _ in range(limit):
            if until(table) or table.over:
                return table
            seat = min(table.to_act)
            moves = [c for c in service.legal(table, seat) if "TakeBack" not in type(c).__name__]
            table = (await service.submit(game_id, tokens[seat], encode(rng.choice(moves)))).table
        raise AssertionError(f"{game_id} did not get there in {limit} moves")

    return run(play())


def served(base: str, game_id: str, version: int, deadline: float = 30.0) -> dict[str, Any]:
    """The server's summary once its projection has reached ``version`` (it polls the log)."""
    ends = time.monotonic() + deadline
    while time.monotonic() < ends:
        found: dict[str, Any] = httpx.get(f"{base}/api/games/{game_id}", timeout=5).json()
        if found.get("version", 0) >= version:
            return found
        time.sleep(0.05)
    raise AssertionError(f"the server never showed {game_id} at version {version}")
