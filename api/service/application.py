"""The referee's write side: every change to a table is a decision handed to :meth:`Tables.transact`.

A use case says only what it decides on a table (a :class:`Decision`: the events, the table's rules
:func:`domain.table.decide_table` inside, and the answer). :meth:`Tables.transact` is the one way a
table changes: under the game's lock, on the table as the log has it, decide, save with the expected
version (:mod:`store.repository`), decide again on a moved log, answer. Opening (and forking,
:mod:`api.service.forking`) starts a new log. A table's chat and its seats' passing choices are written
beside its log, each through :meth:`Tables.beside` under a lock of its own. Refused, retried and
unchanged commands from a seat go to the game's attempts log.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Generic, Literal, TypeVar
from uuid import UUID, uuid4

import msgspec
from eventsourcing.persistence import IntegrityError, PersistenceError

from api.ids import fresh_id
from api.limits import Allowance, SharedCounts
from api.service.answers import Opening, Ruling, Seating
from api.service.passing import passed_for
from domain import dealing, passing, takeback
from domain.bots import BotSpec, bot_names
from domain.choices import Pass
from domain.codec import encode
from domain.errors import (
    ConcurrentUpdate,
    NoRematchYet,
    NotYourTurn,
    RateLimited,
    RuleError,
    ServiceError,
    StaleVersion,
    StoreUnavailable,
    TableExpired,
)
from domain.memos import memo
from domain.passing import fold_passing
from domain.seats import Seat
from domain.table import (
    NEWCOMER,
    REFEREE,
    AnyTableEvent,
    CloseOverdue,
    NotABot,
    NotStarted,
    RecoverSeat,
    ReissueSeatLink,
    RevealContribution,
    Table,
    TableContext,
    TakeSeat,
    WrongRecoveryCode,
    digest_of,
    open_table,
    opening_of,
    parsed_id,
    receipt_for,
    rematch_id,
    standins,
    table_id,
    unsaved,
)
from domain.table.clocks import TableClock
from domain.table.timeouts import stand_in
from domain.tokens import (
    code_digest,
    derived_token,
    digest,
    new_recovery_code,
    new_token,
    recovered,
    recovery,
    relinked,
    seat_holding,
)
from store.commits import GameLocks
from store.repository import TableStore

BotsAndClock = tuple[TableClock | None, dict[int, BotSpec]]
"""A table's clock rule and its bot seats, as ``Tables.open`` takes them."""
Setup = tuple[datetime, datetime | None]
"""A command's recorded time and that of the setup it triggers (an import replays both)."""

BOT_PAUSE = passing.PAUSE.total_seconds()
"""Seconds from a bot's turn being taken up to its move being sent, whatever it holds: a bot that can
only pass waits as long as one that weighs an answer (docs/bots.md, "A bot's timing")."""
BOT_THINKING = 0.8
"""The share of :data:`BOT_PAUSE` a bot may think (its search is cut there; the rest is margin)."""

LIMITED = (takeback.TakeBack, takeback.RequestTakeBack)
"""The commands a seat's take-back allowance counts: taking back, and asking to. An answer to another
seat's request is not counted (each request is answered once, and requests are counted), so an answer
``/legal`` offers is always accepted."""

DECISIONS = 5
"""How many times one request is decided at most, each time on a newer table read from the log: as
long as the table it was decided on turns out to be behind the log (another process committed), its
refusal is not an answer. Past this many (a game written that fast by others) the last answer stands."""
WAITS = 3
"""How many times a decision that must wait (a pass before its pause) lets the lock go and waits: asyncio
may wake a timer up to its clock's resolution early, so it looks again; past this many it is decided."""

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Decision(Generic[A]):
    """What a use case decided on a table: the events to save (none: nothing changes) and its answer,
    given the table after them; ``expected``: the version the sender said the table is at."""

    events: list[AnyTableEvent]
    answer: Callable[[Table], A]
    expected: int | None = None


Decide = Callable[[Table], Awaitable[Decision[A]]]
Beside = Literal["chat", "passing"]
BESIDE: dict[Beside, str] = {"chat": "message", "passing": "choice"}
"""The streams beside a table's log, each with what it holds (:meth:`Tables.beside`)."""
Refused = Callable[[Table, Exception], Awaitable[None]]
NotBefore = Callable[[Table], datetime | None]


@memo(4096, "every command of a game takes its lock by this key")
def lock_key(game_id: str) -> str:
    """One key per game however its id is spelled (anything else is refused by the load)."""
    found = parsed_id(game_id)
    return game_id if found is None else str(found)


class Tables:
    """Opens tables, seats players, and referees their commands, on a :class:`TableStore`."""

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
        self.store = TableStore(*args, **kwargs)
        self.clock = self.store.clock
        self.locks = GameLocks()
        self.open_for = timedelta(seconds=open_for)
        what = "refused, retried or unchanged commands per seat"
        self.refusals = Allowance(refusals, self.clock, what, shared=shared, name="refusals")
        what = "take-back commands per seat"
        self.takebacks = Allowance(takebacks, self.clock, what, shared=shared, name="takebacks")
        what = "new seat links per seat"
        self.seat_links = Allowance(seat_links, self.clock, what, shared=shared, name="links")
        what = "wrong recovery codes from one address"
        self.recoveries = Allowance(seat_links, self.clock, what, shared=shared, name="recoveries")
        self.bot_pause = BOT_PAUSE
        self.command_seconds = 0.0
        """How long a command sent over HTTP may wait for the store before it is answered 503 (0: for
        ever); the app sets it from ``BACKROOM_COMMAND_SECONDS``."""
        self.pass_pause = passing.PAUSE.total_seconds()
        """The longest a pass by hand is held (passing rule 3; 0: never, where time stands still)."""

    def close(self) -> None:
        self.store.close()

    # -- the one way a table changes ----------------------------------------------------------------

    async def transact(
        self,
        game_id: str,
        decide: Decide[A],
        refused: Refused | None = None,
        not_before: NotBefore | None = None,
    ) -> A:
        """``decide`` on the game's table under its lock; its events saved, its answer given.

        ``refused(table, error)`` is told of a refusal that stands, still under the lock. A decision
        whose table says ``not_before`` a time still to come lets the lock go, waits, and is decided
        again on the table then (passing rule 3: a pass is recorded no sooner than its pause after its
        seat was asked, and another command may ask it again meanwhile).
        """
        waited: Table | None = None
        for wait in range(WAITS + 1):
            due = not_before if wait < WAITS else None  # past the waits it is decided
            async with self.locks.hold(lock_key(game_id)):  # the one place a game's lock is taken
                answered = await self._on_the_log(game_id, decide, refused, due, waited)
            if not isinstance(answered, _Wait):
                return answered
            await asyncio.sleep(answered.seconds)
            waited = answered.table
        raise AssertionError("nothing waits without ``not_before``")  # pragma: no cover

    async def _on_the_log(
        self,
        game_id: str,
        decide: Decide[A],
        refused: Refused | None,
        not_before: NotBefore | None,
        waited: Table | None = None,
    ) -> A | _Wait:
        """``decide`` on the kept table, then again on the log's newer table whenever it may be behind.

        Before a refusal stands, and before an answer that saved nothing is given from a kept table, the
        events after its version are read (one indexed read; none on the hot path: an accepted command
        is saved against the log's next version, so the save's optimistic concurrency is the check). A
        conflict on the save always reads them. The decision stands once the log holds nothing newer.

        After a wait (``waited``: the table it was decided on) the log's tail past that table is read
        first, whoever waited and wherever: a pass held by hand and the referee's pass for a seat on
        auto wake at one moment and take one path from there (issue 49 item 5).
        """
        if waited is None:
            table, checked = await self._current(game_id)
        else:
            table, checked = await self.store.newer(waited) or waited, True
        for attempt in range(DECISIONS):
            due = not_before(table) if not_before is not None else None
            if due is not None and (wait := (due - self.clock()).total_seconds()) > 0:
                return _Wait(min(wait, self.pass_pause), table)
            final = attempt == DECISIONS - 1
            try:
                decision = await decide(table)
                if decision.events:
                    return decision.answer(await self.store.commit(table, decision.events, decision.expected))
            except (StoreUnavailable, RateLimited):
                raise
            except (RuleError, ServiceError) as error:
                stands = final or (checked and not isinstance(error, ConcurrentUpdate | StaleVersion))
                newer = None if stands else await self.store.newer(table)
                if newer is None:
                    if refused is not None:
                        await refused(table, error)
                    raise
            else:
                newer = None if checked or final else await self.store.newer(table)
                if newer is None:
                    return decision.answer(table)
            table, checked = newer, True
        raise AssertionError("the last decision stands")  # pragma: no cover

    async def beside(
        self, game_id: str, stream: Beside, token: str | None, write: Callable[[Table, int], Awaitable[A]]
    ) -> A:
        """``write`` for the seat ``token`` holds to a stream beside the game's table (its chat, its seats'
        passing choices), under that stream's lock, not the game's (nothing there waits for a move);
        written again once when another process wrote the stream first."""
        async with self.locks.hold(f"{lock_key(game_id)}:{stream}"):  # the one place a stream's is taken
            table = await asyncio.to_thread(self.store.load, game_id)
            seat = table.seat_of(token)
            for _ in range(2):
                try:
                    return await write(table, seat)
                except IntegrityError:
                    continue
                except PersistenceError as error:
                    raise StoreUnavailable("The event store cannot be reached.") from error
        raise ConcurrentUpdate(f"Another {BESIDE[stream]} was saved first; send it again.")

    async def _current(self, game_id: str) -> tuple[Table, bool]:
        """The kept table, else the table loaded off the event loop; and whether it is the log's.

        A kept table is decided on as it is, whoever else writes the game (random routing, a bot or timer
        worker): an accepted command is saved against the log's next version, and a clash fails only that
        command (:meth:`store.commits.Committer._commit`), which is then decided again on the log's
        tail; a refusal is checked against the tail before it stands. Reading the tail first cost every
        command of a shared game a read and a wait for the event loop, half of them finding nothing."""
        store = self.store
        kept = store.kept.get(table_id(game_id))
        if kept is None:
            return await asyncio.to_thread(store.load, game_id), True
        return kept, False

    # -- the use cases: each a decision -------------------------------------------------------------

    async def open(
        self,
        game: str,
        players: list[str | None],
        options: dict[str, Any] | None = None,
        seed: str | None = None,
        at: Setup | None = None,
        *,
        seating: BotsAndClock | None = None,
        holders: tuple[str | None, ...] = (),
        rated: bool = True,
        scheme: int = dealing.HMAC_SHA256,
        table_id: UUID | None = None,
        seat_tokens: Callable[[str, int], str] | None = None,
    ) -> Opening:
        """Open a table; players named now get tokens, ``None`` leaves a seat open to join.

        ``at``: the recorded times of the opening and of its setup (an import replays them).
        ``scheme``: how it deals (:mod:`domain.dealing`; an import replays an old table's).
        ``seating``: the table's clock and its bot seats (each named for its bot, holding no token).
        ``holders``: the known player at each named seat (a handle, which is its name); ``rated``: if it
        may be rated. ``seat_tokens(secret, seat)``: tokens derived, not drawn (docs/tournaments.md).
        """
        game_rules = self.store.rules_for(game)
        parsed = game_rules.parse_options(options)
        clock, bots = seating or (None, {})
        secret = secrets.token_hex(16)
        players, tokens, codes = _seats(players, bots, seat_tokens and functools.partial(seat_tokens, secret))
        opened = opening_of(
            game_rules,
            tuple(players),
            msgspec.Raw(encode(parsed)),
            secret=secret,
            seed=seed,
            at=at[0] if at else self.clock(),
            command_id=fresh_id(),
            command_digest=digest_of(None, encode([game, players, parsed, clock, bots])),
            tokens=tokens,
            codes=codes,
            clock=clock,
            bots=bots,
            players=holders if any(holders) else (),
            rated=rated,
            scheme=scheme,
        )
        ctx = TableContext(now=opened.at, command_id=opened.command_id, digest="", setup_at=at and at[1])
        events = open_table(game_rules, opened, ctx)
        after = await self.store.commit(unsaved(game_rules, opened, table_id or uuid4()), events, None)
        return Opening(after.id, tokens, after, codes)

    async def join(
        self,
        game_id: str,
        name: str,
        at: Setup | None = None,
        *,
        player: str | None = None,
        pledge: str | None = None,
    ) -> Seating:
        """Seat ``name`` at the first open seat (``player``: a known player's handle, then its name);
        the game is set up once the last seat is taken (and every contribution pledged is revealed:
        ``pledge``, this seat's commitment to its own)."""
        token, code = new_token(), new_recovery_code()
        command = TakeSeat(
            name=name,
            token_digest=digest(token),
            recovery_digest=code_digest(code),
            player=player,
            pledge=pledge,
        )

        async def seated(table: Table) -> Decision[Seating]:
            seat = next(iter(table.state.open_seats()), None)
            now, setup_at = at or (self.clock(), None)
            if at is None and table.expired(now, self.open_for):
                raise TableExpired("Nobody joined this table in time: it has expired. Open another.")
            ctx = self.store.context(table, digest_of(seat, name.encode()), fresh_id(), now, setup_at)
            events = table.decide(NEWCOMER, command, ctx)
            assert seat is not None  # a full table is refused above
            return Decision(events, lambda after: Seating(seat, token, after, recovery_code=code))

        return await self.transact(game_id, seated)

    async def contribute(
        self, game_id: str, token: str | None, contribution: str, at: Setup | None = None
    ) -> Table:
        """Reveal the contribution the seat ``token`` holds pledged (table rule 1a); the table after."""
        command = RevealContribution(contribution=contribution)

        async def revealed(table: Table) -> Decision[Table]:
            seat = table.seat_of(token)
            now, setup_at = at or (self.clock(), None)
            ctx = self.store.context(table, digest_of(seat, contribution.encode()), fresh_id(), now, setup_at)
            return Decision(table.decide(Seat(seat), command, ctx), lambda after: after)

        return await self.transact(game_id, revealed)

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
        spent: set[int] = set()  # an import replays links made then; a decision again is one link

        async def linked(table: Table) -> Decision[Seating]:
            state = table.state
            if token and key and (again := relinked(state.secret, state.token_digests, token, key)):
                return Decision([], lambda now: Seating(*again, now))  # a retry's answer
            seat = table.seat_of(token)
            if at is None and seat not in spent:
                self.seat_links.spend((table.id, seat))
                spent.add(seat)
            assert token is not None  # seat_of refuses a missing token
            fresh = derived_token(table.state.secret, token, key) if key else new_token()
            ctx = self.store.context(table, digest_of(seat, b"relink"), fresh_id(), at)
            events = table.decide(Seat(seat), ReissueSeatLink(token_digest=digest(fresh)), ctx)
            return Decision(events, lambda after: Seating(seat, fresh, after, revoked=after.version))

        return await self.transact(game_id, linked)

    async def recover(self, game_id: str, code: str, key: str | None = None, caller: str = "") -> Seating:
        """The seat ``code`` is the recovery code of, with a new token and a new code (table rule 5a);
        the old token and code stop working at once.

        ``caller`` (the client's address) may try :attr:`recoveries` wrong codes a minute; past that a
        wrong code is refused 429, a right one is always taken: a code is 200 random bits, so the budget
        bounds the load of wrong guesses, and anyone behind the player's proxy could otherwise spend it
        and lock the player out (issue 49 item 7). With a ``key`` the new token and code are derived
        from the old code and the key, so a retry whose answer was lost gets the same ones again.
        """

        async def recovering(table: Table) -> Decision[Seating]:
            state = table.state
            again = key and recovered(state.secret, state.token_digests, state.recovery_digests, code, key)
            if again:
                held, token, code_again = again  # a retry's answer
                return Decision([], lambda now: Seating(held, token, now, recovery_code=code_again))
            fresh, renewed = recovery(state.secret, code, key)
            command = RecoverSeat(
                code_digest=code_digest(code),
                token_digest=digest(fresh),
                recovery_digest=code_digest(renewed),
            )
            ctx = self.store.context(table, digest_of(None, b"recover"), fresh_id())
            events = table.decide(NEWCOMER, command, ctx)
            seat = events[0].seat
            assert seat is not None  # rule 5a names the seat recovered
            return Decision(events, lambda after: Seating(seat, fresh, after, after.version, renewed))

        try:
            seating = await self.transact(game_id, recovering)  # a wrong code is asked of the log first
        except WrongRecoveryCode:
            self.recoveries.spend(caller)  # 429 instead, once the address's wrong codes are spent
            raise
        if seating.revoked:  # a new link for the seat, as any other (a retry's answer is none)
            self.seat_links.spend((seating.table.id, seating.seat), refuse=False)
        return seating

    async def submit(  # noqa: PLR0917  (the command's parts, as the route reads them)
        self,
        game_id: str,
        token: str | None,
        body: bytes,
        command_id: str | None = None,
        expected_version: int | None = None,
        at: datetime | None = None,
    ) -> Ruling:
        """Referee one command from the seat holding ``token``: load, decide, save (``at``: as recorded).

        A token is checked at every table it is decided on (a newer one may revoke it); a refusal is
        audited for the seat the token holds at the table that refused it.
        """

        held = at is None and self.pass_pause > 0 and b"Pass" in body
        arrived = self.clock() if held else None
        due: NotBefore | None = (lambda table: table.pass_due(body)) if held else None
        counted: set[int] = set()  # a request decided again on a newer table is one take-back

        async def ruled(table: Table) -> Decision[Ruling]:
            when = at or (table.held_until(body, arrived) if arrived else None)
            seat = table.seat_of(token)
            return await self._ruling(table, seat, body, command_id, expected_version, when, counted=counted)

        async def refused(table: Table, error: Exception) -> None:
            seat = seat_holding(token, table.state.token_digests) if token else None
            if seat is not None:
                await self._audit(table.id, seat, body, command_id, "refused", error)

        ruling = await self.transact(game_id, ruled, refused, due)
        if ruling.replayed or ruling.first > ruling.last:
            outcome = "retried" if ruling.replayed else "unchanged"
            await self._audit(ruling.table.id, ruling.seat, body, command_id, outcome)
        return ruling

    async def referee(self, game_id: str, at: datetime | None = None) -> Table:
        """The referee closes what is overdue at ``game_id`` (``table/nothing_overdue`` when nothing is);
        the table after (``at``: as recorded, for an import).

        The seats' standing choices are read first; where the referee is to pass for a seat, the call
        may come before that moment (the watch calls it a little early) and is held until then exactly
        as a pass sent by hand is held (:meth:`transact`), so the two land alike (issue 49 item 5)."""
        reader = self.store.reader
        auto = fold_passing(await asyncio.to_thread(reader.passing, table_id(game_id)))
        held = auto and at is None and self.pass_pause > 0
        due = (lambda table: table.referee_due(auto, self.clock())) if held else None
        return await self.transact(game_id, lambda table: self._refereed(table, auto, at), None, due)

    async def _refereed(self, table: Table, auto: passing.Standing, at: datetime | None) -> Decision[Table]:
        key = f"referee:{table.version}"  # the same on every worker, and when an import acts again
        auto = auto if table.game.waits else passing.NOBODY
        ctx = self.store.context(table, digest_of(None, b"referee"), key, at)
        ctx = msgspec.structs.replace(ctx, auto_pass=auto) if auto else ctx
        decide, own = functools.partial(table.decide, REFEREE, CloseOverdue(), ctx), table.due
        passes = auto and (own is None or own > ctx.now)  # only passes: decided on the loop, as a hand's is
        return Decision(decide() if passes else await asyncio.to_thread(decide), lambda after: after)

    async def play_bot(self, game_id: str, seat: int, at: datetime | None = None) -> Ruling:
        """The bot at ``seat`` sends its move through the command path a person's takes (receipts, the
        table's rules, the save; accepted, it is in the stream and the audit like anyone's); its
        command id is the version it moved at, so two workers playing the same seat at once record
        one move. ``rule/not_your_turn`` when the seat is not to act (``at``: as recorded, for an
        import)."""

        async def to_move(table: Table) -> Decision[tuple[Table, BotSpec]]:
            spec = table.state.bots[seat] if seat < len(table.state.bots) else None
            if spec is None or not table.started:
                raise NotABot(f"Seat {seat} is not played by a bot.")
            if table.over or Seat(seat) not in table.to_act:
                raise NotYourTurn("It is not this bot's turn.")  # on a kept table: asked of the log first
            return Decision([], lambda now: (now, spec))

        table, spec = await self.transact(game_id, to_move)
        began, pause = time.monotonic(), self.bot_pause if at is None else 0.0
        cut = (lambda: time.monotonic() >= began + pause * BOT_THINKING) if pause else None
        command = await asyncio.to_thread(stand_in, table.game, table.state, Seat(seat), spec, cut)
        if pause:  # the same wait, whatever the bot holds
            await asyncio.sleep(max(0.0, began + pause - time.monotonic()))
        sent, key = encode(command), f"bot:{seat}:{table.version}"
        return await self.transact(
            game_id, lambda now: self._ruling(now, seat, sent, key, None, at, spec.policy)
        )

    async def _ruling(  # noqa: PLR0917  (``submit``'s parameters, in its order)
        self,
        table: Table,
        seat: int,
        body: bytes,
        command_id: str | None,
        expected: int | None,
        at: datetime | None,
        bot: str = "",
        *,
        counted: set[int] | None = None,
    ) -> Decision[Ruling]:
        """A seat's command decided: a retry's receipt answered, or the table's events. A conflict on
        the save decides again on the log's table: where our own first try won the race, the receipt
        there answers it as a retry. ``counted``: the seats whose take-back this request has counted
        already (a decision again counts nothing more)."""
        command = table.command(body)
        command_id = command_id or fresh_id()
        sent = encode(command)
        command_digest = digest_of(seat, sent)
        receipt = receipt_for(table.state, seat, command_id, command_digest)
        if receipt is not None:
            return Decision([], lambda now: Ruling(now, seat, receipt.first, receipt.last, replayed=True))
        if not table.started:
            raise NotStarted("The game has not started: a seat is open or a contribution unrevealed.")
        if isinstance(command, LIMITED) and (counted is None or seat not in counted):
            self.takebacks.spend((table.id, seat))
            if counted is not None:
                counted.add(seat)
        if expected is not None and expected != table.version:
            raise StaleVersion(
                f"The game is at version {table.version}, not {expected}.", {"version": table.version}
            )
        ctx = self.store.context(table, command_digest, command_id, at, sent=sent.decode(), bot=bot)
        if isinstance(command, takeback.TAKEBACK_COMMANDS):  # it reads the log for the state it returns to
            events = await asyncio.to_thread(table.decide, Seat(seat), command, ctx)
        else:
            events = table.decide(Seat(seat), command, ctx)
        first = table.version + 1
        return Decision(
            events, lambda after: Ruling(after, seat, first, after.version, recorded=tuple(events)), expected
        )

    async def _audit(  # noqa: PLR0917  (one call site per outcome)
        self, game_id: UUID, seat: int, body: bytes, command_id: str | None, outcome: str, error: Any = None
    ) -> None:
        """Append the attempt; past the seat's allowance nothing is appended and the answer is 429."""
        self.refusals.spend((game_id, seat))
        await self.store.note_attempt(game_id, seat, body, command_id, outcome, error)

    # -- what a seat may send, and a finished table's rematch -------------------------------------

    def legal(self, table: Table, seat: int) -> list[Any]:
        """What ``seat`` may send now at ``table``: the game's commands, then the take-backs its
        allowance still lets it send (the legal list never offers what would be refused)."""
        commands = table.legal(seat, self.clock())
        return commands if self._refills(table.id, seat) is None else _unlimited(commands)

    def _refills(self, game_id: UUID, seat: int) -> datetime | None:
        """When ``seat``'s spent take-back allowance comes back (``None``: not spent; asked of the shared
        count at scale, where another process may have spent it, else only of a seat that took back)."""
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

    async def offered(self, game_id: UUID, answer: dict[str, Any]) -> dict[str, Any]:
        """A legal answer as the seat is offered it: without what its spent allowances would refuse now,
        saying so (``limited``; the allowances are the write side's, the legal list the read side's), and
        without the ``Pass`` the referee is about to make for it (``auto_pass``; :mod:`domain.passing`)."""
        seat, commands = answer["seat"], answer["commands"]
        limited = self.limited(game_id, seat)
        if limited:
            commands = _unlimited(commands)
        asked = any(isinstance(command, Pass) for command in commands)  # else no file more on the path
        auto = asked and await passed_for(self, game_id, seat)
        answer["commands"], answer["limited"], answer["auto_pass"] = [] if auto else commands, limited, auto
        return answer  # a fresh answer, changed in place: this is the hot path

    async def told(self, ruling: Ruling) -> tuple[Table, tuple[AnyTableEvent, ...]]:
        """The table a ruling is answered from and the events it tells: those just saved, or a retry's,
        read back from the log (with the table as they left it)."""
        if ruling.recorded is not None or ruling.first > ruling.last:
            return ruling.table, ruling.recorded or ()
        store, table = self.store, ruling.table
        recorded = await asyncio.to_thread(store.events_of, table, ruling.first - 1, ruling.last)
        return await asyncio.to_thread(store.load, table.id, ruling.last), tuple(recorded)

    async def rematch(self, game_id: str, token: str | None) -> Seating:
        """Play again: the finished table's rematch (same game, seat count, options, clock and bot
        seats; a new secret), opened by the first of its players to ask, and the asker seated there
        under the same name. Each player asks with its own token, so each seat joins with its own tap."""
        source, _ = await self._current(game_id)
        if not source.over:
            raise NoRematchYet("The game is not over yet: a rematch is offered at the end.")
        seat = source.seat_of(token)
        rematch = rematch_id(source.id)
        bots = standins.seated_bots(source.state)
        names: list[str | None] = [None] * len(source.seat_names)
        options = msgspec.json.decode(source.state.options)
        with contextlib.suppress(ConcurrentUpdate):  # another player asked first: the table is there
            await self.open(
                source.state.game, names, options, seating=(source.state.clock, bots), table_id=rematch
            )
        return await self.join(str(rematch), source.seat_names[seat] or f"Player {seat + 1}")


@dataclass(frozen=True, slots=True)
class _Wait:
    """A decision that must wait ``seconds`` before it is made (the lock let go meanwhile), and the
    table it was put off on."""

    seconds: float
    table: Table


def _seats(
    players: list[str | None], bots: dict[int, BotSpec], derive: Callable[[int], str] | None
) -> tuple[list[str | None], dict[int, str], dict[int, str]]:
    """The seats' names (a bot's seat named for its bot), and a token and a recovery code for each named
    seat that is not a bot's: the token fresh, or ``derive(seat)``; the code fresh."""
    named = bot_names(bots)
    names = [named.get(seat, name) for seat, name in enumerate(players)]
    make = derive or (lambda _: new_token())
    tokens = {seat: make(seat) for seat, name in enumerate(names) if name is not None and seat not in bots}
    return names, tokens, {seat: new_recovery_code() for seat in tokens}


def _unlimited(commands: list[Any]) -> list[Any]:
    """``commands`` without those a spent take-back allowance would refuse now (429)."""
    return [command for command in commands if not isinstance(command, LIMITED)]
