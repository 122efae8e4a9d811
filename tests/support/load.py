"""A bounded bot load over HTTP for fault tests: random legal commands, the acknowledged ones noted.

Each client plays one game through every API process in turn and keeps going through faults as a real
client does: a dropped connection is retried on the next process with the same idempotency key, and a
read that fails (5xx, or a read model not rebuilt yet) is asked again a moment later.
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

import httpx

from api.service.application import Tables
from tests.support.service import bearer

Acknowledged = list[tuple[str, str, int]]
"""(game, idempotency key, version answered) of every command a client saw accepted."""
Game = tuple[str, dict[int, str]]
"""A game's id and its seats' tokens."""


def opened(api: str, body: dict[str, Any]) -> Game:
    """Open a table through ``api``; its id and tokens."""
    answer = httpx.post(f"{api}/api/games", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()["id"], {entry["seat"]: entry["token"] for entry in answer.json()["tokens"]}


def until(what: str, check: Callable[[], bool], timeout: float = 60) -> None:
    """Wait for ``check`` (fails with ``what`` after ``timeout`` s)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def ready(url: str) -> bool:
    """True when the process at ``url`` answers ``/ready`` with 200."""
    try:
        return httpx.get(f"{url}/ready", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def send(
    http: httpx.Client, apis: list[str], game_id: str, token: str, command: object, *, turn: int
) -> httpx.Response:
    """Send one command with a key of its own; on a dropped connection the same again to the next API."""
    key = uuid.uuid4().hex
    for attempt in range(200):
        api = apis[(turn + attempt) % len(apis)]
        try:
            url = f"{api}/api/games/{game_id}/commands"
            return http.post(url, json=command, headers=bearer(token) | {"Idempotency-Key": key}, timeout=30)
        except httpx.TransportError:
            time.sleep(0.05)  # that process is down: the next one takes the retry
    raise AssertionError("no API process took the command")


def bot(apis: list[str], game: Game, seen: Acknowledged, stop: threading.Event) -> None:
    """Random legal commands on one game, alternating API processes, until stopped or over."""
    game_id, tokens = game
    rng, version, turn = random.Random(game_id), 1, 0
    with httpx.Client(timeout=30) as http:
        while not stop.is_set():
            turn += 1
            api = apis[turn % len(apis)]
            move = _next_move(http, api, game, version, rng)
            if move is None:
                time.sleep(0.1)  # that process is down, or its reads are not back yet: ask again
                continue
            if move == "over":
                return
            seat, command = move
            answer = send(http, apis, game_id, tokens[seat], command, turn=turn)
            if answer.status_code == 200:
                version = answer.json()["version"]
                seen.append((game_id, answer.request.headers["Idempotency-Key"], version))


def _next_move(http: httpx.Client, api: str, game: Game, version: int, rng: random.Random) -> Any:
    """``(seat, command)``; ``"over"`` when nobody is to act; ``None`` when the reads failed."""
    game_id, tokens = game
    try:
        summary = http.get(f"{api}/api/games/{game_id}", params={"min_version": version})
        if summary.status_code != 200:
            return None
        if not summary.json()["to_act"]:
            return "over"
        seat = rng.choice(summary.json()["to_act"])
        asking = {"params": {"min_version": version}, "headers": bearer(tokens[seat])}
        legal = http.get(f"{api}/api/games/{game_id}/legal", **asking)  # type: ignore[arg-type]
    except httpx.TransportError:
        return None
    if legal.status_code != 200 or not legal.json()["commands"]:
        return None
    return seat, rng.choice(legal.json()["commands"])


def each_once_in_the_log(tables: Tables, seen: Acknowledged) -> None:
    """Each acknowledged key's events are one run of versions ending at the version its answer gave."""
    for game_id in {game for game, _, _ in seen}:
        by_key: dict[str, list[int]] = {}
        for event in tables.events_of(tables.load(game_id)):
            by_key.setdefault(getattr(event, "command_id", ""), []).append(event.version)
        for game, key, version in seen:
            if game == game_id:
                versions = by_key[key]
                assert versions == list(range(versions[0], version + 1)), (key, versions, version)
