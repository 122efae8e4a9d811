"""Passing rule 3 through the service: a pass by hand is recorded no sooner than its pause after its seat
was asked, on the table it is decided on (docs/bots.md, "Timing in a reaction window")."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from api.service.application import Tables
from domain.passing import PAUSE, asked_at
from domain.table import GameEventRecorded
from store.settings import Settings
from tests.support.service import run
from tests.support.toll_game import TOLL

TAKE_ONE = b'{"type":"Take","count":1}'
PROTEST = b'{"type":"Choose","option":"protest"}'
PASS = b'{"type":"Pass"}'


def test_a_pass_waits_for_the_pause_of_the_table_it_is_decided_on_not_the_one_it_first_saw(
    tmp_path: Path,
) -> None:
    """Another process asks the seat again after this one last saw the table: the pass, sent once the
    old pause is over, waits out the new one before it is recorded (a regression: it was decided at
    once on the log's newer table, up to a pause too soon)."""
    ahead = [timedelta(0)]  # the real clock, moved forward by the test

    def clock() -> datetime:
        return datetime.now(UTC) + ahead[0]

    settings = Settings(sqlite_path=str(tmp_path / "log.sqlite"))
    here, there = (Tables(settings.eventsourcing_env(), games={TOLL.id: TOLL}, clock=clock) for _ in "ab")
    try:
        opening = run(here.open("toll", ["ann", "bob"]))
        game_id, ann, bob = str(opening.game_id), opening.tokens[0], opening.tokens[1]
        run(here.submit(game_id, ann, TAKE_ONE))  # bob is asked; this process keeps the table
        ahead[0] += PAUSE * 0.6
        for token, body in ((bob, PROTEST), (bob, TAKE_ONE), (ann, PROTEST), (ann, TAKE_ONE)):
            run(there.submit(game_id, token, body))  # ...and bob is asked again, elsewhere
        ahead[0] += PAUSE * 0.4  # the pause after bob was first asked is over, not the one after the second

        ruling = run(here.submit(game_id, bob, PASS))

        [passed] = ruling.recorded or ()
        before = here.store.load(game_id, passed.version - 1)
        assert isinstance(passed, GameEventRecorded) and passed.seat == 1
        assert passed.at >= asked_at(before.state) + PAUSE
    finally:
        here.close()
        there.close()
