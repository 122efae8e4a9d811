"""The tournament aggregate (domain/tournament/tournament.py): decided and folded like a table."""

from __future__ import annotations

import msgspec
import pytest

from domain.tournament import tournament as t
from domain.tournament.planner import PLANNER_VERSION, Format, PlannerVersionRefused

ENTRANTS = [f"e{n}" for n in range(1, 10)]
ENCODER = msgspec.json.Encoder()


class Log:
    """A tournament's events kept in order, decided through the module's functions."""

    def __init__(self, rounds: int = 2) -> None:
        self.events = t.create("T1", "politrickers", Format.SWISS, rounds, 1, (3, 5), ENTRANTS)

    @property
    def state(self) -> t.Tournament:
        state = t.fold(self.events)
        assert state is not None
        return state

    def do(self, decided: list[t.AnyTournamentEvent]) -> list[t.AnyTournamentEvent]:
        self.events = [*self.events, *decided]
        return decided

    def play_round(self) -> None:
        (paired,) = self.do(t.pair_next(self.state))
        assert isinstance(paired, t.RoundPaired)
        number = paired.pairing.round
        for index in range(1, len(paired.pairing.tables) + 1):
            self.do(t.assign(self.state, number, index, f"table-{number}-{index}"))
        for index, seats in enumerate(paired.pairing.tables, start=1):
            self.do(t.take_result(self.state, f"table-{number}-{index}", [(s,) for s in range(len(seats))]))


def test_a_round_is_not_paired_until_every_table_of_the_last_one_is_over():
    """Rule 2: the next round waits for the last result of the one before."""
    log = Log()
    log.do(t.pair_next(log.state))
    log.do(t.assign(log.state, 1, 1, "x"))
    log.do(t.take_result(log.state, "x", [(0,), (1,), (2,)]))
    with pytest.raises(t.RoundNotOver):
        t.pair_next(log.state)


def test_a_result_is_taken_once_and_the_last_one_finishes_the_tournament():
    """Rules 3 and 4: asking again adds nothing; a table not of this tournament adds nothing."""
    log = Log(rounds=2)
    log.play_round()
    assert t.take_result(log.state, "table-1-1", [(0,), (1,), (2,)]) == []
    assert t.take_result(log.state, "another", [(0,), (1,), (2,)]) == []
    log.play_round()
    assert log.state.finished and isinstance(log.events[-1], t.TournamentFinished)
    with pytest.raises(t.TournamentOver):
        t.pair_next(log.state)
    rows = log.state.standings()
    assert sum(row.points for row in rows) == 2 * 3 * 4  # 3-1-0 at six tables


def test_rebuilding_from_the_log_gives_byte_identical_pairings_and_every_event_round_trips():
    """Rule 2: the pairing is read back from the events, never paired again."""
    log = Log(rounds=2)
    log.play_round()
    log.play_round()
    decoded = [t.EVENTS.decode(ENCODER.encode(event)) for event in log.events]
    assert decoded == log.events
    rebuilt = t.fold(decoded)
    assert rebuilt is not None
    assert ENCODER.encode(rebuilt.pairings) == ENCODER.encode(log.state.pairings)


def test_a_tournament_of_another_planner_version_is_refused():
    """Rule 2: a running tournament is paired by its own planner version, or not at all."""
    log = Log()
    created = log.events[0]
    assert isinstance(created, t.TournamentCreated)
    log.events = [msgspec.structs.replace(created, planner=PLANNER_VERSION + 1)]
    with pytest.raises(PlannerVersionRefused):
        t.pair_next(log.state)


def test_a_late_entry_is_credited_its_missed_rounds_at_the_bye_score_and_paired_from_then_on():
    """Rule 5: entering after round 1 credits one round at the bye points (4/3 at tables of 3), marks
    the row "late", and the next round seats the newcomer; the same name twice is refused."""
    log = Log(rounds=3)
    log.play_round()
    log.do(t.enter_late(log.state, "zed"))
    with pytest.raises(t.EntrantKnown):
        t.enter_late(log.state, "ZED")
    row = next(r for r in log.state.standings() if r.entrant == "zed")
    assert row.points == pytest.approx(4 / 3) and row.marks == ("late",) and row.tables == 0
    log.play_round()
    seated = [e for table in log.state.pairings[1].tables for e in table]
    assert "zed" in seated and sorted(seated) == sorted([*ENTRANTS, "zed"])


def test_a_withdrawn_entrant_is_paired_in_no_later_round_and_keeps_a_marked_row():
    """Rule 6: withdrawn after round 1, the entrant sits at no table of round 2 but stays in the standings."""
    log = Log(rounds=2)
    log.play_round()
    log.do(t.withdraw(log.state, "e3", "asked to leave"))
    assert t.withdraw(log.state, "e3", "again") == []
    with pytest.raises(t.NoSuchEntrant):
        t.withdraw(log.state, "nobody", "?")
    log.play_round()
    assert all("e3" not in table for table in log.state.pairings[1].tables)
    assert [len(table) for table in log.state.pairings[1].tables] == [4, 4]
    row = next(r for r in log.state.standings() if r.entrant == "e3")
    assert row.marks == ("withdrawn",) and row.tables == 1


def test_an_absent_seat_is_marked_and_the_second_absence_withdraws_from_later_rounds():
    """Rule 7: each absence and forfeit is marked on the row; the result holding the second absence
    also withdraws the entrant, so the next round pairs without them."""
    log = Log(rounds=3)
    for _ in range(2):
        (paired,) = log.do(t.pair_next(log.state))
        assert isinstance(paired, t.RoundPaired)
        number = paired.pairing.round
        for index, seats in enumerate(paired.pairing.tables, start=1):
            log.do(t.assign(log.state, number, index, f"table-{number}-{index}"))
            seat = seats.index("e9") if "e9" in seats else None
            seen = t.Attendance(absent=(seat,), forfeited=(seat,)) if seat is not None else None
            decided = log.do(t.take_result(log.state, f"table-{number}-{index}", [(0,), (1,), (2,)], seen))
            withdrew = [e for e in decided if isinstance(e, t.EntrantWithdrawn)]
            assert [w.entrant for w in withdrew] == (["e9"] if seat is not None and number == 2 else [])
    (row,) = (row for row in log.state.standings() if row.entrant == "e9")
    assert row.marks == ("absent", "forfeit", "absent", "forfeit", "withdrawn")
    (third,) = log.do(t.pair_due(log.state))
    assert isinstance(third, t.RoundPaired)
    assert all("e9" not in table for table in third.pairing.tables)


def test_the_next_round_is_due_only_once_the_last_is_over_and_only_the_organiser_starts():
    """Rules 6 and 8: nobody but the organiser starts; a round starts once; the next is due only when
    every table of the last has its result, and none after the last round."""
    running = t.Running(organiser="Ann")
    log = Log()
    log.events = t.create("T1", "politrickers", Format.SWISS, 2, 1, (3, 5), ENTRANTS, running=running)
    assert t.pair_due(log.state) == []
    with pytest.raises(t.NotOrganiser):
        t.start(log.state, "bob")
    log.do(t.start(log.state, "ann"))
    with pytest.raises(t.AlreadyStarted):
        t.start(log.state, "ann")
    log.do(t.assign(log.state, 1, 1, "x"))
    assert t.pair_due(log.state) == []
    with pytest.raises(t.NotOrganiser):
        t.withdraw(log.state, "e1", "asked", by=None)
