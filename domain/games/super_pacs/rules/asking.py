"""Who is asked what: the situation the table waits in, ``to_act`` and ``legal_commands``."""

from __future__ import annotations

from typing import Any

from domain import choices
from domain.games.super_pacs.commands import Commands
from domain.games.super_pacs.rules.legal import legal, turn_commands
from domain.games.super_pacs.state import MOST_SEATS, NO_SEAT, State, anyone_owes, owes
from domain.seats import Seat


def situation(state: State) -> str:
    """What the table waits for: over, leaders, discard, choice, window, election, event or turn."""
    if state.phase in ("over", "leaders"):
        return state.phase
    if any(state.owed) or (state.collecting and anyone_owes(state)):  # its call only when a collection waits
        return "discard"
    pending = state.pending
    if pending is not None:
        return "choice" if pending.choice is not None else "window"
    return "election" if state.election is not None else state.phase


def discarding(state: State) -> int:
    """The seat that discards now: the first, from the first player clockwise, who owes a discard."""
    count = state.seat_count
    return next(seat for seat in ((state.first + i) % count for i in range(count)) if owes(state, seat))


def window(state: State) -> choices.Choice | None:
    """The reaction window open now, if any."""
    if state.pending is not None:
        return state.pending.window
    return state.election.window if state.election is not None else None


_LAST_ASKED: list[tuple[Any, frozenset[Seat], str]] = [(None, frozenset(), "")]
_LAST_LEGAL: list[tuple[Any, int, tuple[Commands, ...]]] = [(None, -1, ())]
"""The latest answers, by the identity of the (immutable) state: the referee, the player and
``decide`` ask the same questions of the same state several times a step. Each slot holds one
tuple, swapped whole and read once: the reads' threads and the projection's ask of different
states at once, and a memo kept in three slots could pair one state with another's answer."""


def to_act(state: State) -> frozenset[Seat]:
    """Every seat that may send a command now."""
    last = _LAST_ASKED[0]  # the remembered answer read here, not through a call: asked three times a step
    return last[1] if last[0] is state else _asked_of(state)[1]


def where(state: State) -> str:
    """:func:`situation`, remembered with :func:`to_act`."""
    last = _LAST_ASKED[0]
    return last[2] if last[0] is state else _asked_of(state)[2]


def _asked_of(state: State) -> tuple[Any, frozenset[Seat], str]:
    last = _LAST_ASKED[0]
    if last[0] is not state:
        where = situation(state)
        asked = ALONE[state.turn] if where == "turn" else _asked(state, where)  # the usual answer, no call
        last = _LAST_ASKED[0] = (state, asked, where)
    return last


def _asked(state: State, where: str) -> frozenset[Seat]:
    if where == "over":
        return frozenset()
    if where == "leaders":
        return frozenset(Seat(s) for s, pick in enumerate(state.picks) if pick == NO_SEAT)
    if where == "discard":
        return _alone(discarding(state))
    if where == "choice":
        assert state.pending is not None
        return _alone(state.pending.owner)
    if where in ("window", "election"):
        return choices.waiting(window(state))
    return _alone(state.first if where == "event" else state.turn)


ALONE = {seat: frozenset({Seat(seat)}) for seat in range(MOST_SEATS)}
"""Each seat on its own, made once: most situations wait for one seat."""


def _alone(seat: int) -> frozenset[Seat]:
    return ALONE.get(seat) or frozenset({Seat(seat)})


def legal_commands(state: State, seat: Seat) -> list[Commands]:
    """Exactly the commands ``decide`` accepts from ``seat`` now (none for a seat not asked)."""
    return list(allowed(state, seat))


def allowed(state: State, seat: Seat) -> tuple[Commands, ...]:
    """:func:`legal_commands`, as the remembered tuple itself (for ``decide``, which only looks)."""
    last = _LAST_LEGAL[0]
    if last[0] is state and last[1] == seat:
        return last[2]  # remembered only for a seat asked
    asked = _LAST_ASKED[0]
    if asked[0] is not state:
        asked = _asked_of(state)
    if seat not in asked[1]:
        return ()
    where = asked[2]  # a turn's commands asked for without ``legal``'s call, as ``_asked_of`` does its seat
    listed = tuple(turn_commands(state, seat) if where == "turn" else legal(state, seat, where))
    _LAST_LEGAL[0] = (state, seat, listed)
    return listed
