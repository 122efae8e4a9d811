"""Property: any interleaving of game commands, take-backs, consents, lapses and deadlines keeps the log
folding to exactly the table that was decided, and the game state to the log without its reverted ranges."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import referee, takeback
from domain.errors import RuleError
from domain.games import get_game
from domain.seats import Seat
from domain.table import REFEREE, CloseOverdue, GameEventRecorded, Table, TakeBackNoted, situation
from tests.support.tiny_game import PILE
from tests.support.toll_game import TOLL
from tests.table.helpers import Log

GAMES = {"pile": PILE, "toll": TOLL, "slush-fund-2": get_game("slush-fund-2")}
MOVES = st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from([0, 0, 0, 5, 200])), max_size=40)

GAME_ID = UUID(int=1)
"""Any id: these tables are never stored."""


def _offers(log: Log) -> list[tuple[Any, Any]]:
    """Every command any actor may send now: each seat's offers, and the referee's when something is due."""
    found = [
        (seat, command)
        for seat in range(2)
        for command in Table(GAME_ID, log.game, log.table).legal(seat, log.now)
    ]
    when = Table(GAME_ID, log.game, log.table).due
    if when is not None and log.now >= when:
        found.append((REFEREE, CloseOverdue()))
    return found


def _without_reverted(log: Log) -> Any:
    """The game state folded from the game events that no take-back reverted (an independent fold)."""
    kept: list[tuple[int, Any]] = []
    for event in log.events:
        if isinstance(event, GameEventRecorded):
            kept.append((event.version, log.game.event_decoder.decode(event.event)))
        elif isinstance(event, TakeBackNoted):
            noted = takeback.EVENT_DECODER.decode(event.event)
            if isinstance(noted, takeback.TurnTakenBack):
                kept = [(v, e) for v, e in kept if not noted.first <= v <= noted.last]
    return referee.fold(log.game, [e for _, e in kept])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), moves=MOVES)
def test_folding_the_log_is_deciding_it_whatever_the_interleaving(
    game: str, moves: list[tuple[int, int]]
) -> None:
    """After every decision, the stored log folds to the decided table and to the effective game state."""
    log = Log(GAMES[game])
    for pick, seconds in moves:
        log.wait(seconds)
        offers = _offers(log)
        if not offers:
            break
        actor, command = offers[pick % len(offers)]
        try:
            log.send(actor, command)
        except RuleError as error:  # an offer is exactly what decide accepts
            raise AssertionError(f"{command} was offered to {actor} and refused: {error.code}") from error
        assert log.refolded() == log.table
        assert log.table.game_state == _without_reverted(log)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), moves=MOVES)
def test_a_seat_the_cheap_check_passes_over_is_offered_no_take_back(
    game: str, moves: list[tuple[int, int]]
) -> None:
    """A legal list skips working out the situation when ``may_offer`` says no: whatever the
    interleaving, ``offers`` then offers that seat nothing."""
    log = Log(GAMES[game])
    for pick, seconds in moves:
        log.wait(seconds)
        for seat in range(2):
            now = situation(log.game, log.table, log.now)
            if not takeback.may_offer(log.table.ledger, Seat(seat)):
                assert takeback.offers(log.table.ledger, Seat(seat), now) == []
        offers = _offers(log)
        if not offers:
            break
        actor, command = offers[pick % len(offers)]
        log.send(actor, command)
