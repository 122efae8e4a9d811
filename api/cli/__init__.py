"""The ``backroom`` command: ``serve`` runs the HTTP API; ``simulate`` lives in :mod:`api.simulate`."""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import functools
import gc
import logging
import os
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer

from api.cli.options import PostgresDsn, PostgresSchema, Sqlite
from store.settings import Settings

app = typer.Typer(help="Backroom referees political card games.", no_args_is_help=True)


@app.command()
def serve(  # noqa: PLR0917  (Typer maps each parameter to a command-line option)
    host: Annotated[str, typer.Option(envvar="BACKROOM_HOST", help="interface to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(envvar="BACKROOM_PORT", help="port to listen on")] = 8000,
    sqlite: Sqlite = None,
    postgres_dsn: PostgresDsn = None,
    postgres_schema: PostgresSchema = None,
    snapshot_interval: Annotated[int | None, typer.Option(help="snapshot every N events (0: never)")] = None,
    access_log: Annotated[
        bool, typer.Option(help="log every request to stdout as JSON lines (tokens redacted)")
    ] = False,
    workers: Annotated[int, typer.Option(min=1, help="server processes sharing the store")] = 1,
) -> None:
    """Serve the HTTP API (SQLite at ./var/backroom.sqlite unless told otherwise)."""
    settings = _settings(sqlite, postgres_dsn, postgres_schema, snapshot_interval)
    if workers > 1 and settings.metrics_port is not None:
        raise typer.BadParameter("one port for /metrics serves one process: run --workers 1 per container")
    _can_listen(host, port)  # say so before the banner, not after it
    if not os.environ.get("BACKROOM_PUBLIC_ORIGIN"):  # passkeys need a name, not an address: localhost
        os.environ["BACKROOM_PUBLIC_ORIGIN"] = f"http://localhost:{port}"
        settings = dataclasses.replace(settings, public_origin=os.environ["BACKROOM_PUBLIC_ORIGIN"])
    shown = settings.public_origin if host in {"127.0.0.1", "localhost", "::1"} else f"http://{host}:{port}"
    banner = f"Backroom on {shown} ({settings.store}, {workers} worker(s))"
    typer.echo(banner, err=True)  # standard output holds nothing but the access log
    options = _uvicorn_options(host, port, settings)
    if workers == 1:
        _serve_here(settings, options, access_log)
    else:
        _serve_in_workers(settings, options, access_log, workers)


def _serve_in_workers(settings: Settings, options: dict[str, Any], access_log: bool, workers: int) -> None:
    """Serve in ``workers`` processes, each building its app from the environment."""
    import uvicorn

    os.environ.update(settings.to_env())
    factory = "api.http.serving:logged_app" if access_log else "api.http.app:create_app"
    uvicorn.run(factory, factory=True, workers=workers, **options)


def _uvicorn_options(host: str, port: int, settings: Settings) -> dict[str, Any]:
    """How uvicorn serves: our access log, the header deadline, the drain, the trusted proxies."""
    from api.http.serving import HeaderDeadline

    HeaderDeadline.header_seconds = settings.header_seconds
    return {
        "host": host,
        "port": port,
        "access_log": False,  # uvicorn's own is plain text and shows ``?token=``: ours replaces it
        "log_level": "warning",
        "http": HeaderDeadline,
        "timeout_graceful_shutdown": settings.drain_seconds,  # SIGTERM: in-flight commands finish
        # X-Forwarded-For names the client only when a configured proxy sends it (uvicorn's default
        # trusts any from 127.0.0.1, which let a local client choose its own rate-limit address)
        "proxy_headers": bool(settings.trusted_proxies),
        "forwarded_allow_ips": settings.trusted_proxies or None,
    }


def _serve_here(settings: Settings, options: dict[str, Any], access_log: bool) -> None:
    """Serve in this process (one worker): the app built here, its logs through our handler."""
    import uvicorn

    from api.http.app import create_app
    from api.http.serving import AccessLog, log_to_stdout
    from workers.logs import configure

    configure(logging.WARNING)  # text or JSON lines (BACKROOM_LOG_FORMAT)
    options["log_config"] = None  # uvicorn's lines go through the same handler
    application: Any = create_app(settings)
    if access_log:
        log_to_stdout()
        application = AccessLog(application)
    _settle_heap()
    share_the_lock()
    uvicorn.run(application, **options)


def _can_listen(host: str, port: int) -> None:
    """Exit with a one-line message when ``host:port`` cannot be listened on (taken, or not ours)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind((host, port))
        except OSError as error:
            typer.echo(f"Cannot listen on {host}:{port}: {error.strerror or error}.", err=True)
            raise typer.Exit(1) from None


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


SWITCH_INTERVAL = 0.002
"""Seconds a thread may hold the interpreter lock while another waits for it (Python's default: 0.005)."""


def share_the_lock() -> None:
    """Let the committer's thread take the interpreter lock back sooner from a busy event loop.

    Each time the committer comes back from SQLite (the insert, the disk's commit) it waits for the lock,
    and on a busy server the event loop's thread holds it until the switch interval runs out. Measured
    with ``bench_service``'s Backroom part in alternating runs (docs/architecture.md): 2 ms gave more
    moves/s than the default 5 ms in most pairs and a lower p50; 1 ms and 0.5 ms gave no more than
    5 ms (more switching between the threads). Set per process: ``backroom up`` starts each API
    process as a one-process ``serve``.
    """
    sys.setswitchinterval(SWITCH_INTERVAL)


@app.command("import")
def import_log(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="a JSON-lines export")],
    sqlite: Sqlite = None,
    postgres_dsn: PostgresDsn = None,
    postgres_schema: PostgresSchema = None,
) -> None:
    """Replay a finished game's export through the rules; store it as a new game if every event holds."""
    from api.cli import importing
    from api.service.application import Tables
    from domain.errors import ServiceError
    from domain.games import registered

    settings = _settings(sqlite, postgres_dsn, postgres_schema, None)
    tables = Tables(
        settings.eventsourcing_env(), games=registered(), snapshot_interval=settings.snapshot_interval
    )
    try:
        opening = _run(importing.import_log(tables, file.read_bytes().splitlines()))
    except ServiceError as error:
        typer.echo(f"Refused ({error.code}): {error.message}", err=True)
        raise typer.Exit(1) from None
    finally:
        tables.close()
    typer.echo(f"Imported as game {opening.game_id}")
    for seat, token in sorted(opening.tokens.items()):
        typer.echo(f"seat {seat} ({opening.table.seat_names[seat]}): {token}")


@app.command()
def verify(
    file: Annotated[Path, typer.Argument(help="a record bundle (GET /api/games/{id}/record)")],
    json: Annotated[bool, typer.Option("--json", help="the verdict as one JSON object")] = False,
    receipts: Annotated[
        Path | None, typer.Option(help="the signed heads a seat's page kept, a JSON list")
    ] = None,
) -> None:
    """Check a finished game's record offline: commitment, contributions, every draw re-dealt, every
    command re-ruled, the chain, the signatures, the receipts. Exit 0 verified, 1 a mismatch, 2 malformed."""
    from api.cli.verify import MALFORMED, Verdict
    from api.cli.verify import verify as check

    try:
        verdict = check(file.read_bytes(), receipts.read_bytes() if receipts is not None else None)
    except OSError as error:
        verdict = Verdict(MALFORMED, f"cannot read it: {error.strerror or error}")
    if json:
        typer.echo(msgspec.json.encode(verdict.as_json()).decode())
    else:
        typer.echo(verdict.message, err=verdict.code != 0)
    raise typer.Exit(verdict.code)


def _run(coroutine: Any) -> Any:
    """``asyncio.run``, on a thread of its own when this thread already runs a loop (a command invoked
    from inside another program's loop, as a test session driving a browser has)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


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


def _add_bots() -> None:
    # `backroom bots duel` (api/cli/bots.py).
    from api.cli.bots import bots

    app.add_typer(bots, name="bots")


def _add_tending() -> None:
    # `backroom worker timers` and `backroom worker bots` (api/cli/tending.py).
    from api.cli.tending import bots_worker, timers_worker
    from workers.cli import worker

    worker.command("timers")(timers_worker)
    worker.command("bots")(bots_worker)


def _add_balance() -> None:
    # `backroom balance GAME`: the designer's balance table (api/cli/balance.py).
    from api.cli.balance import balance

    app.command("balance")(balance)


def _add_players() -> None:
    # `backroom players add HANDLE` (api/cli/players.py).
    from api.cli.players import players

    app.add_typer(players, name="players")


def _add_tournaments() -> None:
    # `backroom tournament simulate GAME` (api/cli/tournaments.py).
    from api.cli.tournaments import tournament

    app.add_typer(tournament, name="tournament")


_GROUPS: dict[tuple[str, ...], tuple[Callable[[], None], ...]] = {
    ("serve",): (),
    ("import",): (),
    ("verify",): (),
    ("up",): (_add_tending,),  # `up` starts the worker roles `worker timers` and `worker bots` name
    ("worker", "projections"): (_add_read_side,),
    ("worker",): (_add_read_side, _add_tending),
    ("projections",): (_add_read_side,),
    ("players",): (_add_players,),
    ("tournament",): (_add_tournaments,),
    ("simulate",): (_add_simulate,),
    ("balance",): (_add_balance,),
    ("bots",): (_add_bots,),
}
"""The command groups a command line needs, by its first words (the longest that match)."""

_EVERY_GROUP = (
    _add_players,
    _add_tournaments,
    _add_simulate,
    _add_balance,
    _add_read_side,
    _add_bots,
    _add_tending,
)


def groups_for(words: list[str]) -> tuple[Callable[[], None], ...]:
    """The groups to add for ``backroom WORDS``: its own command's only; every one for ``--help`` or a typo.

    Each group imports its command's world (rich, every game's simulator, balance and bot duels, the
    tournaments, the service): measured alternately on 2026-12-07, a ``backroom serve`` took 0.84 s of
    CPU to answer /health with every group and 0.75 s with none, and a ``backroom import`` that refuses
    its file at once 0.41 s against 0.25 s (README, *Where the time goes*).
    """
    for length in (2, 1):
        needed = _GROUPS.get(tuple(words[:length]))
        if needed is not None:
            return needed
    return _EVERY_GROUP


def main() -> None:
    """Entry point of the ``backroom`` script."""
    for add in groups_for(sys.argv[1:]):
        add()
    app()


if __name__ == "__main__":
    main()
