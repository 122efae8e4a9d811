"""The planner's rules (domain/tournament/planner.py), over every game's table sizes and 2 to 40 entrants."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games import registered
from domain.tournament.planner import (
    PLANNER_VERSION,
    Format,
    Meetings,
    Pairing,
    PlannerVersionRefused,
    plan_round,
    table_sizes,
)

SIZES = sorted({range(game.min_seats, game.max_seats + 1) for game in registered().values()}, key=str)


def _field(count: int) -> list[str]:
    return [f"e{n:02d}" for n in range(count)]


def _random_history(entrants: list[str], sizes: range, rounds: int, rng: random.Random) -> list[Pairing]:
    """Earlier rounds seated at random (so repeats are often unavoidable), with random byes."""
    history = []
    for number in range(1, rounds + 1):
        shuffled = rng.sample(entrants, len(entrants))
        out = next(n for n in range(len(shuffled) + 1) if table_sizes(len(shuffled) - n, sizes) is not None)
        seated, tables = shuffled[out:], []
        for size in table_sizes(len(seated), sizes) or ():
            tables.append(tuple(seated[:size]))
            seated = seated[size:]
        history.append(Pairing(round=number, planner=PLANNER_VERSION, tables=tuple(tables)))
    return history


def _fewest_repeats(entrants: list[str], sizes: tuple[int, ...], meetings: Meetings) -> int:
    """Brute force: the fewest earlier meetings over every split of ``entrants`` into tables of ``sizes``."""
    if not entrants:
        return 0
    top, rest = entrants[0], entrants[1:]
    best = None
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for mates in itertools.combinations(rest, size - 1):
            table = (top, *mates)
            total = meetings.repeats(table) + _fewest_repeats(
                [e for e in rest if e not in mates], tuple(left), meetings
            )
            best = total if best is None else min(best, total)
    assert best is not None
    return best


rounds_of_play = st.tuples(
    st.sampled_from(SIZES),
    st.integers(2, 40),
    st.integers(0, 4),
    st.integers(0, 2**32),
    st.sampled_from(Format),
)


@settings(max_examples=60, deadline=None)
@given(rounds_of_play)
def test_everyone_is_seated_once_a_round_at_an_allowed_size_unless_the_count_cannot_be_split(play):
    """Every entrant is seated once a round whenever the count can be split into allowed sizes; otherwise
    the fewest sit out and the reason is said."""
    sizes, count, rounds, seed, format = play
    rng = random.Random(seed)
    entrants = _field(count)
    points = {e: float(rng.randint(0, 6)) for e in entrants}
    pairing = plan_round(
        rounds + 1, entrants, points, _random_history(entrants, sizes, rounds, rng), seed, sizes, format
    )
    seated = [e for table in pairing.tables for e in table]
    sitting_out = [bye.entrant for bye in pairing.byes]
    assert sorted(seated + sitting_out) == entrants
    assert all(len(table) in sizes for table in pairing.tables)
    fewest_out = next(n for n in range(count + 1) if table_sizes(count - n, sizes) is not None)
    assert len(sitting_out) == fewest_out
    assert all("cannot" in bye.reason for bye in pairing.byes)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SIZES), st.integers(2, 12), st.integers(1, 3), st.integers(0, 2**32))
def test_no_repeat_tablemate_when_one_can_be_avoided_up_to_twelve_entrants(sizes, count, rounds, seed):
    """For up to 12 entrants the planner's repeat-tablemate count equals the brute-force optimum."""
    rng = random.Random(seed)
    entrants = _field(count)
    history = _random_history(entrants, sizes, rounds, rng)
    points = {e: float(rng.randint(0, 6)) for e in entrants}
    pairing = plan_round(rounds + 1, entrants, points, history, seed, sizes)
    meetings = Meetings(history)
    planned = sum(meetings.repeats(table) for table in pairing.tables)
    seated = sorted(e for table in pairing.tables for e in table)
    assert planned == _fewest_repeats(seated, tuple(len(t) for t in pairing.tables), meetings)


def test_a_pairing_is_a_pure_function_of_its_inputs():
    """Asked twice, the planner pairs alike; another seed may draw other lots."""
    entrants = _field(9)
    points = dict.fromkeys(entrants, 0.0)
    once = plan_round(1, entrants, points, [], 7, range(3, 6))
    assert plan_round(1, list(reversed(entrants)), points, [], 7, range(3, 6)) == once
    assert [len(t) for t in once.tables] == [3, 3, 3]


def test_swiss_seats_equal_scores_together_before_it_mixes_them():
    """With nobody met before, tables hold the closest scores (spread is the second measure)."""
    entrants = _field(6)
    points = {e: float(n // 3) for n, e in enumerate(entrants)}
    pairing = plan_round(2, entrants, points, [], 1, range(3, 4))
    assert sorted(sorted(t) for t in pairing.tables) == [entrants[:3], entrants[3:]]


def test_the_first_seat_goes_to_whoever_had_it_least():
    """First-seat balance: someone who sat first already is not seated first again when another can be."""
    entrants = _field(2)
    first = plan_round(1, entrants, {}, [], 3, range(2, 3))
    second = plan_round(2, entrants, {}, [first], 3, range(2, 3))
    assert first.tables[0][0] != second.tables[0][0]


def test_an_odd_field_of_a_two_player_game_gives_the_lowest_a_bye_and_says_why():
    """Byes forced: the lowest in the standings with the fewest byes sits out, and the reason is said."""
    entrants = _field(5)
    points = {e: float(5 - n) for n, e in enumerate(entrants)}
    pairing = plan_round(1, entrants, points, [], 1, range(2, 3))
    assert [bye.entrant for bye in pairing.byes] == ["e04"]
    assert pairing.byes[0].reason.startswith("5 entrants cannot be split into tables of 2")
    again = plan_round(2, entrants, points, [pairing], 1, range(2, 3))
    assert [bye.entrant for bye in again.byes] == ["e03"]


def test_a_round_robin_of_four_in_pairs_meets_everyone_once_in_three_rounds():
    """Round-robin pairs for new tablemates only: four entrants in pairs meet each other once each."""
    entrants, history = _field(4), []
    for number in (1, 2, 3):
        history.append(plan_round(number, entrants, {}, history, 5, range(2, 3), Format.ROUND_ROBIN))
    met = Counter(frozenset(t) for p in history for t in p.tables)
    assert len(met) == 6 and set(met.values()) == {1}


def test_another_planner_version_is_refused():
    """A running tournament's planner version is the one that pairs it: another is refused."""
    with pytest.raises(PlannerVersionRefused):
        plan_round(1, _field(4), {}, [], 1, range(2, 3), version=PLANNER_VERSION + 1)
