"""The command-line options every command that opens the log shares: where the log is."""

from __future__ import annotations

from typing import Annotated

import typer

Sqlite = Annotated[str | None, typer.Option(help="SQLite file (env BACKROOM_SQLITE)")]
PostgresDsn = Annotated[str | None, typer.Option(help="PostgreSQL DSN (env BACKROOM_POSTGRES_DSN)")]
PostgresSchema = Annotated[str | None, typer.Option(help="PostgreSQL schema")]
