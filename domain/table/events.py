"""The table's commands and events: what a seat (or the referee) asks, and what the log stores."""

from __future__ import annotations

import enum
from datetime import datetime
from typing import Final, TypedDict

import msgspec

from domain.bots.policies import BotSpec
from domain.errors import RuleError
from domain.messages import Command
from domain.seats import Seat
from domain.table.clocks import TableClock, Timing


class Unseated(enum.Enum):
    """Actors that hold no seat."""

    REFEREE = "referee"
    """The referee itself, acting on what is overdue."""
    NEWCOMER = "newcomer"
    """Someone asking for an open seat."""


REFEREE: Final = Unseated.REFEREE
NEWCOMER: Final = Unseated.NEWCOMER
Actor = Seat | Unseated


# -- errors ---------------------------------------------------------------------------------------


class TableFull(RuleError):
    """Raised when a player asks for a seat and every seat is taken."""

    code = "game/full"


class NotStarted(RuleError):
    """Raised when a seat sends a command before every seat is taken and the game is set up."""

    code = "game/not_started"


class IdempotencyKeyReused(RuleError):
    """Raised when a command id already used for another command (or by another seat) comes again."""

    code = "request/idempotency_key_reused"


class WrongRecoveryCode(RuleError):
    """Raised when a recovery code matches no seat of the table (wrong, used already, or never given)."""

    code = "auth/invalid_recovery_code"


class NameTaken(RuleError):
    """Raised when a player asks for a seat under a name already seated at the table."""

    code = "name/taken"


class NothingOverdue(RuleError):
    """Raised when the referee is asked to act and nothing is overdue."""

    code = "table/nothing_overdue"


class ContributionRefused(RuleError):
    """Raised when a seat reveals a contribution it did not pledge, one that is not its pledge's, or
    one too early (seats still open) or too late (the game is dealt)."""

    code = "record/contribution_refused"


class NotABot(RuleError):
    """Raised when a bot is asked to play a seat no bot plays."""

    code = "table/not_a_bot"


# -- table commands (the game's own and the take-back commands pass through) --------------------


class TakeSeat(Command, frozen=True, kw_only=True, tag="TakeSeat"):
    """Sit at the first open seat under ``name``; the seat's token is known by its digest only."""

    name: str
    token_digest: str
    recovery_digest: str | None = None
    """The digest of the seat's recovery code (:class:`RecoverSeat`), shown once to whoever sits down."""
    player: str | None = None
    """The known player who sits down (their handle, which is then ``name``); ``None``: a guest."""
    pledge: str | None = None
    """The commitment to the seat's contribution to the deal, if it makes one."""


class ReissueSeatLink(Command, frozen=True, kw_only=True, tag="ReissueSeatLink"):
    """A seated player's new token (known by its digest only): every older token of the seat stops working."""

    token_digest: str


class RecoverSeat(Command, frozen=True, kw_only=True, tag="RecoverSeat"):
    """Someone holding no token presents a seat's recovery code (by its digest): the seat's token and
    its recovery code are both replaced, so the old ones stop working and the code serves once."""

    code_digest: str
    token_digest: str
    recovery_digest: str


class RevealContribution(Command, frozen=True, kw_only=True, tag="RevealContribution"):
    """Reveal the seat's contribution to the deal (its pledge's preimage), once every seat is taken."""

    contribution: str


class LeaveSeat(Command, frozen=True, kw_only=True, tag="LeaveSeat"):
    """Leave the table for a while: a bot plays the seat until its player comes back."""


class ReturnToSeat(Command, frozen=True, kw_only=True, tag="ReturnToSeat"):
    """Come back to the seat a bot has been playing (any move of one's own comes back too)."""


SEAT_COMMANDS = (LeaveSeat, ReturnToSeat)


class CloseOverdue(Command, frozen=True, kw_only=True, tag="CloseOverdue"):
    """The referee's command: close whatever is overdue (a take-back request, the game's own wait)."""


# -- table events: what the log stores ------------------------------------------------------------


class TableEvent(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Something that happened at a table, at ``version`` and time ``at``, by ``seat`` (or nobody).

    These types are storage formats (:mod:`store.stored`): a closed union tagged by ``type`` (rows
    written before 2026-12-01 carry no tag; their topic says the type); a field is never renamed, new
    fields go last with defaults. ``command_id`` and ``command_digest`` say which command it came from.
    """

    version: int = 0
    at: datetime = msgspec.field(name="timestamp")
    seat: int | None = None
    command_id: str = ""
    command_digest: str = ""


class Stamp(TypedDict):
    """The fields every :class:`TableEvent` opens with."""

    version: int
    at: datetime
    seat: int | None
    command_id: str
    command_digest: str


class TableOpened(TableEvent, frozen=True, kw_only=True, tag="TableOpened"):
    """A table was opened for a game (the secret seed and the token digests stay in the log)."""

    game: str
    rules_version: str
    seat_names: tuple[str | None, ...]
    token_digests: tuple[str | None, ...]
    options: msgspec.Raw
    secret: str
    seeded: bool
    clock: TableClock | None = None
    bots: tuple[BotSpec | None, ...] = ()
    recovery_digests: tuple[str | None, ...] = ()
    """The digests of the named seats' recovery codes (empty in tables opened before codes existed)."""
    players: tuple[str | None, ...] = ()
    """The known players seated at the opening, by seat (their handles; ``None``: a guest or a bot;
    empty in tables opened before players existed)."""
    rated: bool = True
    """Whether the opener let the table be rated (:mod:`domain.ratings`, rule 1)."""
    scheme: int = 1
    """How the table deals (:mod:`domain.dealing`): 1 in every table opened before the record."""
    pledges: tuple[str | None, ...] = ()
    """The commitments to the contributions of the seats taken at opening (a bot's is the service's)."""
    commitment: str = ""
    """The commitment to ``secret`` (scheme 2), published from this version on (docs/record.md)."""


class SeatTaken(TableEvent, frozen=True, kw_only=True, tag="SeatTaken"):
    """A player took an open seat."""

    name: str
    token_digest: str
    recovery_digest: str | None = None
    player: str | None = None
    """The known player who sat down (``None``: a guest)."""
    pledge: str | None = None
    """The commitment to the seat's contribution to the deal (:func:`domain.dealing.pledge`), if any."""


class GameEventRecorded(TableEvent, frozen=True, kw_only=True, tag="GameEventRecorded"):
    """One game event (its own JSON), with the command that made it and its take-back kind.

    ``turn`` says the event begins a turn of ``seat`` (``None`` in events recorded before the game
    declared its turns: :func:`store.stored.decode_event` fills it in). ``by_referee``: the referee
    decided it, because something was overdue (a timed-out move names the seat it was played for).
    ``timing``: the clock, when this event begins a wait (:mod:`domain.table.clocks`). ``bot``: the
    policy that chose the command, when a bot played the seat.
    """

    event: msgspec.Raw
    command: str = ""
    checkpoint: bool = True
    final: bool = False
    turn: bool | None = None
    by_referee: bool = False
    timing: Timing | None = None
    bot: str = ""


class TakeBackNoted(TableEvent, frozen=True, kw_only=True, tag="TakeBackNoted"):
    """A take-back event (:mod:`domain.takeback`); a take-back carries the game state it returns to."""

    event: msgspec.Raw
    command: str = ""
    state: msgspec.Raw = msgspec.Raw(b"null")
    timing: Timing | None = None


class TableForked(TableEvent, frozen=True, kw_only=True, tag="TableForked"):
    """The table starts from another finished game's position (``source`` at ``source_version``);
    ``timing``: the clock's first wait, when the table has a clock (:mod:`domain.table.clocks`)."""

    source: str
    source_version: int
    state: msgspec.Raw
    effective: int
    timing: Timing | None = None


class SeatLinkReissued(TableEvent, frozen=True, kw_only=True, tag="SeatLinkReissued"):
    """The seat's player replaced its token (its private rejoin link): the old one no longer works.

    Nothing of the game changes, and the effective position (the chance) stays where it was.
    ``recovered``: the seat was taken back with its recovery code, replaced by ``recovery_digest``.
    """

    token_digest: str
    recovery_digest: str | None = None
    recovered: bool = False


class ContributionRevealed(TableEvent, frozen=True, kw_only=True, tag="ContributionRevealed"):
    """``seat`` revealed its contribution to the deal (:mod:`domain.dealing`): its pledge's preimage."""

    contribution: str


class StandInChanged(TableEvent, frozen=True, kw_only=True, tag="StandInChanged"):
    """A bot (``bot``) took over ``stand_in_for``, its player gone; or, ``bot`` being ``None``, the
    player came back. ``seat`` is who asked (``None``: the referee, when the seat's time ran out).
    ``to_the_end``: the seat forfeited, and the bot plays it to the end of the game."""

    stand_in_for: int
    bot: BotSpec | None = None
    to_the_end: bool = False


class SeatForfeited(TableEvent, frozen=True, kw_only=True, tag="SeatForfeited"):
    """The referee recorded that ``forfeiter`` forfeits on time (:mod:`domain.table.forfeits`);
    ``seat`` is ``None``: the referee decided it. ``together``: in the same referee act as the seat
    forfeited just before it, their time having run out together (forfeit rule 1; ``False`` in every
    log written before that ruling, where each act forfeited one seat)."""

    forfeiter: int
    together: bool = False


AnyTableEvent = (
    TableOpened
    | SeatTaken
    | GameEventRecorded
    | TakeBackNoted
    | TableForked
    | SeatLinkReissued
    | StandInChanged
    | SeatForfeited
    | ContributionRevealed
)
