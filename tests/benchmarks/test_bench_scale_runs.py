"""bench_scale runs: its embedded set-up plays two tables for a second and counts (no timing asserted)."""

from __future__ import annotations

import pytest

from tests.benchmarks import bench_scale


def test_the_scale_benchmark_plays_tables_and_takes_their_figures() -> None:
    """Two tables for a second through a real server: moves counted, latencies and memory taken."""
    found = bench_scale.embedded(2, 1.0)
    assert found.tally.moves > 0
    assert len(found.tally.latencies) == found.tally.moves
    assert found.cpu["backroom"] > 0


def test_commit_to_view_lag_runs_to_the_first_publication_at_or_past_the_version() -> None:
    """A change published at version 5 serves the commands answered at versions 4 and 5 (one batch)."""
    commits = bench_scale.Commits(
        answered=[("g", 4, 1.0), ("g", 5, 1.5)], published={"g": [(3, 0.5), (5, 2.0)]}
    )
    assert commits.lags() == [1.0, 0.5]


@pytest.mark.postgres
@pytest.mark.redis
def test_with_no_projection_at_all_the_scale_benchmark_plays_on_both_routings() -> None:
    """The slowest projection (none runs): every read is stale, yet both routings play and end."""
    runs = bench_scale.scaled(2, 0, 2, 2.0, ["pinned", "random"])
    assert [run.name for run in runs] == ["2 API, 0 worker(s), pinned", "2 API, 0 worker(s), random"]
    assert all(run.tally.moves > 0 and run.misses.stale > 0 for run in runs)
