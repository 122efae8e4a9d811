"""The ``backroom`` command: ``serve`` runs the HTTP API; ``simulate`` lives in :mod:`api.simulate`."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import gc
import logging
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from workers.settings import Settings

app = typer.Typer(help="Backroom referees political card games.", no_args_is_help=True)


@app.command()
def serve(  # noqa: PLR0917  (Typer maps each parameter to a command-line option)
    host: Annotated[str, typer.Option(envvar="BACKROOM_HOST", help="interface to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(envvar="BACKROOM_PORT", help="port to listen on")] = 8000,
    sqlite: Annotated[str | None, typer.Option(help="SQLite file (env BACKROOM_SQLITE)")] = None,
    postgres_dsn: Annotated[
        str | None, typer.Option(help="PostgreSQL DSN (env BACKROOM_POSTGRES_DSN)")
    ] = None,
    postgres_schema: Annotated[str | None, typer.Option(help="PostgreSQL schema")] = None,
    snapshot_interval: Annotated[int | None, typer.Option(help="snapshot every N events (0: never)")] = None,
    access_log: Annotated[bool, typer.Option(help="log every request")] = False,
    workers: Annotated[int, typer.Option(min=1, help="server processes sharing the store")] = 1,
) -> None:
    """Serve the HTTP API (SQLite at ./var/backroom.sqlite unless told otherwise)."""
    import uvicorn

    from api.http.app import create_app

    settings = _settings(sqlite, postgres_dsn, postgres_schema, snapshot_interval)
    typer.echo(f"Backroom on http://{host}:{port} ({settings.store}, {workers} worker(s))")
    options: dict[str, Any] = {"host": host, "port": port, "access_log": access_log, "log_level": "warning"}
    options["timeout_graceful_shutdown"] = settings.drain_seconds  # SIGTERM: in-flight commands finish
    if workers == 1:
        from workers.logs import configure

        configure(logging.INFO if access_log else logging.WARNING)  # text or JSON lines, as set
        options["log_config"] = None  # uvicorn's lines go through the same handler
        application = create_app(settings)
        _settle_heap()
        uvicorn.run(application, **options)
        return
    os.environ.update(settings.to_env())  # each worker process builds its app from the environment
    uvicorn.run("api.http.app:create_app", factory=True, workers=workers, **options)


@app.command()
def up(
    scale: Annotated[str, typer.Option(help="processes per role: api=2,projections=2,bots=1,timers=1")] = "",
    port: Annotated[int, typer.Option(help="first port (API processes, then workers); 0: any free")] = 8000,
    ready_timeout: Annotated[float, typer.Option(help="seconds to wait for every process's /ready")] = 60,
) -> None:
    """Run the whole deployment here on PostgreSQL and Redis (from the environment) until stopped."""
    from api.cli import deployment
    from workers.cli import worker

    settings = Settings.from_env()
    try:
        counts = deployment.parse_scale(scale)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    if not settings.postgres_dsn or not settings.redis_url:
        raise typer.BadParameter("set BACKROOM_POSTGRES_DSN and BACKROOM_REDIS_URL (see deploy/README.md)")
    available = {command.name or "" for command in worker.registered_commands}
    say = functools.partial(typer.echo, err=False)
    children = deployment.plan(counts, dict(os.environ), port, available, lambda text: say(f"up: {text}"))
    group = deployment.Deployment(children, lambda text: say(f"up: {text}"))
    raise typer.Exit(deployment.run(group, ready_timeout, grace=settings.drain_seconds + 5))


def _settle_heap() -> None:
    """Keep the garbage collector's full passes short and rare while serving.

    A full pass walks every object, the ~80,000 of the imported modules and the app included: it took
    40-50 ms, several times a second under load, and set the p99 of the commands. Frozen objects are
    never walked again (a pass then takes ~3 ms), and larger thresholds make passes rarer.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 100)


@app.command("import")
def import_log(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="a JSON-lines export")],
    sqlite: Annotated[str | None, typer.Option(help="SQLite file (env BACKROOM_SQLITE)")] = None,
    postgres_dsn: Annotated[
        str | None, typer.Option(help="PostgreSQL DSN (env BACKROOM_POSTGRES_DSN)")
    ] = None,
    postgres_schema: Annotated[str | None, typer.Option(help="PostgreSQL schema")] = None,
) -> None:
    """Replay a finished game's export through the rules; store it as a new game if every event holds."""
    from api.cli import importing
    from api.service.application import Tables
    from domain.errors import ServiceError
    from domain.game import registered

    settings = _settings(sqlite, postgres_dsn, postgres_schema, None)
    tables = Tables(
        settings.eventsourcing_env(), games=registered(), snapshot_interval=settings.snapshot_interval
    )
    try:
        opening = asyncio.run(importing.import_log(tables, file.read_bytes().splitlines()))
    except ServiceError as error:
        typer.echo(f"Refused ({error.code}): {error.message}", err=True)
        raise typer.Exit(1) from None
    finally:
        tables.close()
    typer.echo(f"Imported as game {opening.game_id}")
    for seat, token in sorted(opening.tokens.items()):
        typer.echo(f"seat {seat} ({opening.table.seat_names[seat]}): {token}")


def _settings(
    sqlite: str | None, postgres_dsn: str | None, postgres_schema: str | None, snapshot_interval: int | None
) -> Settings:
    settings = Settings.from_env()
    given: dict[str, Any] = {
        "sqlite_path": sqlite,
        "postgres_dsn": postgres_dsn,
        "postgres_schema": postgres_schema,
        "snapshot_interval": snapshot_interval,
    }
    changes = {name: value for name, value in given.items() if value is not None}
    if sqlite is not None and postgres_dsn is None:
        changes["postgres_dsn"] = None  # an explicit --sqlite wins over a DSN in the environment
    return dataclasses.replace(settings, **changes)


def _add_simulate() -> None:
    # `backroom simulate` is written in api/simulate.py by the engine work; the CLI works without it.
    try:
        from api.simulate import simulate
    except ImportError:
        return
    app.command("simulate")(simulate)


def _add_read_side() -> None:
    # The read side's commands (`backroom worker projections`, `backroom projections rebuild`).
    from workers.cli import projections, worker

    app.add_typer(worker, name="worker")
    app.add_typer(projections, name="projections")


def main() -> None:
    """Entry point of the ``backroom`` script."""
    _add_simulate()
    _add_read_side()
    app()


if __name__ == "__main__":
    main()
