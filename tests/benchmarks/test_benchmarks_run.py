"""The benchmarks run: each plays a tiny part of itself and counts what it did (no timing is asserted)."""

from __future__ import annotations

from tests.benchmarks import bench_service, peer_bgio


def test_the_service_benchmark_plays_a_whole_game_and_a_timed_second() -> None:
    """bench_service plays one whole game and one table for a second through a real server, counting moves."""
    with bench_service.fresh_server() as (served, runner):
        whole = bench_service.measure(
            served, runner, lambda tally: bench_service.whole_games(served.base, 1, 1, 1, tally)
        )
        timed = bench_service.measure(
            served, runner, lambda tally: bench_service.timed_games(served.base, 1, 1.0, 2, tally)
        )
    assert whole.tally.games == 1
    assert whole.tally.moves > 0
    assert timed.tally.moves > 0
    assert whole.server_cpu > 0


def test_the_peers_json_summary_gives_its_figures() -> None:
    """The peer's figures are read from load.js's JSON line; CPU per move is its server CPU over its moves."""
    summary = {
        "games_requested": 2,
        "games_completed": 2,
        "errors": 0,
        "total_moves": 200,
        "wall_s": 0.5,
        "moves_per_s": 400.0,
        "latency_ms": {"p50": 5.0, "p90": 9.0, "p99": 20.0},
        "server_cpu_s": 0.2,
        "loadgen_cpu_s": 0.1,
    }
    figures = peer_bgio.figures_from(summary, "boardgame.io 0.50.2 Politrickers load: 2 games")
    assert (figures.version, figures.moves_per_s, figures.p99_ms) == ("0.50.2", 400.0, 20.0)
    assert figures.server_cpu_ms_per_move == 1.0
