"""The state of a whole table (seats, receipts, the take-back ledger and the game's own state) and its
one fold: no rules here, each event says what was decided.

The state and its fold are one module: a table's state is only ever made by folding its events
(:func:`evolve_table`), and the fold is the only writer of every field below.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

import msgspec

from domain import dealing, record, takeback
from domain.bots.policies import BotSpec
from domain.choices import PASS, Chosen
from domain.codec import encode
from domain.game import AnyGame
from domain.memos import memo
from domain.table.clocks import TableClock, Timing
from domain.table.events import (
    AnyTableEvent,
    ContributionRevealed,
    GameEventRecorded,
    SeatForfeited,
    SeatLinkReissued,
    SeatTaken,
    StandInChanged,
    TableEvent,
    TableForked,
    TableOpened,
    TakeBackNoted,
)

RECEIPTS_KEPT = 1000
"""How many of a table's latest command ids are remembered for recognising a retry."""


# -- the state ------------------------------------------------------------------------------------


class Receipt(msgspec.Struct, frozen=True, array_like=True):
    """What one command id did: its digest, who sent it and the versions it appended."""

    digest: str
    seat: int | None
    first: int
    last: int


def receipt_key(seat: int | None, command_id: str) -> str:
    """Where a command's receipt is kept: keys are scoped to the seat that sent them (a seat never
    learns that another used a key); the table's own commands (opening, setup, the referee) apart."""
    return command_id if seat is None else f"{seat}\x1f{command_id}"


class TableState(msgspec.Struct, frozen=True, kw_only=True):
    """A whole table: who sits where, the secret, receipts, take-backs, and the game's own state."""

    game: str
    rules_version: str
    seat_names: tuple[str | None, ...]
    token_digests: tuple[str | None, ...]
    options: msgspec.Raw
    secret: str
    seeded: bool
    version: int
    created_at: datetime
    updated_at: datetime
    recorded: int = 0
    effective: int = 0
    ledger: takeback.Ledger = msgspec.field(default_factory=takeback.Ledger)
    receipts: dict[str, Receipt] = msgspec.field(default_factory=dict)
    game_state: Any = None
    forked_from: tuple[str, int] | None = None
    clock: TableClock | None = None
    timing: Timing | None = None
    bots: tuple[BotSpec | None, ...] = ()
    forfeited: tuple[int, ...] = ()
    """The seats that forfeited on time, in the order they did (:mod:`domain.table.forfeits`)."""
    recovery_digests: tuple[str | None, ...] = ()
    """The digests of the seats' recovery codes (``None``, or an empty tuple, where none was given)."""
    asked_at: datetime | None = None
    """When the latest recorded move that was not a pass was made: the seats the game waits for were
    asked then (:mod:`domain.passing`, rule 2; ``None``: at ``updated_at``)."""
    forfeited_together: tuple[int, ...] = ()
    """The seats of ``forfeited`` that forfeited in the same referee act as the seat before them."""
    players: tuple[str | None, ...] = ()
    """The known player at each seat (a handle), ``None`` for a guest or a bot (empty: none at all)."""
    rated: bool = True
    """Whether the opener let the table be rated."""

    def player_at(self, seat: int) -> str | None:
        """The handle of the known player at ``seat`` (``None``: a guest, a bot or an open seat)."""
        return self.players[seat] if seat < len(self.players) else None

    scheme: int = dealing.MERSENNE
    """How the table deals (:mod:`domain.dealing`); a table keeps the scheme it was opened with."""
    commitment: str = ""
    """The published commitment to the secret (scheme 2; ``""`` before it)."""
    pledges: tuple[str | None, ...] = ()
    """Each seat's commitment to its contribution to the deal (``None``: it makes none)."""
    contributions: tuple[str | None, ...] = ()
    """Each seat's revealed contribution (``None``: none, or not revealed yet)."""
    salt_key: str = ""
    """The key of the chain's per-event salts (:mod:`domain.record`): as secret as the secret."""
    chain: str = ""
    """The head of the table's hash chain after ``version`` (:mod:`domain.record`)."""
    turns: tuple[int, ...] = ()
    """The version each seat's latest turn began at (0: none yet; empty: none at all), which ends a
    standing ``until_turn`` (:mod:`domain.passing`, rule 6)."""

    @property
    def started(self) -> bool:
        """True once every seat is taken and the game has been set up."""
        return self.recorded > 0

    def unrevealed(self) -> list[int]:
        """The seats that pledged a contribution to the deal and have not revealed it yet."""
        return [
            seat
            for seat, pledge in enumerate(self.pledges)
            if pledge is not None and self.contributions[seat] is None
        ]

    def open_seats(self) -> list[int]:
        """The seats nobody has taken yet, in seating order."""
        return [seat for seat, name in enumerate(self.seat_names) if name is None]


# -- the fold -------------------------------------------------------------------------------------


def evolve_table(game: AnyGame, table: TableState | None, event: AnyTableEvent) -> TableState:
    """The table after ``event`` (no rules here: the event says what was decided)."""
    if isinstance(event, TableOpened):
        return opened_state(event)
    assert table is not None, "a table's log opens with TableOpened"
    if isinstance(event, GameEventRecorded):  # most events: the whole table replaced once
        return _recorded(game, table, event)
    table = msgspec.structs.replace(table, version=event.version, updated_at=event.at)
    if isinstance(event, SeatTaken):
        table = _seated(table, event)
    elif isinstance(event, ContributionRevealed):
        table = _revealed(table, event)
    elif isinstance(event, SeatLinkReissued):
        assert event.seat is not None, "a link is reissued for a seat"
        digests = _put(table.token_digests, event.seat, event.token_digest)
        table = msgspec.structs.replace(table, token_digests=digests)
        if event.recovered:
            table = msgspec.structs.replace(
                table, recovery_digests=_codes(table, event.seat, event.recovery_digest)
            )
    elif isinstance(event, TakeBackNoted):
        table = _taken_back(game, table, event)
    elif isinstance(event, StandInChanged):
        bots = table.bots or (None,) * len(table.seat_names)
        table = msgspec.structs.replace(table, bots=_put(bots, event.stand_in_for, event.bot))
    elif isinstance(event, SeatForfeited):
        table = msgspec.structs.replace(table, forfeited=(*table.forfeited, event.forfeiter))
        if event.together:
            together = (*table.forfeited_together, event.forfeiter)
            table = msgspec.structs.replace(table, forfeited_together=together)
    elif isinstance(event, TableForked):
        return msgspec.structs.replace(
            table,
            game_state=game.state_decoder.decode(event.state),
            recorded=1,
            effective=event.effective,
            forked_from=(event.source, event.source_version),
            timing=event.timing,
            asked_at=event.at,
            chain=_chained(table, event),
        )
    return _noted(table, event)


def fold_table(game: AnyGame, events: Any, table: TableState | None = None) -> TableState | None:
    """The table after every event of ``events``, from ``table`` (from nothing when ``None``)."""
    for event in events:
        table = evolve_table(game, table, event)
    return table


def opened_state(event: TableOpened) -> TableState:
    table = TableState(
        game=event.game,
        rules_version=event.rules_version,
        seat_names=event.seat_names,
        token_digests=event.token_digests,
        options=event.options,
        secret=event.secret,
        seeded=event.seeded,
        version=event.version,
        created_at=event.at,
        updated_at=event.at,
        effective=event.version,
        clock=event.clock,
        bots=event.bots,
        recovery_digests=event.recovery_digests,
        players=event.players,
        rated=event.rated,
        scheme=event.scheme,
        commitment=event.commitment,
        pledges=event.pledges or (None,) * len(event.seat_names),
        contributions=_bots_contributions(event),
        salt_key=record.salt_key(event.secret),
    )
    return _noted(table, event)


def _bots_contributions(event: TableOpened) -> tuple[str | None, ...]:
    """The contributions of the bot seats (the service's own, made from the secret when it opened the
    table: ``pledges`` commits to them), known from the opening; the other seats' are revealed later."""
    seats = range(len(event.seat_names))
    if not event.pledges:
        return (None,) * len(seats)
    return tuple(None if event.pledges[s] is None else dealing.bot_nonce(event.secret, s) for s in seats)


def _seated(table: TableState, event: SeatTaken) -> TableState:
    """The table after a seat was taken: its name, token, code, pledge and (a known player's) handle."""
    assert event.seat is not None, "a seat taken names its seat"
    names = _put(table.seat_names, event.seat, event.name)
    table = msgspec.structs.replace(
        table,
        seat_names=names,
        token_digests=_put(table.token_digests, event.seat, event.token_digest),
        effective=table.effective + 1,
        recovery_digests=_codes(table, event.seat, event.recovery_digest),
        pledges=_put(table.pledges or (None,) * len(names), event.seat, event.pledge),
    )
    if event.player is None:
        return table
    players = table.players or (None,) * len(table.seat_names)
    return msgspec.structs.replace(table, players=_put(players, event.seat, event.player))


def _revealed(table: TableState, event: ContributionRevealed) -> TableState:
    assert event.seat is not None, "a seat reveals its contribution"
    contributions = _put(table.contributions, event.seat, event.contribution)
    return msgspec.structs.replace(table, contributions=contributions, effective=table.effective + 1)


def _codes(table: TableState, seat: int, recovery_digest: str | None) -> tuple[str | None, ...]:
    """The seats' recovery digests with ``seat``'s replaced (a table opened before codes had none)."""
    codes = table.recovery_digests or (None,) * len(table.seat_names)
    return _put(codes, seat, recovery_digest)


def _recorded(game: AnyGame, table: TableState, event: GameEventRecorded) -> TableState:
    decoded = game.event_decoder.decode(event.event)
    passed = isinstance(decoded, Chosen) and decoded.option == PASS  # a pass asks nobody again
    return msgspec.structs.replace(
        table,
        version=event.version,
        updated_at=event.at,
        asked_at=(table.asked_at or table.updated_at) if passed else event.at,
        game_state=game.evolve(table.game_state, decoded),
        recorded=table.recorded + 1,
        ledger=takeback.noted(table.ledger, step_of(event, table.effective)),
        effective=table.effective + 1,
        timing=event.timing or table.timing,
        receipts=_receipts(table.receipts, event),
        chain=_chained(table, event),
        turns=_turned(table, event),
    )


def _turned(table: TableState, event: GameEventRecorded) -> tuple[int, ...]:
    """``table.turns`` after ``event``: the version of a turn it begins, at its seat."""
    if not event.turn or event.seat is None:
        return table.turns
    turns = table.turns or (0,) * len(table.seat_names)
    return _put(turns, event.seat, event.version)


def step_of(event: GameEventRecorded, before: int) -> takeback.Step:
    """The take-back ledger's step for a recorded game event (``before``: the effective position)."""
    turn = bool(event.turn)
    return takeback.Step(
        event.seat, event.command_id, event.version, event.version, before,
        event.checkpoint, event.final, turn, (event.event,),
    )  # fmt: skip


def ledger_after(ledger: takeback.Ledger, event: AnyTableEvent) -> takeback.Ledger:
    """The take-back ledger alone after ``event``: what a walk of the log needs to tell a take-back
    (the effective positions are not followed: no decision is made on this ledger)."""
    if isinstance(event, GameEventRecorded):
        return takeback.noted(ledger, step_of(event, 0))
    if isinstance(event, TakeBackNoted):
        return takeback.evolve(ledger, takeback.EVENT_DECODER.decode(event.event))
    return ledger


def _taken_back(game: AnyGame, table: TableState, event: TakeBackNoted) -> TableState:
    told = takeback.EVENT_DECODER.decode(event.event)
    table = msgspec.structs.replace(
        table, ledger=takeback.evolve(table.ledger, told), timing=event.timing or table.timing
    )
    if isinstance(told, takeback.TurnTakenBack):
        state = game.state_decoder.decode(event.state)
        table = msgspec.structs.replace(table, game_state=state, effective=told.effective, asked_at=event.at)
    return table


def _noted(table: TableState, event: TableEvent) -> TableState:
    """Remember which versions ``event``'s command appended, so a retry is recognised; and chain it."""
    chain = _chained(table, event)
    return msgspec.structs.replace(table, receipts=_receipts(table.receipts, event), chain=chain)


def _chained(table: TableState, event: TableEvent) -> str:
    """The chain's head after ``event``: ``H(head || salt || event)`` (docs/record.md, section 5;
    :mod:`domain.record` is the spec's, for the bundle and the verifier). Written out here so that a
    move's walk through the fold enters no file more; the record's tests hold the two equal."""
    inner, outer = _salting(table.salt_key)
    mac = inner.copy()
    mac.update(str(event.version).encode())
    salted = outer.copy()
    salted.update(mac.digest())
    head = bytes.fromhex(table.chain) if table.chain else _GENESIS
    return hashlib.sha256(head + salted.digest() + encode(event)).hexdigest()


_GENESIS = bytes(32)


@memo(4096, "every event folded salts its receipt with the table's salt key")
def _salting(salt_key: str) -> tuple[Any, Any]:
    """The salt key's two padded SHA-256 states: a salt is then HMAC's two hashes and no set-up
    (0.6 µs against ``hmac.digest``'s 1.4; the chain costs a fold about 2 µs an event)."""
    return dealing.pads(bytes.fromhex(salt_key))


def _receipts(receipts: dict[str, Receipt], event: TableEvent) -> dict[str, Receipt]:
    """``receipts`` (a copy) after ``event``: its command's receipt extended, or a new one."""
    key = receipt_key(event.seat, event.command_id)
    known = receipts.get(key)
    if known is not None and known.last == event.version - 1:
        receipts = dict(receipts)
        receipts[key] = Receipt(known.digest, known.seat, known.first, event.version)
    else:
        receipt = Receipt(event.command_digest, event.seat, event.version, event.version)
        receipts = {**receipts, key: receipt}
        if len(receipts) > RECEIPTS_KEPT:
            del receipts[next(iter(receipts))]
    return receipts


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])
