"""The tournaments' thin application service: create, start, withdraw, open a round's tables, seat.

Each use case is a decision of :mod:`domain.tournament.tournament` saved on the tournament's stream by
:class:`store.tournaments.TournamentLog` (optimistic concurrency, decided again on a moved stream).
Opening a round's tables is the service's own reaction to a round paired ("a round is paired, so its
tables are opened"): run by the start, by the referee's watch when it reads a round paired off the log
(embedded in ``serve``, the timer workers at scale: :attr:`workers.timers.Watch.opener`), and by every
seat link asked for, each time for the tables not yet assigned. A table's id is derived
from the tournament, round and number (:func:`domain.tournament.seating.round_table_id`), so however
many processes open it at once the log keeps one opening; the assignment is idempotent.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import secrets
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Literal

import msgspec
from eventsourcing.persistence import IntegrityError

from api.ids import fresh_id
from api.players.application import Players
from api.service.application import Tables
from domain.bots import BotSpec
from domain.errors import ConcurrentUpdate, InvalidRequest
from domain.table.clocks import Increment, Seconds, TableClock
from domain.tokens import seat_holding
from domain.tournament import tournament as t
from domain.tournament.planner import Entrant, Format
from domain.tournament.seating import round_table_id, seat_token
from store.tournaments import TournamentLog

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9][A-Za-z0-9 _.-]*$")]
TournamentId = Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=r"^[a-z0-9][a-z0-9-]*$")]


class BotEntry(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A bot entered under ``name``, playing as ``bot``."""

    name: Name
    bot: BotSpec = BotSpec(policy="random", level=1)


class TournamentClock(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Every table's clock: a deadline per move, or a clock per seat (chess-style)."""

    kind: Literal["move", "seat"] = "move"
    seconds: Seconds = 60.0
    increment: Increment = 0.0


class NewTournament(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``POST /api/tournaments``: the declarations and the entrants (known players by handle, and bots)."""

    game: str
    id: TournamentId | None = None
    format: Format = Format.SWISS
    rounds: Annotated[int, msgspec.Meta(ge=1, le=50)] = 3
    clock: TournamentClock = TournamentClock()
    no_show: Literal["bot", "forfeit"] = "bot"
    players: Annotated[list[Name], msgspec.Meta(max_length=200)] = []
    bots: Annotated[list[BotEntry], msgspec.Meta(max_length=200)] = []
    points: list[list[Annotated[int, msgspec.Meta(ge=0, le=1000)]]] | None = None
    seed: Annotated[int, msgspec.Meta(ge=0, le=2**53)] | None = None


class LateEntry(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``POST /api/tournaments/{id}/entries``: a known player (or a bot) entered late, with a bye score."""

    player: Name | None = None
    bot: BotEntry | None = None
    bye_points: Annotated[float, msgspec.Meta(ge=0, le=1000)] | None = None


class Withdrawal(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``POST /api/tournaments/{id}/withdrawals``: who is withdrawn, and why."""

    entrant: Name
    reason: Annotated[str, msgspec.Meta(max_length=200)] = "withdrawn by the organiser"


class TournamentExists(t.TournamentError):
    """Raised when a tournament is created under an id another tournament has."""

    code = "tournament/exists"


class NoTableNow(t.TournamentError):
    """Raised when an entrant asks for their table and the last round paired has none for them."""

    code = "tournament/no_table"


class NextRoundNotPaired(t.TournamentError):
    """Raised when an entrant asks for their table while theirs is over and the next round is not paired
    (the other tables of the round still play): no link, rather than one to the table just finished."""

    code = "tournament/round_not_paired"


@dataclass(frozen=True, slots=True)
class SeatLink:
    """An entrant's seat at their next table, and the token that lets them play it."""

    round: int
    index: int
    table: str
    seat: int
    token: str


class Tournaments:
    """Creates and runs tournaments on the log of ``tables`` (any process)."""

    def __init__(self, tables: Tables, players: Players) -> None:
        self.tables, self.players = tables, players
        self.log = TournamentLog(tables.store.recorder, tables.store.games)

    async def current(self, name: str) -> t.Tournament:
        return await asyncio.to_thread(self.log.current, name)

    async def create(self, organiser: str, declared: NewTournament) -> t.Tournament:
        """A new tournament organised by ``organiser`` (refused: 422, or 409 for an id taken)."""
        game = self.tables.store.rules_for(declared.game)
        handles = [(await self.players.player(handle)).handle for handle in declared.players]  # else 404
        entrants = _entrants(handles, declared.bots, game.min_seats)
        sizes = (game.min_seats, game.max_seats)
        if declared.points is not None and [len(p) for p in declared.points] != list(
            range(sizes[0], sizes[1] + 1)
        ):
            raise InvalidRequest(
                f"Declare points for every table size from {sizes[0]} to {sizes[1]}, best first."
            )
        clock = TableClock(**msgspec.structs.asdict(declared.clock), timeout=declared.no_show)
        bots = tuple(t.BotEntrant(name=b.name, bot=b.bot) for b in declared.bots)
        running = t.Running(organiser=organiser, clock=clock, bots=bots, seat_key=secrets.token_hex(16))
        name = declared.id or fresh_id()[:12]
        seed = declared.seed if declared.seed is not None else int(fresh_id()[:12], 16)
        events = t.create(
            name, game.id, declared.format, declared.rounds, seed, sizes, entrants, declared.points, running
        )
        try:
            return await asyncio.to_thread(self.log.create, events)
        except IntegrityError:
            raise TournamentExists(f"A tournament {name!r} exists already: choose another id.") from None

    async def start(self, name: str, handle: str) -> t.Tournament:
        """The organiser starts the tournament: round 1 is paired and its tables opened."""
        await asyncio.to_thread(self.log.change, name, lambda state: t.start(state, handle))
        return await self.open_due(name)

    async def withdraw(self, name: str, handle: str, withdrawal: Withdrawal) -> t.Tournament:
        decide = functools.partial(
            t.withdraw, entrant=withdrawal.entrant, reason=withdrawal.reason, by=handle
        )
        await asyncio.to_thread(self.log.change, name, decide)
        return await self.current(name)

    async def enter_late(self, name: str, handle: str, entry: LateEntry) -> t.Tournament:
        """The organiser enters a known player or a bot before the next round, with its bye score."""
        if (entry.player is None) == (entry.bot is None):
            raise InvalidRequest("Enter either a player or a bot.")
        if entry.player is not None:
            entrant = (await self.players.player(entry.player)).handle
        else:
            entrant = entry.bot.name  # type: ignore[union-attr]  # one of the two, checked above
        bot = t.BotEntrant(name=entry.bot.name, bot=entry.bot.bot) if entry.bot else None
        points = None if entry.bye_points is None else _fraction(entry.bye_points)

        def decide(state: t.Tournament) -> list[t.AnyTournamentEvent]:
            t.organised_by(state, handle)
            return t.enter_late(state, entrant, points, bot)

        await asyncio.to_thread(self.log.change, name, decide)
        return await self.current(name)

    async def open_due(self, name: str) -> t.Tournament:
        """Open and assign every table of the last round paired that is not assigned yet."""
        state = await self.current(name)
        if not state.pairings:
            return state
        pairing = state.pairings[-1]
        assigned = {(r, i) for r, i, _ in state.tables}
        for index, seated in enumerate(pairing.tables, start=1):
            if (pairing.round, index) in assigned:
                continue
            table = round_table_id(name, pairing.round, index)
            await self._open(state, seated, table)
            assign = functools.partial(t.assign, number=pairing.round, index=index, table=str(table))
            await asyncio.to_thread(self.log.change, name, assign)
        return await self.current(name)

    async def _open(self, state: t.Tournament, seated: tuple[Entrant, ...], table: object) -> None:
        bots = {seat: spec for seat, entrant in enumerate(seated) if (spec := state.bot_of(entrant))}
        holders = tuple(None if seat in bots else entrant for seat, entrant in enumerate(seated))
        with contextlib.suppress(ConcurrentUpdate):  # another process opened it first: it is there
            await self.tables.open(
                state.created.game,
                list(seated),
                seating=(state.created.clock, bots),
                holders=holders,
                table_id=table,  # type: ignore[arg-type]  # a UUID, from round_table_id
                seat_tokens=lambda _secret, seat: seat_token(state.created.seat_key, str(table), seat),
            )

    async def seat(self, name: str, handle: str) -> SeatLink:
        """``handle``'s seat at their table of the last round paired (its tables opened first)."""
        state = await self.open_due(name)
        entrant = next((e for e in state.entrants if e.casefold() == handle.casefold()), None)
        where = state.next_table(entrant) if entrant is not None else None
        opened = {(r, i): table for r, i, table in state.tables}
        if entrant is None or where is None or (where[0], where[1]) not in opened:
            raise NoTableNow(f"{handle} has no table in the last round paired.")
        number, index, seat = where
        _not_over_yet(state, entrant, number, index)
        table = await asyncio.to_thread(self.tables.store.load, opened[number, index])
        token = seat_token(state.created.seat_key, opened[number, index], seat)
        if seat_holding(token, table.state.token_digests) != seat:
            raise NoTableNow("This seat took a link of its own: use that link (or its recovery code).")
        return SeatLink(number, index, opened[number, index], seat, token)


def _not_over_yet(state: t.Tournament, entrant: Entrant, number: int, index: int) -> None:
    """Refuse a link to table ``index`` of round ``number`` once it has its result: the tournament is
    over, or ``entrant`` is withdrawn, or the next round is not paired yet."""
    if not any((r.round, r.index) == (number, index) for r in state.results):
        return
    if entrant not in state.playing:
        raise NoTableNow(f"{entrant} is withdrawn: no later round seats them.")
    if state.finished:
        raise t.TournamentOver(f"The tournament is over: round {number} was its last.")
    raise NextRoundNotPaired(
        f"Your table of round {number} is over; round {number + 1} is paired once every table of round "
        f"{number} is over: ask again then."
    )


def _entrants(handles: list[str], bots: list[BotEntry], smallest: int) -> list[Entrant]:
    """The entrants, players first: refused when two share a name or too few to fill a table."""
    entrants = [*handles, *(b.name for b in bots)]
    if len({e.casefold() for e in entrants}) != len(entrants):
        raise InvalidRequest("Two entrants share a name: every entrant needs a name of their own.")
    if len(entrants) < smallest:
        raise InvalidRequest(f"Enter at least {smallest} entrants: the game's smallest table.")
    return entrants


def _fraction(points: float) -> Fraction:
    return Fraction(points).limit_denominator(1000)
