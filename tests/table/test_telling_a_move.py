"""A recorded move told to one viewer, and to every viewer at once (``told``, ``told_each``)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any
from uuid import UUID

import msgspec

from domain.games import registered
from domain.games.politrickers import POLITRICKERS
from domain.seats import OMNISCIENT, SPECTATOR, Seat, Viewer
from domain.table import GameEventRecorded, Table, told, told_each
from domain.takeback import TAKEBACK_COMMANDS
from tests.table.helpers import Log

GAME_ID = UUID(int=1)
"""Any id: these tables are never stored."""


def test_a_move_told_to_one_viewer_reads_as_told_to_every_viewer_at_once() -> None:
    """Each move, told to each viewer on its own, reads as ``told_each`` tells it to all of them; and
    the viewers shown the very same event share one telling."""
    shared = 0
    for game in registered().values():
        for seed in range(3):
            log, rng = Log(game, seats=game.min_seats, secret=f"s{seed}"), random.Random(seed)
            viewers: list[Viewer] = [*(Seat(seat) for seat in range(game.min_seats)), SPECTATOR, OMNISCIENT]
            for _ in range(120):
                offers = [
                    (seat, command)
                    for seat in range(game.min_seats)
                    for command in Table(GAME_ID, game, log.table).legal(seat, log.now)
                    if not isinstance(command, TAKEBACK_COMMANDS)
                ]
                if not offers:
                    break
                seat, command = rng.choice(offers)
                for event in log.send(seat, command):
                    if not isinstance(event, GameEventRecorded):
                        continue
                    names, ledger = log.table.seat_names, log.table.ledger
                    alone = [told(game, event, viewer, names, ledger) for viewer in viewers]
                    together = told_each(game, event, viewers, names, ledger)
                    assert alone == together
                    shown = {id(said.event): said for said in together}
                    assert all(shown[id(said.event)] is said for said in together)
                    shared += len(together) - len(shown)
    assert shared > 0


def test_a_public_move_told_to_one_seat_asks_no_redaction() -> None:
    """A move of a type the game declares public is told to its sender as it is, without asking the
    game's ``redact`` (as every perspective's feed line is)."""
    log = Log(POLITRICKERS, seats=4)
    seat = min(POLITRICKERS.to_act(log.table.game_state))
    move = POLITRICKERS.legal_commands(log.table.game_state, seat)[0]
    (recorded, *_) = [e for e in log.send(seat, move) if isinstance(e, GameEventRecorded)]
    assert type(msgspec.json.decode(recorded.event, type=POLITRICKERS.events)) in POLITRICKERS.public

    def refuse(event: Any, viewer: Viewer) -> Any:
        raise AssertionError("a public move was redacted")

    unredacted = dataclasses.replace(POLITRICKERS, redact=refuse)
    object.__setattr__(unredacted, "public", POLITRICKERS.public)  # as declared: only ``redact`` differs
    said = told(unredacted, recorded, seat, log.table.seat_names)
    assert said == told(POLITRICKERS, recorded, seat, log.table.seat_names)
