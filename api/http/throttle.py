"""The gate: requests past their allowance refused ahead of routing, at the cost of a dict lookup.

Three kinds of request are budgeted here, each by its own allowance (:mod:`api.limits`):

* openings, ``POST /api/games`` and ``POST /api/games/{id}/fork``, and the passkey ceremonies begun
  (``POST .../options``: each keeps its challenge on the log), per client address
  (``BACKROOM_CREATIONS_PER_MINUTE``, counted in one-minute windows);
* lobby reads, ``GET /api/games`` (``BACKROOM_LOBBY_READS_PER_MINUTE``);
* history reads, ``GET /api/games/{id}/timeline``, ``/audit``, ``/events``, ``/table`` (it holds the
  feed), ``/export`` and ``/record``, and
  stream tickets, ``POST /api/games/{id}/stream-ticket`` (``BACKROOM_HISTORY_READS_PER_MINUTE``).

Reads are paced (earned evenly, three seconds' worth saved up at most), so a flood past its
budget gets an even trickle through rather than a burst at each minute's turn. Whose budget a read
spends: a history read whose seat token names a seat of its game spends that seat's budget, one
budget per seat whatever token it holds (a seat that takes new links gets no new budgets); any other
read spends its client address's, a token that names no seat included (a made-up token is
anonymous). The seat a token names is looked up in the read models (in memory embedded, one read at
scale: what the route would read to refuse the token anyway), and remembered for the latest
:data:`KNOWN` tokens that name a seat. The lobby is the same for everyone, so its reads spend the
address's budget, token or not, and a page of
``limit`` games costs ``limit / 50`` reads (at least one): its cost per request is bounded whatever
``limit`` says.

:class:`Gate` is a pure ASGI check: it reads the method, the path and one header, and answers 429
``rate/limited`` with ``Retry-After`` without reading the body, routing or running a dependency;
nothing a refused request would have done happens. The refusal is sent after a pause
(``BACKROOM_REFUSED_PAUSE_SECONDS``, at most :data:`HELD` refusals held at once, the rest answered
at once): a client that ignores ``Retry-After`` and asks again at once asks at most once a pause per
connection, and a held refusal costs a timer, not a request's work.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, Protocol

import msgspec

from domain.errors import RateLimited, StoreUnavailable
from domain.tokens import digest

_HISTORY = re.compile(r"/api/games/([^/]+)/(?:timeline|audit|events|table|export|record)")
_FORK = re.compile(r"/api/games/[^/]+/fork")
CEREMONIES = frozenset(
    {"/api/players/signup/options", "/api/players/signin/options", "/api/me/passkeys/options"}
)
"""The passkey ceremonies' beginnings: each keeps a challenge on the log, so each counts as an opening."""
_TICKET = re.compile(r"/api/games/([^/]+)/stream-ticket")
_LIMIT = re.compile(rb"(?:^|&)limit=([0-9]{1,6})(?:&|$)")
KNOWN = 50_000
"""Tokens whose seats are remembered before the memory is cleared (they are then looked up anew)."""
LOBBY_PAGE = 50
"""Games in a lobby page that cost one lobby read (a page of 500 costs ten)."""
HELD = 1000
"""Refusals held for their pause at once; past it, refusals are answered at once."""
_ENCODER = msgspec.json.Encoder()
Send = Callable[[Any], Awaitable[None]]
Key = tuple[str, ...]
SeatOf = Callable[[str, str], "tuple[str, int] | None"]
"""The game (as its id is written canonically) and the seat a token (second) holds at the game the path
names (first), else ``None``."""


def kind_of(scope: Any) -> str | None:
    """``creation``, ``lobby``, ``history``, or ``None`` for a request the gate lets through."""
    path, method = scope["path"], scope["method"]
    if method == "POST":
        if path == "/api/games" or _FORK.fullmatch(path) or path in CEREMONIES:
            return "creation"
        return "history" if _TICKET.fullmatch(path) else None
    if method not in {"GET", "HEAD"}:
        return None
    if path == "/api/games":
        return "lobby"
    return "history" if _HISTORY.fullmatch(path) else None


def client_address(scope: Any) -> str:
    """The client address a request is budgeted by: the connection's (or a configured proxy's
    ``X-Forwarded-For``, which :mod:`api.http.serving` has put in its place)."""
    client = scope.get("client")
    return str(client[0]) if client else ""


def lobby_cost(scope: Any) -> int:
    """What a lobby read costs: one read per :data:`LOBBY_PAGE` games it asks for (at least one)."""
    found = _LIMIT.search(scope.get("query_string", b""))
    return max(1, -(-int(found.group(1)) // LOBBY_PAGE)) if found else 1


def _bearer(scope: Any) -> str | None:
    for name, value in scope["headers"]:
        if name == b"authorization" and value[:7].lower() == b"bearer ":
            return value[7:].strip().decode("latin-1") or None
    return None


class Budget(Protocol):
    """An allowance or a pace (:mod:`api.limits`)."""

    per_minute: int

    def spend(self, key: Hashable, *, refuse: bool = True, cost: int = 1) -> None: ...


class Gate:
    """The budgets of openings, lobby and history, checked before anything else looks at a request."""

    def __init__(self, budgets: dict[str, Budget], pause: float = 0.0, seat_of: SeatOf | None = None) -> None:
        self.budgets = budgets
        self.pause = pause
        self.held = 0
        self.seat_of = seat_of
        self.placed: dict[str, Key] = {}
        """Token digests whose seats were looked up: the seat's budget key."""

    async def __call__(self, scope: Any, send: Send) -> Send | None:
        """``None`` once a refusal has been sent; else the ``send`` to answer the request through."""
        kind = kind_of(scope)
        budget = self.budgets.get(kind) if kind else None
        if kind is None or budget is None or budget.per_minute <= 0:
            return send
        address: Key = ("address", client_address(scope))
        try:
            if kind == "lobby":
                budget.spend(address, cost=lobby_cost(scope))
            elif kind == "history":
                budget.spend(self._payer(scope, budget, address))
            else:
                budget.spend(address)
        except RateLimited as error:
            await self.refuse(error, send)
            return None
        return send

    def _payer(self, scope: Any, budget: Budget, address: Key) -> Key:
        """Whose budget a history read spends: its seat's when its token names one, else its address's."""
        token = _bearer(scope)
        if token is None or self.seat_of is None:
            return address
        found = _HISTORY.fullmatch(scope["path"]) or _TICKET.fullmatch(scope["path"])
        game = found.group(1) if found else ""
        held = digest(token)
        placed = self.placed.get(held)
        if placed is not None and placed[1] == game:
            return placed
        try:
            seat = self.seat_of(game, token)
        except StoreUnavailable:  # Redis away: the address pays, and the route answers its 503
            return address
        key = address if seat is None else ("seat", seat[0], str(seat[1]))  # names no seat: anonymous
        if len(self.placed) >= KNOWN:
            self.placed = {}
        if seat is not None:
            self.placed[held] = key
        return key

    async def refuse(self, error: RateLimited, send: Send) -> None:
        """Answer 429 after the pause (at once when :data:`HELD` refusals are already held)."""
        await self.held_back()
        await refuse(error, send)

    async def held_back(self) -> None:
        """The pause before a refusal is answered (none when :data:`HELD` refusals are already held):
        the gate's own, and a route's that refuses a use past a budget only it can count."""
        if self.pause > 0 and self.held < HELD:
            self.held += 1
            try:
                await asyncio.sleep(self.pause)
            finally:
                self.held -= 1


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
