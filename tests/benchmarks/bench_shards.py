"""What more server processes could at most give the embedded default: one, then several sharing nothing.

Run: ``.venv/bin/python -m tests.benchmarks.bench_shards`` (about a minute on 2 cores).

Each round plays ``bench_service``'s closed loop (Politrickers, 4 random bots a table, every move fsynced
before its answer) twice, each time on fresh servers, a 1 s warm-up and then ``--seconds`` of play:

1. ``--tables`` tables in flight on one ``backroom serve``;
2. the same tables dealt in turn among ``--servers`` ``backroom serve`` processes, each with a SQLite
   file of its own: no shared log, no lock between them, no projection of another's commits, every
   table's commands on the server that opened it.

The second is a ceiling, not a design: any way of running several processes over one log (a position
per table, commits forwarded, a shared store) does at least this work and more. It prints each round's
moves/s, p50 and p99 (the ``POST`` round trip), the servers' CPU a move and the clients', then the
ratio of moves/s, several servers over one, in each round. Options: ``--tables 8 --servers 2
--seconds 8 --rounds 3 --seed 1``.
"""

from __future__ import annotations

import argparse
import statistics

from tests.benchmarks.bench_service import Measured, backroom_timed


def row(label: str, run: Measured) -> str:
    """One line of the table: the run's rates, latencies and CPU a move."""
    return (
        f"{label:>20}{run.rate:>10,.0f}{run.latency_ms(50):>9.2f}{run.latency_ms(99):>9.2f}"
        f"{run.cpu_ms_per_move(run.server_cpu):>13.3f}{run.cpu_ms_per_move(run.client_cpu):>13.3f}"
    )


def compare(tables: int, servers: int, seconds: float, rounds: int, seed: int) -> list[float]:
    """Play the rounds, printing each run as it ends; the ratio of moves/s of each round."""
    print(f"== {tables} tables in flight: one server, then {servers} sharing nothing; {seconds:g} s each ==")
    print(
        f"{'round / servers':>20}{'moves/s':>10}{'p50 ms':>9}{'p99 ms':>9}"
        f"{'server ms/mv':>13}{'client ms/mv':>13}"
    )
    ratios = []
    for number in range(1, rounds + 1):
        one = backroom_timed(tables, seconds, seed + number)
        print(row(f"{number} / 1", one), flush=True)
        several = backroom_timed(tables, seconds, seed + number, servers=servers)
        print(row(f"{number} / {servers}", several), flush=True)
        ratios.append(several.rate / one.rate)
    return ratios


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=8, help="tables in flight, both sides")
    parser.add_argument("--servers", type=int, default=2, help="independent servers on the second side")
    parser.add_argument("--seconds", type=float, default=8.0, help="timed play a run, after 1 s warm-up")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ratios = compare(args.tables, args.servers, args.seconds, args.rounds, args.seed)
    shown = ", ".join(f"{ratio:.2f}x" for ratio in ratios)
    print(
        f"moves/s, {args.servers} servers sharing nothing over one, each round: {shown} "
        f"(median {statistics.median(ratios):.2f}x)"
    )


if __name__ == "__main__":
    main()
