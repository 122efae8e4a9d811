"""The referee acts through the same command path as a seat: only once something is overdue."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from api.service.application import Tables
from domain.table import GameEventRecorded, NothingOverdue
from store.settings import Settings
from tests.support.service import run
from tests.support.toll_game import TOLL, WINDOW


def test_a_window_closes_through_the_service_once_its_deadline_has_passed(tmp_path: Path) -> None:
    """Before the deadline the referee is refused and nothing appended; after it, it passes for the seat."""
    now = [datetime(2026, 5, 1, tzinfo=UTC)]
    settings = Settings(sqlite_path=str(tmp_path / "referee.sqlite"))
    tables = Tables(settings.eventsourcing_env(), games={TOLL.id: TOLL}, clock=lambda: now[0])
    try:
        opening = run(tables.open("toll", ["ann", "bob"]))
        game_id = str(opening.game_id)
        run(tables.submit(game_id, opening.tokens[0], b'{"type":"Take","count":1}'))
        before = tables.store.load(game_id).version
        with pytest.raises(NothingOverdue):
            run(tables.referee(game_id))
        assert tables.store.load(game_id).version == before
        now[0] += WINDOW + timedelta(seconds=1)
        after = run(tables.referee(game_id))
        [closed] = tables.store.events_of(after, before)
        assert isinstance(closed, GameEventRecorded) and closed.by_referee and closed.seat is None
        assert after.state.game_state.choice is None
    finally:
        tables.close()
