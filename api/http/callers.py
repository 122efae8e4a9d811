"""Who calls (a known player by API key or session cookie, or a guest), and the CSRF check of a cookie.

``Authorization: Player KEY`` (an API key; no CSRF check, as no browser sends it on its own), else the
session cookie :data:`COOKIE` (``HttpOnly``, ``SameSite=Lax``, ``Secure`` unless the public origin is
``http://localhost``). A change a cookie authorises must carry the session's CSRF token (``X-CSRF-Token``,
from ``GET /api/me``) and, when the browser says where it comes from, the public origin (``Origin``);
else it is refused 403 ``auth/csrf`` and changes nothing. A cookie whose session ended (signed out,
here or everywhere) makes its browser a guest again: a guest's request is never refused for it, and a
route that needs a player answers 401 ``auth/invalid_player``. A request with a seat token
(``Authorization: Bearer``) speaks for its seat alone, whatever cookie rides along.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

from api.players.application import Players, csrf_of
from domain.errors import InvalidRequest
from domain.players import CsrfRefused, Player, PlayerRefused, same_handle

COOKIE = "backroom_session"
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})


@dataclass(frozen=True, slots=True)
class Caller:
    """A known player calling, and how: ``key`` or ``cookie`` (then ``session`` is its value)."""

    player: Player
    session: str = ""


def players_of(request: Request) -> Players:
    return request.app.state.players  # type: ignore[no-any-return]  # Starlette's app.state is untyped


async def caller_of(request: Request) -> Caller | None:
    """The known player a request comes from (``None``: a guest); refused when the key or session is
    wrong, revoked or ended, and a cookie's change without its CSRF token or from another origin."""
    service = players_of(request)
    scheme, _, key = (request.headers.get("authorization") or "").partition(" ")
    if scheme.lower() == "player":
        return Caller(await service.by_key(key))
    session = request.cookies.get(COOKIE)
    if not session or scheme.lower() == "bearer":  # a seat token speaks for its seat alone
        return None
    try:
        caller = Caller(await service.by_session(session), session)
    except PlayerRefused:
        return None  # a session ended (here or on another device): this browser is a guest again
    if request.method not in SAFE:
        origin = request.headers.get("origin")
        if origin is not None and origin.rstrip("/") != service.origin:
            raise CsrfRefused("A change from another site's page is refused.")
        if request.headers.get("x-csrf-token") != csrf_of(session):
            raise CsrfRefused("Send the session's CSRF token (X-CSRF-Token, from GET /api/me).")
    return caller


async def _signed_in(request: Request) -> Caller:
    caller = await caller_of(request)
    if caller is None:
        raise PlayerRefused("Sign in, or send 'Authorization: Player KEY'.")
    return caller


CallerDep = Annotated[Caller | None, Depends(caller_of)]
SignedInDep = Annotated[Caller, Depends(_signed_in)]
PlayersDep = Annotated[Players, Depends(players_of)]


def holder_of(caller: Caller | None, name: str | None) -> tuple[str | None, str | None]:
    """The name a seat is taken under and its known player: a player sits under their handle (a
    different ``name`` is refused); a guest under ``name``."""
    if caller is None:
        return name, None
    handle = caller.player.handle
    if name is not None and same_handle(name) != handle:
        raise InvalidRequest("A signed-in player sits under their handle.", {"handle": handle})
    return handle, handle
