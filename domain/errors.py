"""Why a command was refused.

Every refusal is a :class:`RuleError` with a stable ``code``. Codes are part of the API: they are never
renamed. Messages are for people and never reveal anything hidden from the seat that sent the command.
"""

from __future__ import annotations


class RuleError(Exception):
    """Raised when a command breaks a rule of the game; the command changes nothing."""

    code = "rule/illegal"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


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


class SeatCountOutOfRange(OptionsError):
    """Raised when a game is set up for a number of players it does not support."""

    code = "options/seat_count"
