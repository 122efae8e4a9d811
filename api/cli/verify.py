"""``backroom verify FILE``: a finished game's record bundle checked offline (``docs/record.md``).

No network and no database: the bundle holds the log, the secret, the contributions, the salts, the
heads, the signed last head and the public keys. The checks, in this order (the first that fails is
reported, naming its version, what it expected and what it found):

1. ``format``: the file is a record bundle of a scheme this Backroom knows (else exit 2);
2. ``sequence``: the log's events are versions 1, 2, 3... in order, opening with the table's opening;
3. ``commitment``: the secret's commitment is the one published with the opening;
4. ``secret``: the secret is the one the opening recorded;
5. ``contribution``: every seat's contribution is the one it committed to when it sat down;
6. ``complete``: the log runs to the version the signature covers, and the game is over there;
7. ``deal`` / ``rules``: every command, replayed through the rules with draws re-dealt from the secret
   and the contributions (take-backs included), gives exactly the log's events (``deal`` when the first
   differing step draws);
8. ``salt``, ``chain``: each salt is the secret's, and each head follows from the one before;
9. ``signature``: the last head is signed by the key the bundle names;
10. ``receipt``: each signed head a seat kept (``--receipts``) is signed and is the bundle's head there.

Exit 0: verified; 1: a check failed; 2: the file is not a bundle, or of a scheme this does not know.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import concurrent.futures
from dataclasses import dataclass
from typing import Any

import msgspec
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from api.cli.importing import replayed_alike
from domain import dealing, record, referee
from domain.errors import ImportRefused, RuleError
from domain.game import AnyGame
from domain.games import registered
from domain.seats import OMNISCIENT, Seat
from domain.table import AnyTableEvent, GameEventRecorded, SeatTaken, TableOpened, TableState
from domain.table.rules import chance_of
from domain.table.state import fold_table
from projections.history import FORMAT as EXPORT_FORMAT
from projections.history import line_of, scheme_of, seating
from projections.record import FORMAT

VERIFIED, MISMATCH, MALFORMED = 0, 1, 2


class Signed(msgspec.Struct, kw_only=True):
    game: str
    version: int
    head: str
    key_id: str
    signature: str


class Key(msgspec.Struct, kw_only=True):
    id: str
    public_key: str
    algorithm: str = "Ed25519"
    status: str = "current"


class Contribution(msgspec.Struct, kw_only=True):
    seat: int
    pledge: str
    contribution: str | None = None


class Bundle(msgspec.Struct, kw_only=True):
    format: str
    id: str
    game: str
    scheme: int
    secret: str
    log: list[str]
    salts: list[str]
    heads: list[str]
    signed: Signed
    keys: list[Key]
    commitment: str | None = None
    contributions: list[Contribution] = msgspec.field(default_factory=list)
    takeback_timeout: float = 120.0
    rules_version: str = ""


_BUNDLE = msgspec.json.Decoder(Bundle)
_RECEIPTS = msgspec.json.Decoder(list[Signed])
_EVENT: msgspec.json.Decoder[Any] = msgspec.json.Decoder(AnyTableEvent)


@dataclass(frozen=True)
class Verdict:
    """What ``verify`` found: ``check`` and ``version`` name the first failure (``None``: verified)."""

    code: int
    message: str
    check: str | None = None
    version: int | None = None
    expected: Any = None
    found: Any = None

    def as_json(self) -> dict[str, Any]:
        verdict = {0: "verified", 1: "mismatch", 2: "malformed"}[self.code]
        failed = {
            "check": self.check,
            "version": self.version,
            "expected": self.expected,
            "found": self.found,
        }
        return {"verdict": verdict, "message": self.message} | (failed if self.code == MISMATCH else {})


class Mismatch(Exception):
    """Raised when a check fails: which, at which version, what it expected and what it found."""

    def __init__(self, check: str, version: int, expected: Any, found: Any) -> None:
        super().__init__(check)
        self.check, self.version, self.expected, self.found = check, version, expected, found


class Malformed(Exception):
    """Raised when the file is not a record bundle, or one of a scheme this Backroom does not know."""


def verify(bundle: bytes, receipts: bytes | None = None) -> Verdict:
    """The verdict on ``bundle`` (and the signed heads ``receipts`` holds, a JSON list)."""
    try:
        found, events, game = _read(bundle)
        kept = _RECEIPTS.decode(receipts) if receipts is not None else []
        _check(found, events, game, kept)
    except Mismatch as failed:
        message = (
            f"{failed.check} failed at version {failed.version}: "
            f"expected {failed.expected}, found {failed.found}"
        )
        return Verdict(MISMATCH, message, failed.check, failed.version, failed.expected, failed.found)
    except (Malformed, msgspec.DecodeError) as error:
        return Verdict(MALFORMED, f"not a record this Backroom can check: {error}")
    return Verdict(VERIFIED, f"verified: game {found.id}, {len(events)} events, {len(kept)} receipts")


def _read(raw: bytes) -> tuple[Bundle, list[AnyTableEvent], AnyGame]:
    try:
        found = _BUNDLE.decode(raw)
        events = [_EVENT.decode(line) for line in found.log]
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise Malformed(error) from None
    if found.format != FORMAT:
        raise Malformed(f"the format is {found.format!r}, not {FORMAT!r}")
    if found.scheme not in dealing.SCHEMES:
        raise Malformed(f"dealing scheme {found.scheme} is not one this Backroom knows")
    game = registered().get(found.game)
    if game is None:
        raise Malformed(f"no game {found.game!r} here")
    if not events:
        raise Malformed("the log is empty")
    return found, events, game


def _check(found: Bundle, events: list[AnyTableEvent], game: AnyGame, receipts: list[Signed]) -> None:
    opened = _sequence(events)
    _secret(found, opened)
    _contributions(found, events)
    table = _complete(found, events, game)
    _replay(found, events, game, table)
    _chain(found)
    _signature(found)
    for receipt in receipts:
        _receipt(found, receipt)


def _sequence(events: list[AnyTableEvent]) -> TableOpened:
    for number, event in enumerate(events, start=1):
        if event.version != number:
            raise Mismatch("sequence", number, f"version {number}", f"version {event.version}")
    if not isinstance(events[0], TableOpened):
        raise Mismatch("sequence", 1, "the table's opening", type(events[0]).__name__)
    return events[0]


def _secret(found: Bundle, opened: TableOpened) -> None:
    if found.scheme >= dealing.HMAC_SHA256:
        made = dealing.commitment(found.secret)
        if made != opened.commitment:
            raise Mismatch("commitment", 1, opened.commitment, made)
        if found.commitment != opened.commitment:
            raise Mismatch("commitment", 1, opened.commitment, found.commitment)
    if found.secret != opened.secret:
        raise Mismatch("secret", 1, opened.secret, found.secret)


def _contributions(found: Bundle, events: list[AnyTableEvent]) -> None:
    """Each seat's revealed contribution against the pledge the log recorded for it."""
    pledged: dict[int, tuple[int, str]] = {}
    for event in events:
        if isinstance(event, TableOpened):
            pledged |= {seat: (1, p) for seat, p in enumerate(event.pledges) if p is not None}
        elif isinstance(event, SeatTaken) and event.seat is not None and event.pledge is not None:
            pledged[event.seat] = (event.version, event.pledge)
    given = {entry.seat: entry for entry in found.contributions}
    for seat, (version, pledge) in sorted(pledged.items()):
        entry = given.get(seat)  # a finished game was dealt: every pledge was revealed first
        revealed = None if entry is None or entry.contribution is None else dealing.pledge(entry.contribution)
        if revealed != pledge:
            raise Mismatch("contribution", version, pledge, revealed)


def _complete(found: Bundle, events: list[AnyTableEvent], game: AnyGame) -> TableState:
    if found.signed.version != len(events):
        raise Mismatch("complete", len(events), f"{found.signed.version} events", f"{len(events)} events")
    table = fold_table(game, events)
    assert table is not None  # the log opens with TableOpened (checked above)
    return table


def _replay(found: Bundle, events: list[AnyTableEvent], game: AnyGame, table: TableState) -> None:
    header = (
        {
            "format": EXPORT_FORMAT,
            "id": found.id,
            "game": found.game,
            "options": table.options,
            "complete": True,
            "secret": found.secret,
            "takeback_timeout": found.takeback_timeout,
        }
        | scheme_of(table)
        | seating(table)
    )
    entries = msgspec.json.decode(msgspec.json.encode([line_of(game, event, OMNISCIENT) for event in events]))
    try:
        _run(replayed_alike({game.id: game}, msgspec.json.decode(msgspec.json.encode(header)), entries))
    except ImportRefused as refused:
        version = int(refused.details.get("version") or 0)
        check = "deal" if _draws(events, game, version) else "rules"
        expected = refused.details.get("expected", "what the rules give")
        raise Mismatch(check, version, expected, refused.details.get("found", refused.message)) from None


def _run(coroutine: Any) -> None:
    """``asyncio.run``, on a thread of its own when this thread already runs a loop (as a test's may)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        asyncio.run(coroutine)
        return
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


def _draws(events: list[AnyTableEvent], game: AnyGame, version: int) -> bool:
    """Whether the step that made event ``version`` draws chance (the setup, or a command that draws)."""
    if not 1 < version <= len(events):
        return False
    event = events[version - 1]
    if not isinstance(event, GameEventRecorded):
        return False
    before = fold_table(game, events[: version - 1])
    assert before is not None
    chance = chance_of(before, before.effective if before.started else before.version, event.at)
    if event.seat is None or not event.command:
        return not before.started or event.by_referee
    try:
        command = game.command_decoder.decode(event.command)
        referee.decide(game, before.game_state, Seat(event.seat), command, chance)
    except (RuleError, msgspec.DecodeError, msgspec.ValidationError):
        return False
    return "rng" in chance.__dict__


def _chain(found: Bundle) -> None:
    key, head = record.salt_key(found.secret), ""
    if len(found.salts) != len(found.log) or len(found.heads) != len(found.log):
        raise Mismatch("chain", len(found.log), f"{len(found.log)} salts and heads", f"{len(found.heads)}")
    for number, line in enumerate(found.log, start=1):
        salted = record.salt(key, number)
        if found.salts[number - 1] != salted.hex():
            raise Mismatch("salt", number, salted.hex(), found.salts[number - 1])
        head = record.extend(head, salted, line.encode())
        if found.heads[number - 1] != head:
            raise Mismatch("chain", number, head, found.heads[number - 1])


def _signature(found: Bundle) -> None:
    signed, version = found.signed, len(found.log)
    if signed.game != found.id or signed.head != found.heads[-1]:
        raise Mismatch(
            "signature", version, f"{found.id} at {found.heads[-1]}", f"{signed.game} at {signed.head}"
        )
    if not _signed_by(found.keys, signed):
        raise Mismatch("signature", version, f"a signature by key {signed.key_id}", signed.signature)


def _receipt(found: Bundle, receipt: Signed) -> None:
    if not 1 <= receipt.version <= len(found.heads) or receipt.game != found.id:
        raise Mismatch(
            "receipt", receipt.version, f"a head of game {found.id}", f"{receipt.game} v{receipt.version}"
        )
    if not _signed_by(found.keys, receipt):
        raise Mismatch("receipt", receipt.version, f"a signature by key {receipt.key_id}", receipt.signature)
    if found.heads[receipt.version - 1] != receipt.head:
        raise Mismatch("receipt", receipt.version, receipt.head, found.heads[receipt.version - 1])


def _signed_by(keys: list[Key], signed: Signed) -> bool:
    key = next((key for key in keys if key.id == signed.key_id), None)
    if key is None:
        return False
    try:
        public = Ed25519PublicKey.from_public_bytes(bytes.fromhex(key.public_key))
        signature = base64.urlsafe_b64decode(signed.signature + "=" * (-len(signed.signature) % 4))
        public.verify(signature, record.signed_message(signed.game, signed.version, signed.head))
    except (InvalidSignature, ValueError, binascii.Error):
        return False
    return True
