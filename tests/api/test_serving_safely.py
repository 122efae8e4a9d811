"""``backroom serve`` closes connections that never finish their headers and, with ``--access-log``,
logs every request as a JSON line with its request id and never a token."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from uvicorn.config import Config
from uvicorn.server import ServerState

from api.http.serving import ADMITTED_A_TURN, Admissions, Corked, HeaderDeadline, redacted
from tests.support.server import UNLIMITED, serving
from tests.support.service import bearer


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_the_access_log_is_json_lines_with_request_ids_and_no_token(tmp_path: Path) -> None:
    """Bearer headers are never logged, and ``?token=`` is logged as REDACTED."""
    log = tmp_path / "access.jsonl"
    with (
        log.open("wb") as out,
        serving(
            tmp_path / "log.sqlite",
            "--access-log",
            stdout=out,
            policies=UNLIMITED | {"PYTHONUNBUFFERED": "1"},
        ) as served,
        httpx.Client(base_url=served.base, timeout=10) as client,
    ):
        opened = client.post("/api/games", json={"game": "slush-fund-2", "players": ["ann", "bob"]}).json()
        token = opened["tokens"][0]["token"]
        client.get(f"/api/games/{opened['id']}/view", headers=bearer(token))
        streamed = client.get(f"/api/games/{opened['id']}x/stream", params={"token": token})
        asked = client.get("/api/games", headers={"X-Request-ID": "lobby-check-1"})
    assert streamed.status_code == 404 and asked.headers["x-request-id"] == "lobby-check-1"
    text = log.read_text()
    assert token not in text
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    by_path = {(line["method"], line["path"]): line for line in lines}
    assert by_path[("GET", "/api/games")]["request_id"] == "lobby-check-1"
    assert by_path[("GET", f"/api/games/{opened['id']}x/stream")]["query"] == "token=REDACTED"
    assert by_path[("POST", "/api/games")]["status"] == 201
    assert len({line["request_id"] for line in lines}) == len(lines)


def test_a_query_keeps_everything_but_its_secrets() -> None:
    """Every parameter named token (in any case) is replaced; the others stay as sent."""
    assert redacted(b"after=3&token=abc&TOKEN=d&seat=1") == "after=3&token=REDACTED&TOKEN=REDACTED&seat=1"


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_a_connection_that_never_finishes_its_headers_is_closed(tmp_path: Path) -> None:
    """Past BACKROOM_HEADER_SECONDS the server hangs up on a half-sent request head."""
    policies = UNLIMITED | {"BACKROOM_HEADER_SECONDS": "0.5"}
    with serving(tmp_path / "slow.sqlite", policies=policies) as served:
        address = urlsplit(served.base)
        with socket.create_connection((address.hostname, address.port), timeout=30) as slow:
            slow.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
            assert slow.recv(100) == b""  # closed by the server, not answered
        assert httpx.get(f"{served.base}/health", timeout=10).status_code == 200


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_the_head_deadline_starts_again_after_each_answer_on_a_kept_alive_connection(tmp_path: Path) -> None:
    """A kept-alive connection that asks in time stays open past the deadline; one that then stalls
    in a head is closed."""
    policies = UNLIMITED | {"BACKROOM_HEADER_SECONDS": "0.5"}
    with serving(tmp_path / "kept.sqlite", policies=policies) as served:
        address = urlsplit(served.base)
        with socket.create_connection((address.hostname, address.port), timeout=30) as kept:
            for _ in range(6):  # 6 x 0.2 s: longer than the deadline, each head well within it
                kept.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
                assert kept.recv(4096).startswith(b"HTTP/1.1 200")
                time.sleep(0.2)
            kept.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
            assert kept.recv(100) == b""  # closed by the server, not answered


class _Wire:
    """A transport that records each write as it would leave (one system call each)."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.sent.append(data)

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.closed = True

    def get_write_buffer_size(self) -> int:
        return 0


def test_an_answers_head_and_body_leave_in_one_write() -> None:
    """The writes of one turn of the event loop are sent together once it ends; closing sends what is
    held first, aborting drops it."""

    async def scenario() -> tuple[list[bytes], list[bytes], list[bytes]]:
        loop = asyncio.get_running_loop()
        wire, closing, aborted = _Wire(), _Wire(), _Wire()
        corked = Corked(wire, loop)  # type: ignore[arg-type]  # the parts of a transport it uses
        corked.write(b"HTTP/1.1 200 OK\r\n\r\n")
        corked.write(b"{}")
        assert wire.sent == [] and corked.get_write_buffer_size() == 21
        await asyncio.sleep(0)
        shut = Corked(closing, loop)  # type: ignore[arg-type]
        shut.write(b"last words")
        shut.close()
        dropped = Corked(aborted, loop)  # type: ignore[arg-type]
        dropped.write(b"never sent")
        dropped.abort()
        await asyncio.sleep(0)
        return wire.sent, closing.sent, aborted.sent

    sent, closing, aborted = asyncio.run(scenario())
    assert sent == [b"HTTP/1.1 200 OK\r\n\r\n{}"]
    assert closing == [b"last words"] and aborted == []


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_answers_through_the_held_writes_are_whole_on_a_kept_alive_connection(tmp_path: Path) -> None:
    """Over a real socket and uvicorn, two requests on one connection each get their whole answer
    (the server's writes pass through :class:`Corked`)."""
    with serving(tmp_path / "corked.sqlite") as served:
        address = urlsplit(served.base)
        with socket.create_connection((address.hostname, address.port), timeout=30) as client:
            answers = []
            for _ in range(2):
                client.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
                received = b""
                while b"\r\n\r\n" not in received or not received.endswith(b"}"):
                    received += client.recv(65536)
                answers.append(received)
    for answer in answers:
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200")
        assert json.loads(body)["status"] == "ok"


class _Waiting:
    """A new connection as :class:`Admissions` sees it: it only records its turn."""

    def __init__(self, number: int, admitted: list[int]) -> None:
        self.number, self.record = number, admitted

    def admitted(self) -> None:
        self.record.append(self.number)


def test_a_burst_of_new_connections_is_read_a_few_a_turn_in_arrival_order() -> None:
    """Twenty connections asking in one turn are read ``ADMITTED_A_TURN`` (8) a turn, first come first
    read, and the admissions stop asking for turns once nobody waits."""

    async def scenario() -> list[list[int]]:
        admitted: list[int] = []
        admissions = Admissions(asyncio.get_running_loop())
        for number in range(20):
            admissions.ask(_Waiting(number, admitted))  # type: ignore[arg-type]  # what it asks of one
        turns = []
        for _ in range(4):
            await asyncio.sleep(0)  # one turn of the loop
            turns.append(list(admitted))
        assert not admissions.due and not admissions.waiting
        return turns

    turns = asyncio.run(scenario())
    assert [len(seen) for seen in turns] == [min(20, ADMITTED_A_TURN * turn) for turn in (1, 2, 3, 4)]
    assert turns[-1] == list(range(20))


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_every_new_connection_of_a_burst_is_answered_and_one_gone_meanwhile_is_skipped(
    tmp_path: Path,
) -> None:
    """Sixty connections sending their first request at once are all answered in their turn (none
    refused); one closed before its answer costs nothing, and a kept-alive connection still answers."""
    with serving(tmp_path / "burst.sqlite") as served:
        address = urlsplit(served.base)
        burst = [socket.create_connection((address.hostname, address.port), timeout=30) for _ in range(61)]
        try:
            for connection in burst:
                connection.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            burst.pop().close()
            answers = []
            for connection in burst:
                received = b""
                while not received.endswith(b"}"):
                    received += connection.recv(65536)
                answers.append(received)
            burst[0].sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            again = burst[0].recv(65536)
        finally:
            for connection in burst:
                connection.close()
    assert len(answers) == 60 and all(answer.startswith(b"HTTP/1.1 200") for answer in answers)
    assert again.startswith(b"HTTP/1.1 200")


class _Accepted:
    """A transport as a just-accepted connection has it: reading paused or not, open or closed."""

    def __init__(self) -> None:
        self.reading, self.closing = True, False

    def pause_reading(self) -> None:
        self.reading = False

    def resume_reading(self) -> None:
        self.reading = True

    def is_closing(self) -> bool:
        return self.closing

    def get_extra_info(self, name: str, default: object = None) -> object:
        return {"sockname": ("127.0.0.1", 8000), "peername": ("127.0.0.1", 50000)}.get(name, default)


def test_a_connection_is_set_up_in_its_turn_not_in_the_turn_that_accepted_it() -> None:
    """uvloop accepts a whole burst in one turn: there a connection only joins the queue, its reading
    paused; uvicorn sets it up (its parser, its addresses) in the connection's turn, which then reads.
    One closed before its turn is skipped and never set up."""

    async def scenario() -> tuple[list[bool], list[bool], bool, bool]:
        state = ServerState()
        config = Config(app=lambda scope, receive, send: None, loop="asyncio")
        count = ADMITTED_A_TURN + 2
        made = [HeaderDeadline(config=config, server_state=state, app_state={}) for _ in range(count)]
        transports = [_Accepted() for _ in made]
        for connection, transport in zip(made, transports, strict=True):
            connection.connection_made(transport)  # type: ignore[arg-type]  # what it asks of one
        transports[-1].closing = True
        made[-1].connection_lost(None)
        pairs = zip(made, transports, strict=True)
        accepted = [hasattr(connection, "parser") or transport.reading for connection, transport in pairs]
        await asyncio.sleep(0)  # the first turn of admissions
        first = [hasattr(connection, "parser") for connection in made]
        await asyncio.sleep(0)
        gone = hasattr(made[-1], "parser") or len(state.connections) != len(made) - 1
        return accepted, first, hasattr(made[-2], "parser"), gone

    accepted, first, second, gone = asyncio.run(scenario())
    assert not any(accepted), "set up or read in the turn that accepted it"
    assert first == [True] * ADMITTED_A_TURN + [False, False]
    assert second and not gone
