"""The table: a decider for everything true of a whole table, with the game's own decider inside.

Shaped like a game package: ``events`` (its commands and the events its log stores), ``state``,
``evolve`` (the one fold), ``rules`` (the rules in prose, and ``decide_table``) and ``describe`` (what
each viewer is told). Everything is importable from ``domain.table``.
"""

from domain.table.describe import FEED_TYPES, Told, feed_event, told
from domain.table.events import (
    NEWCOMER,
    REFEREE,
    Actor,
    AnyGame,
    AnyTableEvent,
    CloseOverdue,
    GameEventRecorded,
    IdempotencyKeyReused,
    NameTaken,
    NothingOverdue,
    NotStarted,
    SeatTaken,
    TableEvent,
    TableForked,
    TableFull,
    TableOpened,
    TakeBackNoted,
    TakeSeat,
    Unseated,
)
from domain.table.evolve import evolve_table, fold_table, opened_state
from domain.table.rules import (
    SETUP_DIGEST,
    TableContext,
    decide_table,
    digest_of,
    due,
    legal_for,
    open_table,
    receipt_for,
    situation,
)
from domain.table.state import RECEIPTS_KEPT, Receipt, TableState

__all__ = [
    "FEED_TYPES",
    "NEWCOMER",
    "RECEIPTS_KEPT",
    "REFEREE",
    "SETUP_DIGEST",
    "Actor",
    "AnyGame",
    "AnyTableEvent",
    "CloseOverdue",
    "GameEventRecorded",
    "IdempotencyKeyReused",
    "NameTaken",
    "NotStarted",
    "NothingOverdue",
    "Receipt",
    "SeatTaken",
    "TableContext",
    "TableEvent",
    "TableForked",
    "TableFull",
    "TableOpened",
    "TableState",
    "TakeBackNoted",
    "TakeSeat",
    "Told",
    "Unseated",
    "decide_table",
    "digest_of",
    "due",
    "evolve_table",
    "feed_event",
    "fold_table",
    "legal_for",
    "open_table",
    "opened_state",
    "receipt_for",
    "situation",
    "told",
]
