"""The benchmarks run: each plays a tiny part of itself and counts what it did (no timing is asserted)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvloop

from tests.benchmarks import (
    bench_flood,
    bench_floods,
    bench_hot_path,
    bench_projection,
    bench_service,
    bench_tunings,
    disk_floor,
    peer_bgio,
)
from tests.support.server import serving


def test_the_service_benchmark_plays_a_whole_game_and_a_timed_second() -> None:
    """bench_service plays one whole game and one table for a second through a real server, counting moves."""
    with bench_service.fresh_server() as (served, runner):
        whole = bench_service.measure(
            [served], runner, lambda tally: bench_service.whole_games(served.base, 1, 1, 1, tally)
        )
        timed = bench_service.measure(
            [served], runner, lambda tally: bench_service.timed_games([served.base], 1, 1.0, 2, tally)
        )
    assert whole.tally.games == 1
    assert whole.tally.moves > 0
    assert timed.tally.moves > 0
    assert whole.server_cpu > 0
    assert 0 < timed.loop_cpu <= timed.server_cpu + 0.02  # a thread of it (read a moment apart, 10 ms ticks)


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


def test_the_engine_benchmark_measures_every_game_and_seat_count() -> None:
    """bench_engine's Backroom side plays every game and seat count, counting actions (RLCard is not run)."""
    from domain.games import registered
    from tests.benchmarks import bench_engine

    rows = bench_engine.backroom_rows(0.05)
    expected = {(g.id, seats) for g in registered().values() for seats in range(g.min_seats, g.max_seats + 1)}
    assert {(game_id, seats) for game_id, seats, *_ in rows} == expected
    assert all(ours.rate > 0 and ours.games > 0 and theirs is None for _, _, ours, _, theirs in rows), rows


def test_the_engine_benchmark_takes_turns_with_rlcard_slice_by_slice(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A row is cut into slices, each beside one of RLCard's, each side first in turn; the row's ratio is
    over RLCard's figures in its own slices (a peer answering as RLCard's process does stands in)."""
    from tests.benchmarks import bench_engine

    turns: list[str] = []
    played = bench_engine.play

    def ours(*arguments: Any) -> bench_engine.Played:
        turns.append("Backroom")
        return played(*arguments)

    class Answering:  # RLCard's process answers each slice with actions, games, wall and CPU seconds
        def ask(self, line: str, seconds: float) -> list[float]:
            turns.append(f"RLCard {float(line):g} s")
            return [1000, 10, seconds, 0.25]

    monkeypatch.setattr(bench_engine, "play", ours)
    monkeypatch.setattr(bench_engine, "SLICES", 4)
    peer: Any = Answering()
    ((_, _, mine, _, theirs),) = bench_engine.backroom_rows(0.2, ["slush-fund-2"], peer)
    rlcard = "RLCard 0.05 s"
    assert turns == [rlcard, "Backroom", "Backroom", rlcard, rlcard, "Backroom", "Backroom", rlcard]
    assert theirs == bench_engine.Played(4000, 40, 1.0) and mine.games >= 4
    bench_engine._print_table([("slush-fund-2", 2, bench_engine.Played(12000, 40, 1.0), 10.0, theirs)], "UNO")
    assert "12,000      40.0      40        10     4,000      3.00  met" in capsys.readouterr().out


def test_the_engine_benchmark_plays_one_game_at_least_however_late_its_loop_starts() -> None:
    """A worker descheduled for the measured seconds before the loop's first test still plays a game: no
    time left at all (0 s) plays exactly one (a row of no games failed a busy run's smoke test)."""
    from domain.games import get_game
    from tests.benchmarks import bench_engine

    rate, _, played = bench_engine.measure(get_game("slush-fund-2"), 2, 0.0)
    assert played == 1 and rate > 0


def test_the_engine_benchmark_plays_the_games_random_play_plays() -> None:
    """play_random_game, the loop bench_engine times, ends where random_steps ends, after as many commands."""
    from domain.games import registered
    from domain.playout import Step, play_random_game, random_steps

    for game in registered().values():
        for seats in range(game.min_seats, game.max_seats + 1):
            for seed in range(5):
                steps = [step for step in random_steps(game, seed, seats) if isinstance(step, Step)]
                assert play_random_game(game, seed, seats) == (steps[-1].after, len(steps))


def test_the_disk_floor_times_durable_commits_and_bounds_the_closed_loop(tmp_path: Path) -> None:
    """The disk's floor is taken from real durable commits in the folder given, which it leaves empty."""
    floor = disk_floor.durable_commits(tmp_path, commits=20)
    assert 0 < floor.p50_ms <= floor.p99_ms
    assert floor.bound(8) == 8 / floor.p50_ms * 1000
    assert "8 moves in flight" in disk_floor.describe(floor, 8)
    assert list(tmp_path.iterdir()) == []


def test_the_flood_benchmark_floods_a_default_server_and_is_refused_past_its_budgets(tmp_path: Path) -> None:
    """bench_flood's flooder, for five seconds against the default policies: some of each ask is
    answered, openings past 20 a minute and the lobby past its pace are 429, and a table still plays."""
    with serving(tmp_path / "flood.sqlite", policies={}) as served:
        game = bench_flood.finished_game(served.base)
        got = bench_flood.flood(served.base, game, time.perf_counter() + 5)
        with bench_flood.client(served.base, "127.0.0.1") as http:
            spent, openings = bench_flood.play(http, random.Random(1), time.perf_counter() + 1)
    assert 0 < got["POST games 201"] <= 20
    assert got["GET games 200"] > 0 and got["GET games 429"] + got["POST games 429"] > 0
    assert all(got[f"GET {what} 200"] > 0 for what in ("timeline", "audit", "events"))
    assert spent and openings[201] >= 1


def test_the_balance_benchmark_plays_its_games_on_one_job_and_on_two() -> None:
    """bench_balance plays the games it times, through the command's batches and workers."""
    from tests.benchmarks import bench_balance

    assert bench_balance.games_per_second("politrickers", 3, 4, 1) > 0
    assert bench_balance.games_per_second("politrickers", 3, 4, 2) > 0


def test_the_projection_benchmark_projects_a_whole_game_again() -> None:
    """bench_projection plays a game into a log and projects every position of it again."""
    (found,) = bench_projection.measure(games=1, runs=1, seed=1, only="politrickers")
    assert found.game == "politrickers"
    assert found.moves > 0
    assert found.positions > found.moves  # the table's own events, and often several events a move
    assert found.cpu > 0


def test_the_shards_benchmark_deals_the_tables_among_servers_sharing_nothing() -> None:
    """bench_shards' second side: the tables in flight dealt in turn among fresh servers, each with a
    log of its own, every table's moves played on the server that opened it."""
    with bench_service.fresh_servers(2) as (served, runner):
        bases = [s.base for s in served]
        measured = bench_service.measure(
            served, runner, lambda tally: bench_service.timed_games(bases, 4, 1.0, 3, tally)
        )
        lobbies = [httpx.get(f"{base}/api/games").json() for base in bases]
    assert measured.tally.moves > 0 and measured.server_cpu > 0
    assert all(lobby["games"] for lobby in lobbies)  # each server opened tables of its own
    ids = [{game["id"] for game in lobby["games"]} for lobby in lobbies]
    assert not ids[0] & ids[1]


def test_the_hot_path_benchmark_plays_through_the_application_without_sockets() -> None:
    """bench_hot_path plays random Politrickers moves through the ASGI application for a second."""
    moves, reads, wall, cpu = uvloop.run(bench_hot_path.measure(tables=2, seconds=1.0, warmup=0.2))
    assert moves > 0
    assert 0 < reads <= moves  # the next mover asks, the sender's answer already carries its own list
    assert wall > 0 and cpu > 0


def test_the_env_benchmark_steps_every_game_and_seat_count(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """bench_env's Backroom side plays every game and seat count through the environment, counting
    steps, each row taking turns with gin_rummy slice by slice and held against gin_rummy's figures in
    its own slices (a peer answering as PettingZoo's process does stands in); the peers run the very
    loop it times."""
    from env import tables
    from tests.benchmarks import bench_env

    turns: list[str] = []

    class Answering:  # the peers' process: steps, games, wall and CPU seconds of the environment asked
        def measure(self, name: str, seconds: float, seed: int = 0) -> bench_env.Figures:
            turns.append(f"{name} from game {seed}")
            return bench_env.Figures(1000, 10, seconds, 0.25)

    played = bench_env.random_masked_play

    def ours(*arguments: Any) -> tuple[int, int, float, float]:
        turns.append("Backroom")
        return played(*arguments)

    monkeypatch.setattr(bench_env, "random_masked_play", ours)
    monkeypatch.setattr(bench_env, "SLICES", 4)
    peers: Any = Answering()
    rows = bench_env.backroom_rows(0.04, None, peers)
    assert {(game, seats) for game, seats, *_ in rows} == set(tables())
    assert all(mine.steps > 0 and mine.games >= 4 for _, _, mine, _ in rows)
    assert all(gin == bench_env.Figures(4000, 40, 0.04, 1.0) for *_, gin in rows)
    gin = [f"gin_rummy_v4 from game {games}" for games in (0, 10, 20, 30)]
    assert turns[:8] == [gin[0], "Backroom", "Backroom", gin[1], gin[2], "Backroom", "Backroom", gin[3]]
    assert bench_env.LOOP in bench_env.PEER_SCRIPT
    row = ("slush-fund-2", 2, bench_env.Figures(12000, 40, 1.0, 1.0), bench_env.Figures(4000, 10, 1.0, 1.0))
    bench_env.print_table([row], 3000.0)
    assert "4,000    3.00     4.00  met" in capsys.readouterr().out.splitlines()[-1]


def test_the_floods_benchmark_runs_each_flood_against_a_default_server(tmp_path: Path) -> None:
    """bench_floods's floods, a moment each against the default policies: a long lobby page is refused
    after the first, made-up tokens are read as strangers (403), a seat's links stop at its allowance,
    and every stream of a small flood is answered while the player plays, at the player's CPU priority
    or below it (``--polite-flood``)."""
    with serving(tmp_path / "floods.sqlite", policies={}) as served:
        game_id, _ = bench_flood.finished_game(served.base)
        anonymous = bench_floods.anonymous(served.base, game_id, time.perf_counter() + 2)
        made_up = bench_floods.fake_token(served.base, game_id, time.perf_counter() + 2)
        seated = bench_floods.seated(served.base, game_id, time.perf_counter() + 2)
        with bench_flood.client(served.base, "127.0.0.1") as http:
            _, during, streams = bench_floods.held_streams(http, served.base, game_id, 20, 1.0, 1)
            _, _, politely = bench_floods.held_streams(http, served.base, game_id, 5, 0.5, 2, polite=True)
    assert anonymous["lobby 200"] >= 1 and anonymous["lobby 429"] >= 1 and anonymous["timeline 200"] >= 1
    assert made_up["events 403"] >= 1 and "events 200" not in made_up
    # the allowance is counted in clock-minute windows: a 2 s flood may span two of them (6 + 6)
    assert 1 <= seated["seat-link 200"] <= 12 and seated["seat-link 429"] >= 1
    assert streams["stream 200"] == 20 and during and politely["stream 200"] == 5


def test_the_tunings_benchmark_times_every_memo_and_both_recorders() -> None:
    """bench_tunings has a sample call for every registered memo, and records commits both ways."""
    lines = bench_tunings.memos(number=10)
    assert len(lines) == len(bench_tunings.MEMOS) >= 7
    assert all("µs remembered" in line for line in lines)
    recorded = bench_tunings.one_statement(3)
    assert [line.split(":")[0] for line in recorded] == ["library", "one statement"]
