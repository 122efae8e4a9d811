"""Known players: a handle, its passkeys, its API keys and its sessions, decided and folded like a table.

The rules of a player
---------------------
1. A handle is 2-20 characters of ``a-z``, ``0-9``, ``_`` and ``-``, starting with a letter or digit;
   it is case-blind (``Ann`` is ``ann``) and belongs to one player for ever. A player's stream is named
   by its handle (:func:`player_key`), so a handle taken twice clashes on the log's unique version.
2. A player signs up with a passkey (the browser's WebAuthn ceremony, checked by the service) or is
   added by an operator (``backroom players add``), who is given one API key.
3. An API key is ``HANDLE.SECRET``; the stream keeps its digest only (:func:`domain.tokens.digest`),
   with its name; a revoked key stops working at once. A signed-in player makes and revokes keys.
4. A passkey is kept by its credential id, public key and signature counter. A player may add more and
   revoke any but the last (:class:`LastPasskey`): a player added by an operator, with none, signs in
   with a key only. A passkey's counter that goes backwards (a cloned authenticator) is refused;
   a counter of 0 (synced passkeys never count) is accepted.
5. A session is ``HANDLE.SECRET`` too, started by a passkey sign-in and kept by its digest; signing out
   ends it, and signing out everywhere ends every session started before.
6. Nothing here reads a clock or draws a secret: the service passes them in, and each event carries
   what was decided.
"""

from __future__ import annotations

import re
from datetime import datetime
from uuid import NAMESPACE_URL, UUID, uuid5

import msgspec

from domain.errors import InvalidRequest, RuleError, ServiceError

HANDLE = re.compile(r"[a-z0-9][a-z0-9_-]{1,19}")
"""Rule 1."""


class HandleInvalid(InvalidRequest):
    """Raised when a handle breaks rule 1."""

    code = "player/invalid_handle"


class HandleTaken(RuleError):
    """Raised when a handle already belongs to a player."""

    code = "player/handle_taken"


class NoSuchPlayer(RuleError):
    """Raised when a handle names no player."""

    code = "player/not_found"


class LastPasskey(RuleError):
    """Raised when a player would revoke the only passkey they sign in with."""

    code = "player/last_passkey"


class UnknownKey(RuleError):
    """Raised when a key or passkey to revoke is not the player's (or is revoked already)."""

    code = "player/unknown_key"


class PlayerRefused(ServiceError):
    """Raised when a player key or session is wrong, revoked or ended."""

    code = "auth/invalid_player"


class NameOrPlayerNeeded(ServiceError):
    """Raised when a guest takes a seat without a name: a signed-in player sits under their handle."""

    code = "auth/name_or_player"


class CsrfRefused(ServiceError):
    """Raised when a change authorised by a session cookie lacks the session's CSRF token or comes
    from a page of another origin."""

    code = "auth/csrf"


class PasskeyRefused(ServiceError):
    """Raised when a passkey ceremony fails: unknown, used already, expired, another origin, or a
    signature that does not verify."""

    code = "auth/passkey_refused"


class CounterWentBack(RuleError):
    """Raised when a passkey's signature counter goes backwards: the authenticator may be cloned."""

    code = "auth/passkey_cloned"


def handle_of(text: str) -> str:
    """Rule 1: the handle ``text`` spells; :class:`HandleInvalid` when it spells none."""
    handle = text.strip().lower()
    if not HANDLE.fullmatch(handle):
        raise HandleInvalid(
            "A handle is 2-20 letters, digits, '_' or '-', starting with a letter or digit.",
            {"handle": text[:40]},
        )
    return handle


def same_handle(name: str) -> str:
    """``name`` as a handle is compared (case-blind, trimmed)."""
    return name.strip().lower()


def player_key(handle: str) -> UUID:
    """The id of ``handle``'s stream in the log."""
    return uuid5(NAMESPACE_URL, f"backroom:player:{handle}")


def split_secret(presented: str) -> tuple[str, str] | None:
    """A key or session value ``HANDLE.SECRET`` as its handle and secret (``None``: not that shape)."""
    handle, dot, secret = presented.strip().partition(".")
    if not dot or not secret or not HANDLE.fullmatch(handle):
        return None
    return handle, secret


# -- events ---------------------------------------------------------------------------------------


class PlayerEvent(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Something that happened to a player, at ``at``. A storage format: fields are never renamed."""

    at: datetime


class PlayerJoined(PlayerEvent, frozen=True, kw_only=True, tag="PlayerJoined"):
    """A player took ``handle`` (``by``: ``passkey`` or ``operator``)."""

    handle: str
    by: str


class KeyIssued(PlayerEvent, frozen=True, kw_only=True, tag="KeyIssued"):
    key_id: str
    name: str
    digest: str


class KeyRevoked(PlayerEvent, frozen=True, kw_only=True, tag="KeyRevoked"):
    key_id: str


class PasskeyAdded(PlayerEvent, frozen=True, kw_only=True, tag="PasskeyAdded"):
    credential_id: str
    """base64url, as the browser names it."""
    public_key: str
    """base64url of the COSE key the ceremony verified."""
    sign_count: int
    name: str


class PasskeyUsed(PlayerEvent, frozen=True, kw_only=True, tag="PasskeyUsed"):
    credential_id: str
    sign_count: int


class PasskeyRevoked(PlayerEvent, frozen=True, kw_only=True, tag="PasskeyRevoked"):
    credential_id: str


class SessionStarted(PlayerEvent, frozen=True, kw_only=True, tag="SessionStarted"):
    digest: str


class SessionEnded(PlayerEvent, frozen=True, kw_only=True, tag="SessionEnded"):
    digest: str


class SignedOutEverywhere(PlayerEvent, frozen=True, kw_only=True, tag="SignedOutEverywhere"):
    """Every session started before this ends."""


class CeremonyBegun(PlayerEvent, frozen=True, kw_only=True, tag="CeremonyBegun"):
    """A passkey ceremony's challenge was given out (its own stream, :func:`ceremony_key`): ``purpose``
    is ``signup``, ``signin`` or ``add``; ``handle`` the player it is for (empty: a sign-in)."""

    purpose: str
    handle: str
    challenge: str
    expires: datetime


class CeremonyEnded(PlayerEvent, frozen=True, kw_only=True, tag="CeremonyEnded"):
    """The ceremony's challenge was presented: it never serves again, whatever the answer was."""


def ceremony_key(ceremony: str) -> UUID:
    """The id of a passkey ceremony's stream: its challenge, then its one use."""
    return uuid5(NAMESPACE_URL, f"backroom:ceremony:{ceremony}")


AnyPlayerEvent = (
    PlayerJoined
    | KeyIssued
    | KeyRevoked
    | PasskeyAdded
    | PasskeyUsed
    | PasskeyRevoked
    | SessionStarted
    | SessionEnded
    | SignedOutEverywhere
    | CeremonyBegun
    | CeremonyEnded
)
EVENTS = msgspec.json.Decoder(AnyPlayerEvent)


# -- the state and its fold -----------------------------------------------------------------------


class Key(msgspec.Struct, frozen=True, kw_only=True):
    key_id: str
    name: str
    digest: str
    at: datetime


class Passkey(msgspec.Struct, frozen=True, kw_only=True):
    credential_id: str
    public_key: str
    sign_count: int
    name: str
    at: datetime


class Player(msgspec.Struct, frozen=True, kw_only=True):
    """A player's stream folded: its keys, passkeys and live sessions (by digest)."""

    handle: str
    joined: datetime
    version: int = 0
    keys: tuple[Key, ...] = ()
    passkeys: tuple[Passkey, ...] = ()
    sessions: frozenset[str] = frozenset()

    def key_holding(self, digest: str) -> Key | None:
        return next((key for key in self.keys if key.digest == digest), None)

    def passkey(self, credential_id: str) -> Passkey | None:
        return next((each for each in self.passkeys if each.credential_id == credential_id), None)


def evolve(player: Player | None, event: AnyPlayerEvent) -> Player | None:
    """The player after ``event`` (no rules here: the event carries what was decided)."""
    if isinstance(event, PlayerJoined):
        return Player(handle=event.handle, joined=event.at, version=1)
    if player is None:
        return None  # not a player's stream (a ceremony's)
    player = msgspec.structs.replace(player, version=player.version + 1)
    match event:
        case KeyIssued():
            key = Key(key_id=event.key_id, name=event.name, digest=event.digest, at=event.at)
            return msgspec.structs.replace(player, keys=(*player.keys, key))
        case KeyRevoked():
            keys = tuple(key for key in player.keys if key.key_id != event.key_id)
            return msgspec.structs.replace(player, keys=keys)
        case PasskeyAdded():
            added = Passkey(
                credential_id=event.credential_id,
                public_key=event.public_key,
                sign_count=event.sign_count,
                name=event.name,
                at=event.at,
            )
            return msgspec.structs.replace(player, passkeys=(*player.passkeys, added))
        case PasskeyUsed():
            used = tuple(
                msgspec.structs.replace(each, sign_count=event.sign_count)
                if each.credential_id == event.credential_id
                else each
                for each in player.passkeys
            )
            return msgspec.structs.replace(player, passkeys=used)
        case PasskeyRevoked():
            kept = tuple(each for each in player.passkeys if each.credential_id != event.credential_id)
            return msgspec.structs.replace(player, passkeys=kept)
        case SessionStarted():
            return msgspec.structs.replace(player, sessions=player.sessions | {event.digest})
        case SessionEnded():
            return msgspec.structs.replace(player, sessions=player.sessions - {event.digest})
        case SignedOutEverywhere():
            return msgspec.structs.replace(player, sessions=frozenset())
    return player  # a ceremony's events live in streams of their own


def fold(events: list[AnyPlayerEvent], player: Player | None = None) -> Player | None:
    for event in events:
        player = evolve(player, event)
    return player


# -- deciding -------------------------------------------------------------------------------------


def revoke_key(player: Player, key_id: str, at: datetime) -> list[AnyPlayerEvent]:
    """Rule 3: a key of the player's revoked."""
    if not any(key.key_id == key_id for key in player.keys):
        raise UnknownKey("You hold no key of that id.", {"key": key_id[:40]})
    return [KeyRevoked(at=at, key_id=key_id)]


def revoke_passkey(player: Player, credential_id: str, at: datetime) -> list[AnyPlayerEvent]:
    """Rule 4: any passkey but the last."""
    if player.passkey(credential_id) is None:
        raise UnknownKey("You hold no passkey of that id.", {"passkey": credential_id[:100]})
    if len(player.passkeys) == 1:
        raise LastPasskey("This is your only passkey: add another before you revoke it.")
    return [PasskeyRevoked(at=at, credential_id=credential_id)]


def used(player: Player, credential_id: str, sign_count: int, at: datetime) -> list[AnyPlayerEvent]:
    """Rule 4: a passkey's counter moves on (or stays at 0)."""
    passkey = player.passkey(credential_id)
    assert passkey is not None, "a sign-in names a passkey of the player's"
    if sign_count == 0 and passkey.sign_count == 0:
        return []
    if sign_count <= passkey.sign_count:
        raise CounterWentBack("This passkey's counter went backwards: it may have been copied.")
    return [PasskeyUsed(at=at, credential_id=credential_id, sign_count=sign_count)]
