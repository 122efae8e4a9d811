"""Known players over HTTP: passkeys, sessions, API keys, a player's page and the ratings.

Who calls, and the CSRF check a cookie's change passes: :mod:`api.http.callers`.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

import msgspec
from fastapi import APIRouter, Path, Request
from fastapi.responses import Response

from api.http.callers import COOKIE, Caller, PlayersDep, SignedInDep, players_of
from api.http.routes import BodyDep
from api.http.wire import decode, reply
from api.players.application import csrf_of
from domain.errors import UnknownGameType
from domain.players import CsrfRefused, PlayerRefused
from projections import queries

router = APIRouter(prefix="/api")


HANDLE_PATTERN = r"^\s*[A-Za-z0-9][A-Za-z0-9_-]{1,19}\s*$"
"""A handle as the schema says it (:data:`domain.players.HANDLE`, before it is lowercased)."""


class Handle(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The handle to sign up under (the schema's pattern; :class:`Asked` is what is read)."""

    handle: Annotated[str, msgspec.Meta(pattern=HANDLE_PATTERN)]


class Asked(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A sign-up's body as read: a handle the schema refuses is refused by the players' rule, in its
    own words (``player/invalid_handle``), not by a regular expression."""

    handle: str


class Ceremony(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A passkey ceremony's answer: its id (from the options) and the browser's credential as JSON."""

    ceremony: Annotated[str, msgspec.Meta(min_length=1)]
    credential: dict[str, Any]
    name: str = ""


class KeyName(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: str = "key"


def _same_origin(request: Request) -> None:
    """Sign-up and sign-in answer only pages of the public origin (a login from another site is refused)."""
    origin = request.headers.get("origin")
    if origin is not None and origin.rstrip("/") != players_of(request).origin:
        raise CsrfRefused("A sign-in from another site's page is refused.")


def _session_reply(request: Request, signed: Any) -> Response:
    service = players_of(request)
    answer = reply({"handle": signed.player.handle, "csrf": csrf_of(signed.session)})
    secure = not service.origin.startswith("http://localhost")
    answer.set_cookie(COOKIE, signed.session, httponly=True, samesite="lax", secure=secure, path="/")
    return answer


def me(caller: Caller) -> dict[str, Any]:
    """What a player sees of their own account (never a key or a session: only their names)."""
    player = caller.player
    return {
        "handle": player.handle,
        "csrf": csrf_of(caller.session) if caller.session else None,
        "keys": [{"id": key.key_id, "name": key.name, "created_at": key.at} for key in player.keys],
        "passkeys": [
            {"id": each.credential_id, "name": each.name, "created_at": each.at} for each in player.passkeys
        ],
    }


# -- passkeys and sessions ------------------------------------------------------------------------


@router.post("/players/signup/options", summary="Begin signing up: passkey creation options for a handle")
async def signup_options(request: Request, service: PlayersDep, body: BodyDep) -> Response:
    _same_origin(request)
    return reply(await service.signup_options(decode(body, Asked).handle))


@router.post("/players/signup", summary="Finish signing up with the new passkey: a session cookie")
async def signup(request: Request, service: PlayersDep, body: BodyDep) -> Response:
    _same_origin(request)
    answer = decode(body, Ceremony)
    return _session_reply(request, await service.sign_up(answer.ceremony, answer.credential, answer.name))


@router.post("/players/signin/options", summary="Begin signing in: passkey request options")
async def signin_options(request: Request, service: PlayersDep) -> Response:
    _same_origin(request)
    return reply(await service.signin_options())


@router.post("/players/signin", summary="Finish signing in with a passkey: a session cookie")
async def signin(request: Request, service: PlayersDep, body: BodyDep) -> Response:
    _same_origin(request)
    answer = decode(body, Ceremony)
    return _session_reply(request, await service.sign_in(answer.ceremony, answer.credential))


@router.get("/session", summary="Who this browser is signed in as (never refused: a guest is told so)")
async def session(request: Request, service: PlayersDep) -> Response:
    found = request.cookies.get(COOKIE)
    try:
        player = await service.by_session(found) if found else None
    except PlayerRefused:
        player = None  # ended elsewhere: a guest now
    if player is None or found is None:
        answer = reply({"handle": None, "csrf": None})
        if found:
            answer.delete_cookie(COOKIE, path="/")  # an ended session: forgotten by this browser too
        return answer
    return reply({"handle": player.handle, "csrf": csrf_of(found)})


@router.get("/me", summary="The signed-in player: handle, CSRF token, key and passkey names")
async def whoami(caller: SignedInDep) -> Response:
    return reply(me(caller))


@router.post("/me/signout", summary="End this session")
async def signout(service: PlayersDep, caller: SignedInDep) -> Response:
    if caller.session:
        await service.sign_out(caller.player, caller.session)
    answer = reply({"signed_out": True})
    answer.delete_cookie(COOKIE, path="/")
    return answer


@router.post("/me/signout-everywhere", summary="End every session of this player, on every device")
async def signout_everywhere(service: PlayersDep, caller: SignedInDep) -> Response:
    await service.sign_out_everywhere(caller.player)
    answer = reply({"signed_out": True})
    answer.delete_cookie(COOKIE, path="/")
    return answer


@router.post("/me/passkeys/options", summary="Begin adding a passkey: creation options")
async def passkey_options(service: PlayersDep, caller: SignedInDep) -> Response:
    return reply(await service.add_options(caller.player))


@router.post("/me/passkeys", summary="Finish adding a passkey")
async def add_passkey(service: PlayersDep, caller: SignedInDep, body: BodyDep) -> Response:
    answer = decode(body, Ceremony)
    player = await service.add_passkey(caller.player, answer.ceremony, answer.credential, answer.name)
    return reply(me(Caller(player, caller.session)))


@router.delete("/me/passkeys/{credential_id}", summary="Revoke a passkey (not the last)")
async def revoke_passkey(service: PlayersDep, caller: SignedInDep, credential_id: str) -> Response:
    player = await service.revoke_passkey(caller.player, credential_id)
    return reply(me(Caller(player, caller.session)))


@router.post("/me/keys", status_code=201, summary="A new named API key (shown once)")
async def issue_key(service: PlayersDep, caller: SignedInDep, body: BodyDep) -> Response:
    name = decode(body, KeyName).name.strip() or "key"
    _, key, key_id = await service.issue_key(caller.player, name)
    return reply({"id": key_id, "name": name[:60], "key": key}, 201)


@router.delete("/me/keys/{key_id}", summary="Revoke an API key: it stops working at once, everywhere")
async def revoke_key(service: PlayersDep, caller: SignedInDep, key_id: str) -> Response:
    player = await service.revoke_key(caller.player, key_id)
    return reply(me(Caller(player, caller.session)))


# -- a player's page and the ratings ----------------------------------------------------------------


@router.get("/players/{handle}", summary="A player's tables (live first, whose turn), games, ratings")
async def player_page(
    request: Request, service: PlayersDep, handle: Annotated[str, Path(pattern=HANDLE_PATTERN)]
) -> Response:
    player = await service.player(handle)
    reads = request.app.state.reads
    return reply(await asyncio.to_thread(queries.player_page, reads, player.handle))


@router.get("/ratings/{game}", summary="A game's ratings, best first")
async def game_ratings(request: Request, game: str) -> Response:
    tables = request.app.state.tables
    if game not in tables.store.games:
        raise UnknownGameType(f"No game called {game!r} is offered here.")
    reads = request.app.state.reads
    return reply(await asyncio.to_thread(queries.ratings_of, reads, game))


@router.get("/games/{game_id}/chances", summary="Each seat's chance to win from the ratings")
async def chances(request: Request, game_id: str) -> Response:
    reads = request.app.state.reads
    return reply(await asyncio.to_thread(queries.chances_at, reads, game_id))
