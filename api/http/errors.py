"""The one table that turns every refusal into an HTTP status."""

from __future__ import annotations

from api.tournaments.application import NextRoundNotPaired, NoTableNow, TournamentExists
from domain.chat import ChatFull, ChatInvalid, ChatTooFast
from domain.errors import (
    BodyTooLarge,
    CardNotInHand,
    ConcurrentUpdate,
    GameIsOver,
    GameNotFound,
    HiddenUntilOver,
    IllegalMove,
    ImportRefused,
    InvalidRequest,
    InvalidTicket,
    InvalidToken,
    MissingToken,
    NoRematchYet,
    NoSuchSeat,
    NoSuchVersion,
    NotOver,
    NotYourTurn,
    OptionsError,
    RateLimited,
    RuleError,
    SandboxOnly,
    ServiceError,
    StaleVersion,
    StoreUnavailable,
    TableExpired,
    UnknownGameType,
    WrongStep,
)
from domain.players import (
    CounterWentBack,
    CsrfRefused,
    HandleTaken,
    LastPasskey,
    NameOrPlayerNeeded,
    NoSuchPlayer,
    PasskeyRefused,
    PlayerRefused,
    UnknownKey,
)
from domain.seats import InvalidName
from domain.table import (
    ContributionRefused,
    IdempotencyKeyReused,
    NameTaken,
    NothingOverdue,
    NotStarted,
    TableFull,
    WrongRecoveryCode,
)
from domain.table.forfeits import Forfeited
from domain.takeback import (
    AlreadyRefused,
    NeverTakenBack,
    NoRequest,
    NothingToTakeBack,
    NotYoursToAnswer,
    PastCheckpoint,
    RequestPending,
)
from domain.tournament.planner import PlannerVersionRefused
from domain.tournament.tournament import (
    AlreadyStarted,
    EntrantKnown,
    NoSuchEntrant,
    NoSuchRound,
    NotOrganiser,
    RoundNotOver,
    TournamentNotFound,
    TournamentOver,
)

STATUS: dict[type[Exception], int] = {
    TournamentNotFound: 404,
    NotOrganiser: 403,
    AlreadyStarted: 409,
    NoTableNow: 409,
    NextRoundNotPaired: 409,
    TournamentExists: 409,
    NoSuchEntrant: 404,
    EntrantKnown: 409,
    NoSuchRound: 404,
    RoundNotOver: 409,
    TournamentOver: 409,
    PlannerVersionRefused: 409,
    PlayerRefused: 401,
    NameOrPlayerNeeded: 401,
    CsrfRefused: 403,
    PasskeyRefused: 403,
    ContributionRefused: 409,
    HandleTaken: 409,
    NoSuchPlayer: 404,
    LastPasskey: 409,
    UnknownKey: 404,
    CounterWentBack: 403,
    InvalidRequest: 422,
    BodyTooLarge: 413,
    RateLimited: 429,
    SandboxOnly: 422,
    TableExpired: 410,
    IdempotencyKeyReused: 422,
    OptionsError: 422,
    GameNotFound: 404,
    UnknownGameType: 404,
    MissingToken: 401,
    InvalidToken: 403,
    InvalidTicket: 403,
    WrongRecoveryCode: 403,
    TableFull: 409,
    NotStarted: 409,
    ConcurrentUpdate: 409,
    StaleVersion: 412,
    StoreUnavailable: 503,
    HiddenUntilOver: 403,
    NoSuchVersion: 404,
    NoSuchSeat: 404,
    NotOver: 409,
    NoRematchYet: 409,
    ImportRefused: 422,
    NothingToTakeBack: 409,
    PastCheckpoint: 409,
    NeverTakenBack: 409,
    RequestPending: 409,
    AlreadyRefused: 409,
    NoRequest: 409,
    NotYoursToAnswer: 409,
    NotYourTurn: 409,
    NameTaken: 409,
    InvalidName: 422,
    NothingOverdue: 409,
    ChatInvalid: 422,
    ChatTooFast: 429,
    ChatFull: 409,
    GameIsOver: 409,
    Forfeited: 409,
    WrongStep: 409,
    CardNotInHand: 422,
    IllegalMove: 422,
    RuleError: 422,
    ServiceError: 400,
}
"""The HTTP status of every refusal; a subclass not listed takes its nearest listed ancestor's."""


def status_of(error: Exception) -> int:
    """The HTTP status for ``error`` from :data:`STATUS` (500 for anything unexpected)."""
    for kind in type(error).__mro__:
        if kind in STATUS:
            return STATUS[kind]
    return 500


def code_of(error: Exception) -> str:
    """The stable code of ``error`` (``server/error`` for anything unexpected)."""
    return str(getattr(error, "code", "server/error"))
