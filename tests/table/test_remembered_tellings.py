"""A recorded move is decoded and told once, then remembered (``game_event``, ``_TOLD``): what is
remembered must be what a fresh decoding and telling gives, for every viewer of every game."""

from __future__ import annotations

import random
from uuid import UUID

from domain.game import registered
from domain.seats import OMNISCIENT, SPECTATOR, Seat
from domain.table import GameEventRecorded, Table, describe, evolve, told, told_each
from domain.takeback import TAKEBACK_COMMANDS
from tests.table.helpers import Log

GAME_ID = UUID(int=1)
"""Any id: these tables are never stored."""


def _fresh(log: Log, event: GameEventRecorded, viewers: list[object]) -> list[object]:
    """``told_each`` with nothing remembered."""
    evolve._DECODED.clear()
    describe._TOLD.clear()
    return told_each(log.game, event, viewers, log.table.seat_names, log.table.ledger)


def test_a_remembered_move_is_told_as_a_fresh_one() -> None:
    """Each move, told to its sender and then to every perspective, reads as when nothing is remembered;
    and something was remembered (else the check proved nothing)."""
    remembered = 0
    for game in registered().values():
        for seed in range(3):
            log, rng = Log(game, seats=game.min_seats, secret=f"s{seed}"), random.Random(seed)
            viewers = [*(Seat(seat) for seat in range(game.min_seats)), SPECTATOR, OMNISCIENT]
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
                    remembered += event.event in evolve._DECODED
                    kept = [told(game, event, viewer, names, ledger) for viewer in viewers]
                    kept_each = told_each(game, event, viewers, names, ledger)
                    assert kept == kept_each == _fresh(log, event, viewers)
                    assert evolve.game_event(game, event) == game.event_decoder.decode(event.event)
    assert remembered > 0
