"""``backroom bots duel``: seat-rotated games, Wilson intervals, and a table printed per pairing."""

from __future__ import annotations

import itertools

import pytest
import typer
from click.testing import Result
from typer.testing import CliRunner

from api.cli.bots import bots
from domain.bots import BotSpec
from domain.bots.duel import Duel, Tally, play_game
from tests.support.tiny_game import PILE


def test_the_interval_is_wilson_s() -> None:
    """60 wins out of 60 is 94.0% to 100%; 30 of 60 is about 37.7% to 62.3%."""
    assert Tally(games=60, wins=60).interval() == pytest.approx((0.9398, 1.0), abs=1e-4)
    assert Tally(games=60, wins=30).interval() == pytest.approx((0.3773, 0.6227), abs=1e-4)


def test_the_first_bot_s_seat_rotates_and_every_game_counts() -> None:
    """A greedy bot against a random one at Pile: each game is tallied, with both sides' time."""
    ticks = itertools.count()
    tally = Tally()
    duel = Duel(PILE, 2, BotSpec(policy="greedy", level=1), BotSpec(policy="random"))
    for number in range(4):
        play_game(duel, number, lambda: float(next(ticks)), tally)
    assert tally.games == 4 and 0 <= tally.wins <= 4
    assert tally.moves["a"] > 0 and tally.moves["b"] > 0 and tally.per_move("a") == 1.0


def backroom(*args: str) -> Result:
    """``backroom bots ...`` as the command line runs it."""
    app = typer.Typer()
    app.add_typer(bots, name="bots")
    return CliRunner().invoke(app, ["bots", *args])


def test_the_command_prints_a_row_per_pairing() -> None:
    """One quick game of greedy against random prints the table with its interval."""
    result = backroom("duel", "slush-fund-2", "--games", "1", "--pairing", "greedy-random")
    assert result.exit_code == 0, result.output
    assert "greedy vs random" in result.output and "95% interval" in result.output


def test_an_unknown_pairing_or_seat_count_is_refused() -> None:
    """The command names what it accepts."""
    assert backroom("duel", "slush-fund-2", "--pairing", "oracle-random").exit_code == 2
    assert backroom("duel", "politrickers", "--players", "9").exit_code == 2
