"""Faults with real processes under `backroom up`: an API process SIGKILLed mid-load."""

from __future__ import annotations

import os
import random
import signal
import threading
import time
import uuid
from collections.abc import Callable, Iterator

import httpx
import pytest

from tests.operations.up import backroom_up
from tests.projections.test_partitioned_workers import Partitioned
from tests.support.projecting import Stream, postgres_schema, redis_prefix
from tests.support.service import bearer

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

Acknowledged = list[tuple[str, str, int]]
"""(game, idempotency key, version answered) of every command a client saw accepted."""


@pytest.fixture
def deployment() -> Iterator[Partitioned]:
    with postgres_schema() as schema, redis_prefix() as prefix:
        found = Partitioned(schema, prefix)
        yield found
        found.close()


def _send(
    http: httpx.Client, apis: list[str], game_id: str, token: str, command: object, *, turn: int
) -> httpx.Response:
    """Send one command with a key of its own; on a dropped connection the same again to the other API."""
    key = uuid.uuid4().hex
    for attempt in range(40):
        api = apis[(turn + attempt) % len(apis)]
        try:
            url = f"{api}/api/games/{game_id}/commands"
            return http.post(url, json=command, headers=bearer(token) | {"Idempotency-Key": key}, timeout=30)
        except httpx.TransportError:
            time.sleep(0.05)  # that process is down: the other one takes the retry
    raise AssertionError("no API process took the command")


def _bot(
    apis: list[str], game: tuple[str, dict[int, str]], seen: Acknowledged, stop: threading.Event
) -> None:
    """Random legal commands on one game, alternating API processes, until stopped or over."""
    with httpx.Client(timeout=30) as http:
        _play(http, apis, game, seen, stop)


def _play(
    http: httpx.Client,
    apis: list[str],
    game: tuple[str, dict[int, str]],
    seen: Acknowledged,
    stop: threading.Event,
) -> None:
    game_id, tokens = game
    rng, version, turn = random.Random(game_id), 1, 0
    while not stop.is_set():
        turn += 1
        try:
            api = apis[turn % len(apis)]
            summary = httpx.get(
                f"{api}/api/games/{game_id}", params={"min_version": version}, timeout=30
            ).json()
            if not summary["to_act"]:
                return
            seat = rng.choice(summary["to_act"])
            asking = {"params": {"min_version": version}, "headers": bearer(tokens[seat])}
            legal = http.get(f"{api}/api/games/{game_id}/legal", **asking).json()["commands"]  # type: ignore[arg-type]
        except httpx.TransportError:
            continue  # that process is down: ask the other
        answer = _send(http, apis, game_id, tokens[seat], rng.choice(legal), turn=turn)
        if answer.status_code == 200:
            version = answer.json()["version"]
            seen.append((game_id, answer.request.headers["Idempotency-Key"], version))


def _opened(api: str, seed: int) -> tuple[str, dict[int, str]]:
    body = httpx.post(
        f"{api}/api/games", json={"game": "politrickers", "players": ["a", "b", "c"], "seed": seed}
    )
    return body.json()["id"], {entry["seat"]: entry["token"] for entry in body.json()["tokens"]}


def _until(what: str, check: Callable[[], bool], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def _ready(url: str) -> bool:
    try:
        return httpx.get(f"{url}/ready", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def test_a_killed_api_process_loses_no_acknowledged_command_and_its_streams_miss_nothing(
    deployment: Partitioned,
) -> None:
    """SIGKILL one of two API processes mid-load: every acknowledged command is in the log exactly once,
    its stream's client reconnects with Last-Event-ID and misses nothing, the read models equal a rebuild."""
    with backroom_up("api=2,projections=2", deployment.env) as up:
        up.wait_ready()
        urls = up.urls()
        apis = [urls["api.1"], urls["api.2"]]
        games = [_opened(apis[0], seed) for seed in range(3)]
        watched, watcher = games[0][0], games[0][1][0]
        stream = Stream(f"{apis[0]}/api/games/{watched}/stream", bearer(watcher))
        seen: Acknowledged = []
        stop = threading.Event()
        bots = [threading.Thread(target=_bot, args=(apis, game, seen, stop)) for game in games]
        for bot in bots:
            bot.start()
        _until("commands flowing", lambda: len(seen) >= 12)
        os.kill(up.pids()["api.1"], signal.SIGKILL)
        killed_at = len(seen)
        up.until("api.1 exited")
        _until("api.1 started again", lambda: _ready(apis[0]), timeout=120)
        _until("commands flowing after the restart", lambda: len(seen) >= killed_at + 12)
        stop.set()
        for bot in bots:
            bot.join(timeout=60)
        last = max(version for game, _, version in seen if game == watched)
        try:
            streamed = stream.wait_for(last, timeout=30)
        finally:
            stream.close()
        feed = httpx.get(
            f"{apis[1]}/api/games/{watched}/events", params={"min_version": last}, headers=bearer(watcher)
        ).json()
        incremental = deployment.projected()
    ids = [version for version, _ in streamed]
    assert ids == list(range(ids[0], ids[-1] + 1)) and ids[-1] >= last  # no gap, no repeat
    shared = min(len(streamed), len(feed["events"]))
    assert [data for _, data in streamed][:shared] == feed["events"][:shared]
    _each_once_in_the_log(deployment, seen)
    assert incremental == deployment.rebuilt_elsewhere()


def _each_once_in_the_log(deployment: Partitioned, seen: Acknowledged) -> None:
    """Each acknowledged key's events are one run of versions ending at the version its answer gave."""
    for game_id in {game for game, _, _ in seen}:
        events = deployment.tables.events_of(deployment.tables.load(game_id))
        by_key: dict[str, list[int]] = {}
        for event in events:
            by_key.setdefault(getattr(event, "command_id", ""), []).append(event.version)
        for game, key, version in seen:
            if game == game_id:
                versions = by_key[key]
                assert versions == list(range(versions[0], version + 1)), (key, versions, version)
