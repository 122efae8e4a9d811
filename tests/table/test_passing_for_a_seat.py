"""Passing for a seat (domain/passing.py; the ruling: docs/bots.md, "Timing in a reaction window").

The leak check: two tables that differ only in one seat's hand give every other seat identical views,
feed lines and times, whether that seat was passed for automatically (holding nothing that answers,
whatever it holds) or held an answer and passed by hand at the same moment.
"""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any
from uuid import UUID

import msgspec
import pytest

from domain.choices import Pass
from domain.errors import RuleError
from domain.games import get_game
from domain.passing import NOBODY, PAUSE, PassingChosen, Standing, asked_at, fold_passing, only_passes
from domain.seats import SPECTATOR, Seat, Viewer
from domain.table import REFEREE, CloseOverdue, Table, TableContext, TableState, decide_table, digest_of
from domain.table.state import fold_table
from projections.documents import feed_lines
from tests.table.helpers import Log

GAME = get_game("super-pacs")
TABLE = UUID(int=33)


def at_a_window(seed: int) -> tuple[TableState, int] | None:
    """A 3-seat Super PACS table at an open window asking two seats or more, one of which (returned)
    holds nothing that can answer; ``None`` when random play from ``seed`` finds none."""
    log, rng = Log(GAME, seats=3, secret=str(seed)), random.Random(seed)
    for _ in range(600):
        state = log.table.game_state
        if GAME.is_over(state):
            return None
        waiting = sorted(GAME.to_act(state))
        if GAME.due(state) is not None and len(waiting) >= 2:
            quiet = [seat for seat in waiting if only_passes(GAME, state, Seat(seat))]
            if quiet:
                return log.table, quiet[0]
        seat = rng.choice(waiting)
        log.send(seat, rng.choice(GAME.legal_commands(state, Seat(seat))))
        log.wait(2)
    return None


def with_hand(table: TableState, seat: int, answers: bool) -> TableState | None:
    """``table`` with one card of ``seat``'s hand swapped for one of the (hidden) deck, such that the
    seat can answer the window (``answers``) or still cannot; ``None`` when no swap does."""
    state = table.game_state
    hand = state.hands[seat]
    for index in range(len(hand)):
        for place, card in enumerate(state.deck):
            hands = list(state.hands)
            hands[seat] = (*hand[:index], card, *hand[index + 1 :])
            deck = (*state.deck[:place], hand[index], *state.deck[place + 1 :])
            swapped = msgspec.structs.replace(state, hands=tuple(hands), deck=deck)
            if only_passes(GAME, swapped, Seat(seat)) != answers:
                return msgspec.structs.replace(table, game_state=swapped)
    return None


def ctx(
    table: TableState, at: Any, key: str, auto: Standing = NOBODY, seat: int | None = None
) -> TableContext:
    sent = msgspec.json.encode(Pass()) if seat is not None else b""
    return TableContext(
        now=at, command_id=key, digest=digest_of(seat, sent), sent=sent.decode(), auto_pass=auto
    )


def refereed(table: TableState, at: Any, auto: Standing) -> list[Any]:
    return decide_table(
        GAME, table, REFEREE, CloseOverdue(), ctx(table, at, f"referee:{table.version}", auto)
    )


def seen_by_others(table: TableState, events: list[Any], seat: int) -> list[Any]:
    """What every viewer but ``seat`` is told: each event's feed line, then each one's view after."""
    viewers: list[Viewer] = [Seat(other) for other in range(3) if other != seat] + [SPECTATOR]
    lines = [feed_lines(GAME, event, viewers, table.seat_names) for event in events]
    after = fold_table(GAME, events, table)
    assert after is not None
    views = [msgspec.json.encode(GAME.view(after.game_state, viewer)) for viewer in viewers]
    return [lines, views, after.version]


def situations() -> list[tuple[TableState, int, TableState, TableState]]:
    found = []
    for seed in range(60):
        window = at_a_window(seed)
        if window is None:
            continue
        table, seat = window
        other_hand, answering = with_hand(table, seat, answers=False), with_hand(table, seat, answers=True)
        if other_hand is not None and answering is not None:
            found.append((table, seat, other_hand, answering))
        if len(found) == 3:
            break
    assert found, "no window with a seat that could hold an answer or not"
    return found


@pytest.mark.parametrize("case", range(3))
def test_every_other_seat_sees_the_same_whatever_the_passed_seat_holds(case: int) -> None:
    """A seat passed for when it holds nothing that answers, whatever it holds instead, and the same
    seat holding an answer and passing by hand at that moment: the other seats' feed lines (times
    included), views and versions are identical."""
    table, seat, other_hand, answering = situations()[case % len(situations())]
    moment = asked_at(table) + PAUSE
    auto = Standing(auto=frozenset({seat}))
    passed = refereed(table, moment, auto)
    passed_again = refereed(other_hand, moment, auto)
    by_hand = decide_table(GAME, answering, Seat(seat), Pass(), ctx(answering, moment, "mine", seat=seat))
    assert [event.seat for event in passed] == [seat]
    assert seen_by_others(table, passed, seat) == seen_by_others(other_hand, passed_again, seat)
    assert seen_by_others(table, passed, seat) == seen_by_others(answering, by_hand, seat)


def test_the_referee_passes_for_a_seat_that_holds_no_answer_at_the_pause_and_not_before() -> None:
    """Passing rule 3: the referee's pass is made the pause after the seat was asked, never sooner."""
    table, seat, _, _ = situations()[0]
    auto = Standing(auto=frozenset({seat}))
    asked = asked_at(table)
    assert Table(TABLE, GAME, table).passing_due(auto) == asked + PAUSE
    with pytest.raises(RuleError):
        refereed(table, asked + PAUSE - timedelta(milliseconds=1), auto)
    (passed,) = refereed(table, asked + PAUSE, auto)
    assert passed.at == asked + PAUSE and passed.seat == seat
    assert not passed.by_referee and not passed.bot and passed.command == '{"type":"Pass"}'


def test_the_referee_never_passes_for_a_seat_that_holds_an_answer_or_is_asked_every_time() -> None:
    """Passing rule 5, and the default: a seat that can answer, or whose choice is ``ask``, is asked."""
    table, seat, _, answering = situations()[0]
    moment = asked_at(table) + PAUSE
    assert Table(TABLE, GAME, answering).passing_due(Standing(auto=frozenset({seat}))) is None
    assert Table(TABLE, GAME, table).passing_due(NOBODY) is None
    for state, auto in ((answering, Standing(auto=frozenset({seat}))), (table, NOBODY)):
        with pytest.raises(RuleError):
            refereed(state, moment, auto)


def test_a_pass_asks_nobody_again() -> None:
    """Passing rule 2: another seat's pass does not move when the seats left were asked."""
    table, seat, _, _ = situations()[0]
    other = next(s for s in sorted(GAME.to_act(table.game_state)) if s != seat)
    moment = asked_at(table) + timedelta(seconds=0.2)
    by_hand = decide_table(GAME, table, Seat(other), Pass(), ctx(table, moment, "theirs", seat=other))
    after = fold_table(GAME, by_hand, table)
    assert after is not None
    if seat in GAME.to_act(after.game_state):  # the window still waits for the seat
        assert asked_at(after) == asked_at(table)


def test_the_latest_standing_choice_of_each_seat_holds() -> None:
    """Passing rule 1: a seat's choice stands until it chooses again."""
    at = asked_at(situations()[0][0])
    chosen = [
        PassingChosen(number=1, at=at, seat=0, passing="auto"),
        PassingChosen(number=2, at=at, seat=1, passing="auto"),
        PassingChosen(number=3, at=at, seat=0, passing="ask"),
    ]
    assert fold_passing(chosen) == Standing(auto=frozenset({1}))
