"""Any process serves any game: two API processes and a bot worker over one PostgreSQL log and Redis.

Each process keeps the table it last committed; here every game is played through both API processes
(and the bot worker), so each process's kept table falls behind the log again and again. A kept table
is only a hint: no process refuses a legal move, accepts a revoked token, or stops a bot on it; and a
read never calls an old version fresh, nor a game the log holds missing. The test reads the log itself
(its own ``Tables`` on the same schema) to choose the moves and to check what was recorded.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import httpx
import pytest
import redis

from api.service.application import Tables
from domain.codec import encode
from domain.games import registered
from domain.seats import Seat
from domain.table import GameEventRecorded, Table
from tests.support.projecting import (
    REDIS_URL,
    api_process,
    postgres_schema,
    process,
    redis_prefix,
    scale_env,
    scale_settings,
)
from tests.support.service import bearer

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.slow]

BOT_PAUSE = 0.05
"""Seconds a bot waits before it moves here (see :func:`deployment`)."""
SETTLE = 30.0
"""Seconds a step may take before the test gives up on it (a hang guard, not a measure of speed)."""


class Deployment:
    """Two API processes (``a`` and ``b``, each an HTTP client) and the log, read by the test."""

    def __init__(self, env: dict[str, str], log: Tables, a: str, b: str) -> None:
        self.env, self.log = env, log
        self.a, self.b = httpx.Client(base_url=a, timeout=SETTLE), httpx.Client(base_url=b, timeout=SETTLE)

    def close(self) -> None:
        self.a.close()
        self.b.close()

    def open(
        self, players: list[str], bots: list[Any] | None = None, through: httpx.Client | None = None
    ) -> tuple[str, dict[int, str]]:
        """A seeded Slush Fund 2 table opened through ``a`` (or ``through``): its id and the tokens."""
        body: dict[str, Any] = {"game": "slush-fund-2", "players": players, "seed": "stale"}
        answer = (through or self.a).post("/api/games", json=body | ({"bots": bots} if bots else {}))
        assert answer.status_code == 201, answer.text
        opened = answer.json()
        return opened["id"], {entry["seat"]: entry["token"] for entry in opened["tokens"]}

    def table(self, game_id: str) -> Table:
        """The table as the log holds it now."""
        return self.log.store.load(game_id)


def send(
    http: httpx.Client, game_id: str, token: str, command: Any, version: int | None = None
) -> httpx.Response:
    """One command through ``http`` (``version``: sent as ``If-Match``)."""
    headers = bearer(token) | ({"If-Match": f'"{version}"'} if version is not None else {})
    return http.post(f"/api/games/{game_id}/commands", content=encode(command), headers=headers)


def a_legal_move(table: Table, seat: int, rng: random.Random) -> Any:
    return rng.choice(table.game.legal_commands(table.game_state, Seat(seat)))


@pytest.fixture(scope="module")
def deployment() -> Iterator[Deployment]:
    """Two API processes and a bot worker on a schema and prefix of this module (no projection worker:
    the tests that read start and stop their own). A bot waits :data:`BOT_PAUSE` before it moves, not
    the product's half second: what is tested is that it moves at all, and a whole game of half seconds
    held a worker for 50 s of the suite."""
    with postgres_schema() as schema, redis_prefix() as prefix:
        env = scale_env(schema, prefix) | {"BACKROOM_BOT_PAUSE_SECONDS": str(BOT_PAUSE)}
        log = Tables(scale_settings(schema, prefix).eventsourcing_env(), games=registered())
        with api_process(env) as a, api_process(env) as b, process("worker", "bots", env=env):
            found = Deployment(env, log, a, b)
            yield found
            found.close()
        log.close()


def test_a_bot_plays_to_the_end_with_a_person_moving_through_either_api_process(
    deployment: Deployment,
) -> None:
    """A person at a bot's table moves through process A, then B, then A... (naming the version, so
    that no process refuses it); the bot worker, whose kept table is behind after every such move,
    still moves each time its turn comes, to the end."""
    game_id, tokens = deployment.open(["ann"], [{"seat": 0, "policy": "random", "level": 1}])
    rng, person, sent = random.Random(1), tokens[1], 0
    waited_since = time.monotonic()
    while not (table := deployment.table(game_id)).over:
        if 1 in table.to_act:
            http = (deployment.a, deployment.b)[sent % 2]  # naming the version, as a page does
            answer = send(http, game_id, person, a_legal_move(table, 1, rng), table.version)
            assert answer.status_code == 200, answer.text
            sent, waited_since = sent + 1, time.monotonic()
            continue
        assert time.monotonic() - waited_since < SETTLE, f"the bot stopped at version {table.version}"
        time.sleep(0.05)
    moves = [e for e in deployment.log.store.events_of(table) if isinstance(e, GameEventRecorded)]
    assert sent >= 2 and sum(1 for move in moves if move.bot) >= 2
    assert deployment.log.store.reader.attempts(table.id) == []  # nobody was refused on the way


def test_two_seats_on_two_processes_are_never_refused_a_legal_move(deployment: Deployment) -> None:
    """Ann sends through A, Bob through B, each only legal moves (Bob's with no ``If-Match``, Ann's
    naming the log's version): every one is accepted, and the audit holds no refusal."""
    game_id, tokens = deployment.open(["ann", "bob"])
    rng = random.Random(2)
    for _ in range(40):
        table = deployment.table(game_id)
        if table.over:
            break
        seat = rng.choice(sorted(table.to_act))
        http, version = (deployment.a, table.version) if seat == 0 else (deployment.b, None)
        answer = send(http, game_id, tokens[seat], a_legal_move(table, seat, rng), version)
        assert answer.status_code == 200, f"move at version {table.version} refused: {answer.text}"
    assert deployment.table(game_id).version >= 40
    assert deployment.log.store.reader.attempts(deployment.table(game_id).id) == []


def test_a_revoked_token_is_refused_on_every_process_at_once(deployment: Deployment) -> None:
    """B keeps the table (it was opened and moved through B); Ann takes a new seat link through A.
    Her old token is refused on B and on A at once, and nothing it sent is recorded; her new token
    moves through B."""
    game_id, tokens = deployment.open(["ann", "bob"], through=deployment.b)
    rng = random.Random(3)
    table = deployment.table(game_id)
    mover = min(table.to_act)
    assert send(deployment.b, game_id, tokens[mover], a_legal_move(table, mover, rng)).status_code == 200
    table = deployment.table(game_id)
    seat = min(table.to_act)  # the seat whose link is replaced is the one to act, so its move is legal
    linked = deployment.a.post(f"/api/games/{game_id}/seat-link", headers=bearer(tokens[seat]))
    assert linked.status_code == 200, linked.text
    table = deployment.table(game_id)
    for http in (deployment.b, deployment.a, deployment.b):
        refused = send(http, game_id, tokens[seat], a_legal_move(table, seat, rng))
        assert refused.status_code in {401, 403}, refused.text
        assert refused.json()["error"]["code"] == "auth/invalid_token"
    assert deployment.table(game_id).version == table.version
    fresh = linked.json()["token"]
    assert send(deployment.b, game_id, fresh, a_legal_move(table, seat, rng)).status_code == 200


def test_a_game_not_projected_yet_is_stale_on_every_process_not_missing(deployment: Deployment) -> None:
    """No projection worker runs: a game opened through A is read through B as ``"stale": true``
    (from the log, the token checked there), never ``game/not_found``; an unknown game still is."""
    game_id, tokens = deployment.open(["ann", "bob"])
    base = f"/api/games/{game_id}"
    for path, token in ((base, None), (f"{base}/view", tokens[0]), (f"{base}/legal", tokens[1])):
        for params in ({}, {"min_version": 2}):
            answer = deployment.b.get(path, params=params, headers=bearer(token) if token else {})
            assert answer.status_code == 200, f"{path} {params}: {answer.text}"
            assert answer.json()["stale"] is True and answer.json()["version"] == 2
    feed = deployment.b.get(f"{base}/events", headers=bearer(tokens[0]))
    assert feed.status_code == 200 and feed.json()["stale"] is True
    stranger = deployment.b.get(f"{base}/view", headers=bearer("not-a-seat-token"))
    assert stranger.status_code in {401, 403}
    missing = deployment.b.get("/api/games/00000000-0000-4000-8000-000000000000")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "game/not_found"


def test_after_redis_lost_recent_writes_a_min_version_read_is_stale_not_an_old_version_fresh(
    deployment: Deployment,
) -> None:
    """B has read version N fresh; Redis then comes back from an older save (what the projection wrote
    after version K is lost) and no worker projects: a read of B naming N says ``"stale": true``."""
    game_id, tokens = deployment.open(["ann", "bob"])
    rng = random.Random(5)
    prefix = deployment.env["BACKROOM_REDIS_PREFIX"]
    store = redis.Redis.from_url(REDIS_URL)
    try:
        with ExitStack() as first:
            worker = first.enter_context(process("worker", "projections", env=deployment.env))
            early = _play(deployment, game_id, tokens, rng, 4)
            _fresh_on_b(deployment, game_id, early, worker)
        saved = {key: (store.dump(key), store.pttl(key)) for key in store.scan_iter(match=f"{prefix}:*")}
        with ExitStack() as second:
            worker = second.enter_context(process("worker", "projections", env=deployment.env))
            late = _play(deployment, game_id, tokens, rng, 6)
            _fresh_on_b(deployment, game_id, late, worker)
        for key in list(store.scan_iter(match=f"{prefix}:*")):
            if key not in saved:
                store.delete(key)
        for key, (dumped, ttl) in saved.items():
            if dumped is not None:
                store.restore(key, max(ttl, 0), dumped, replace=True)
    finally:
        store.close()
    base, token = f"/api/games/{game_id}", bearer(tokens[0])
    for path in (base, f"{base}/view", f"{base}/legal", f"{base}/events"):
        answer = deployment.b.get(path, params={"min_version": late}, headers=token).json()
        assert answer["stale"] is True or answer["version"] >= late, f"{path}: {answer['version']} fresh"


def _play(
    deployment: Deployment, game_id: str, tokens: dict[int, str], rng: random.Random, moves: int
) -> int:
    """``moves`` legal moves through A (B only reads); the version reached."""
    for _ in range(moves):
        table = deployment.table(game_id)
        seat = min(table.to_act)
        assert send(deployment.a, game_id, tokens[seat], a_legal_move(table, seat, rng)).status_code == 200
    return deployment.table(game_id).version


def _fresh_on_b(deployment: Deployment, game_id: str, version: int, worker: Any) -> None:
    """Wait until B reads ``version`` fresh (B's relay has then heard of it), as ``worker`` projects."""
    deadline = time.monotonic() + 2 * SETTLE
    while True:
        read = deployment.b.get(f"/api/games/{game_id}", params={"min_version": version})
        if read.status_code == 200 and read.json()["stale"] is False and read.json()["version"] >= version:
            return
        if time.monotonic() > deadline or worker.poll() is not None:
            worker.errors.seek(0)
            said = worker.errors.read().decode()[-2000:]
            raise AssertionError(f"B never read version {version} fresh; the worker said: {said}")
        time.sleep(0.05)
