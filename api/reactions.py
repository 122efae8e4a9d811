"""What this process does when a commit lands: every reaction to a commit, declared here and only here.

The repository (:mod:`store.repository`) saves each commit of this process and hands it on, as it lands
and before any command of it is answered; its routes (:class:`store.commits.Routes`) hand it to the
reactions they were given (:data:`store.commits.Reaction`), each only what it takes: the position
of each saved event with what it holds, and the tables the write side folded, so that no reaction folds
the commit again. Each reaction is quick (it runs on the committer's thread) and hands any slow work to
its own thread or loop.

Embedded (``backroom serve``), a process runs:

- **the projection** (:class:`projections.projection.LogFollower`): it takes the commit into the read
  models in memory at once, so that a read after the answer never waits, and wakes its thread to write
  the read store behind;
- **the watch** (:class:`workers.timers.Watch`): it keeps the tables that a clock, a bot seat or a
  game's own deadline may need acted on without a person, for the referee and the bots; it is handed
  only the commits that concern such a table (:data:`store.commits.Tending`), so a move at any other
  table never reaches it, and the follower tells it when the log holds other processes' commits.

At scale neither runs in the API process: the projection and timer workers read the log themselves.

A reaction across tables that only this process's commits need would be one more entry here. The
ratings' "a table is over, so rate it" is not one: it must run once per table whichever process wrote
the end, also at scale where no API process sees every commit, so it runs where every table's end is met
exactly once by position, in the projection (embedded in ``serve``, the projection workers at scale),
before the batch holding the end is committed; the ratings stream refuses a second rating of a table
(:mod:`store.ratings`, docs/players.md).
"""

from __future__ import annotations

from projections.projection import Follower, LogFollower
from store.commits import Reaction, Tending
from workers.timers import Watch


def reactions(follower: Follower | None, watch: Watch | None) -> tuple[list[Reaction], list[Tending]]:
    """The reactions of this process to its commits, in the order they run: those told of every commit
    (a follower that reads the library's subscription instead, on PostgreSQL, takes none: it hears of
    commits itself), and those told only of the commits at tended tables (the watch).

    The log follower also tells the watch when it read other processes' commits from the log, so that
    the watch, handed only this process's commits, reads the log only then (:attr:`Watch.hearing`)."""
    every: list[Reaction] = []
    tending: list[Tending] = []
    if isinstance(follower, LogFollower):
        every.append(follower.offer)  # the projection first: reads after the answer see the commit
        if watch is not None:
            follower.heard, watch.hearing = watch.wake, True
    if watch is not None:
        tending.append(watch.offer)
    return every, tending
