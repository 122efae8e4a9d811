"""A tournament's events and refusals: storage formats and stable codes (docs/tournaments.md).

The events are a storage format: a closed union tagged by ``type``; a field is never renamed, new
fields go last with defaults. The rules that decide them are in :mod:`domain.tournament.tournament`.
"""

from __future__ import annotations

import msgspec

from domain.bots import BotSpec
from domain.errors import ServiceError
from domain.table.clocks import TableClock
from domain.tournament.planner import Entrant, Format, Pairing


class TournamentError(ServiceError):
    """Raised when a tournament command cannot apply; ``code`` is its stable name."""

    code = "tournament/refused"


class TournamentNotFound(TournamentError):
    """Raised when a tournament id names no tournament on the log."""

    code = "tournament/not_found"


class NoSuchRound(TournamentError):
    """Raised when a round is asked of a tournament that has not paired it."""

    code = "tournament/no_such_round"


class EntrantKnown(TournamentError):
    """Raised when a late entry names someone already entered."""

    code = "tournament/entrant_known"


class NoSuchEntrant(TournamentError):
    """Raised when a withdrawal names someone not entered."""

    code = "tournament/no_such_entrant"


class RoundNotOver(TournamentError):
    """Raised when a round is asked for while a table of the last one has no result yet."""

    code = "tournament/round_not_over"


class TournamentOver(TournamentError):
    """Raised when a round is asked of a tournament that played all its rounds."""

    code = "tournament/over"


class NotOrganiser(TournamentError):
    """Raised when someone other than the tournament's organiser starts it or withdraws an entrant."""

    code = "tournament/not_organiser"


class AlreadyStarted(TournamentError):
    """Raised when a tournament that has paired its first round is started again."""

    code = "tournament/started"


NO_SHOW_RULES = ("bot", "forfeit")
"""Rule 7: what plays an absent seat once its time runs out: a stand-in bot, or nothing (it forfeits)."""
ABSENCES_TO_WITHDRAW = 2
"""Rule 7: the absence that withdraws an entrant from every later round."""


class BotEntrant(msgspec.Struct, frozen=True, kw_only=True):
    """An entrant that is a bot: its name in the tournament and the bot that plays for it."""

    name: Entrant
    bot: BotSpec


class TournamentEvent(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Every tournament event: a storage format (new fields last, with defaults; never renamed)."""

    tournament: str


class TournamentCreated(TournamentEvent, frozen=True, kw_only=True, tag="TournamentCreated"):
    """Rule 1: the tournament's declarations and entrants."""

    game: str
    format: Format
    rounds: int
    seed: int
    planner: int
    sizes: tuple[int, int]
    points: tuple[tuple[int, ...], ...]
    bye_points: tuple[int, int]
    entrants: tuple[Entrant, ...]
    organiser: str | None = None
    """Rule 6: the known player who created it (``None``: made by the operator's tools)."""
    clock: TableClock | None = None
    """Rule 7: every table's clock (its ``timeout`` is the no-show rule)."""
    bots: tuple[BotEntrant, ...] = ()
    """The entrants that are bots (every other entrant is a known player, by handle)."""
    seat_key: str = ""
    """The key its tables' seat tokens are derived from (never shown: docs/tournaments.md, ruling 23)."""


class RoundPaired(TournamentEvent, frozen=True, kw_only=True, tag="RoundPaired"):
    """Rule 2: a round's tables and byes, as the planner made them."""

    pairing: Pairing


class TableAssigned(TournamentEvent, frozen=True, kw_only=True, tag="TableAssigned"):
    """Rule 3: a round's table was opened as this table of the service."""

    round: int
    index: int
    table: str


class ResultTaken(TournamentEvent, frozen=True, kw_only=True, tag="ResultTaken"):
    """Rule 3: a finished table's ranking (groups of seats, best first), taken once."""

    round: int
    index: int
    table: str
    ranking: tuple[tuple[int, ...], ...]
    absent: tuple[int, ...] = ()
    """Rule 7: the seats that made no move of their own."""
    forfeited: tuple[int, ...] = ()
    """Rule 7: the seats that forfeited on time."""


class TournamentFinished(TournamentEvent, frozen=True, kw_only=True, tag="TournamentFinished"):
    """Rule 4: every round played."""


class EntrantAdded(TournamentEvent, frozen=True, kw_only=True, tag="EntrantAdded"):
    """Rule 5: a late entry, credited ``points`` (a fraction) for each of the ``missed`` rounds."""

    entrant: Entrant
    missed: int
    points: tuple[int, int]
    bot: BotEntrant | None = None
    """The bot that plays the entrant, when it is a bot."""


class EntrantWithdrawn(TournamentEvent, frozen=True, kw_only=True, tag="EntrantWithdrawn"):
    """Rule 6: an entrant paired in no round after ``after_round``, and why."""

    entrant: Entrant
    after_round: int
    reason: str


AnyTournamentEvent = (
    TournamentCreated
    | RoundPaired
    | TableAssigned
    | ResultTaken
    | TournamentFinished
    | EntrantAdded
    | EntrantWithdrawn
)
EVENTS = msgspec.json.Decoder(AnyTournamentEvent)
