"""Why a command or a request was refused.

Every refusal of a rule is a :class:`RuleError`, every other refusal a :class:`ServiceError`; each
has a stable ``code``. Codes are part of the API: they are never
renamed. Messages are for people and never reveal anything hidden from the seat that sent the command.
"""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """Raised when a command breaks a rule of the game; the command changes nothing."""

    code = "rule/illegal"

    def __init__(self, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.details = details or {}


class NotYourTurn(RuleError):
    """Raised when a seat acts while it is not among the seats that may act."""

    code = "rule/not_your_turn"


class GameIsOver(RuleError):
    """Raised when any command reaches a game that has ended."""

    code = "rule/game_over"


class WrongStep(RuleError):
    """Raised when a command is of a kind the game does not expect at this step of the turn."""

    code = "rule/wrong_step"


class CardNotInHand(RuleError):
    """Raised when a command names a card that is not in the acting seat's hand."""

    code = "rule/card_not_in_hand"


class IllegalMove(RuleError):
    """Raised when a command is of the right kind but its choices break a rule."""

    code = "rule/illegal_move"


class OptionsError(Exception):
    """Raised when a table is set up with options or a seat count the game does not allow."""

    code = "options/invalid"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BotSeatsInvalid(OptionsError):
    """Raised when a table's bot seats name a seat twice, a seat the table lacks, or no person's seat."""

    code = "options/bots"


class SeatCountOutOfRange(OptionsError):
    """Raised when a game is set up for a number of players it does not support."""

    code = "options/seat_count"


# -- refusals outside the rules of a game ---------------------------------------------------------


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


class GameNotFound(ServiceError):
    """Raised when no game has the requested id."""

    code = "game/not_found"


class UnknownGameType(ServiceError):
    """Raised when a table is asked for a game that is not in the catalogue."""

    code = "game/unknown_type"


class MissingToken(ServiceError):
    """Raised when a request that needs a seat carries no seat token."""

    code = "auth/missing_token"


class InvalidToken(ServiceError):
    """Raised when a seat token does not belong to any seat of this game."""

    code = "auth/invalid_token"


class InvalidTicket(ServiceError):
    """Raised when a stream ticket is unknown, used already, expired, or for another game."""

    code = "auth/invalid_ticket"


class StaleVersion(ServiceError):
    """Raised when a conditional command names a version that is no longer the game's latest."""

    code = "version/stale"


class ConcurrentUpdate(ServiceError):
    """Raised when another command was recorded between loading the game and saving this one."""

    code = "version/conflict"


class StoreUnavailable(ServiceError):
    """Raised when the event store cannot be reached."""

    code = "store/unavailable"


class CommandTimedOut(StoreUnavailable):
    """Raised when the event store has not taken a command within the deadline
    (``BACKROOM_COMMAND_SECONDS``); the same ``Idempotency-Key`` sent again is recorded at most once."""

    code = "store/timed_out"


class HiddenUntilOver(ServiceError):
    """Raised when a live game is asked for another seat's perspective or the omniscient one."""

    code = "history/hidden_until_over"


class NoSuchVersion(ServiceError):
    """Raised when a game is asked for a version it has not reached (or one before it was set up)."""

    code = "history/no_such_version"


class NoSuchSeat(ServiceError):
    """Raised when a history read asks for the perspective of a seat the game does not have."""

    code = "history/no_such_seat"


class NotOver(ServiceError):
    """Raised when a fork is asked of a game that has not ended."""

    code = "history/not_over"


class NoRematchYet(ServiceError):
    """Raised when a rematch is asked for before the game is over."""

    code = "table/not_over"


class ImportRefused(ServiceError):
    """Raised when an imported log is not a complete export or does not follow from the rules."""

    code = "import/invalid"


class BodyTooLarge(ServiceError):
    """Raised when a request body is longer than the route accepts (the body is not read further)."""

    code = "request/too_large"


class RateLimited(ServiceError):
    """Raised when a client or a seat has spent its allowance for now (``details.retry_after``: seconds)."""

    code = "rate/limited"


class SandboxOnly(ServiceError):
    """Raised when a table would be seeded (its deal knowable) yet open to strangers: seeds are for
    sandbox tables, whose every seat is named by whoever opens them."""

    code = "table/sandbox_only"


class TableExpired(ServiceError):
    """Raised when a seat is asked of an open table that nobody joined for longer than the service waits."""

    code = "table/expired"
