"""At scale: a timer or bot worker starts from the read side, so its start does not grow with the log.

A log of this test's own schema holds many finished moves of many tables, projected into four
partitions; a bot table is still playing. A timer worker and a bot worker (two processes) start on it:
each is ready having read from the log only what lies past the furthest-behind partition's position
(its metrics say how much it read and from where), and the bot worker then moves the live bot seat,
which it found through the lobby.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from contextlib import ExitStack

import httpx
import pytest

from api.service.application import Tables
from domain.bots import BotSpec
from domain.codec import encode
from domain.games import registered
from domain.seats import Seat
from projections.partitions import lowest_position
from projections.redis_store import RedisReadStore
from store.settings import Settings
from tests.support.projecting import deployment_env, process
from tests.support.server import free_port
from tests.support.service import run
from workers.projections import rebuild_all

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

TABLES, ROUNDS, PARTITIONS = 20, 60, 4


@pytest.fixture
def env() -> Iterator[dict[str, str]]:
    with deployment_env(**{"BACKROOM_PARTITIONS": str(PARTITIONS)}) as env:
        yield env


async def _move(tables: Tables, game_id: str, tokens: dict[int, str], rng: random.Random) -> None:
    table = tables.store.load(game_id)
    acting = sorted(table.game.to_act(table.game_state))
    if acting:
        seat = rng.choice(acting)
        command = rng.choice(table.game.legal_commands(table.game_state, Seat(seat)))
        await tables.submit(game_id, tokens[seat], encode(command))


async def _fill(tables: Tables) -> str:
    """Many tables' moves, committed together round by round; the id of a live bot table."""
    rng = random.Random(35)
    games = []
    for number in range(TABLES):
        opening = await tables.open("slush-fund-2", ["ann", "bob"], seed=f"long{number}")
        games.append((str(opening.game_id), opening.tokens))
    for _ in range(ROUNDS):
        await asyncio.gather(*(_move(tables, game_id, tokens, rng) for game_id, tokens in games))
    bots = {0: BotSpec(policy="random", level=1)}
    bot_table = await tables.open("slush-fund-2", [None, "bob"], seed="a", seating=(None, bots))
    return str(bot_table.game_id)  # seat 0, the bot, begins


def _metrics(port: int) -> dict[str, float]:
    """The worker's gauges once it is ready."""
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/ready", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, "the worker never became ready"
        time.sleep(0.1)
    text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=5).text
    return {
        name: float(value)
        for name, _, value in (line.partition(" ") for line in text.splitlines())
        if name in ("backroom_tending_log_read", "backroom_tending_resumed_at")
    }


def test_timer_and_bot_workers_read_only_the_log_past_the_read_side_when_they_start(
    env: dict[str, str],
) -> None:
    """Both workers resume at the furthest-behind partition's position and read what lies past it
    only (here nothing but their own looks), not the thousand-odd entries before it; the bot moves."""
    settings = Settings.from_env(env)
    tables = Tables(settings.eventsourcing_env(), games=registered())
    try:
        bot_table = run(_fill(tables))
        logged = tables.store.recorder.max_notification_id() or 0
        rebuild_all(settings, registered())
        store = RedisReadStore(settings.redis_url or "", settings.redis_prefix)
        projected = lowest_position(store, PARTITIONS)
        store.close()
        assert logged > 1000 and projected == logged
        begun = tables.store.load(bot_table).version
        ports = {role: free_port() for role in ("timers", "bots")}
        with ExitStack() as running:
            for role, port in ports.items():
                worker_env = env | {"BACKROOM_WORKER_PORT": str(port)}
                running.enter_context(process("worker", role, env=worker_env))
            found = {role: _metrics(port) for role, port in ports.items()}
            deadline = time.monotonic() + 60
            while tables.store.load(bot_table).version == begun:
                assert time.monotonic() < deadline, "the bot never moved"
                time.sleep(0.2)
        for role, gauges in found.items():
            assert gauges["backroom_tending_resumed_at"] == projected, role
            assert gauges["backroom_tending_log_read"] < 50, role  # on the old code: every entry logged
    finally:
        tables.close()
