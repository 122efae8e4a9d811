"""Positions reached at domain speed: a table played on through the service over the server's own
store (no HTTP, no page), which the server's projection then follows by polling the log, as it follows
any other process's commits. A page then opens the position at once.

A game played to its end for a page to read (a replay, an end sheet) is played by :func:`played_out`,
on a clock that runs ahead past each pass's pause (passing rule 3) instead of sleeping through it:
a random Campaign Trail game sleeps about 15 s of pauses, Super PACS about 7 s, which is all of the
time such a game took, over HTTP or not."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from api.service.application import BotsAndClock, Tables
from domain.codec import encode
from domain.games import registered
from domain.table.table import Table
from store.repository import utc_now
from store.settings import Settings
from tests.support.service import run


class Hurried:
    """The real clock, run ahead whenever a pass would wait for its moment: the service then records
    the pass at once, at a time no earlier than the rules allow. The table's times run ahead of the
    wall clock by the pauses skipped (seconds), so only a game played to its end is played on it: the
    server decides nothing more there."""

    def __init__(self) -> None:
        self.ahead = timedelta(0)

    def __call__(self) -> datetime:
        return utc_now() + self.ahead

    def reach(self, due: datetime | None) -> None:
        """Run ahead to ``due`` (if it is still to come)."""
        if due is not None and (wait := due - self()) > timedelta(0):
            self.ahead += wait


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
    hurried: Hurried | None = None,
) -> Table:
    """Random legal moves (never a take-back) until ``until`` holds or the game is over; the table then.
    ``hurried``: the service's clock, run ahead to each pass's moment before the pass is sent."""

    async def play() -> Table:
        table = service.store.load(game_id)
        for _ in range(limit):
            if until(table) or table.over:
                return table
            seat = min(table.to_act)
            moves = [c for c in service.legal(table, seat) if "TakeBack" not in type(c).__name__]
            command = encode(rng.choice(moves))
            if hurried is not None:
                hurried.reach(table.pass_due(command))
            table = (await service.submit(game_id, tokens[seat], command)).table
        raise AssertionError(f"{game_id} did not get there in {limit} moves")

    return run(play())


def played_out(store: Path, base: str, game_id: str, tokens: Sequence[str], rng: random.Random) -> int:
    """Random legal moves (never a take-back) to the end of the game at ``store``, at domain speed on a
    :class:`Hurried` clock; its last version, once the server at ``base`` shows it."""
    hurried = Hurried()
    service = Tables(Settings(sqlite_path=str(store)).eventsourcing_env(), games=registered(), clock=hurried)
    try:
        last = played_on(service, game_id, tokens, rng, hurried=hurried).version
    finally:
        service.close()
    served(base, game_id, last)
    return last


def served(base: str, game_id: str, version: int, deadline: float = 30.0) -> dict[str, Any]:
    """The server's summary once its projection has reached ``version`` (it polls the log)."""
    ends = time.monotonic() + deadline
    while time.monotonic() < ends:
        found: dict[str, Any] = httpx.get(f"{base}/api/games/{game_id}", timeout=5).json()
        if found.get("version", 0) >= version:
            return found
        time.sleep(0.05)
    raise AssertionError(f"the server never showed {game_id} at version {version}")
