"""The edges of a request, as ``backroom serve`` meets them: each ends in a 4xx in the one error shape,
or a closed connection, never a 500 or a connection held open.

A body trickled too slowly is cut off; a too-large body written whole before reading gets its 413; a
head the parser refuses (a malformed ``Content-Length``) gets JSON; ``X-Forwarded-For`` moves the
rate-limit address only when a configured proxy sends it; options nested deeper than the decoder
follows are 422.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from tests.support.server import UNLIMITED, Served, serving

OPEN = b'{"game": "slush-fund-2", "players": ["ann", "bob"]}'


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    policies = UNLIMITED | {"BACKROOM_HEADER_SECONDS": "1"}
    with serving(tmp_path_factory.mktemp("edges") / "edges.sqlite", policies=policies) as server:
        yield server


def connected(served: Served) -> socket.socket:
    address = urlsplit(served.base)
    return socket.create_connection((address.hostname, address.port), timeout=20)


def answer_of(connection: socket.socket) -> tuple[int, bytes, dict[str, object]]:
    """Status, head and decoded JSON body of the one answer read to the end of the connection."""
    got = b""
    while chunk := connection.recv(65536):
        got += chunk
    head, _, body = got.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), head, json.loads(body)


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_a_body_trickled_too_slowly_is_cut_off(served: Served) -> None:
    """The head arrives, then the body stalls: past BACKROOM_HEADER_SECONDS again the server hangs up."""
    with connected(served) as slow:
        slow.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{")
        started = time.monotonic()
        assert slow.recv(1024) == b""  # closed, unanswered
        assert time.monotonic() - started < 10


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_a_too_large_body_written_whole_gets_its_413(served: Served) -> None:
    """A client that writes a 200 kB body before it reads anything sees the 413 in the error shape."""
    body = b'{"name": "' + b"x" * 200_000 + b'"}'
    with connected(served) as eager:
        eager.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Connection: close\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
        )
        status, _, answer = answer_of(eager)
    assert status == 413
    assert answer["error"]["code"] == "request/too_large"  # type: ignore[index]


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_a_malformed_content_length_gets_the_json_error_shape(served: Served) -> None:
    """A head the HTTP parser refuses is 400 in the one error shape, not plain text."""
    with connected(served) as odd:
        odd.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 1x\r\n\r\n" + OPEN)
        status, head, answer = answer_of(odd)
    assert status == 400 and b"application/json" in head.lower()
    assert answer["error"]["code"] == "request/invalid"  # type: ignore[index]


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_options_nested_a_thousand_deep_are_a_4xx(served: Served) -> None:
    """Options nested deeper than the decoder follows are 422 ``request/invalid``, not a 500."""
    deep = b'{"a":' * 1000 + b"1" + b"}" * 1000
    body = b'{"game": "slush-fund-2", "players": ["ann", "bob"], "options": ' + deep + b"}"
    answer = httpx.post(
        f"{served.base}/api/games", content=body, headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "request/invalid"


def _openings(served: Served, forwarded: list[str]) -> list[int]:
    with httpx.Client(base_url=served.base) as http:
        return [
            http.post("/api/games", content=OPEN, headers={"X-Forwarded-For": address}).status_code
            for address in forwarded
        ]


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
def test_x_forwarded_for_is_trusted_only_from_a_configured_proxy(tmp_path: Path) -> None:
    """Without BACKROOM_TRUSTED_PROXIES a local client cannot choose its rate-limit address; with the
    proxy's address configured, each forwarded client is counted as itself."""
    one = UNLIMITED | {"BACKROOM_CREATIONS_PER_MINUTE": "1", "BACKROOM_REFUSED_PAUSE_SECONDS": "0"}
    with serving(tmp_path / "direct.sqlite", policies=one) as served:
        assert _openings(served, ["10.0.0.1", "10.0.0.2"]) == [201, 429]
    trusted = one | {"BACKROOM_TRUSTED_PROXIES": "127.0.0.1"}
    with serving(tmp_path / "proxied.sqlite", policies=trusted) as served:
        assert _openings(served, ["10.0.0.1", "10.0.0.2", "10.0.0.1"]) == [201, 201, 429]
