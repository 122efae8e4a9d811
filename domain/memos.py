"""Tuning: memos, the pure answers the hot path asks again and again, remembered; and what each bought.

Every memo of the service is declared with :func:`memo`, which names why it is kept and registers it in
:data:`MEMOS`; ``.venv/bin/python -m tests.benchmarks.bench_tunings`` times each registered memo's call
answered from memory against its function computing afresh (``__wrapped__``), in one run. A memo is
``functools.lru_cache`` itself (no wrapper of ours: a remembered answer costs the C call alone), bounded
where its keys come from outside (game ids, tokens, keys), unbounded only over a fixed set (classes).

The same run on 2026-12-06 (a busy 2-core machine), µs a call remembered against afresh: the table's key
(``domain.table.rules._key``) 0.06 against 7.3, HMAC's padded states (``domain.dealing.pads``) 0.05
against 14.3, a receipt's salting 0.04 against 0.43, a game id parsed 0.04 against 1.8 (and canonical,
0.04 against 1.1; a lock's key 0.07 against 1.0), a token's digest 0.04 against 1.3. A class's topic
(``store.stored.topic_of``) was remembered too until this measured 0.11 against 0.17: no longer.

Only pure functions of hashable arguments are memos: an answer never changes for the same question, so
a memo can never serve a stale one, on any process.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

MEMOS: dict[str, tuple[functools._lru_cache_wrapper[Any], str]] = {}
"""Every memo, by ``module.name``: the remembering function and why it is kept."""


def memo(kept: int | None, why: str) -> Callable[[Callable[P, T]], functools._lru_cache_wrapper[T]]:
    """Remember the last ``kept`` answers of the decorated function (``None``: all), because ``why``."""

    def remember(function: Callable[P, T]) -> functools._lru_cache_wrapper[T]:
        remembered = functools.lru_cache(maxsize=kept)(function)
        MEMOS[f"{function.__module__}.{function.__qualname__}"] = (remembered, why)
        return remembered

    return remember
