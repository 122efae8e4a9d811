"""``backroom worker projections`` and ``backroom projections rebuild``."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from domain.games import registered
from store.settings import Settings

worker = typer.Typer(help="Processes that run beside the API.", no_args_is_help=True)
projections = typer.Typer(help="The read models.", no_args_is_help=True)


@worker.command("projections")
def run_projections() -> None:
    """Keep the read models up with the log (Redis when BACKROOM_REDIS_URL is set), until stopped."""
    from workers.logs import configure
    from workers.projections import run

    configure()
    settings = Settings.from_env()
    typer.echo(f"Projecting {settings.store} into {'Redis' if settings.redis_url else 'SQLite'}")
    run(settings, registered())


@projections.command("rebuild")
def rebuild(
    sqlite: Annotated[str | None, typer.Option(help="SQLite file (env BACKROOM_SQLITE)")] = None,
) -> None:
    """Forget the read models and build them again from the whole log, with a progress bar."""
    from workers.projections import rebuild_all

    settings = Settings.from_env()
    if sqlite is not None:  # an explicit --sqlite wins over a DSN in the environment, as for serve
        settings = dataclasses.replace(settings, sqlite_path=sqlite, postgres_dsn=None)
    columns = (TextColumn("rebuilding"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns) as bar:
        task = bar.add_task("rebuild", total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        reached = rebuild_all(settings, registered(), advance)
    typer.echo(f"Read models rebuilt up to log position {reached}.")
