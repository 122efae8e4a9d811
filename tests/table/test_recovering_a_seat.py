"""Table rule 5a: a seat's recovery code, shown once on sitting down, gives that seat back, and only it."""

from __future__ import annotations

import msgspec
import pytest

from domain.table import (
    NEWCOMER,
    RecoverSeat,
    SeatLinkReissued,
    TableContext,
    TableOpened,
    TakeSeat,
    WrongRecoveryCode,
    decide_table,
    evolve_table,
    open_table,
)
from domain.table.state import TableState
from domain.tokens import code_digest, new_recovery_code
from store import stored
from tests.support.toll_game import TOLL
from tests.table.helpers import START

CODES = (new_recovery_code(), new_recovery_code())


def _table(codes: tuple[str | None, ...] = CODES) -> TableState:
    """A started two-seat table whose seats hold tokens ``t0``, ``t1`` and the recovery ``codes``."""
    opened = TableOpened(
        version=1,
        at=START,
        command_id="open",
        game=TOLL.id,
        rules_version=TOLL.rules_version,
        seat_names=("p0", "p1"),
        token_digests=("t0", "t1"),
        options=msgspec.Raw(b"{}"),
        secret="s",
        seeded=True,
        recovery_digests=tuple(code_digest(code) if code else None for code in codes),
    )
    table = None
    for event in open_table(TOLL, opened, _ctx("open")):
        table = evolve_table(TOLL, table, event)
    assert table is not None
    return table


def _ctx(key: str) -> TableContext:
    return TableContext(now=START, command_id=key, digest="")


def _recover(table: TableState, code: str, token: str = "new", renewed: str = "renewed") -> TableState:
    command = RecoverSeat(code_digest=code_digest(code), token_digest=token, recovery_digest=renewed)
    [event] = decide_table(TOLL, table, NEWCOMER, command, _ctx(f"r{table.version}"))
    assert isinstance(event, SeatLinkReissued) and event.recovered
    return evolve_table(TOLL, table, event)


def test_a_recovery_code_gives_its_seat_back_with_a_new_token_and_a_new_code() -> None:
    """Someone holding no token who presents a seat's code gets that seat back: its token and its code
    are replaced, and nothing of the game changes."""
    before = _table()
    after = _recover(before, CODES[1])
    assert after.token_digests == ("t0", "new")
    assert after.recovery_digests == (code_digest(CODES[0]), "renewed")
    assert (after.game_state, after.effective, after.ledger) == (
        before.game_state,
        before.effective,
        before.ledger,
    )


def test_a_code_recovers_only_its_own_seat() -> None:
    """Seat 0's code gives seat 0, never seat 1: a code names its seat, whoever presents it."""
    after = _recover(_table(), CODES[0])
    assert after.token_digests == ("new", "t1")


def test_a_code_that_matches_no_seat_is_refused_and_changes_nothing() -> None:
    """A wrong code, a token presented as a code, or a seat's code typed with a letter changed: refused
    (``auth/invalid_recovery_code``), no event."""
    table = _table()
    wrong = CODES[0][:-1] + ("A" if CODES[0][-1] != "A" else "B")
    for code in (new_recovery_code(), "t0", wrong, ""):
        command = RecoverSeat(code_digest=code_digest(code), token_digest="x", recovery_digest="y")
        with pytest.raises(WrongRecoveryCode) as refused:
            decide_table(TOLL, table, NEWCOMER, command, _ctx("wrong"))
        assert refused.value.code == "auth/invalid_recovery_code"


def test_a_code_serves_once() -> None:
    """After a recovery the old code matches no seat: whoever saw it over a shoulder is too late."""
    after = _recover(_table(), CODES[1])
    command = RecoverSeat(code_digest=code_digest(CODES[1]), token_digest="x", recovery_digest="y")
    with pytest.raises(WrongRecoveryCode):
        decide_table(TOLL, after, NEWCOMER, command, _ctx("again"))


def test_a_seat_given_no_code_cannot_be_recovered() -> None:
    """A seat opened before codes existed (or a bot's) has none: no code recovers it."""
    table = _table(codes=(None, None))
    for code in CODES:
        command = RecoverSeat(code_digest=code_digest(code), token_digest="x", recovery_digest="y")
        with pytest.raises(WrongRecoveryCode):
            decide_table(TOLL, table, NEWCOMER, command, _ctx("none"))


def test_a_code_is_read_as_typed_without_case_spaces_or_dashes() -> None:
    """``abcde fghij`` is the same code as ``ABCDE-FGHIJ``: the digest is of its plain form."""
    typed = CODES[0].lower().replace("-", " ")
    assert _recover(_table(), typed).token_digests == ("new", "t1")


def test_taking_a_seat_records_its_code_and_the_fold_keeps_codes_through_storage_and_snapshots() -> None:
    """A seat taken carries its code's digest; stored events and snapshots fold to the same codes."""
    opened = TableOpened(
        version=1,
        at=START,
        command_id="open",
        game=TOLL.id,
        rules_version=TOLL.rules_version,
        seat_names=("p0", None),
        token_digests=("t0", None),
        options=msgspec.Raw(b"{}"),
        secret="s",
        seeded=True,
        recovery_digests=("c0", None),
    )
    events = list(open_table(TOLL, opened, _ctx("open")))
    table = None
    for event in events:
        table = evolve_table(TOLL, table, event)
    assert table is not None
    joined = decide_table(
        TOLL, table, NEWCOMER, TakeSeat(name="p1", token_digest="t1", recovery_digest="c1"), _ctx("j")
    )
    events += joined
    for event in joined:
        table = evolve_table(TOLL, table, event)
    command = RecoverSeat(code_digest="c1", token_digest="t2", recovery_digest="c2")
    recovered = decide_table(TOLL, table, NEWCOMER, command, _ctx("r"))
    events += recovered
    folded = None
    for event in events:
        topic, state = stored.encode_event(event)
        folded = evolve_table(TOLL, folded, stored.decode_event(topic, state, event.version))
    assert folded is not None and folded.recovery_digests == ("c0", "c2")
    assert folded.token_digests == ("t0", "t2")
    again = stored.decode_snapshot(stored.encode_snapshot(folded), folded.version, {TOLL.id: TOLL})
    assert again.recovery_digests == ("c0", "c2")
