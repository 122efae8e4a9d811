"""A bounded bot load over HTTP for fault tests: random legal commands, the acknowledged ones noted.

Each client plays through every API process in turn and keeps going through faults as a real client
does: a dropped connection is retried on the next process with the same idempotency key, and a read that
fails (5xx, or a read model not rebuilt yet) is asked again a moment later.

The load lasts until the test stops it, not until a game ends: a client whose table is over opens
another like it and plays on. A fault test waits for "commands flowing" after each fault, and between
faults it waits on the wall clock (``backroom up`` noticing a kill at its next half-second look, a
PostgreSQL restart) while the clients play on. Three Politrickers tables of random play hold about 160
commands (27 to 72 a table), which three clients play in two to five seconds here; a load that ended
with its first tables was used up before a later fault whenever those waits ran a second or two long
on a busy machine, and "commands flowing" then waited its whole timeout for commands no table could
take. The bound is time instead: :data:`PLAYS_FOR`.
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
Going = Callable[[], bool]
"""Whether a client is to play on (not stopped, not past its time)."""
PLAYS_FOR = 600.0
"""Seconds a client plays at most when the test never stops it (a test that failed half-way)."""


def opened(api: str, body: dict[str, Any]) -> Game:
    """Open a table through ``api``; its id and tokens."""
    answer = httpx.post(f"{api}/api/games", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    return _game(answer)


def _game(answer: httpx.Response) -> Game:
    return answer.json()["id"], {entry["seat"]: entry["token"] for entry in answer.json()["tokens"]}


def until(what: str, check: Callable[[], bool], timeout: float = 180) -> None:
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


def bot(apis: list[str], game: Game, seen: Acknowledged, stop: threading.Event, body: dict[str, Any]) -> None:
    """Random legal commands on ``game``, alternating API processes; when it is over, on at a new table
    opened with ``body`` (seeded anew each time), and so on until stopped or :data:`PLAYS_FOR` s passed."""
    deadline = time.monotonic() + PLAYS_FOR

    def going() -> bool:
        return not stop.is_set() and time.monotonic() < deadline

    playing: Game | None = game
    number = 0
    with httpx.Client(timeout=30) as http:
        while playing is not None and _played(http, apis, playing, seen, going):
            number += 1
            playing = _reopened(http, apis, body | {"seed": f"{body.get('seed', 'bot')}.{number}"}, going)


def _played(http: httpx.Client, apis: list[str], game: Game, seen: Acknowledged, going: Going) -> bool:
    """Play ``game`` to its end (``True``), or while ``going`` (``False`` once it is not)."""
    game_id, tokens = game
    rng, version, turn = random.Random(game_id), 1, 0
    while going():
        turn += 1
        api = apis[turn % len(apis)]
        move = _next_move(http, api, game, version, rng)
        if move is None:
            time.sleep(0.1)  # that process is down, or its reads are not back yet: ask again
            continue
        if move == "over":
            return True
        seat, command = move
        answer = send(http, apis, game_id, tokens[seat], command, turn=turn)
        if answer.status_code == 200:
            version = answer.json()["version"]
            seen.append((game_id, answer.request.headers["Idempotency-Key"], version))
    return False


def _reopened(http: httpx.Client, apis: list[str], body: dict[str, Any], going: Going) -> Game | None:
    """A new table opened with ``body`` through whichever API process takes it (``None``: no longer
    ``going``). An open whose answer was lost may leave a table nobody plays: nothing checked changes."""
    turn = 0
    while going():
        turn += 1
        try:
            answer = http.post(f"{apis[turn % len(apis)]}/api/games", json=body)
        except httpx.TransportError:
            answer = None  # that process is down: the next one is asked
        if answer is not None and answer.status_code == 201:
            return _game(answer)
        time.sleep(0.1)  # down, or PostgreSQL away (503): ask again a moment later
    return None


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
        for event in tables.store.events_of(tables.store.load(game_id)):
            by_key.setdefault(getattr(event, "command_id", ""), []).append(event.version)
        for game, key, version in seen:
            if game == game_id:
                versions = by_key[key]
                assert versions == list(range(versions[0], version + 1)), (key, versions, version)
