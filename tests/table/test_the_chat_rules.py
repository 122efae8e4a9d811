"""The chat's rules decided by ``domain.chat`` alone: the text, the rate, the numbering."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from domain.chat import BURST, WINDOW, ChatInvalid, ChatState, ChatTooFast, decide_chat, evolve_chat

NOW = datetime(2026, 5, 1, tzinfo=UTC)


def test_a_burst_is_refused_until_the_oldest_message_leaves_the_window() -> None:
    """Rule 3: BURST messages within WINDOW; the next waits exactly until the first is WINDOW old."""
    chat = ChatState()
    for second in range(BURST):
        chat = evolve_chat(chat, decide_chat(chat, 0, "hi", NOW + timedelta(seconds=second)))
    with pytest.raises(ChatTooFast) as refused:
        decide_chat(chat, 0, "hi", NOW + timedelta(seconds=BURST))
    assert refused.value.details["retry_after"] == (WINDOW - timedelta(seconds=BURST)).total_seconds()
    assert decide_chat(chat, 0, "hi", NOW + WINDOW).number == BURST + 1
    assert decide_chat(chat, 1, "another seat is not slowed", NOW).number == BURST + 1


def test_emoji_sequences_pass_and_hidden_marks_do_not() -> None:
    """Rule 2: the zero-width joiner of an emoji sequence is kept; bidi overrides and NUL are refused."""
    family = "\N{MAN}\u200d\N{WOMAN}\u200d\N{GIRL}"
    assert decide_chat(ChatState(), 0, f" {family} ", NOW).text == family
    for text in ("a\u202eb", "a\x00b", "a\u200bb"):
        with pytest.raises(ChatInvalid):
            decide_chat(ChatState(), 0, text, NOW)
