"""``backroom balance GAME``: the figures over many seeded games, and the table the command prints."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from click.testing import Result
from typer.testing import CliRunner

from api.cli.balance import balance
from domain.balance import BALANCE_HEADING, kept_section
from domain.balance_table import Rate, Record, figures, goals


def backroom(*args: str) -> Result:
    """``backroom balance ...`` as the command line runs it."""
    app = typer.Typer()
    app.command("balance")(balance)
    app.command("other")(lambda: None)  # two commands, so the first argument names the command
    return CliRunner().invoke(app, ["balance", *args])


def section(markdown: str, title: str) -> list[list[str]]:
    """The rows of the Markdown table under ``**title**`` (header and rule left out)."""
    lines = markdown.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"**{title}"))
    rows = []
    for line in lines[start + 4 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def percent(cell: str) -> float:
    """``12.5%`` as 0.125."""
    return float(cell.rstrip("%")) / 100


def _record(
    shares: tuple[float, ...], played: set[str], leaders: tuple[str, ...], length: int = 10
) -> Record:
    return Record(shares, length, frozenset(played), (("leader", leaders),))


def test_a_shared_win_counts_a_fraction_to_each_winner_and_a_shared_top_counts_nobody() -> None:
    """Seat rates are shares of wins; a game nobody wins counts in the no-winner share only."""
    records = [
        _record((1.0, 0.0), {"Gun Lobby"}, ("A", "B")),
        _record((0.5, 0.5), {"Gun Lobby", "Talk Radio"}, ("A", "C"), length=20),
        _record((0.0, 0.0), set(), ("B", "C"), length=30),
        _record((0.0, 1.0), set(), ("C", "A")),
    ]
    found = figures(records, ["Gun Lobby", "Talk Radio", "War Veterans"], 2)
    assert [seat.rate for seat in found.seats] == [0.375, 0.375]
    assert found.no_winner == 0.25 and found.mean == 0.375
    assert found.length_mean == 17.5 and found.length_spread == pytest.approx(8.29, abs=0.01)
    assert dict(found.cards) == {"Gun Lobby": 0.5, "Talk Radio": 0.25, "War Veterans": 0.0}
    leaders = dict(dict(found.roles)["leader"])
    assert leaders == {"A": Rate(2.5, 3), "B": Rate(0.0, 2), "C": Rate(0.5, 3)}


def test_a_goal_is_met_at_1_5_times_the_mean_and_missed_above_it() -> None:
    """No role above 1.5x the mean win rate; every card in at least 1% of games."""
    even = [_record((1.0, 0.0), {"X"}, ("A", "B")), _record((1.0, 0.0), {"X"}, ("B", "A"))]
    assert [goal.met for goal in goals(figures(even, ["X"], 2))] == [True, True]
    skewed = [_record((1.0, 0.0), {"X"}, ("A", "B")), _record((1.0, 0.0), set(), ("A", "B"))]
    lines = goals(figures(skewed, ["X", "Y"], 2))
    assert [goal.met for goal in lines] == [False, False]
    assert lines[0].detail == "highest: A, 2.00x" and lines[1].detail == "least: Y, 0.0%"


def test_strategy_games_count_only_the_strategist_s_seat_and_no_other_figure() -> None:
    """A strategy's rate is its seat's wins; the seat, role and card figures come from random games."""
    records = [
        _record((1.0, 0.0), {"X"}, ("A", "B")),
        Record((0.0, 1.0), 99, frozenset({"Y"}), (("leader", ("A", "B")),), "greedy", 1),
        Record((1.0, 0.0), 99, frozenset({"Y"}), (("leader", ("A", "B")),), "greedy", 0),
    ]
    found = figures(records, ["X", "Y"], 2)
    assert found.strategies == (("greedy", Rate(2.0, 2)),)
    assert found.games == 1 and found.length_mean == 10 and dict(found.cards)["Y"] == 0.0


def test_every_seat_has_a_row_and_the_seat_rates_add_up_to_the_games_somebody_won() -> None:
    """Super PACS at 3: seats 0-2, each with its interval; their rates sum to 1 minus the shared tops."""
    result = backroom("super-pacs", "--games", "12", "--players", "3", "--jobs", "1", "--markdown")
    assert result.exit_code == 0, result.output
    seats = section(result.output, "Win rate by seat position")
    assert [row[0] for row in seats] == ["seat 0", "seat 1", "seat 2"]
    assert all(" to " in row[2] for row in seats)
    nobody = percent(dict(section(result.output, "Summary"))["games nobody wins"])
    assert sum(percent(row[1]) for row in seats) == pytest.approx(1 - nobody, abs=0.002)
    leaders = section(result.output, "Win rate by leader")
    assert sum(int(row[1]) for row in leaders) == 12 * 3
    strategies = [row[0] for row in section(result.output, "Win rate by strategy")]
    assert strategies == ["always exploit", "always sneak", "fundraise and invest"]
    verdicts = {row[0]: row[1] for row in section(result.output, "Goals")}
    assert set(verdicts) == {
        "no leader above 1.5x the mean win rate",
        "every card played in at least 1% of games",
    }
    assert set(verdicts.values()) <= {"MET", "MISSED"}
    assert len(section(result.output, "Cards played")) == 12 + 62 + 19 + 24


def test_the_table_is_the_same_for_a_seed_whatever_the_jobs() -> None:
    """Seeded games: one job or two, the same table; another seed, another table."""
    first = backroom("campaign-trail", "--games", "30", "--seed", "5", "--jobs", "1", "--markdown")
    again = backroom("campaign-trail", "--games", "30", "--seed", "5", "--jobs", "2", "--markdown")
    other = backroom("campaign-trail", "--games", "30", "--seed", "6", "--jobs", "2", "--markdown")
    assert first.exit_code == again.exit_code == other.exit_code == 0, first.output
    assert first.output == again.output
    assert first.output != other.output
    assert [row[0] for row in section(first.output, "Win rate by party")] == ["Democrat", "Republican"]
    assert "Win rate by candidate" in first.output and "Win rate by strategy" not in first.output


def test_a_game_without_roles_or_strategies_shows_the_generic_table() -> None:
    """Politrickers at 4: seats, length, no-winner share and cards; no role or strategy table."""
    result = backroom("politrickers", "--games", "10", "--players", "4", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "Politrickers, 4 players, 10 random games from seed 0" in result.output
    for seat in range(4):
        assert f"seat {seat}" in result.output
    assert "mean game length" in result.output and "Cards played" in result.output
    assert "Win rate by strategy" not in result.output and "Win rate by leader" not in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("chess",), "unknown game 'chess'"),
        (("slush-fund-2", "--players", "3"), "is for 2 to 2 players"),
        (("super-pacs", "--games", "0"), "--games"),
        (("super-pacs", "--jobs", "0"), "--jobs"),
    ],
)
def test_bad_input_is_refused_with_a_usage_error(args: tuple[str, ...], message: str) -> None:
    """An unknown game, a seat count the game is not for, or no games or jobs: exit code 2, a reason."""
    result = backroom(*args)
    assert result.exit_code == 2
    assert message in result.output


def test_a_catalogue_keeps_its_balance_section_from_the_heading_to_the_end(tmp_path: Path) -> None:
    """The generator writes the cards and keeps the pasted balance tables as they are."""
    doc = tmp_path / "cards.md"
    assert kept_section(doc) == ""
    doc.write_text("# Cards\n\n| a | b |\n")
    assert kept_section(doc) == ""
    doc.write_text(f"# Cards\n\n| a | b |\n\n{BALANCE_HEADING}\n\nRun it.\n\n### Table\n")
    assert kept_section(doc) == f"{BALANCE_HEADING}\n\nRun it.\n\n### Table\n"


def test_roles_are_listed_by_the_lowest_seat_that_held_them_then_by_name() -> None:
    """Parties (one a seat) come in seat order; roles found at every seat come by name."""
    records = [
        Record((1.0, 0.0, 0.0), 9, frozenset(), (("party", ("D", "R", "L")), ("leader", ("B", "A", "C")))),
        Record((0.0, 1.0, 0.0), 9, frozenset(), (("party", ("D", "R", "L")), ("leader", ("C", "B", "A")))),
        Record((0.0, 0.0, 1.0), 9, frozenset(), (("party", ("D", "R", "L")), ("leader", ("A", "C", "B")))),
    ]
    found = dict(figures(records, [], 3).roles)
    assert [name for name, _ in found["party"]] == ["D", "R", "L"]
    assert [name for name, _ in found["leader"]] == ["A", "B", "C"]
