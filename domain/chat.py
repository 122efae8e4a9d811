"""Table talk: a chat per table, in a stream of its own beside the table's log.

The rules of the chat
---------------------
1. Only a seated player writes; everyone who may watch the table (its seats and spectators) reads
   every message, live and afterwards. Chat is as public as the table itself, so a message of a live
   game is never shown to anyone who could not have read it live.
2. A message is its text in Unicode NFC, trimmed: 1 to :data:`MAX_LENGTH` characters, with no control
   or format character (no newline, NUL or bidi override) but the zero-width joiner emoji are built
   with (``chat/invalid``).
3. A seat sends at most :data:`BURST` messages in any :data:`WINDOW` (``chat/too_fast``, saying when
   the next one may go), and a table keeps at most :data:`MAX_MESSAGES` (``chat/full``).
4. A message names its seat; pages name it as the table does (the player's name).

``decide_chat`` holds the rules and ``evolve_chat`` folds what was sent; ``now`` is an input.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime, timedelta

import msgspec

from domain.errors import RuleError

MAX_LENGTH = 300
BURST = 5
WINDOW = timedelta(seconds=10)
MAX_MESSAGES = 2000
JOINER = "\u200d"


class ChatInvalid(RuleError):
    """Raised when a message is empty, too long, or holds control or format characters."""

    code = "chat/invalid"


class ChatTooFast(RuleError):
    """Raised when a seat sends more than :data:`BURST` messages within :data:`WINDOW`."""

    code = "chat/too_fast"


class ChatFull(RuleError):
    """Raised when a table's chat already holds :data:`MAX_MESSAGES` messages."""

    code = "chat/full"


class ChatSent(msgspec.Struct, frozen=True, kw_only=True):
    """Message ``number`` (from 1) of a table's chat, by ``seat`` at ``at``. A storage format."""

    number: int
    at: datetime
    seat: int
    text: str


class ChatState(msgspec.Struct, frozen=True, kw_only=True):
    """How many messages a table's chat holds, and each seat's latest send times."""

    count: int = 0
    recent: dict[int, tuple[datetime, ...]] = msgspec.field(default_factory=dict)


def chat_text(text: str) -> str:
    """``text`` as a message (rule 2), or ``ChatInvalid``."""
    message = unicodedata.normalize("NFC", text).strip()
    if not message or len(message) > MAX_LENGTH:
        raise ChatInvalid(f"A message has 1 to {MAX_LENGTH} characters.")
    if any(unicodedata.category(ch).startswith("C") and ch != JOINER for ch in message):
        raise ChatInvalid("A message may not hold control or format characters (one line, no hidden marks).")
    return message


def decide_chat(chat: ChatState, seat: int, text: str, now: datetime) -> ChatSent:
    """The message ``seat`` sends at ``now``; refused by rules 2 and 3."""
    message = chat_text(text)
    if chat.count >= MAX_MESSAGES:
        raise ChatFull(f"This table's chat is full ({MAX_MESSAGES} messages).")
    recent = [sent for sent in chat.recent.get(seat, ()) if now - sent < WINDOW]
    if len(recent) >= BURST:
        wait = (recent[0] + WINDOW - now).total_seconds()
        raise ChatTooFast(
            f"Slow down: at most {BURST} messages in {WINDOW.seconds} seconds.",
            {"retry_after": round(wait, 1)},
        )
    return ChatSent(number=chat.count + 1, at=now, seat=seat, text=message)


def evolve_chat(chat: ChatState, sent: ChatSent) -> ChatState:
    """The chat after ``sent`` (each seat keeps only the send times the rate rule can still count)."""
    kept = (*chat.recent.get(sent.seat, ())[-(BURST - 1) :], sent.at)
    return ChatState(count=sent.number, recent={**chat.recent, sent.seat: kept})


def fold_chat(messages: list[ChatSent]) -> ChatState:
    """The chat after ``messages``, oldest first."""
    chat = ChatState()
    for sent in messages:
        chat = evolve_chat(chat, sent)
    return chat
