"""Why the service refused a request, and the one table that turns every refusal into HTTP.

Each class has a stable ``code`` (part of the API, never renamed). Messages are for people and never
reveal anything hidden from the caller. Rule refusals come from :mod:`domain.errors` unchanged.
"""

from __future__ import annotations

from typing import Any

from domain.errors import (
    CardNotInHand,
    GameIsOver,
    IllegalMove,
    NotYourTurn,
    OptionsError,
    RuleError,
    WrongStep,
)
from domain.takeback import (
    NeverTakenBack,
    NoRequest,
    NothingToTakeBack,
    NotYoursToAnswer,
    PastCheckpoint,
    RequestPending,
)


class ServiceError(Exception):
    """Raised when the service refuses a request for a reason outside the rules of the game."""

    code = "service/error"

    def __init__(self, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.details = details or {}


class InvalidRequest(ServiceError):
    """Raised when a request body or parameter is malformed or does not fit its schema."""

    code = "request/invalid"


class IdempotencyKeyReused(ServiceError):
    """Raised when an Idempotency-Key already used for one command arrives with a different one."""

    code = "request/idempotency_key_reused"


class GameNotFound(ServiceError):
    """Raised when no game has the requested id."""

    code = "game/not_found"


class UnknownGameType(ServiceError):
    """Raised when a table is asked for a game that is not in the catalogue."""

    code = "game/unknown_type"


class TableFull(ServiceError):
    """Raised when someone asks to join a game whose seats are all taken."""

    code = "game/full"


class NotStarted(ServiceError):
    """Raised when a command reaches a game still waiting for players."""

    code = "game/not_started"


class MissingToken(ServiceError):
    """Raised when a request that needs a seat carries no seat token."""

    code = "auth/missing_token"


class InvalidToken(ServiceError):
    """Raised when a seat token does not belong to any seat of this game."""

    code = "auth/invalid_token"


class StaleVersion(ServiceError):
    """Raised when a conditional command names a version that is no longer the game's latest."""

    code = "version/stale"


class ConcurrentUpdate(ServiceError):
    """Raised when another command was recorded between loading the game and saving this one."""

    code = "version/conflict"


class StoreUnavailable(ServiceError):
    """Raised when the event store cannot be reached."""

    code = "store/unavailable"


class HiddenUntilOver(ServiceError):
    """Raised when a live game is asked for another seat's perspective or the omniscient one."""

    code = "history/hidden_until_over"


class NoSuchVersion(ServiceError):
    """Raised when a game is asked for a version it has not reached (or one before it was set up)."""

    code = "history/no_such_version"


class NotOver(ServiceError):
    """Raised when a fork is asked of a game that has not ended."""

    code = "history/not_over"


class ImportRefused(ServiceError):
    """Raised when an imported log is not a complete export or does not follow from the rules."""

    code = "import/invalid"


STATUS: dict[type[Exception], int] = {
    InvalidRequest: 422,
    IdempotencyKeyReused: 422,
    OptionsError: 422,
    GameNotFound: 404,
    UnknownGameType: 404,
    MissingToken: 401,
    InvalidToken: 403,
    TableFull: 409,
    NotStarted: 409,
    ConcurrentUpdate: 409,
    StaleVersion: 412,
    StoreUnavailable: 503,
    HiddenUntilOver: 403,
    NoSuchVersion: 404,
    NotOver: 409,
    ImportRefused: 422,
    NothingToTakeBack: 409,
    PastCheckpoint: 409,
    NeverTakenBack: 409,
    RequestPending: 409,
    NoRequest: 409,
    NotYoursToAnswer: 409,
    NotYourTurn: 409,
    GameIsOver: 409,
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
