"""The table as one value: the game it plays with the table's state, and everything a reader asks of it.

:class:`Table` is what every floor holds of a table: the write side decides and folds with it, the
projection tells and renders from it, the watch asks it when it is due and who acts, the history reads
fold with it. Its methods are the table's whole vocabulary: :meth:`~Table.decide`,
:meth:`~Table.evolve`, :meth:`~Table.legal`, :meth:`~Table.tell`, :attr:`~Table.status`,
:attr:`~Table.to_act`, :attr:`~Table.outcome`, :attr:`~Table.over`, :attr:`~Table.clock`,
:attr:`~Table.closes`, :attr:`~Table.due`, :attr:`~Table.tended` and :meth:`~Table.command` (what it
takes). Their answers are here; the rules they apply stay behind them, each in its module
(:mod:`~domain.table.rules` the table's rules, :mod:`~domain.table.forfeits`,
:mod:`~domain.table.clocks`, :mod:`~domain.table.standins`, :mod:`~domain.table.timeouts`), and are
asked only when the table has what they rule on (a forfeit, a clock, a stand-in).

It is immutable: a cache hands it out without copying, and a failed save leaves nothing to undo.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Union
from uuid import UUID, uuid5

import msgspec

from domain import passing, takeback
from domain.choices import Pass
from domain.codec import request_decoder, retried
from domain.errors import GameNotFound, InvalidRequest, InvalidToken, MissingToken, RuleError, ServiceError
from domain.game import AnyGame
from domain.memos import memo
from domain.messages import Command, Outcome
from domain.seats import Seat, Viewer
from domain.table import clocks, forfeits, rules
from domain.table.describe import NO_LEDGER, Told, told
from domain.table.events import SEAT_COMMANDS, Actor, AnyTableEvent
from domain.table.rules import TableContext
from domain.table.state import TableState, evolve_table
from domain.tokens import digest

NOBODY: frozenset[Seat] = frozenset()


@dataclass(frozen=True, slots=True)
class Table:
    """A table: its id, the game it plays (the game's definition) and its state (a frozen value)."""

    id: UUID
    game: AnyGame
    state: TableState

    # -- what it is ------------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def seat_names(self) -> tuple[str | None, ...]:
        return self.state.seat_names

    @property
    def game_state(self) -> Any:
        """The game's own state (``None`` until set up)."""
        return self.state.game_state

    @property
    def started(self) -> bool:
        """True once every seat is taken and the game has been set up."""
        return self.state.recorded > 0

    @property
    def over(self) -> bool:
        """True once the game has been set up and has ended, by its own rules or by forfeit."""
        state = self.state
        if state.forfeited:
            return forfeits.over(self.game, state)
        return state.recorded > 0 and self.game.is_over(state.game_state)

    @property
    def to_act(self) -> frozenset[Seat]:
        """The seats the game waits for (none before setup, nor once it ended by forfeit)."""
        state = self.state
        if state.forfeited:
            return forfeits.to_act(self.game, state)
        if state.recorded <= 0:
            return NOBODY
        waiting: frozenset[Seat] = self.game.to_act(state.game_state)
        return waiting

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (the forfeits' rules apply once a seat forfeited), ``None`` while it goes on."""
        state = self.state
        if state.forfeited:
            return forfeits.outcome(self.game, state)
        if state.recorded <= 0:
            return None
        played: Outcome | None = self.game.outcome(state.game_state)
        return played

    @property
    def status(self) -> str:
        """``waiting`` for players, ``playing``, or ``over``."""
        if self.state.recorded <= 0:
            return "waiting"
        return "over" if self.over else "playing"

    @property
    def clock(self) -> dict[str, Any] | None:
        """The clock every viewer is shown (none without one): no deadline for a seat that forfeited,
        nor any once the game ended by forfeit."""
        state = self.state
        if state.clock is None:
            return None
        ended = state.forfeited and forfeits.ended_by_forfeit(state)
        out = tuple(range(len(state.seat_names))) if ended else state.forfeited
        return clocks.reading(state.clock, state.timing, out)

    @property
    def closes(self) -> datetime | None:
        """When the game's own open window closes (the referee then answers for every seat still
        asked), ``None`` when none is open: the same for every viewer, as the window is."""
        state = self.state
        if not self.game.waits or state.recorded <= 0 or self.over:
            return None  # most games never wait with a deadline: every read asks, so they are asked nothing
        closing: datetime | None = self.game.due(state.game_state)
        return closing

    @property
    def due(self) -> datetime | None:
        """When the referee must act next (a take-back request's deadline, the game's own, a clock's)."""
        state = self.state
        live = state.recorded > 0 and not self.over
        times = [self.closes]
        if state.ledger.request is not None:
            times.append(state.ledger.request.deadline)
        if live and state.clock is not None:
            times.append(clocks.deadline(state.clock, state.timing, state.forfeited))
        found = [time for time in times if time is not None]
        return min(found) if found else None

    @property
    def tended(self) -> bool:
        """Whether someone may have to act here without a person: a clock that runs, a bot seat, or a
        game that waits with deadlines of its own (the tables the referee's and the bots' watch keeps).
        Only a bot seat comes and goes (a stand-in); the clock and the game's waits are the table's for
        life."""
        state = self.state
        return self.game.waits or any(state.bots) or (state.clock is not None and state.clock.runs)

    def passing_due(self, standing: passing.Standing) -> datetime | None:
        """When the referee must pass for a seat as ``standing`` has it (:mod:`domain.passing`), ``None``:
        never now."""
        if not standing or self.over:
            return None
        return passing.due(self.game, self.state, standing, self.to_act)

    def pass_due(self, body: bytes) -> datetime | None:
        """Passing rule 3: when a pass in ``body`` may be recorded here (``None``: not a pass, or no game
        in play), so a pass by hand and one the referee makes for a seat that holds nothing close a
        window alike. Refusals are left to the decision."""
        if not self.started or self.over:
            return None
        try:
            command = self.command(body)
        except (RuleError, ServiceError):
            return None
        return passing.asked_at(self.state) + passing.PAUSE if isinstance(command, Pass) else None

    def held_until(self, body: bytes, arrived: datetime) -> datetime | None:
        """Passing rule 3: a pass in ``body`` that arrived before its moment is recorded at that moment
        (the pause after its seat was asked, never before the table's last event), as the referee's pass
        is; ``None`` for any other command, or a pass that arrived after it (recorded when decided)."""
        due = self.pass_due(body)
        return None if due is None or arrived > due else passing.moment(self.state)

    def referee_due(self, standing: passing.Standing, now: datetime) -> datetime | None:
        """When the referee's decision here may be made: at once (``None``) when the table's own deadline
        has come, else at the moment it is to pass for a seat as ``standing`` has it."""
        own = self.due
        return None if own is not None and own <= now else self.passing_due(standing)

    def expired(self, now: datetime, waits: timedelta) -> bool:
        """Whether seats are still open and nobody took one for longer than the table ``waits`` (0: for
        ever)."""
        return bool(waits) and not self.started and now - self.state.updated_at > waits

    def seat_of(self, token: str | None) -> int:
        """The seat ``token`` acts for here; refuses a missing or foreign token."""
        if not token:
            raise MissingToken("This request needs a seat token (Authorization: Bearer ...).")
        presented, found = digest(token), None
        for seat, kept in enumerate(self.state.token_digests):
            if kept is not None and hmac.compare_digest(presented, kept):  # constant time, every seat
                found = seat
        if found is None:
            raise InvalidToken("This token holds no seat at this game.")
        return found

    # -- what it does ----------------------------------------------------------------------------

    def command(self, body: bytes) -> Command:
        """The command in ``body`` as this table takes it (:func:`command_of`)."""
        return command_of(self.game, body)

    def decide(self, actor: Actor, command: Command, ctx: TableContext) -> list[AnyTableEvent]:
        """The events ``command`` from ``actor`` produces; raises a ``RuleError`` when refused."""
        return rules.decide_table(self.game, self.state, actor, command, ctx)

    def evolve(self, event: AnyTableEvent) -> Table:
        """The table after ``event`` (the one fold: it applies no rule)."""
        return Table(self.id, self.game, evolve_table(self.game, self.state, event))

    def fold(self, events: Iterable[AnyTableEvent]) -> Table:
        """The table after ``events``."""
        state, game = self.state, self.game
        for event in events:
            state = evolve_table(game, state, event)
        return Table(self.id, game, state)

    def legal(self, seat: int, now: datetime) -> list[Command]:
        """What ``seat`` may send now: the game's commands, then the take-back commands on offer."""
        state = self.state
        if state.recorded <= 0 or seat in state.forfeited or self.over:
            return []
        asking = Seat(seat)
        commands: list[Command] = self.game.legal_commands(state.game_state, asking)
        if not takeback.may_offer(state.ledger, asking):
            return commands  # the situation is not even worked out (most legal lists are the next mover's)
        situation = takeback.Situation(
            seats=len(state.seat_names),
            to_act=self.to_act,
            over=self.over,
            now=now,
            timeout=takeback.REQUEST_TIMEOUT,
        )
        return commands + takeback.offers(state.ledger, asking, situation)

    def tell(self, event: AnyTableEvent, viewer: Viewer, ledger: takeback.Ledger = NO_LEDGER) -> Told:
        """``event`` as ``viewer`` may see it (``ledger``: the take-back ledger just after it)."""
        return told(self.game, event, viewer, self.state.seat_names, ledger)

    def __repr__(self) -> str:
        # The state holds the secret seed and token digests: never print them.
        return f"Table(id={self.id}, game={self.state.game!r}, version={self.state.version})"


def command_of(game: AnyGame, body: bytes) -> Command:
    """The command in ``body`` as a table of ``game`` takes it (the game's commands, the take-back and
    the seat commands), decoded with the game's own decoder; ``InvalidRequest`` if it is not one."""
    decoder = _DECODERS.get(game) or _decoder_for(game)
    try:
        try:
            found: Command = decoder.decode(body)
        except msgspec.ValidationError as refused:  # ``2.0`` for an integer too, as documented
            found = retried(decoder, body, refused)  # (:func:`domain.codec.decode_request`, inlined)
    except (msgspec.ValidationError, msgspec.DecodeError) as error:
        raise InvalidRequest(f"Not a {game.title} command: {error}") from None
    return found


_DECODERS: dict[AnyGame, msgspec.json.Decoder[Any]] = {}


def _decoder_for(game: AnyGame) -> msgspec.json.Decoder[Any]:
    """A decoder for everything a table of ``game`` takes, built once per game."""
    kinds: Any = Union.__getitem__((game.commands, *takeback.TAKEBACK_COMMANDS, *SEAT_COMMANDS))
    decoder = _DECODERS[game] = request_decoder(kinds)
    return decoder


def table_id(game_id: str | UUID) -> UUID:
    """The table id ``game_id`` names; ``GameNotFound`` for anything that is not one."""
    if isinstance(game_id, UUID):
        return game_id
    found = parsed_id(game_id)
    if found is None:
        raise GameNotFound(f"No game {game_id}.")
    return found


REMATCH = UUID("6d1f3c2a-0b7e-5a44-9a1e-3f0c7b2d9e51")
"""The namespace of rematch ids (any fixed UUID: the name is the finished table's id)."""


def rematch_id(game_id: str | UUID) -> UUID:
    """The id of the table a finished table's players play again at: one per table, the same for every
    reader, so every player's page finds it and the first to ask opens it."""
    return uuid5(REMATCH, str(table_id(game_id)))


@memo(4096, "every request of a table names it again")
def parsed_id(game_id: str) -> UUID | None:
    """``game_id`` as a UUID, else ``None``: remembered, as every request of a table names it again."""
    try:
        return UUID(game_id)
    except ValueError:
        return None
