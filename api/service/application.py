"""The referee's write side: load, decide with ``domain.table``, save with the expected version.

Every command takes the same path (:meth:`Tables.submit`): under its game's lock, the table as this
process last committed it (else loaded), the table's decision (:func:`domain.table.decide_table`,
the game's own inside), then the save through the repository port (:mod:`store.repository`). The
kept table is only a hint (:meth:`Tables._on_the_log`): nothing is refused, and nothing answered
without a save, on a table the log has moved past; the save's optimistic concurrency checks the rest. Opening
a table, taking a seat and forking are decided by the same table rules. Every attempt from a seat is
audited: accepted ones are in the game's stream; refused ones, retries and those that changed nothing
go to the game's attempts log.
"""

from __future__ import annotations

import asyncio
import os
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any, TypeVar
from uuid import UUID, uuid4

import msgspec

from api.service.commands import Opening, Ruling, Seating, lock_key
from api.service.limits import Allowance, SharedCounts
from domain import passing, takeback
from domain.bots import BotSpec, bot_names
from domain.chance import EPOCH
from domain.choices import Pass
from domain.codec import encode
from domain.errors import (
    ConcurrentUpdate,
    NoSuchVersion,
    NotYourTurn,
    RateLimited,
    RuleError,
    ServiceError,
    StaleVersion,
    StoreUnavailable,
    TableExpired,
)
from domain.passing import fold_passing
from domain.seats import Seat
from domain.table import (
    NEWCOMER,
    REFEREE,
    Actor,
    AnyGame,
    CloseOverdue,
    NotABot,
    NotStarted,
    RecoverSeat,
    ReissueSeatLink,
    Table,
    TableContext,
    TableForked,
    TableOpened,
    TakeSeat,
    digest_of,
    evolve_table,
    open_table,
    opened_state,
    receipt_for,
    standins,
    table_id,
)
from domain.table.clocks import TableClock
from domain.table.timeouts import stand_in, timed
from domain.tokens import (
    code_digest,
    derived_recovery_code,
    derived_token,
    digest,
    new_recovery_code,
    new_token,
    plain,
    seat_holding,
    seat_holding_code,
)
from store.repository import TableStore

BotsAndClock = tuple[TableClock | None, dict[int, BotSpec]]
"""A table's clock rule and its bot seats, as ``Tables.open`` takes them."""

BOT_PAUSE = passing.PAUSE.total_seconds()
"""Seconds from a bot's turn being taken up to its move being sent, whatever it holds: a bot that can
only pass waits as long as one that weighs an answer (docs/bots.md, "A bot's timing")."""
BOT_THINKING = 0.8
"""The share of :data:`BOT_PAUSE` a bot may think (its search is cut there; the rest is margin)."""

LIMITED = (takeback.TakeBack, takeback.RequestTakeBack)
"""The commands a seat's take-back allowance counts: taking back, and asking to. An answer to another
seat's request is not counted (each request is answered once, and requests are counted), so an answer
``/legal`` offers is always accepted."""

AUDITED_BODY = 2000
"""How many bytes of a refused command's body the audit keeps."""

DECISIONS = 5
"""How many times one request is decided at most, each time on a newer table read from the log: as
long as the table it was decided on turns out to be behind the log (another process committed), its
refusal is not an answer. Past this many (a game written that fast by others) the last answer stands."""

Decided = TypeVar("Decided")


_IDS = random.Random(secrets.token_bytes(32))
os.register_at_fork(after_in_child=lambda: _IDS.seed(secrets.token_bytes(32)))


def fresh_id() -> str:
    """An id nothing else has (a command's, a request's): 128 bits from a generator seeded per process.

    ``uuid4`` asks the kernel for every id, and that call lets go of the interpreter lock in the middle
    of a command, so another thread runs and the command waits its turn back. These ids only have
    to be unique (a command id keys the sender's receipt), not secret.
    """
    return f"{_IDS.getrandbits(128):032x}"


class Tables(TableStore):
    """Opens tables, seats players, and referees their commands."""

    name = "Backroom"  # the library names the log's tables after it (``backroom_events`` on PostgreSQL)

    def __init__(
        self,
        *args: Any,
        refusals: int = 0,
        takebacks: int = 0,
        open_for: float = 0,
        seat_links: int = 0,
        shared: SharedCounts | None = None,
        **kwargs: Any,
    ) -> None:
        """The store's own arguments; what a seat may send per minute: refused (or retried, or
        unchanged) commands, each appended to the attempts log, take-backs and new seat links (0:
        unlimited); and the seconds an open table waits for its next player before it expires (0: for
        ever). ``shared``: those budgets are kept in Redis, the same in every process (at scale)."""
        super().__init__(*args, **kwargs)
        self.open_for = timedelta(seconds=open_for)
        what = "refused, retried or unchanged commands per seat"
        self.refusals = Allowance(refusals, self.clock, what, shared=shared, name="refusals")
        self.takebacks = Allowance(
            takebacks, self.clock, "take-back commands per seat", shared=shared, name="takebacks"
        )
        self.seat_links = Allowance(
            seat_links, self.clock, "new seat links per seat", shared=shared, name="links"
        )
        self.recoveries = Allowance(
            seat_links,
            self.clock,
            "tries at a recovery code from one address",
            shared=shared,
            name="recoveries",
        )
        self.bot_pause = BOT_PAUSE
        self.command_seconds = 0.0
        """How long a command sent over HTTP may wait for the store before it is answered 503 (0: for
        ever); the app sets it from ``BACKROOM_COMMAND_SECONDS``."""
        self.pass_pause = passing.PAUSE.total_seconds()
        """The longest a pass by hand is held (passing rule 3; 0: never, where time stands still)."""

    async def open(
        self,
        game: str,
        players: list[str | None],
        options: dict[str, Any] | None = None,
        seed: str | None = None,
        at: tuple[datetime, datetime | None] | None = None,
        *,
        seating: BotsAndClock | None = None,
    ) -> Opening:
        """Open a table; players named now get tokens, ``None`` leaves a seat open to join.

        ``at``: the recorded times of the opening and of its setup (an import replays them).
        ``seating``: the table's clock and its bot seats (each named for its bot, holding no token).
        """
        game_rules = self.rules_for(game)
        parsed = game_rules.parse_options(options)
        clock, bots = seating or (None, {})
        named = bot_names(bots)
        players = [named.get(s, name) for s, name in enumerate(players)]
        tokens = {s: new_token() for s, name in enumerate(players) if name is not None and s not in bots}
        digests = tuple(digest(tokens[s]) if s in tokens else None for s in range(len(players)))
        codes = {s: new_recovery_code() for s in tokens}
        recovery = tuple(code_digest(codes[s]) if s in codes else None for s in range(len(players)))
        sent = digest_of(None, encode([game, players, parsed, clock, bots]))
        opened = _opened(game_rules, tuple(players), digests, msgspec.Raw(encode(parsed)), sent, seed)
        table_bots = tuple(bots.get(seat) for seat in range(len(players))) if bots else ()
        when = at[0] if at else self.clock()
        opened = msgspec.structs.replace(
            opened, at=when, clock=clock, bots=table_bots, recovery_digests=recovery
        )
        ctx = TableContext(
            now=opened.at, command_id=opened.command_id, digest="", setup_at=at[1] if at else None
        )
        after = await self.commit(_fresh(game_rules, opened), open_table(game_rules, opened, ctx), None)
        return Opening(after.id, tokens, after, codes)

    async def join(
        self, game_id: str, name: str, at: tuple[datetime, datetime | None] | None = None
    ) -> Seating:
        """Seat ``name`` at the first open seat; the game is set up once the last seat is taken."""
        token, code = new_token(), new_recovery_code()
        command = TakeSeat(name=name, token_digest=digest(token), recovery_digest=code_digest(code))

        async def seated(table: Table) -> Seating:
            seat = table.state.open_seats()[0] if table.state.open_seats() else None
            now, setup_at = at or (self.clock(), None)
            if at is None and self._expired(table, now):
                raise TableExpired("Nobody joined this table in time: it has expired. Open another.")
            ctx = self._context(table, digest_of(seat, name.encode()), None, now, setup_at)
            events = table.decide(NEWCOMER, command, ctx)
            after = await self.commit(table, events, expected=None)
            assert seat is not None
            return Seating(seat, token, after, recovery_code=code)

        async with self.locks.hold(lock_key(game_id)):
            return await self._on_the_log(*await self._current(game_id), seated, _saved)

    def _expired(self, table: Table, now: datetime) -> bool:
        """Whether ``table`` still has open seats and nobody took one for longer than it waits."""
        waited = now - table.state.updated_at
        return bool(self.open_for) and not table.started and waited > self.open_for

    async def relink(
        self, game_id: str, token: str | None, at: datetime | None = None, key: str | None = None
    ) -> Seating:
        """A new token (rejoin link) for the seat ``token`` holds; the old token stops working at once
        (``at``: as recorded, for an import).

        With a ``key`` (the request's ``Idempotency-Key``) the new token is derived from the old one
        and the key, so a retry whose answer was lost gets the same token again, not a refusal: the
        old token is dead by then, but with the key it still names the token that replaced it. At most
        ``seat_links`` new links per seat a minute (a retry is not a new link).
        """
        spent = False

        async def linked(table: Table) -> Seating:
            nonlocal spent
            if token and key and (again := self._relinked(table, token, key)) is not None:
                return again
            seat = table.seat_of(token)
            if at is None and not spent:  # an import replays links made then; a decision again is one link
                self.seat_links.spend((table.id, seat))
                spent = True
            assert token is not None  # seat_of refuses a missing token
            fresh = derived_token(table.state.secret, token, key) if key else new_token()
            command = ReissueSeatLink(token_digest=digest(fresh))
            ctx = self._context(table, digest_of(seat, b"relink"), None, at)
            events = table.decide(Seat(seat), command, ctx)
            after = await self.commit(table, events, expected=None)
            return Seating(seat, fresh, after, revoked=after.version)

        async with self.locks.hold(lock_key(game_id)):
            return await self._on_the_log(*await self._current(game_id), linked, _linked)

    @staticmethod
    def _relinked(table: Table, token: str, key: str) -> Seating | None:
        """The seat and token a link made with ``key`` replaced ``token`` by, if the seat holds it still."""
        if seat_holding(token, table.state.token_digests) is not None:
            return None  # the token is live: this is a new link, not a retry
        again = derived_token(table.state.secret, token, key)
        seat = seat_holding(again, table.state.token_digests)
        return None if seat is None else Seating(seat, again, table)

    async def recover(self, game_id: str, code: str, key: str | None = None, caller: str = "") -> Seating:
        """The seat ``code`` is the recovery code of, with a new token and a new code (table rule 5a);
        the old token and code stop working at once.

        ``caller`` (the client's address) may try :attr:`recoveries` codes a minute, right or wrong,
        before any is compared. With a ``key`` the new token and code are derived from the old code
        and the key, so a retry whose answer was lost gets the same ones again.
        """
        self.recoveries.spend(caller)

        async def recovered(table: Table) -> Seating:
            if key and (again := self._recovered(table, code, key)) is not None:
                return again
            fresh, renewed = self._recovery(table, code, key)
            command = RecoverSeat(
                code_digest=code_digest(code),
                token_digest=digest(fresh),
                recovery_digest=code_digest(renewed),
            )
            ctx = self._context(table, digest_of(None, b"recover"), None)
            events = table.decide(NEWCOMER, command, ctx)
            after = await self.commit(table, events, expected=None)
            seat = events[0].seat
            assert seat is not None  # rule 5a names the seat recovered
            return Seating(seat, fresh, after, revoked=after.version, recovery_code=renewed)

        async with self.locks.hold(lock_key(game_id)):  # a wrong code is asked of the log before it stands
            seating = await self._on_the_log(*await self._current(game_id), recovered, _linked)
        if seating.revoked:  # a new link for the seat, as any other (a retry's answer is none)
            self.seat_links.spend((seating.table.id, seating.seat), refuse=False)
        return seating

    @staticmethod
    def _recovery(table: Table, code: str, key: str | None) -> tuple[str, str]:
        """The token and recovery code a recovery with ``code`` gives: derived with a ``key``, else new."""
        if not key:
            return new_token(), new_recovery_code()
        secret = table.state.secret
        return derived_token(secret, f"recover:{plain(code)}", key), derived_recovery_code(secret, code, key)

    @classmethod
    def _recovered(cls, table: Table, code: str, key: str) -> Seating | None:
        """The seat a recovery made with ``code`` and ``key`` gave back, if it still holds what it gave."""
        if seat_holding_code(code, table.state.recovery_digests) is not None:
            return None  # the code is live: this is a new recovery, not a retry
        token, renewed = cls._recovery(table, code, key)
        seat = seat_holding(token, table.state.token_digests)
        if seat is None or seat_holding_code(renewed, table.state.recovery_digests) != seat:
            return None
        return Seating(seat, token, table, recovery_code=renewed)

    async def submit(  # noqa: PLR0917  (the command's parts, as the route reads them)
        self,
        game_id: str,
        token: str | None,
        body: bytes,
        command_id: str | None = None,
        expected_version: int | None = None,
        at: datetime | None = None,
    ) -> Ruling:
        """Referee one command from the seat holding ``token``: load, decide, save (``at``: as recorded)."""
        if at is None and self.pass_pause > 0 and b"Pass" in body:
            await self._held(game_id, body)

        seat: int | None = None

        async def ruled(table: Table) -> Ruling:
            nonlocal seat
            seat = None  # a token is checked at every table it is decided on (a newer one may revoke it)
            seat = table.seat_of(token)
            return await self._ruled(table, seat, body, command_id, expected_version, at)

        async with self.locks.hold(lock_key(game_id)):
            table, kept = await self._current(game_id)
            try:
                ruling = await self._on_the_log(table, kept, ruled, _changed)
            except (RuleError, ServiceError) as error:
                sender = seat  # None: the token holds no seat at the log's table (not audited, as before)
                if sender is not None and not isinstance(error, StoreUnavailable | RateLimited):
                    await self._audit(table.id, sender, body, command_id, "refused", error)
                raise
        if ruling.replayed or ruling.first > ruling.last:
            outcome = "retried" if ruling.replayed else "unchanged"
            await self._audit(table.id, ruling.seat, body, command_id, outcome)
        return ruling

    async def _held(self, game_id: str, body: bytes) -> None:
        """Passing rule 3: a pass is recorded no sooner than its pause after the seat was asked, so a
        pass by hand and one the referee makes for a seat that holds nothing close a window alike."""
        table, _ = await self._current(game_id)
        if not table.started or table.over:
            return
        try:
            command = table.command(body)
        except (RuleError, ServiceError):
            return  # refused under the lock, as ever
        if isinstance(command, Pass):
            due = passing.asked_at(table.state) + passing.PAUSE
            for _ in range(3):  # asyncio may wake a timer up to its clock's resolution early: look again
                wait = min((due - self.clock()).total_seconds(), self.pass_pause)
                if wait <= 0:
                    break
                await asyncio.sleep(wait)

    async def referee(self, game_id: str, at: datetime | None = None) -> Table:
        """The referee closes what is overdue at ``game_id`` (``table/nothing_overdue`` when nothing is);
        the table after (``at``: as recorded, for an import)."""

        async def refereed(table: Table) -> Table:
            return await self._refereed(table, at)

        async with self.locks.hold(lock_key(game_id)):
            return await self._on_the_log(*await self._current(game_id), refereed, _moved)

    async def _refereed(self, table: Table, at: datetime | None = None) -> Table:
        key = f"referee:{table.version}"  # the same on every worker, and when an import acts again
        auto = (
            fold_passing(await asyncio.to_thread(self.reader.passing, table.id)) if table.game.waits else None
        )
        ctx = self._context(table, digest_of(None, b"referee"), key, at)
        ctx = msgspec.structs.replace(ctx, auto_pass=auto) if auto else ctx
        events = await asyncio.to_thread(table.decide, REFEREE, CloseOverdue(), ctx)
        return await self.commit(table, events, expected=None)

    async def play_bot(self, game_id: str, seat: int, at: datetime | None = None) -> Ruling:
        """The bot at ``seat`` sends its move through the command path a person's takes (receipts, the
        table's rules, the save; accepted, it is in the stream and the audit like anyone's); its
        command id is the version it moved at, so two workers playing the same seat at once record
        one move. ``rule/not_your_turn`` when the seat is not to act (``at``: as recorded, for an
        import)."""

        async def bot_of(table: Table) -> tuple[Table, BotSpec]:
            spec = table.state.bots[seat] if seat < len(table.state.bots) else None
            if spec is None or not table.started:
                raise NotABot(f"Seat {seat} is not played by a bot.")
            if table.over or Seat(seat) not in table.game.to_act(table.game_state):
                raise NotYourTurn("It is not this bot's turn.")  # on a kept table: asked of the log first
            return table, spec

        table, spec = await self._on_the_log(*await self._current(game_id), bot_of, _never_saved)
        began, pause = time.monotonic(), self.bot_pause if at is None else 0.0
        cut = (lambda: time.monotonic() >= began + pause * BOT_THINKING) if pause else None
        command = await asyncio.to_thread(stand_in, table.game, table.state, Seat(seat), spec, cut)
        if pause:  # the same wait, whatever the bot holds
            await asyncio.sleep(max(0.0, began + pause - time.monotonic()))
        key = f"bot:{seat}:{table.version}"

        async def ruled(table: Table) -> Ruling:
            return await self._ruled(table, seat, encode(command), key, None, at, bot=spec.policy)

        async with self.locks.hold(lock_key(game_id)):
            return await self._on_the_log(*await self._current(game_id), ruled, _changed)

    async def _ruled(  # noqa: PLR0917  (``submit``'s parameters, in its order)
        self,
        table: Table,
        seat: int,
        body: bytes,
        command_id: str | None,
        expected: int | None,
        at: datetime | None,
        bot: str = "",
    ) -> Ruling:
        command = table.command(body)
        command_id = command_id or fresh_id()
        sent = encode(command)
        command_digest = digest_of(seat, sent)
        receipt = receipt_for(table.state, seat, command_id, command_digest)
        if receipt is not None:
            return Ruling(table, seat, receipt.first, receipt.last, replayed=True)
        if not table.started:
            raise NotStarted("The game has not started: seats are still open.")
        if isinstance(command, LIMITED):
            self.takebacks.spend((table.id, seat))
        if expected is not None and expected != table.version:
            raise StaleVersion(
                f"The game is at version {table.version}, not {expected}.", {"version": table.version}
            )
        ctx = self._context(table, command_digest, command_id, at, sent=sent.decode(), bot=bot)
        events = await self._decided(table, Seat(seat), command, ctx)
        # A conflict on the save goes up to ``_on_the_log``, which decides again on the log's table:
        # where our own first try won the race, the receipt there answers it as a retry.
        after = await self.commit(table, events, expected)
        return Ruling(after, seat, table.version + 1, after.version, recorded=tuple(events))

    async def _decided(self, table: Table, actor: Actor, command: Any, ctx: TableContext) -> list[Any]:
        """The table's decision; a take-back reads the log for the state it returns to, off the loop."""
        if isinstance(command, takeback.TAKEBACK_COMMANDS):
            return await asyncio.to_thread(table.decide, actor, command, ctx)
        return table.decide(actor, command, ctx)

    async def _on_the_log(
        self,
        table: Table,
        kept: bool,
        decide: Callable[[Table], Awaitable[Decided]],
        saved: Callable[[Decided], bool],
    ) -> Decided:
        """``decide(table)``, decided again on the log's newer table whenever ``table`` may be behind it.

        ``kept``: ``table`` is this process's kept table (a hint), not one just read. Before a refusal
        stands (a rule, a version, an unknown or revoked token), and before an answer that ``saved``
        nothing (a retry recognised, a command that changed nothing) is given from a kept table, the
        events after its version are read (one indexed read; none on the hot path: an accepted command
        is saved against the log's next version, so the save's optimistic concurrency is the check).
        A conflict on the save always reads them. The decision stands once the log holds nothing newer.
        """
        checked = not kept
        for _ in range(DECISIONS - 1):
            try:
                done = await decide(table)
            except (StoreUnavailable, RateLimited):
                raise
            except (RuleError, ServiceError) as error:
                if checked and not isinstance(error, ConcurrentUpdate | StaleVersion):
                    raise
                newer = await self.newer(table)
                if newer is None:
                    raise error from None
            else:
                if checked or saved(done):
                    return done
                newer = await self.newer(table)
                if newer is None:
                    return done
            table, checked = newer, True
        return await decide(table)

    async def _current(self, game_id: str) -> tuple[Table, bool]:
        """The kept table, else loaded off the event loop; and whether it is the kept one unchecked (a
        game others wrote lately has its kept table checked against the log's tail first)."""
        kept = self.kept.get(table_id(game_id))
        if kept is not None:
            if self.kept.shared(kept.id):
                return await self.newer(kept) or kept, False
            return kept, True
        return await asyncio.to_thread(self.load, game_id), False

    def _context(  # noqa: PLR0917  (the context's parts)
        self,
        table: Table,
        command_digest: str,
        command_id: str | None,
        now: datetime | None = None,
        setup_at: datetime | None = None,
        sent: str = "",
        bot: str = "",
    ) -> TableContext:
        return TableContext(
            now=now or self.clock(),
            command_id=command_id or fresh_id(),
            digest=command_digest,
            sent=sent,
            timeout=self.takeback_timeout,
            state_at=lambda version: self.load(table.id, version).game_state,
            setup_at=setup_at,
            bot=bot,
        )

    async def _audit(  # noqa: PLR0917  (one call site per outcome)
        self, game_id: UUID, seat: int, body: bytes, command_id: str | None, outcome: str, error: Any = None
    ) -> None:
        """Append the attempt; past the seat's allowance nothing is appended and the answer is 429."""
        self.refusals.spend((game_id, seat))
        await self.note_attempt(
            game_id,
            seat=seat,
            command=body[:AUDITED_BODY].decode("utf-8", "replace"),
            command_id=command_id or "",
            outcome=outcome,
            code=str(getattr(error, "code", "")),
            message=str(getattr(error, "message", error or "")),
        )

    # -- what a seat may send, and forks ----------------------------------------------------------

    def legal(self, table: Table, seat: int) -> list[Any]:
        """What ``seat`` may send now at ``table``: the game's commands, then the take-backs its
        allowance still lets it send (the legal list never offers what would be refused)."""
        return self.within_limits(table.id, seat, table.legal(seat, self.clock()))

    def within_limits(self, game_id: UUID, seat: int | None, commands: list[Any]) -> list[Any]:
        """``commands`` without those ``seat``'s spent allowance would refuse now (429)."""
        if seat is None or self._refills(game_id, seat) is None:
            return commands
        return [command for command in commands if not isinstance(command, LIMITED)]

    def _refills(self, game_id: UUID, seat: int) -> datetime | None:
        """When ``seat``'s spent take-back allowance comes back (``None``: not spent). A seat that never
        took back has no window to ask about: most legal lists are answered without a call. At scale
        another process may have spent it, so the shared count is asked."""
        if self.takebacks.shared is None and (game_id, seat) not in self.takebacks.windows:
            return None
        return self.takebacks.refills((game_id, seat))

    def limited(self, game_id: UUID, seat: int | None) -> list[dict[str, Any]]:
        """What ``seat`` may not send now for its spent allowance, and when it may again (a legal
        answer's ``limited``: empty while nothing is held back)."""
        refills = self._refills(game_id, seat) if seat is not None else None
        if refills is None:
            return []
        limit = self.takebacks.per_minute
        why = f"You have used your {limit} take-backs for this minute; they come back at {refills:%H:%M:%S} UTC."  # noqa: E501  (one sentence, as the page shows it)
        return [{"types": [kind.__struct_config__.tag for kind in LIMITED], "until": refills, "message": why}]

    async def fork(self, source: Table, version: int) -> Opening:
        """A new table (same game, seats, options; a new secret) starting from ``source`` at ``version``."""
        past = await asyncio.to_thread(self.load, source.id, version)
        if not past.started:
            raise NoSuchVersion("The game was not set up yet at that version.", {"version": version})
        names = source.seat_names
        bots = standins.seated_bots(source.state)  # the fork keeps the clock and the bot seats
        tokens = {seat: new_token() for seat in range(len(names)) if seat not in bots}
        digests = tuple(digest(tokens[seat]) if seat in tokens else None for seat in range(len(names)))
        opened = _opened(source.game, names, digests, source.state.options, digest_of(None, b"fork"))
        table_bots = tuple(bots.get(seat) for seat in range(len(names))) if bots else ()
        opened = msgspec.structs.replace(opened, at=self.clock(), clock=source.state.clock, bots=table_bots)
        state, effective = msgspec.Raw(encode(past.game_state)), past.state.effective
        forked = TableForked(
            version=2,
            at=opened.at,
            source=str(source.id),
            source_version=version,
            state=state,
            effective=effective,
        )
        fresh = _fresh(source.game, opened)
        started = timed(source.game, opened_state(opened), [forked], None, opened.at)
        after = await self.commit(fresh, [opened, *started], expected=None)
        return Opening(after.id, tokens, after)


def _changed(ruling: Ruling) -> bool:
    """Whether a command's events were saved (so it was decided at the log's latest version)."""
    return not ruling.replayed and ruling.first <= ruling.last


def _linked(seating: Seating) -> bool:
    """Whether a seat link was saved now (not a retry's link answered from the table)."""
    return seating.revoked > 0


def _saved(_: Seating) -> bool:
    return True  # a seat is taken only by a save


def _moved(_: Table) -> bool:
    return True  # the referee answers only with a save (``table/nothing_overdue`` otherwise)


def _never_saved(_: Any) -> bool:
    return False


def _opened(  # noqa: PLR0917  (a table's opening, part by part)
    game: AnyGame,
    names: tuple[str | None, ...],
    digests: tuple[str | None, ...],
    options: msgspec.Raw,
    command_digest: str,
    seed: str | None = None,
) -> TableOpened:
    """A table's opening: a random secret unless ``seed`` (the time is set by the caller)."""
    return TableOpened(
        version=1,
        at=EPOCH,
        command_id=fresh_id(),
        command_digest=command_digest,
        game=game.id,
        rules_version=game.rules_version,
        seat_names=names,
        token_digests=digests,
        options=options,
        secret=seed if seed is not None else secrets.token_hex(16),
        seeded=seed is not None,
    )


def _fresh(game: AnyGame, opened: TableOpened) -> Table:
    """A table not stored yet: ``commit`` folds its events from nothing (version 0)."""
    return Table(uuid4(), game, msgspec.structs.replace(evolve_table(game, None, opened), version=0))
