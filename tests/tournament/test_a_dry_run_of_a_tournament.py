"""``backroom tournament simulate``: random bots play a whole tournament through the service, in memory."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import typer
from typer.testing import CliRunner, Result

from api.cli.tournaments import tournament


def backroom(*args: str) -> Result:
    """``backroom tournament ...`` as the command line runs it."""
    app = typer.Typer()
    app.add_typer(tournament, name="tournament")
    return CliRunner().invoke(app, ["tournament", *args])


def test_nine_at_politrickers_for_three_rounds_never_meet_twice_and_print_the_same_again():
    """9 entrants, 3 rounds, seed 1: 3 tables of 3 each round, no two entrants at a table twice, the
    standings cover everyone, and a second run prints the very same output."""
    args = ("simulate", "politrickers", "--players", "9", "--rounds", "3", "--seed", "1", "--json")
    first = backroom(*args)
    assert first.exit_code == 0, first.output
    line = json.loads(first.output.strip().splitlines()[-1])
    assert [[len(table) for table in tables] for tables in line["rounds"]] == [[3, 3, 3]] * 3
    for tables in line["rounds"]:
        assert sorted(e for table in tables for e in table) == [f"bot-{n:02d}" for n in range(1, 10)]
    met = Counter(
        frozenset(pair) for tables in line["rounds"] for t in tables for pair in itertools.combinations(t, 2)
    )
    assert max(met.values()) == 1
    rows = line["standings"]
    assert [row["place"] for row in rows] == list(range(1, 10))
    assert sum(row["points"] for row in rows) == 3 * 3 * (3 + 1 + 0)  # 3-1-0 at each of 9 tables
    assert backroom(*args).output == first.output


def test_an_odd_field_at_slush_fund_gives_a_bye_each_round_with_its_reason():
    """Slush Fund seats 2: five entrants leave one out each round, marked in the standings, said why."""
    result = backroom("simulate", "slush-fund-2", "--players", "5", "--rounds", "2", "--seed", "3", "--json")
    assert result.exit_code == 0, result.output
    line = json.loads(result.output.strip().splitlines()[-1])
    assert [len(byes) for byes in line["byes"]] == [1, 1]
    assert line["byes"][0][0]["entrant"] != line["byes"][1][0]["entrant"]
    assert "cannot be split into tables of 2" in result.output
    assert sum("bye" in row["marks"] for row in line["standings"]) == 2


def test_a_round_robin_of_six_at_slush_fund_meets_every_pair_once_in_five_rounds():
    """--format round-robin: six entrants in pairs, five rounds, each of the 15 pairs meets exactly once."""
    args = (
        "simulate",
        "slush-fund-2",
        "--players",
        "6",
        "--rounds",
        "5",
        "--format",
        "round-robin",
        "--json",
    )
    result = backroom(*args)
    assert result.exit_code == 0, result.output
    line = json.loads(result.output.strip().splitlines()[-1])
    met = Counter(frozenset(t) for tables in line["rounds"] for t in tables)
    assert len(met) == 15 and set(met.values()) == {1}
