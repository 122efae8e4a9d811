"""``backroom tournament simulate``: a dry run for organisers, bots playing a whole tournament.

Every table is opened and played through the real service (:class:`api.service.Tables`, the path a
person's commands take) over a store in memory that is thrown away at the end; the planner pairs each
round from the standings so far (:mod:`domain.tournament`). The output depends only on the game, the
count, the rounds, the format and the seed: the clock is a counter, each table's chance is seeded from
the tournament's seed, and the random bots draw from the table's seed.
"""

from __future__ import annotations

import asyncio
import functools
import json
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

import typer

from api.service.application import Tables
from api.simulate import GameArgument, _game
from domain.bots import BotSpec
from domain.games import registered
from domain.table import Table
from domain.tournament import tournament as t
from domain.tournament.planner import Format
from store.tournaments import TournamentLog

DRY_RUN = "dry-run"
"""The dry run's tournament id (its log is its own, in memory)."""
tournament = typer.Typer(help="Tournaments: a dry run of a whole tournament.", no_args_is_help=True)
BOT = BotSpec(policy="random")
"""Rule: a dry run's entrants are random bots (fast, and every legal move gets played)."""
LONGEST_TABLE = 10_000
"""Bot moves a table may take before the dry run gives up on it (no game comes near this)."""


class CountingClock:
    """The service's clock: one second a reading, moved on to whatever the table waits for."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


async def play_tournament(game_id: str, players: int, rounds: int, format: Format, seed: int) -> t.Tournament:
    """Create a tournament of ``players`` random bots on a log in memory and play its ``rounds`` rounds:
    each round paired by the aggregate, each table opened, noted and played through the service, and
    its result taken by the same reaction the projection runs when a table is over (which pairs the
    next round once a round's last result is in)."""
    game = registered()[game_id]
    clock = CountingClock()
    tables = Tables(
        {"PERSISTENCE_MODULE": "eventsourcing.popo"}, games=registered(), snapshot_interval=0, clock=clock
    )
    tables.bot_pause = 0.0
    log = TournamentLog(tables.store.recorder)
    entrants = [f"bot-{n:02d}" for n in range(1, players + 1)]
    sizes = (game.min_seats, game.max_seats)
    try:
        log.create(t.create(DRY_RUN, game_id, format, rounds, seed, sizes, entrants))
        log.change(DRY_RUN, t.pair_next)
        for _ in range(rounds):
            pairing = log.current(DRY_RUN).pairings[-1]
            number = pairing.round
            for index, seated in enumerate(pairing.tables, start=1):
                table = await _play_table(tables, clock, game_id, len(seated), f"{seed}:{number}:{index}")
                log.change(
                    DRY_RUN, functools.partial(t.assign, number=number, index=index, table=str(table.id))
                )
                log.take(table)  # the round's last result pairs the next round (rule 8)
            log.change(DRY_RUN, t.pair_due)  # a round of byes alone has no last result
        return log.current(DRY_RUN)
    finally:
        tables.close()


async def _play_table(tables: Tables, clock: CountingClock, game_id: str, seats: int, seed: str) -> Table:
    """Open a table of random bots and play it to its end through the service."""
    bots = dict.fromkeys(range(seats), BOT)
    opening = await tables.open(
        game_id, [None] * seats, seed=f"backroom:tournament:{seed}", seating=(None, bots), rated=False
    )
    table, game = opening.table, str(opening.game_id)
    for _ in range(LONGEST_TABLE):
        if table.over:
            return table
        if table.to_act:
            table = (await tables.play_bot(game, min(table.to_act))).table
        else:  # a window the game keeps open: let its time pass, and the referee close it
            due = table.due
            assert due is not None, "a table with nobody to act and nothing due"
            clock.now = max(clock.now, due)
            table = await tables.referee(game)
    raise RuntimeError(f"a table of {game_id} did not end in {LONGEST_TABLE} moves")


def report(run: t.Tournament) -> dict[str, Any]:
    """The ``--json`` line: every round's tables and the final standings."""
    return {
        "rounds": [[list(table) for table in pairing.tables] for pairing in run.pairings],
        "byes": [[{"entrant": b.entrant, "reason": b.reason} for b in p.byes] for p in run.pairings],
        "standings": [
            {
                "place": row.place,
                "entrant": row.entrant,
                "points": row.points,
                "opponents_average": row.opponents_average,
                "tablemates_beaten": row.tablemates_beaten,
                "head_to_head": row.head_to_head,
                "marks": list(row.marks),
            }
            for row in run.standings()
        ],
    }


@tournament.command("simulate")
def simulate(  # noqa: PLR0917  (Typer maps each parameter to a command-line option)
    game_id: GameArgument,
    players: Annotated[int, typer.Option(min=2, max=200, help="entrants (random bots)")] = 8,
    rounds: Annotated[int, typer.Option(min=1, max=50, help="rounds to play")] = 3,
    format: Annotated[Format, typer.Option(help="swiss or round-robin")] = Format.SWISS,
    seed: Annotated[int, typer.Option(help="the tournament's seed: lots, tables' chance, bots")] = 0,
    as_json: Annotated[
        bool, typer.Option("--json", help="end with one JSON line of rounds and standings")
    ] = False,
) -> None:
    """Play a whole tournament of random bots through the service, in memory, and print it."""
    game = _game(game_id)
    run = asyncio.run(play_tournament(game.id, players, rounds, format, seed))
    for pairing in run.pairings:
        typer.echo(f"round {pairing.round} (planner {pairing.planner}):")
        for index, seated in enumerate(pairing.tables, start=1):
            typer.echo(f"  table {index}: {', '.join(seated)}")
        for bye in pairing.byes:
            typer.echo(f"  bye: {bye.entrant} ({bye.reason})")
    typer.echo("standings:")
    for row in run.standings():
        marks = f" [{', '.join(row.marks)}]" if row.marks else ""
        typer.echo(
            f"  {row.place:>3}. {row.entrant}  {row.points:g} points,"
            f" opponents {row.opponents_average:g}{marks}"
        )
    if as_json:
        typer.echo(json.dumps(report(run), separators=(",", ":")))
