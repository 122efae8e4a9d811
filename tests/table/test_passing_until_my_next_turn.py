"""Pass for me until my next turn (domain/passing.py, ``until_turn``; the ruling: docs/bots.md, "Timing
in a reaction window"): the referee passes for the seat in every window, whatever it holds, until a
turn of its own begins, then the choice made before holds again; the pass is told to the others as a
pass by hand at the same moment is. And the measure issue 48 sets: in whole games of each reaction game
with the standing choices on, passes made by hand are at most 5% of each seat's moves."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import msgspec
import pytest

from domain.choices import Pass
from domain.games import get_game
from domain.passing import (
    ASK,
    AUTO,
    NOBODY,
    PAUSE,
    UNTIL_TURN,
    PassingChosen,
    Standing,
    asked_at,
    decide_passing,
    fold_passing,
    passing_for,
)
from domain.seats import Seat
from domain.table import REFEREE, CloseOverdue, TableContext, TableState, decide_table, digest_of
from tests.table.helpers import START, Log
from tests.table.test_passing_for_a_seat import GAME, ctx, refereed, seen_by_others, situations

HAND_PASSES = 0.05
"""Issue 48: with the choices on, passes made by hand are at most this share of a seat's moves."""
REACTION_GAMES = ("super-pacs", "campaign-trail")


def _until(seat: int, version: int) -> Standing:
    """``seat`` chose ``until_turn`` at ``version``, nothing before it."""
    return fold_passing([PassingChosen(number=1, at=START, seat=seat, passing=UNTIL_TURN, version=version)])


def test_until_my_next_turn_keeps_the_choice_made_before_for_after_it() -> None:
    """Rule 6: ``until_turn`` lays over ``auto`` or ``ask``, which hold again after the turn; choosing
    either of those ends it at once."""
    at = START
    chose = [
        decide_passing(0, 0, AUTO, at, 3),
        decide_passing(1, 0, UNTIL_TURN, at, 9),
        decide_passing(2, 1, UNTIL_TURN, at, 10),
        decide_passing(3, 1, ASK, at, 12),
    ]
    standing = fold_passing(chose)
    assert standing == Standing(auto=frozenset({0}), until=((0, 9),))
    assert standing.after(0) == AUTO and standing.after(1) == ASK
    assert fold_passing([decide_passing(4, 0, AUTO, at, 13)], standing) == Standing(auto=frozenset({0}))


def test_the_referee_passes_for_a_seat_holding_an_answer_until_its_next_turn() -> None:
    """A seat that chose ``until_turn`` is passed for at the pause even when it could answer; the others
    are told exactly what a pass by hand at that moment tells them."""
    _, seat, _, answering = situations()[0]
    moment = asked_at(answering) + PAUSE
    standing = _until(seat, answering.version)
    assert standing.in_force(answering, seat) == UNTIL_TURN
    passed = refereed(answering, moment, standing)
    assert [event.seat for event in passed] == [seat]
    assert passed[0].command_id == f"pass:{seat}:{answering.version}" and not passed[0].by_referee
    by_hand = decide_table(GAME, answering, Seat(seat), Pass(), ctx(answering, moment, "mine", seat=seat))
    assert seen_by_others(answering, passed, seat) == seen_by_others(answering, by_hand, seat)


def test_the_choice_ends_when_a_turn_of_the_seat_begins_after_it() -> None:
    """Rule 6: once the seat's own turn has begun since the choice, it is asked again (here, as ``ask``)."""
    _, seat, _, answering = situations()[0]
    turns = list(answering.turns or (0,) * 3)
    turns[seat] = answering.version  # a turn of the seat began at the version it chose at: not after
    before = _with_turns(answering, turns)
    standing = _until(seat, answering.version - 1)
    assert standing.in_force(before, seat) == ASK
    assert (
        passing_for(GAME, before, standing, frozenset(Seat(s) for s in GAME.to_act(before.game_state))) == []
    )
    assert standing.in_force(_with_turns(answering, [0, 0, 0]), seat) == UNTIL_TURN


def _with_turns(table: TableState, turns: list[int]) -> TableState:
    return msgspec.structs.replace(table, turns=tuple(turns))


@dataclass
class Tally:
    """Each seat's moves in a whole game, and how many of them were passes it made by hand."""

    moves: list[int]
    by_hand: list[int]
    for_them: list[int] = field(default_factory=list)

    def share(self, seat: int) -> float:
        return self.by_hand[seat] / max(1, self.moves[seat])


def play_a_whole_game(game_id: str, seed: int, choices: str) -> Tally:
    """Two seats play random legal moves at domain speed, the referee passing for them as their choices
    say. ``choices``: ``"off"`` (both asked every time), ``"auto"`` (both pass automatically when they
    hold no answer), or ``"on"`` (``auto``, and a seat that means to let a window go by while it could
    answer chooses ``until_turn`` instead of passing by hand)."""
    game = get_game(game_id)
    log, rng = Log(game, seats=2, secret=f"until-{seed}"), random.Random(seed)
    standing = NOBODY if choices == "off" else Standing(auto=frozenset({0, 1}))
    chosen = 0
    tally = Tally(moves=[0, 0], by_hand=[0, 0], for_them=[0, 0])
    for _ in range(5000):
        state = log.table.game_state
        if game.is_over(state):
            return tally
        log.wait(PAUSE.total_seconds() + 0.1)
        to_act = frozenset(Seat(seat) for seat in game.to_act(state))
        if passing_for(game, log.table, standing, to_act) or not to_act:
            for event in _referee(log, standing):
                if event.command_id.startswith("pass:") and event.seat is not None:
                    tally.moves[event.seat] += 1
                    tally.for_them[event.seat] += 1
            continue
        seat = rng.choice(sorted(to_act))
        legal = game.legal_commands(state, seat)
        command = rng.choice(legal)
        if isinstance(command, Pass) and len(legal) > 1 and choices == "on":
            chose = decide_passing(chosen, seat, UNTIL_TURN, log.now, log.table.version)
            standing, chosen = fold_passing([chose], standing), chosen + 1
            continue
        log.send(seat, command)
        tally.moves[seat] += 1
        tally.by_hand[seat] += isinstance(command, Pass)
    raise AssertionError(f"{game_id} did not end")


def _referee(log: Log, standing: Standing) -> list[object]:
    """The referee acts: at the pause for the seats it passes for, else at the game's own deadline."""
    due = log.game.due(log.table.game_state)
    if not passing_for(
        log.game, log.table, standing, frozenset(Seat(s) for s in log.game.to_act(log.table.game_state))
    ):
        assert due is not None, "nobody is to act and nothing is due"
        log.now = max(log.now, due)
    context = TableContext(
        now=log.now,
        command_id=f"referee:{log.table.version}",
        digest=digest_of(None, b"referee"),
        auto_pass=standing,
    )
    decided = decide_table(log.game, log.table, REFEREE, CloseOverdue(), context)
    log._append(decided)
    return list(decided)


@pytest.mark.parametrize("game_id", REACTION_GAMES)
def test_with_the_choices_on_passes_by_hand_are_at_most_5_percent_of_a_seats_moves(game_id: str) -> None:
    """Issue 48 item 4: a whole two-seat game with ``auto`` and ``until_turn`` on, passes by hand are at
    most 5% of each seat's moves (printed beside the same game with the choices off and with ``auto``)."""
    figures = {choices: play_a_whole_game(game_id, 48, choices) for choices in ("off", "auto", "on")}
    for choices, tally in figures.items():
        shares = ", ".join(
            f"seat {seat + 1}: {tally.by_hand[seat]} of {tally.moves[seat]} ({tally.share(seat):.1%}),"
            f" {tally.for_them[seat]} passed for it"
            for seat in range(2)
        )
        print(f"\n{game_id}, choices {choices}: passes by hand {shares}")
    on = figures["on"]
    assert all(on.share(seat) <= HAND_PASSES for seat in range(2)), on
    assert sum(on.for_them) > 0 and sum(figures["off"].by_hand) > sum(on.by_hand)
