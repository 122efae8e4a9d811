"""Standings (domain/tournament/standings.py): placement points, ties, byes, tie-breaks in order."""

from __future__ import annotations

from fractions import Fraction

from domain.tournament.standings import TableResult, default_bye_points, lot, shared_points, standings

FOUR = {4: (4, 2, 1, 0)}


def _places(rows):
    return [(row.entrant, row.points) for row in rows]


def test_placement_points_follow_the_places_and_ties_share_them():
    """4-2-1-0 for four seats; two tied first take (4 + 2) / 2 each."""
    plain = TableResult(entrants=("a", "b", "c", "d"), ranking=((2,), (0,), (3,), (1,)))
    assert shared_points(plain, FOUR) == {"c": 4, "a": 2, "d": 1, "b": 0}
    tied = TableResult(entrants=("a", "b", "c", "d"), ranking=((0, 1), (2,), (3,)))
    assert shared_points(tied, FOUR) == {"a": 3, "b": 3, "c": 1, "d": 0}


def test_a_bye_scores_the_average_result_of_the_smallest_table_and_is_marked():
    """The default bye is the mean of the smallest table's points (3-1-0: 4/3), marked "bye"."""
    assert default_bye_points(3) == Fraction(4, 3)
    rows = standings(
        ["a", "b", "c", "d"],
        [TableResult(entrants=("a", "b", "c"), ranking=((0,), (1,), (2,)))],
        ["d"],
        1,
        default_bye_points(3),
    )
    by = {row.entrant: row for row in rows}
    assert by["d"].points == float(Fraction(4, 3)) and by["d"].marks == ("bye",)
    assert [row.entrant for row in rows] == ["a", "d", "b", "c"]


def test_equal_points_are_split_by_opponents_average_score_first():
    """Entrants on equal points: the one whose tablemates scored more stands higher."""
    results = [
        TableResult(entrants=("a", "x"), ranking=((0,), (1,))),
        TableResult(entrants=("b", "y"), ranking=((0,), (1,))),
        TableResult(entrants=("y", "z"), ranking=((0,), (1,))),
    ]
    rows = standings(["a", "b", "x", "y", "z"], results, [], 1, Fraction(1), {2: (2, 0)})
    assert [row.entrant for row in rows][:3] == ["b", "y", "a"]  # b met y (2), y met b and z (1), a met x (0)
    assert rows[0].opponents_average == 2.0


def test_head_to_head_splits_entrants_still_tied_and_lots_split_the_rest():
    """Equal on points, opponents and tablemates beaten: whoever finished ahead at their shared table
    stands higher; with nothing between them, the seed's lots decide, the same every time."""
    results = [
        TableResult(entrants=("a", "b"), ranking=((1,), (0,))),
        TableResult(entrants=("a", "b"), ranking=((0,), (1,))),
        TableResult(entrants=("a", "b"), ranking=((1,), (0,))),
    ]
    rows = standings(["a", "b"], results, [], 1, Fraction(1), {2: (2, 0)})
    assert rows[0].entrant == "b" and rows[0].points == 4  # b: 2 wins of 3
    level = [TableResult(entrants=("a", "b"), ranking=((0, 1),))]
    tied = standings(["a", "b"], level, [], 9, Fraction(1), {2: (2, 0)})
    assert [r.entrant for r in tied] == sorted(["a", "b"], key=lambda e: lot(9, e))
    assert tied == standings(["b", "a"], level, [], 9, Fraction(1), {2: (2, 0)})
    assert [r.place for r in tied] == [1, 2]


def test_marks_ride_on_the_row():
    """Absent, forfeit, late, withdrawn are carried as marks beside the points."""
    rows = standings(
        ["a", "b"],
        [TableResult(entrants=("a", "b"), ranking=((0,), (1,)))],
        [],
        1,
        Fraction(1),
        {2: (2, 0)},
        marks={"b": ["absent"]},
    )
    assert {r.entrant: r.marks for r in rows} == {"a": (), "b": ("absent",)}
