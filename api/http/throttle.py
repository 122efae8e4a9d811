"""The gate: requests past their allowance refused ahead of routing, at the cost of a dict lookup.

Three kinds of request are budgeted here, each by its own allowance (:mod:`api.service.limits`):

* openings, ``POST /api/games`` and ``POST /api/games/{id}/fork``, per client address
  (``BACKROOM_CREATIONS_PER_MINUTE``, counted in one-minute windows);
* lobby reads, ``GET /api/games`` (``BACKROOM_LOBBY_READS_PER_MINUTE``);
* history reads, ``GET /api/games/{id}/timeline``, ``/audit``, ``/events`` and ``/export``, and
  stream tickets, ``POST /api/games/{id}/stream-ticket`` (``BACKROOM_HISTORY_READS_PER_MINUTE``).

Reads are paced (earned evenly, three seconds' worth saved up at most), so a flood past its
budget gets an even trickle through rather than a burst at each minute's turn. Whose budget a read
spends: a request carrying a seat token (``Authorization: Bearer``) is budgeted by its seat (the
token's digest), an anonymous one by its client address. A table's players behind one address (a
household, an office, the benchmark's loopback) so never share a budget with each other or with an
anonymous flood from that address; a seat floods only its own. A token is not checked here (that
would cost a store read), so inventing tokens must not buy fresh budgets: each refusal of a token
(401, 403) is charged to its address's *guessing* budget (the same size), and a token this process
has not yet seen answered (2xx) is admitted only while that budget lasts. A seat already reading
keeps reading whatever its neighbours guess.

:class:`Gate` is a pure ASGI check: it reads the method, the path and one header, and answers 429
``rate/limited`` with ``Retry-After`` without reading the body, routing or running a dependency;
nothing a refused request would have done happens. The refusal is sent after a pause
(``BACKROOM_REFUSED_PAUSE_SECONDS``, at most :data:`HELD` refusals held at once, the rest answered
at once): a client that ignores ``Retry-After`` and asks again at once asks at most once a pause per
connection, and a held refusal costs a timer, not a request's work.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, Protocol

import msgspec

from domain.errors import RateLimited

_HISTORY = re.compile(r"/api/games/[^/]+/(?:timeline|audit|events|export)")
_FORK = re.compile(r"/api/games/[^/]+/fork")
_TICKET = re.compile(r"/api/games/[^/]+/stream-ticket")
KNOWN = 50_000
"""Answered seats remembered before the memory is cleared (they are then checked anew)."""
HELD = 1000
"""Refusals held for their pause at once; past it, refusals are answered at once."""
_ENCODER = msgspec.json.Encoder()
Send = Callable[[Any], Awaitable[None]]
Key = tuple[str, str]


def kind_of(scope: Any) -> str | None:
    """``creation``, ``lobby``, ``history``, or ``None`` for a request the gate lets through."""
    path, method = scope["path"], scope["method"]
    if method == "POST":
        if path == "/api/games" or _FORK.fullmatch(path):
            return "creation"
        return "history" if _TICKET.fullmatch(path) else None
    if method not in {"GET", "HEAD"}:
        return None
    if path == "/api/games":
        return "lobby"
    return "history" if _HISTORY.fullmatch(path) else None


def keys_of(scope: Any, kind: str) -> tuple[Key, Key]:
    """The budget this request spends (a read's seat's, else its address's) and its address's."""
    client = scope.get("client")
    address = ("address", client[0] if client else "")
    if kind == "creation":
        return address, address
    for name, value in scope["headers"]:
        if name == b"authorization" and value[:7].lower() == b"bearer ":
            return ("seat", hashlib.sha256(value[7:].strip()).hexdigest()), address
    return address, address


class Budget(Protocol):
    """An allowance or a pace (:mod:`api.service.limits`)."""

    per_minute: int

    def spend(self, key: Hashable, *, refuse: bool = True) -> None: ...

    def check(self, key: Hashable) -> None: ...


class Gate:
    """The budgets of openings, lobby and history, checked before anything else looks at a request."""

    def __init__(self, budgets: dict[str, Budget], pause: float = 0.0) -> None:
        self.budgets = budgets
        self.pause = pause
        self.held = 0
        self.known: set[Key] = set()
        """Seats whose reads were answered (a guessed token never is)."""

    async def __call__(self, scope: Any, send: Send) -> Send | None:
        """``None`` once a refusal has been sent; else the ``send`` to answer the request through."""
        kind = kind_of(scope)
        budget = self.budgets.get(kind) if kind else None
        if kind is None or budget is None or budget.per_minute <= 0:
            return send
        key, address = keys_of(scope, kind)
        guessing = ("guessing", address[1])
        try:
            if key != address and key not in self.known:
                budget.check(guessing)  # spent by refused tokens: no fresh budgets by invention
            budget.spend(key)
        except RateLimited as error:
            await self.refuse(error, send)
            return None
        return send if key == address else self._told(budget, key, guessing, send)

    def _told(self, budget: Budget, key: Key, guessing: Key, send: Send) -> Send:
        """``send``, remembering a seat answered and charging a refused token to ``guessing``."""

        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                if message["status"] in {401, 403}:
                    budget.spend(guessing, refuse=False)
                elif message["status"] < 400 and key not in self.known:
                    self.known = self.known if len(self.known) < KNOWN else set()
                    self.known.add(key)
            await send(message)

        return sending

    async def refuse(self, error: RateLimited, send: Send) -> None:
        """Answer 429 after the pause (at once when :data:`HELD` refusals are already held)."""
        if self.pause > 0 and self.held < HELD:
            self.held += 1
            try:
                await asyncio.sleep(self.pause)
            finally:
                self.held -= 1
        await refuse(error, send)


async def refuse(error: RateLimited, send: Send) -> None:
    """Answer 429 in the one error shape, with ``Retry-After``."""
    wait = str(error.details["retry_after"]).encode()
    body = _ENCODER.encode({"error": {"code": error.code, "message": str(error), "details": error.details}})
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"retry-after", wait),
    ]
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": body})
