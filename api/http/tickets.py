"""Stream tickets: a short-lived, single-use stand-in for a seat token in a live stream's address.

A browser's ``EventSource`` cannot send an ``Authorization`` header, and a token in a URL ends up in
histories, proxies' logs and screenshots. So a seat asks ``POST /api/games/{id}/stream-ticket`` with
its token in the header and gets a ticket for ``/stream?ticket=...``:

* good for :data:`TICKET_SECONDS` by the service's clock, for that game and that seat only;
* good once: the stream that presents it takes it from the read store (every process of a
  deployment shares it), so a ticket copied from a log or a screen afterwards opens nothing;
* only its digest is stored, and the access log writes every ``ticket`` parameter ``REDACTED``.

A reconnecting stream asks a new ticket (the web client does so at each connection). A ticket is as
good as the token it was issued for, and no better: once a seat link replaces that token, the ticket
opens nothing, and a stream it opened ends (:mod:`api.http.reads`). ``?token=`` on the stream still
works for API clients (ruling: refusing it would break them without notice; the README says to prefer
a ticket or the header). Issuing a ticket spends the seat's history-read budget (:mod:`api.http.throttle`).
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Annotated

import msgspec
from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from api.http.wire import TokenDep, reply
from domain.errors import GameNotFound, InvalidTicket, MissingToken
from domain.seats import Seat, Viewer, is_seat
from domain.tokens import digest
from projections import queries
from projections.queries import ReadSide

TICKET_SECONDS = 30
_KEPT = "ticket:"


class Ticket(msgspec.Struct, frozen=True, kw_only=True):
    """What the read store keeps under a ticket's digest (its own form: no projection reads it)."""

    game_id: str
    seat: int
    until: float
    version: int = 0
    """The game's version when the token was checked (a seat link after it revokes the ticket)."""
    holder: str = ""
    """The digest of the token it was issued for (which the seat must still hold)."""


_DECODER = msgspec.json.Decoder(Ticket)


def issue(reads: ReadSide, game_id: str, token: str | None, now: datetime) -> dict[str, object]:
    """A fresh ticket for the seat ``token`` holds at ``game_id``."""
    if not token:
        raise MissingToken("A stream ticket is for a seat: send its token as 'Authorization: Bearer'.")
    reads.catch_up()
    game_id = queries.canonical_id(game_id)
    table = reads.table(game_id)
    if table is None:
        raise GameNotFound(f"No game {game_id}.")
    viewer = queries.live_viewer(reads, game_id, table, token)
    assert is_seat(viewer)  # a token always names a seat (else InvalidToken was raised)
    ticket, until = secrets.token_urlsafe(24), now + timedelta(seconds=TICKET_SECONDS)
    held = digest(token)
    kept = Ticket(
        game_id=game_id, seat=int(viewer), until=until.timestamp(), version=table.version, holder=held
    )
    reads.store.keep(_KEPT + digest(ticket), msgspec.json.encode(kept), TICKET_SECONDS)
    return {"ticket": ticket, "seat": int(viewer), "expires_at": until, "seconds": TICKET_SECONDS}


def redeem(reads: ReadSide, game_id: str, ticket: str, now: datetime) -> Viewer:
    """The seat ``ticket`` was issued for, taking it (``InvalidTicket``: unknown, used, late, elsewhere,
    or its token replaced by a seat link since)."""
    return Seat(taken(reads, game_id, ticket, now).seat)


def taken(reads: ReadSide, game_id: str, ticket: str, now: datetime) -> Ticket:
    """What the read store kept of ``ticket``, taken (see :func:`redeem`)."""
    kept = reads.store.take(_KEPT + digest(ticket))
    found = _DECODER.decode(kept) if kept is not None else None
    if (
        found is None
        or found.game_id != game_id
        or found.until < now.timestamp()
        or reads.signals.revoked(game_id, found.seat) > found.version
        or reads.replaced(game_id, found.seat, found.holder)
    ):
        raise InvalidTicket(
            "This stream ticket is unknown, used already, expired, for another game, "
            "or its token was replaced."
        )
    return found


async def _reads(request: Request) -> ReadSide:
    return request.app.state.reads  # type: ignore[no-any-return]  # Starlette's app.state is untyped


router = APIRouter(prefix="/api")


@router.post(
    "/games/{game_id}/stream-ticket",
    status_code=201,
    summary="A single-use ticket (30 s) for the live stream's address, instead of the seat token",
)
async def stream_ticket(
    request: Request, reads: Annotated[ReadSide, Depends(_reads)], game_id: str, token: TokenDep
) -> Response:
    return reply(issue(reads, game_id, token, request.app.state.tables.clock()), 201)
