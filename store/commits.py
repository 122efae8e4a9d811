"""What a commit hands on as it lands, and the reactions it is handed to.

The repository (:mod:`store.repository`) saves a command's events; right after the transaction, on the
committer's thread and before any command of it is answered, it hands the commit to each
:class:`Reaction` it was given: each saved position with its table event (:data:`Logged`), and the
tables the write side folded (:data:`Folded`), so that nobody folds the commit again. Which reactions
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
