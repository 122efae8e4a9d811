"""What a commit hands on as it lands, and the reactions it is handed to.

The repository (:mod:`store.repository`) saves a command's events; right after the transaction, on the
committer's thread and before any command of it is answered, it hands the commit to each
:class:`Reaction` it was given: each saved position with its table event (:data:`Logged`), and the
tables the write side folded (:data:`Folded`), so that nobody folds the commit again; a :data:`Tending`
reaction only the commits it may have to act on. Which reactions
a process runs is declared in one place: :mod:`api.reactions`; whoever folds commits as they land
takes each after its own position with :func:`projections.projection.following`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from uuid import UUID

from domain.table import AnyTableEvent, Table

Logged = tuple[UUID, AnyTableEvent] | None
"""A table event with its table's id, or ``None`` for a position holding something else."""
Folded = Mapping[int, Table]
"""The tables just after a commit's events, by log position, as the write side folded them."""
NOTHING_FOLDED: Folded = {}

Committed = list[tuple[Logged, int]]
"""A commit: each saved position with what it holds."""
Reaction = Callable[[Committed, Folded], None]
"""Told of every commit of this process as it lands (on the committer's thread: it must be quick)."""
Tending = Callable[[Committed, Folded, int], None]
"""Told only of the commits of this process that concern a tended table (:attr:`domain.table.Table.tended`:
a clock, a bot seat, a game that waits; a stand-in that came or went) or a seat's standing choice, and of
any commit that another process's commit came before (on the committer's thread: it must be quick). The
third argument, ``passed``: every position from ``passed`` up to the commit's first was this process's
own commit, concerning nothing of the kind, and not handed over (a reaction that had taken everything
up to ``passed - 1`` may move past them without reading the log)."""
