"""``backroom balance GAME``: seeded games in worker processes, then the balance table.

Game ``i`` of a run is seeded ``seed + i``; each strategy plays the same seeds again (one seat by the
strategy, see :mod:`domain.balance_table`). Games go to ``--jobs`` processes in batches and come back
in seed order, so the table is the same whatever the number of jobs.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from api.cli.balance_report import Section, report
from api.simulate import GameArgument, _game
from domain.balance_table import Record, figures, goals, play
from domain.games import get_game

BATCH = 25
"""Games a worker plays per task (few enough for a smooth progress bar, enough to keep IPC cheap)."""

console = Console(width=120)
progress_console = Console(stderr=True)
"""The progress bar goes to standard error, so that standard output holds the table alone."""

Task = tuple[str, int, int, int, str]
"""A batch: game id, first seed, how many games, seat count, strategy ("" for random play)."""


def play_batch(task: Task) -> list[Record]:
    """Play one batch (in a worker process: the game is looked up by id)."""
    game_id, first, count, seats, strategy = task
    game = get_game(game_id)
    return [play(game, seed, seats, strategy) for seed in range(first, first + count)]


def tasks(game_id: str, seed: int, games: int, seats: int, strategies: list[str]) -> list[Task]:
    """Every batch of the run: the random games, then each strategy's, each in seed order."""
    return [
        (game_id, seed + start, min(BATCH, games - start), seats, strategy)
        for strategy in ["", *strategies]
        for start in range(0, games, BATCH)
    ]


def _results(batches: list[Task], jobs: int) -> Iterator[list[Record]]:
    if jobs == 1:
        yield from map(play_batch, batches)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(play_batch, batches)


def run(batches: list[Task], jobs: int) -> list[Record]:
    """Play every batch on ``jobs`` processes, with a progress bar; the records in batch order."""
    records: list[Record] = []
    total = sum(task[2] for task in batches)
    with Progress(console=progress_console, transient=True) as progress:
        bar = progress.add_task("Playing", total=total)
        for batch in _results(batches, jobs):
            records.extend(batch)
            progress.advance(bar, len(batch))
    return records


def balance(  # noqa: PLR0917  (Typer maps each parameter to a command-line option)
    game_id: GameArgument,
    games: Annotated[int, typer.Option(min=1, help="random games (and games per strategy)")] = 1000,
    players: Annotated[int | None, typer.Option(help="seat count (default: the game's minimum)")] = None,
    seed: Annotated[int, typer.Option(help="seed of the first game (seeds seed, seed+1, ...)")] = 0,
    jobs: Annotated[int, typer.Option(min=1, help="worker processes")] = 2,
    markdown: Annotated[bool, typer.Option(help="print the table as Markdown (for docs)")] = False,
) -> None:
    """Win rates by seat, role and strategy, game length, games nobody wins, cards played; goals."""
    game = _game(game_id)
    seats = players or game.min_seats
    if not game.min_seats <= seats <= game.max_seats:
        raise typer.BadParameter(f"{game.title} is for {game.min_seats} to {game.max_seats} players")
    strategies = list(game.balance.strategies)
    records = run(tasks(game.id, seed, games, seats, strategies), jobs)
    found = figures(records, game.balance.cards(seats), seats)
    title = f"{game.title}, {seats} players, {games} random games from seed {seed}"
    sections = report(found, goals(found))
    if markdown:
        typer.echo(to_markdown(title, sections))
        return
    console.print(f"[bold]{title}[/bold]", highlight=False)
    for section in sections:
        console.print(to_rich(section))


def to_rich(section: Section) -> Table:
    """One section as a rich table."""
    table = Table(title=section.title, title_justify="left")
    for column in section.columns:
        table.add_column(column)
    for row in section.rows:
        table.add_row(*row)
    return table


def to_markdown(title: str, sections: list[Section]) -> str:
    """The whole report as Markdown: a heading, then each section as a table."""
    lines = [f"### {title}", ""]
    for section in sections:
        lines += [f"**{section.title}**", "", "| " + " | ".join(section.columns) + " |"]
        lines.append("|" + "---|" * len(section.columns))
        lines += ["| " + " | ".join(row) + " |" for row in section.rows]
        lines.append("")
    return "\n".join(lines)
