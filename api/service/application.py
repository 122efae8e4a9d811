"""The referee's write side: opening tables, seating players, and refereeing their commands.

:class:`Tables` is thin: load, ``domain.referee.decide`` (:mod:`api.service.refereeing`), save with the
expected version. The save goes through the group committer (:mod:`api.service.committing`): the
commands of many games share one transaction, and a game's next command starts from the table this
process just committed. The stored formats are in :mod:`api.service.tables`.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

import msgspec

from api.service import refereeing
from api.service.committing import Saving, settle, wait
from api.service.errors import (
    ConcurrentUpdate,
    NotStarted,
    ServiceError,
    StaleVersion,
    StoreUnavailable,
    TableFull,
)
from api.service.rulings import (
    Opening,
    Ruling,
    Seating,
    decode_command,
    digest_of,
    lock_key,
    replayed,
    seat_of,
)
from api.service.storing import TableStore, rules_of
from api.service.tables import Table
from api.service.tokens import digest, new_token
from domain import takeback
from domain.codec import encode
from domain.errors import RuleError
from domain.seats import Seat


class Tables(TableStore):
    """The referee's write side: opens tables, seats players, and records commands' events."""

    name = "Backroom"

    # -- commands ---------------------------------------------------------------------------------

    def open(
        self,
        game: str,
        players: list[str | None],
        options: dict[str, Any] | None = None,
        seed: str | None = None,
    ) -> Opening:
        """Open a table; players named now get tokens, ``None`` leaves a seat open to join."""
        return wait(self._open(game, players, options, seed))

    async def open_async(
        self,
        game: str,
        players: list[str | None],
        options: dict[str, Any] | None = None,
        seed: str | None = None,
    ) -> Opening:
        """:meth:`open`, awaiting the commit on the event loop."""
        return await settle(self._open(game, players, options, seed))

    def _open(
        self, game: str, players: list[str | None], options: dict[str, Any] | None, seed: str | None
    ) -> Saving[Opening]:
        rules = self.rules_for(game)
        parsed = rules.parse_options(options)
        rules.validate(parsed, len(players))
        tokens = {seat: new_token() for seat, name in enumerate(players) if name is not None}
        command_id = uuid4().hex
        table = refereeing.opened(
            rules,
            game,
            rules.rules_version,
            tuple(players),
            tuple(digest(tokens[s]) if s in tokens else None for s in range(len(players))),
            options=msgspec.Raw(encode(parsed)),
            seed=seed,
            command_id=command_id,
            command_digest=digest_of(None, encode([game, players, parsed])),
            now=self.clock(),
        )
        if not table.open_seats():
            refereeing.set_up(self, table, command_id)
        yield from self.store(table, expected=None)
        return Opening(table.id, tokens, table)

    def join(self, game_id: str, name: str) -> Seating:
        """Seat ``name`` at the first open seat; the game is set up once the last seat is taken."""
        return wait(self._join(game_id, name))

    async def join_async(self, game_id: str, name: str) -> Seating:
        """:meth:`join` under the game's lock, awaiting the commit on the event loop."""
        async with self.locks.hold(lock_key(game_id)):
            return await settle(self._join(game_id, name))

    def _join(self, game_id: str, name: str) -> Saving[Seating]:
        table = self.load(game_id)
        open_seats = table.open_seats()
        if not open_seats:
            raise TableFull("Every seat at this table is taken.")
        token = new_token()
        command_id = uuid4().hex
        seat = open_seats[0]
        table.trigger_event(
            Table.SeatTaken,
            timestamp=self.clock(),
            seat=seat,
            name=name,
            token_digest=digest(token),
            command_id=command_id,
            command_digest=digest_of(seat, name.encode()),
        )
        if len(open_seats) == 1:
            refereeing.set_up(self, table, command_id)
        yield from self.store(table, expected=None)
        return Seating(seat, token, table)

    def submit(
        self,
        game_id: str,
        token: str | None,
        body: bytes,
        command_id: str | None = None,
        expected_version: int | None = None,
    ) -> Ruling:
        """Referee one command from the seat holding ``token``: load, decide, save.

        Every attempt from a seat is audited: accepted ones are in the game's stream; refused ones,
        retries and those that changed nothing go to the game's :class:`Attempts` log.
        """
        return wait(self._submitting(game_id, token, body, command_id, expected_version))

    async def submit_async(
        self,
        game_id: str,
        token: str | None,
        body: bytes,
        command_id: str | None = None,
        expected_version: int | None = None,
    ) -> Ruling:
        """:meth:`submit` under the game's lock, awaiting the (group) commit on the event loop."""
        async with self.locks.hold(lock_key(game_id)):
            return await settle(self._submitting(game_id, token, body, command_id, expected_version))

    def _submitting(
        self, game_id: str, token: str | None, body: bytes, command_id: str | None, expected: int | None
    ) -> Saving[Ruling]:
        table, kept = self._current(game_id)
        seat = seat_of(table, token)
        try:
            ruling = yield from self._ruled(table, kept, seat, body, command_id, expected)
        except (RuleError, ServiceError) as error:
            if not isinstance(error, StoreUnavailable):
                yield from refereeing.audit(self, table.id, seat, body, command_id, "refused", error)
            raise
        if ruling.replayed or ruling.first > ruling.last:
            outcome = "retried" if ruling.replayed else "unchanged"
            yield from refereeing.audit(self, table.id, seat, body, command_id, outcome)
        return ruling

    def _current(self, game_id: str) -> tuple[Table, bool]:
        """The table as this process last committed it, else loaded; and whether it was the kept one."""
        try:
            kept = self.kept.get(UUID(game_id))
        except ValueError:
            kept = None  # not a game id: the load says so
        return (kept, True) if kept is not None else (self.load(game_id), False)

    def _ruled(  # noqa: PLR0917  (``_submit``'s parameters, in its order)
        self, table: Table, kept: bool, seat: int, body: bytes, command_id: str | None, expected: int | None
    ) -> Saving[Ruling]:
        """``_submit``; decided again on a fresh load when the kept table turns out to be behind the log."""
        if not kept:
            return (yield from self._submit(table, seat, body, command_id, expected))
        try:
            return (yield from self._submit(table, seat, body, command_id, expected))
        except (ConcurrentUpdate, StaleVersion):
            self.kept.forget(table.id)  # another process wrote this game: the log knows better
            return (yield from self._submit(self.load(table.id), seat, body, command_id, expected))

    def _submit(
        self, table: Table, seat: int, body: bytes, command_id: str | None, expected_version: int | None
    ) -> Saving[Ruling]:
        command = decode_command(rules_of(table), body)
        if not table.started:
            raise NotStarted("The game has not started: seats are still open.")
        command_id = command_id or uuid4().hex
        command_digest = digest_of(seat, encode(command))
        if command_id in table.receipts:
            return replayed(table, seat, command_id, command_digest)
        if expected_version is not None and expected_version != table.version:
            raise StaleVersion(
                f"The game is at version {table.version}, not {expected_version}.",
                {"version": table.version},
            )
        ruling = yield from refereeing.rule(
            self,
            table,
            Seat(seat),
            command,
            command_id=command_id,
            command_digest=command_digest,
            expected=expected_version,
        )
        return ruling

    # -- what a seat may send, and forks ----------------------------------------------------------

    def legal(self, table: Table, seat: int) -> list[Any]:
        """What ``seat`` may send now at ``table`` (the one in hand): the game's commands, then take-backs.

        A command's answer carries this, so a seat acting again needs no ``GET /legal`` first.
        """
        if not table.started:
            return []
        commands = rules_of(table).legal_commands(table.state, Seat(seat))
        return commands + self.takeback_offers(table, seat)

    def takeback_offers(self, table: Table, seat: int | None) -> list[Any]:
        """The take-back commands ``seat`` may send now (none for a spectator or an unstarted game)."""
        if seat is None or not table.started:
            return []
        return takeback.offers(table.ledger, Seat(seat), refereeing.situation(self, table, self.clock()))

    def fork(self, source: Table, version: int) -> Opening:
        """A new table (same game, seats, options; a new secret) starting from ``source`` at ``version``."""
        past = self.load_at(source, version)
        tokens = {seat: new_token() for seat in range(len(source.seat_names))}
        now = self.clock()
        table = refereeing.opened(
            rules_of(source),
            source.game,
            source.rules_version,
            tuple(source.seat_names),
            tuple(digest(tokens[seat]) for seat in range(len(source.seat_names))),
            options=source.options,
            seed=None,
            command_id=uuid4().hex,
            command_digest=digest_of(None, b"fork"),
            now=now,
        )
        table.trigger_event(
            Table.Forked,
            timestamp=now,
            source=str(source.id),
            source_version=version,
            state=msgspec.Raw(encode(past.state)),
            effective=past.effective,
        )
        wait(self.store(table, expected=None))
        return Opening(table.id, tokens, table)
