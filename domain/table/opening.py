"""How a table is opened: the first event of its log, made whole, and the table it starts from.

The service draws the chance of an opening (the secret, the seats' tokens and recovery codes, the
command's id) and hands over their digests; what the opening records beside them is said here: the
game and its rules version, the bot seats by seat, the commitment to the secret and the pledges the
service makes for its bot seats (scheme 2, docs/record.md). An opening, a rematch, a fork and an import
all open a table this way; a fork then starts from another table's position (:func:`forked`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from uuid import UUID

import msgspec

from domain import dealing
from domain.bots import BotSpec
from domain.codec import encode
from domain.game import AnyGame
from domain.table.clocks import TableClock
from domain.table.events import AnyTableEvent, TableForked, TableOpened
from domain.table.state import evolve_table, opened_state
from domain.table.table import Table
from domain.table.timeouts import timed
from domain.tokens import code_digest, digest


def opening_of(
    game: AnyGame,
    names: tuple[str | None, ...],
    options: msgspec.Raw,
    *,
    secret: str,
    at: datetime,
    command_id: str,
    command_digest: str,
    tokens: Mapping[int, str],
    codes: Mapping[int, str] | None = None,
    seed: str | None = None,
    clock: TableClock | None = None,
    bots: Mapping[int, BotSpec] | None = None,
    players: tuple[str | None, ...] = (),
    rated: bool = True,
    scheme: int = dealing.HMAC_SHA256,
) -> TableOpened:
    """The opening of a table of ``game`` seating ``names``: ``tokens`` and ``codes``, the seats' tokens
    and recovery codes (their digests are recorded); ``seed``: a chosen seed, the secret then (a seeded
    table); ``bots``: the bot seats; ``players``: the known players."""
    opened = TableOpened(
        version=1,
        at=at,
        command_id=command_id,
        command_digest=command_digest,
        game=game.id,
        rules_version=game.rules_version,
        seat_names=names,
        token_digests=_by_seat(len(names), tokens, digest),
        options=options,
        secret=seed if seed is not None else secret,
        seeded=seed is not None,
        clock=clock,
        bots=tuple(bots.get(seat) for seat in range(len(names))) if bots else (),
        recovery_digests=_by_seat(len(names), codes, code_digest) if codes else (),
        players=players,
        rated=rated,
        scheme=scheme,
    )
    return msgspec.structs.replace(opened, pledges=_pledges(opened), commitment=_commitment(opened))


def forked(source: Table, past: Table, opened: TableOpened) -> list[AnyTableEvent]:
    """The events opening a fork of ``source`` from ``past`` (``source`` at the version forked):
    ``opened``, then the fork with the game's state and effective version then, a clock's wait begun."""
    fork = TableForked(
        version=2,
        at=opened.at,
        source=str(source.id),
        source_version=past.version,
        state=msgspec.Raw(encode(past.game_state)),
        effective=past.state.effective,
    )
    return [opened, *timed(source.game, opened_state(opened), [fork], None, opened.at)]


def _by_seat(count: int, held: Mapping[int, str], stored: Callable[[str], str]) -> tuple[str | None, ...]:
    """The stored form (``stored``: a digest) of what each of ``count`` seats ``held``, ``None`` for
    a seat that holds nothing."""
    return tuple(stored(held[seat]) if seat in held else None for seat in range(count))


def unsaved(game: AnyGame, opened: TableOpened, table_id: UUID) -> Table:
    """The table ``opened`` starts, at version 0: the first commit folds its events from nothing."""
    state = msgspec.structs.replace(evolve_table(game, None, opened), version=0)
    return Table(table_id, game, state)


def _commitment(opened: TableOpened) -> str:
    """The commitment to the table's secret, published with the opening (scheme 2 only)."""
    return dealing.commitment(opened.secret) if opened.scheme >= dealing.HMAC_SHA256 else ""


def _pledges(opened: TableOpened) -> tuple[str | None, ...]:
    """The commitments to the bot seats' contributions, which the service makes (scheme 2 only)."""
    if opened.scheme < dealing.HMAC_SHA256 or not opened.bots:
        return ()
    return tuple(
        None if bot is None else dealing.pledge(dealing.bot_nonce(opened.secret, seat))
        for seat, bot in enumerate(opened.bots)
    )
