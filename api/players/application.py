"""Known players on the write side: sign-up and sign-in with passkeys, sessions, API keys.

Each use case reads the player's stream as the log holds it now (:class:`store.players.PlayerLog`),
decides (:mod:`domain.players`) and appends at the next version. The passkey ceremonies are the
``webauthn`` package's: this module gives out a challenge (kept in a stream of its own on the log, so
any process can check it) and hands the browser's answer to ``verify_registration_response`` or
``verify_authentication_response`` with the challenge, the relying party's id and the origin from
``BACKROOM_PUBLIC_ORIGIN``. A challenge serves once: its use is appended at version 2 of its stream
before the answer is checked, so a replayed answer clashes on the log wherever it arrives.

``webauthn`` is imported by the ceremonies that use it, not with this module: it took 0.3 s of CPU at
each start of a process that may never see a passkey (every ``backroom serve`` a test starts).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from eventsourcing.persistence import IntegrityError

from domain import players
from domain.players import (
    CeremonyBegun,
    CeremonyEnded,
    KeyIssued,
    PasskeyAdded,
    PasskeyRefused,
    Player,
    PlayerJoined,
    PlayerRefused,
    SessionEnded,
    SessionStarted,
    SignedOutEverywhere,
)
from domain.tokens import digest
from store import stored
from store.players import PlayerLog
from store.repository import TableStore

CEREMONY_SECONDS = 300
"""How long a passkey ceremony's challenge may be answered."""
RP_NAME = "Backroom"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def csrf_of(session: str) -> str:
    """The CSRF token of a session: derived from its secret, so only a page that read it from
    ``GET /api/me`` (same origin) can send it back."""
    return hmac.new(session.encode(), b"backroom/csrf", hashlib.sha256).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A new session: its cookie value and the player."""

    session: str
    player: Player


class Players:
    """The players' use cases over the log the tables share."""

    def __init__(self, store: TableStore, public_origin: str) -> None:
        self.store = store
        self.log = PlayerLog(store)
        self.clock = store.clock
        self.origin = public_origin
        self.rp_id = urlsplit(public_origin).hostname or "localhost"

    # -- reading and authorising ------------------------------------------------------------------

    async def player(self, handle: str) -> Player:
        found = await self.log.player(players.handle_of(handle))
        if found is None:
            raise players.NoSuchPlayer("No player has that handle.", {"handle": handle[:40]})
        return found

    async def by_key(self, presented: str) -> Player:
        """The player an API key (``HANDLE.SECRET``) belongs to; refused when wrong or revoked."""
        return await self._holding(presented, lambda player, d: player.key_holding(d) is not None)

    async def by_session(self, presented: str) -> Player:
        """The player a session cookie belongs to; refused once it ended (on any process)."""
        return await self._holding(presented, lambda player, d: d in player.sessions)

    async def _holding(self, presented: str, holds: Any) -> Player:
        parts = players.split_secret(presented)
        player = await self.log.player(parts[0]) if parts is not None else None
        if player is None or not holds(player, digest(presented.strip())):
            raise PlayerRefused("That player key or session is not valid (wrong, revoked or ended).")
        return player

    # -- keys ---------------------------------------------------------------------------------------

    async def add(self, handle: str) -> tuple[Player, str]:
        """An operator adds a player (rule 2): the player and one API key."""
        handle = players.handle_of(handle)
        now = self.clock()
        key, issued = self._key(handle, "operator", now)
        joined = PlayerJoined(at=now, handle=handle, by="operator")
        return await self.log.append(handle, None, [joined, issued]), key

    async def issue_key(self, player: Player, name: str) -> tuple[Player, str, str]:
        """A new named API key for ``player``: the player after, the key (shown once) and its id."""
        key, issued = self._key(player.handle, name, self.clock())
        return await self.log.append(player.handle, player, [issued]), key, issued.key_id

    async def revoke_key(self, player: Player, key_id: str) -> Player:
        return await self.log.append(player.handle, player, players.revoke_key(player, key_id, self.clock()))

    @staticmethod
    def _key(handle: str, name: str, now: datetime) -> tuple[str, KeyIssued]:
        key = f"{handle}.{secrets.token_urlsafe(24)}"
        return key, KeyIssued(at=now, key_id=secrets.token_hex(6), name=name[:60], digest=digest(key))

    # -- sessions -----------------------------------------------------------------------------------

    async def _start_session(self, player: Player, extra: list[players.AnyPlayerEvent]) -> SignedIn:
        session = f"{player.handle}.{secrets.token_urlsafe(32)}"
        started = SessionStarted(at=self.clock(), digest=digest(session))
        return SignedIn(session, await self.log.append(player.handle, player, [*extra, started]))

    async def sign_out(self, player: Player, session: str) -> None:
        ended = SessionEnded(at=self.clock(), digest=digest(session.strip()))
        await self.log.append(player.handle, player, [ended])

    async def sign_out_everywhere(self, player: Player) -> None:
        await self.log.append(player.handle, player, [SignedOutEverywhere(at=self.clock())])

    # -- passkeys -----------------------------------------------------------------------------------

    async def signup_options(self, handle: str) -> dict[str, Any]:
        """The options for creating a passkey for a new player ``handle`` (refused if taken)."""
        handle = players.handle_of(handle)
        if await self.log.player(handle) is not None:
            raise players.HandleTaken("That handle belongs to another player.", {"handle": handle})
        return await self._creation("signup", handle, [])

    async def add_options(self, player: Player) -> dict[str, Any]:
        """The options for adding another passkey to a signed-in player."""
        return await self._creation("add", player.handle, [p.credential_id for p in player.passkeys])

    async def _creation(self, purpose: str, handle: str, existing: list[str]) -> dict[str, Any]:
        import webauthn  # loaded at the first ceremony: see the module docstring
        from webauthn.helpers import structs

        challenge = secrets.token_bytes(32)
        options = webauthn.generate_registration_options(
            rp_id=self.rp_id,
            rp_name=RP_NAME,
            user_name=handle,
            user_id=handle.encode(),
            challenge=challenge,
            authenticator_selection=structs.AuthenticatorSelectionCriteria(
                resident_key=structs.ResidentKeyRequirement.REQUIRED,
                user_verification=structs.UserVerificationRequirement.PREFERRED,
            ),
            exclude_credentials=[structs.PublicKeyCredentialDescriptor(id=_unb64(each)) for each in existing],
        )
        ceremony = await self._begin(purpose, handle, challenge)
        return {"ceremony": ceremony, "options": json.loads(webauthn.options_to_json(options))}

    async def signin_options(self) -> dict[str, Any]:
        """The options for signing in with any passkey this site made (discoverable credentials)."""
        import webauthn  # loaded at the first ceremony: see the module docstring
        from webauthn.helpers import structs

        challenge = secrets.token_bytes(32)
        options = webauthn.generate_authentication_options(
            rp_id=self.rp_id,
            challenge=challenge,
            user_verification=structs.UserVerificationRequirement.PREFERRED,
        )
        ceremony = await self._begin("signin", "", challenge)
        return {"ceremony": ceremony, "options": json.loads(webauthn.options_to_json(options))}

    async def sign_up(self, ceremony: str, credential: dict[str, Any], name: str) -> SignedIn:
        """Finish a sign-up: the new player with its first passkey, signed in."""
        begun = await self._spend(ceremony, "signup")
        added = self._registered(begun, credential, name)
        now = self.clock()
        joined = PlayerJoined(at=now, handle=begun.handle, by="passkey")
        player = await self.log.append(begun.handle, None, [joined, added])
        return await self._start_session(player, [])

    async def add_passkey(
        self, player: Player, ceremony: str, credential: dict[str, Any], name: str
    ) -> Player:
        begun = await self._spend(ceremony, "add")
        if begun.handle != player.handle:
            raise PasskeyRefused("This ceremony was begun for another player.")
        return await self.log.append(player.handle, player, [self._registered(begun, credential, name)])

    async def sign_in(self, ceremony: str, credential: dict[str, Any]) -> SignedIn:
        """Finish a sign-in with a passkey: a new session for the player whose passkey it is."""
        begun = await self._spend(ceremony, "signin")
        try:
            handle = _unb64(credential["response"]["userHandle"]).decode()
            credential_id = str(credential["id"])
        except (KeyError, TypeError, ValueError, UnicodeDecodeError):
            raise PasskeyRefused("The passkey's answer names no player of this site.") from None
        player = await self.log.player(handle) if players.HANDLE.fullmatch(handle) else None
        passkey = player.passkey(credential_id) if player is not None else None
        if player is None or passkey is None:
            raise PasskeyRefused("That passkey is not (or no longer) registered here.")
        import webauthn  # loaded at the first ceremony: see the module docstring
        from webauthn.helpers.exceptions import InvalidAuthenticationResponse

        try:
            verified = webauthn.verify_authentication_response(
                credential=credential,
                expected_challenge=_unb64(begun.challenge),
                expected_rp_id=self.rp_id,
                expected_origin=self.origin,
                credential_public_key=_unb64(passkey.public_key),
                credential_current_sign_count=passkey.sign_count,
            )
        except (InvalidAuthenticationResponse, ValueError, KeyError, TypeError) as error:
            raise PasskeyRefused(f"The passkey's answer was refused: {error}") from None
        used = players.used(player, credential_id, verified.new_sign_count, self.clock())
        return await self._start_session(player, used)

    async def revoke_passkey(self, player: Player, credential_id: str) -> Player:
        events = players.revoke_passkey(player, credential_id, self.clock())
        return await self.log.append(player.handle, player, events)

    def _registered(self, begun: CeremonyBegun, credential: dict[str, Any], name: str) -> PasskeyAdded:
        import webauthn  # loaded at the first ceremony: see the module docstring
        from webauthn.helpers.exceptions import InvalidRegistrationResponse

        try:
            verified = webauthn.verify_registration_response(
                credential=credential,
                expected_challenge=_unb64(begun.challenge),
                expected_rp_id=self.rp_id,
                expected_origin=self.origin,
            )
        except (InvalidRegistrationResponse, ValueError, KeyError, TypeError) as error:
            raise PasskeyRefused(f"The new passkey was refused: {error}") from None
        return PasskeyAdded(
            at=self.clock(),
            credential_id=_b64(verified.credential_id),
            public_key=_b64(verified.credential_public_key),
            sign_count=verified.sign_count,
            name=(name or "passkey")[:60],
        )

    async def _begin(self, purpose: str, handle: str, challenge: bytes) -> str:
        ceremony = secrets.token_urlsafe(16)
        now = self.clock()
        begun = CeremonyBegun(
            at=now,
            purpose=purpose,
            handle=handle,
            challenge=_b64(challenge),
            expires=now + timedelta(seconds=CEREMONY_SECONDS),
        )
        await self.store.committer.saved([stored.PlayerRow(players.ceremony_key(ceremony), 1, begun)])
        return ceremony

    async def _spend(self, ceremony: str, purpose: str) -> CeremonyBegun:
        """The ceremony's challenge, spent now (a second use clashes on the log and is refused)."""
        key = players.ceremony_key(ceremony)
        rows = await asyncio.to_thread(self.store.recorder.select_events, key)
        begun = stored.decode_player(rows[0].state) if rows else None
        if not isinstance(begun, CeremonyBegun) or begun.purpose != purpose:
            raise PasskeyRefused("No such passkey ceremony: ask for new options.")
        if len(rows) > 1:
            raise PasskeyRefused("This passkey answer was used already: ask for new options.")
        now = self.clock()
        if now > begun.expires:
            raise PasskeyRefused("This passkey ceremony expired: ask for new options.")
        try:
            await self.store.committer.saved([stored.PlayerRow(key, 2, CeremonyEnded(at=now))])
        except IntegrityError:
            raise PasskeyRefused("This passkey answer was used already: ask for new options.") from None
        return begun
