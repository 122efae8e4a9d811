"""``backroom players add HANDLE``: an operator adds a known player and is given one API key.

The key is printed on the last line and never again (the log keeps its digest only); a script sends it
as ``Authorization: Player KEY``.
"""

from __future__ import annotations

from typing import Annotated

import typer

from api.cli.options import PostgresDsn, PostgresSchema, Sqlite

players = typer.Typer(help="Known players: add one and print its API key.", no_args_is_help=True)


@players.callback()
def _group() -> None:
    """Known players (a group of commands, even while it holds one)."""


@players.command("add")
def add(
    handle: Annotated[str, typer.Argument(help="2-20 letters, digits, '_' or '-'")],
    sqlite: Sqlite = None,
    postgres_dsn: PostgresDsn = None,
    postgres_schema: PostgresSchema = None,
) -> None:
    """Add the player HANDLE; its API key is the last line printed."""
    from api.cli import _run, _settings
    from api.players.application import Players
    from api.service.application import Tables
    from domain.errors import RuleError, ServiceError
    from domain.games import registered

    settings = _settings(sqlite, postgres_dsn, postgres_schema, None)
    tables = Tables(settings.eventsourcing_env(), games=registered())
    try:
        player, key = _run(Players(tables.store, settings.public_origin).add(handle))
    except (RuleError, ServiceError) as error:
        typer.echo(f"Refused ({error.code}): {error.message}", err=True)
        raise typer.Exit(1) from None
    finally:
        tables.close()
    typer.echo(f"Added player {player.handle}. Its API key, shown once ('Authorization: Player KEY'):")
    typer.echo(key)
