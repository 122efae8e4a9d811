"""Where the service keeps its log and how it is tuned, read from the environment or given directly.

| variable | meaning | default |
|---|---|---|
| ``BACKROOM_POSTGRES_DSN`` | use PostgreSQL here (``postgresql://user:pw@host:port/db``) | unset |
| ``BACKROOM_POSTGRES_SCHEMA`` | the PostgreSQL schema holding the tables | ``public`` |
| ``BACKROOM_POSTGRES_POOL_SIZE`` | PostgreSQL connections a process keeps open (also when idle) | ``2`` |
| ``BACKROOM_POSTGRES_MAX_OVERFLOW`` | connections a process may open beyond those, under load | ``6`` |
| ``BACKROOM_POSTGRES_DIRECT_DSN`` | PostgreSQL itself, for ``LISTEN`` and advisory locks | the DSN |
| ``BACKROOM_FINISHED_SECONDS`` | a finished game's read models leave Redis after this (0: never) | ``3600`` |
| ``BACKROOM_COMMAND_SECONDS`` | a command not saved within this is answered 503 (``Retry-After``) | ``5`` |
| ``BACKROOM_SQLITE`` | the SQLite file | ``./var/backroom.sqlite`` |
| ``BACKROOM_SNAPSHOT_INTERVAL`` | snapshot every this many events (0: never) | ``50`` |
| ``BACKROOM_CACHE_SIZE`` | games kept loaded in memory | ``1000`` |
| ``BACKROOM_REDIS_URL`` | read models in Redis here (written by ``backroom worker projections``) | unset |
| ``BACKROOM_REDIS_PREFIX`` | the prefix of every Redis key and channel of this deployment | ``backroom`` |
| ``BACKROOM_TAKEBACK_SECONDS`` | how long seats have to answer a take-back request | ``120`` |
| ``BACKROOM_TEND_IN_PROCESS`` | embedded: referee and bots act in ``serve`` (``0``: workers) | ``1`` |
| ``BACKROOM_COMMAND_BYTES`` | the longest command body accepted (413 past it) | ``4096`` |
| ``BACKROOM_BODY_BYTES`` | the longest other body (opening, joining, forking) | ``16384`` |
| ``BACKROOM_HEADER_SECONDS`` | a connection slower than this to send a request head is closed | ``10`` |
| ``BACKROOM_CREATIONS_PER_MINUTE`` | tables one client address may open or fork a minute (0: any) | ``20`` |
| ``BACKROOM_REFUSALS_PER_MINUTE`` | refused, retried or unchanged commands per seat a minute | ``60`` |
| ``BACKROOM_TAKEBACKS_PER_MINUTE`` | take-back commands one seat may send a minute | ``10`` |
| ``BACKROOM_LOBBY_READS_PER_MINUTE`` | lobby reads per seat or client address a minute (0: any) | ``240`` |
| ``BACKROOM_HISTORY_READS_PER_MINUTE`` | history reads (feed, table, timeline, audit...) likewise | ``600`` |
| ``BACKROOM_REFUSED_PAUSE_SECONDS`` | how long an opening or read past its budget waits for its 429 | ``1`` |
| ``BACKROOM_OPEN_TABLE_SECONDS`` | an open table nobody joined for this long expires (0: never) | ``3600`` |
| ``BACKROOM_DRAIN_SECONDS`` | on SIGTERM, how long in-flight requests and streams may take | ``10`` |
| ``BACKROOM_PARTITIONS`` | projection partitions (tables split by id); the same in every process | ``1`` |
| ``BACKROOM_LEASE_SECONDS`` | a dead worker's partitions (projection, timer, bot) lapse after this | ``5`` |
| ``BACKROOM_BOT_PAUSE_SECONDS`` | a bot moves this long after its turn came (0: at once) | ``0.5`` |
| ``BACKROOM_WORKER_PORT`` | a worker's ``/health``, ``/ready`` and ``/metrics`` port (unset: none) | unset |
| ``BACKROOM_WORKER_OUTAGE_SECONDS`` | a worker is live while a store is away this long | ``60`` |
| ``BACKROOM_SIGNING_KEY`` | the record's Ed25519 signing key (its seed, 64 hex digits) | a key file |
| ``BACKROOM_SIGNING_KEY_ID`` | the key's id in ``GET /api/keys`` and every signature | from the key |
| ``BACKROOM_RETIRED_KEYS`` | keys signed with before: ``id:public-key-hex``, comma-separated | none |
| ``BACKROOM_METRICS_TOKEN`` | an API process's ``/metrics`` answers this bearer only (unset: 404) | unset |
| ``BACKROOM_METRICS_PORT`` | an API process serves ``/metrics`` here, never on its public port | unset |

The full table, with the API's own options, is in ``deploy/README.md``.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from domain.passing import PAUSE

DEFAULT_SQLITE = "./var/backroom.sqlite"


@dataclass(frozen=True, slots=True)
class Settings:
    """The store and tuning of one service instance."""

    sqlite_path: str = DEFAULT_SQLITE
    postgres_dsn: str | None = None
    postgres_schema: str = ""
    postgres_pool_size: int = 2
    postgres_max_overflow: int = 6
    postgres_direct_dsn: str | None = None
    snapshot_interval: int = 50
    cache_size: int = 1000
    redis_url: str | None = None
    redis_prefix: str = "backroom"
    takeback_seconds: int = 120
    tend_in_process: bool = True
    command_bytes: int = 4096
    body_bytes: int = 16384
    header_seconds: float = 10.0
    creations_per_minute: int = 20
    refusals_per_minute: int = 60
    takebacks_per_minute: int = 10
    lobby_reads_per_minute: int = 240
    history_reads_per_minute: int = 600
    seat_links_per_minute: int = 6
    streams_per_address: int = 50
    streams_per_game: int = 400
    trusted_proxies: str = ""
    worker_outage_seconds: float = 60.0
    refused_pause_seconds: float = 1.0
    open_table_seconds: int = 3600
    drain_seconds: int = 10
    partitions: int = 1
    lease_seconds: float = 5.0
    bot_pause_seconds: float = PAUSE.total_seconds()
    """The same wait before each bot move, whatever the bot holds (docs/bots.md, "A bot's timing"); the
    tests of whole deployments set 0 so that bot tables end in seconds."""
    worker_port: int | None = None
    command_seconds: float = 5.0
    finished_seconds: int = 3600
    public_origin: str = "http://localhost:8000"
    """Where people reach the service (``BACKROOM_PUBLIC_ORIGIN``): the passkeys' relying party is its
    host, and only pages of this origin may sign in or send a cookie-authorised change."""
    signing_key: str = ""
    """The record's Ed25519 signing key (hex seed); empty: ``signing.key`` beside the SQLite file."""
    signing_key_id: str = ""
    retired_keys: str = ""
    metrics_token: str = ""
    """The bearer token an API process's ``/metrics`` answers on its public port (empty: it answers
    nobody, 404). Set ``metrics_port`` instead wherever a public entrance routes to that port."""
    metrics_port: int | None = None
    """Where an API process serves ``/metrics`` instead, to anyone who can reach that port (none but the
    operators' scraper: it is not the port an entrance routes to); its public ``/metrics`` is then a 404
    whatever the token (issue 49 item 6)."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Settings from ``BACKROOM_*`` variables."""
        env = os.environ if environ is None else environ
        policies: dict[str, Any] = {
            name: kind(env[variable]) for name, (variable, kind) in _POLICIES.items() if variable in env
        }
        return cls(
            sqlite_path=env.get("BACKROOM_SQLITE", DEFAULT_SQLITE),
            postgres_dsn=env.get("BACKROOM_POSTGRES_DSN") or None,
            postgres_schema=env.get("BACKROOM_POSTGRES_SCHEMA", ""),
            postgres_pool_size=int(env.get("BACKROOM_POSTGRES_POOL_SIZE", "2")),
            postgres_max_overflow=int(env.get("BACKROOM_POSTGRES_MAX_OVERFLOW", "6")),
            postgres_direct_dsn=env.get("BACKROOM_POSTGRES_DIRECT_DSN") or None,
            command_seconds=float(env.get("BACKROOM_COMMAND_SECONDS", "5")),
            finished_seconds=int(env.get("BACKROOM_FINISHED_SECONDS", "3600")),
            snapshot_interval=int(env.get("BACKROOM_SNAPSHOT_INTERVAL", "50")),
            cache_size=int(env.get("BACKROOM_CACHE_SIZE", "1000")),
            redis_url=env.get("BACKROOM_REDIS_URL") or None,
            redis_prefix=env.get("BACKROOM_REDIS_PREFIX") or "backroom",
            takeback_seconds=int(env.get("BACKROOM_TAKEBACK_SECONDS", "120")),
            tend_in_process=env.get("BACKROOM_TEND_IN_PROCESS", "1") != "0",
            drain_seconds=int(env.get("BACKROOM_DRAIN_SECONDS", "10")),
            partitions=max(1, int(env.get("BACKROOM_PARTITIONS", "1"))),
            lease_seconds=float(env.get("BACKROOM_LEASE_SECONDS", "5")),
            bot_pause_seconds=float(env.get("BACKROOM_BOT_PAUSE_SECONDS", str(PAUSE.total_seconds()))),
            worker_port=int(env["BACKROOM_WORKER_PORT"]) if env.get("BACKROOM_WORKER_PORT") else None,
            trusted_proxies=env.get("BACKROOM_TRUSTED_PROXIES", ""),
            worker_outage_seconds=float(env.get("BACKROOM_WORKER_OUTAGE_SECONDS", "60")),
            public_origin=(env.get("BACKROOM_PUBLIC_ORIGIN") or "http://localhost:8000").rstrip("/"),
            signing_key=env.get("BACKROOM_SIGNING_KEY", ""),
            signing_key_id=env.get("BACKROOM_SIGNING_KEY_ID", ""),
            retired_keys=env.get("BACKROOM_RETIRED_KEYS", ""),
            metrics_token=env.get("BACKROOM_METRICS_TOKEN", ""),
            metrics_port=int(env["BACKROOM_METRICS_PORT"]) if env.get("BACKROOM_METRICS_PORT") else None,
            **policies,
        )

    def to_env(self) -> dict[str, str]:
        """These settings as ``BACKROOM_*`` variables (``from_env`` reads them back)."""
        env = {
            "BACKROOM_SQLITE": self.sqlite_path,
            "BACKROOM_POSTGRES_DSN": self.postgres_dsn or "",
            "BACKROOM_POSTGRES_SCHEMA": self.postgres_schema,
            "BACKROOM_POSTGRES_POOL_SIZE": str(self.postgres_pool_size),
            "BACKROOM_POSTGRES_MAX_OVERFLOW": str(self.postgres_max_overflow),
            "BACKROOM_POSTGRES_DIRECT_DSN": self.postgres_direct_dsn or "",
            "BACKROOM_COMMAND_SECONDS": str(self.command_seconds),
            "BACKROOM_FINISHED_SECONDS": str(self.finished_seconds),
            "BACKROOM_SNAPSHOT_INTERVAL": str(self.snapshot_interval),
            "BACKROOM_CACHE_SIZE": str(self.cache_size),
            "BACKROOM_REDIS_URL": self.redis_url or "",
            "BACKROOM_REDIS_PREFIX": self.redis_prefix,
            "BACKROOM_TAKEBACK_SECONDS": str(self.takeback_seconds),
            "BACKROOM_TEND_IN_PROCESS": "1" if self.tend_in_process else "0",
            "BACKROOM_DRAIN_SECONDS": str(self.drain_seconds),
            "BACKROOM_PARTITIONS": str(self.partitions),
            "BACKROOM_LEASE_SECONDS": str(self.lease_seconds),
            "BACKROOM_BOT_PAUSE_SECONDS": str(self.bot_pause_seconds),
            "BACKROOM_WORKER_PORT": "" if self.worker_port is None else str(self.worker_port),
            "BACKROOM_TRUSTED_PROXIES": self.trusted_proxies,
            "BACKROOM_WORKER_OUTAGE_SECONDS": str(self.worker_outage_seconds),
            "BACKROOM_SIGNING_KEY": self.signing_key,
            "BACKROOM_SIGNING_KEY_ID": self.signing_key_id,
            "BACKROOM_RETIRED_KEYS": self.retired_keys,
            "BACKROOM_METRICS_TOKEN": self.metrics_token,
            "BACKROOM_METRICS_PORT": "" if self.metrics_port is None else str(self.metrics_port),
        }
        return env | {variable: str(getattr(self, name)) for name, (variable, _) in _POLICIES.items()}

    def reads_path(self) -> str:
        """Where the embedded read models live: beside the SQLite log, or in memory."""
        if self.postgres_dsn or ":memory:" in self.sqlite_path or "://" in self.sqlite_path:
            return ":memory:"
        log = Path(self.sqlite_path)
        return str(log.with_name(f"{log.stem}.reads{log.suffix or '.sqlite'}"))

    def signing_key_path(self) -> Path | None:
        """Where the signing key is kept when no ``BACKROOM_SIGNING_KEY`` is set: beside the SQLite
        log (``None`` for a log in memory: the process makes a key of its own)."""
        if ":memory:" in self.sqlite_path or "://" in self.sqlite_path:
            return None
        return Path(self.sqlite_path).with_name("signing.key")

    @property
    def direct_dsn(self) -> str | None:
        """PostgreSQL itself, for sessions that must not be pooled by transaction (``LISTEN``, advisory
        locks): ``BACKROOM_POSTGRES_DIRECT_DSN``, else the log's own DSN."""
        return self.postgres_direct_dsn or self.postgres_dsn

    @property
    def store(self) -> str:
        """``postgres`` or ``sqlite``."""
        return "postgres" if self.postgres_dsn else "sqlite"

    def eventsourcing_env(self) -> dict[str, str]:
        """The environment the eventsourcing library reads its persistence settings from."""
        env = {
            "IS_SNAPSHOTTING_ENABLED": "y" if self.snapshot_interval else "n",
            "AGGREGATE_CACHE_MAXSIZE": str(self.cache_size),
        }
        if self.postgres_dsn:
            os.environ.update(libpq_environment(self.postgres_dsn))
            return env | _postgres_env(self) | {"BACKROOM_SCHEMA_LOCK_DSN": self.direct_dsn or ""}
        if "://" not in self.sqlite_path and ":memory:" not in self.sqlite_path:
            Path(self.sqlite_path).parent.mkdir(parents=True, exist_ok=True)
        return env | {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": self.sqlite_path}


_POLICIES: dict[str, tuple[str, type[int] | type[float]]] = {
    "command_bytes": ("BACKROOM_COMMAND_BYTES", int),
    "body_bytes": ("BACKROOM_BODY_BYTES", int),
    "header_seconds": ("BACKROOM_HEADER_SECONDS", float),
    "creations_per_minute": ("BACKROOM_CREATIONS_PER_MINUTE", int),
    "refusals_per_minute": ("BACKROOM_REFUSALS_PER_MINUTE", int),
    "takebacks_per_minute": ("BACKROOM_TAKEBACKS_PER_MINUTE", int),
    "open_table_seconds": ("BACKROOM_OPEN_TABLE_SECONDS", int),
    "lobby_reads_per_minute": ("BACKROOM_LOBBY_READS_PER_MINUTE", int),
    "history_reads_per_minute": ("BACKROOM_HISTORY_READS_PER_MINUTE", int),
    "refused_pause_seconds": ("BACKROOM_REFUSED_PAUSE_SECONDS", float),
    "seat_links_per_minute": ("BACKROOM_SEAT_LINKS_PER_MINUTE", int),
    "streams_per_address": ("BACKROOM_STREAMS_PER_ADDRESS", int),
    "streams_per_game": ("BACKROOM_STREAMS_PER_GAME", int),
}
"""The abuse policies (documented in the README's operations section): field -> variable, type."""


LIBPQ_VARIABLES = {
    "sslmode": "PGSSLMODE",
    "sslrootcert": "PGSSLROOTCERT",
    "sslcert": "PGSSLCERT",
    "sslkey": "PGSSLKEY",
    "sslcrl": "PGSSLCRL",
    "sslnegotiation": "PGSSLNEGOTIATION",
    "connect_timeout": "PGCONNECT_TIMEOUT",
    "application_name": "PGAPPNAME",
    "target_session_attrs": "PGTARGETSESSIONATTRS",
}
"""The DSN parameters libpq also reads from the environment: those the library's pool can be given."""


def libpq_environment(dsn: str) -> dict[str, str]:
    """The query parameters of ``dsn`` (``?sslmode=verify-full&sslrootcert=...``) as libpq's environment
    variables. The library's pool is built from host, port, user, password and database alone, so a DSN's
    ``sslmode`` was dropped and the log connected in the clear; libpq reads these for every connection
    of the process instead (the direct DSN's own parameters still win for its sessions). A parameter
    libpq cannot take so is refused at start, never silently dropped."""
    given = dict(parse_qsl(urlsplit(dsn).query, keep_blank_values=True))
    unknown = sorted(set(given) - set(LIBPQ_VARIABLES))
    if unknown:
        raise ValueError(f"BACKROOM_POSTGRES_DSN: the log's pool cannot carry {', '.join(unknown)}.")
    return {LIBPQ_VARIABLES[name]: value for name, value in given.items()}


def _postgres_env(settings: Settings) -> dict[str, str]:
    """The library's PostgreSQL settings: the pool (``POSTGRES_POOL_SIZE`` connections kept, up to
    ``POSTGRES_MAX_OVERFLOW`` more under load) and a lock timeout of twice the command deadline, so a
    transaction stuck behind a lock gives up (nothing written) after its command was answered 503 (the
    deadline answers first; a retry then finds the command recorded once, or not at all)."""
    parts = urlsplit(settings.postgres_dsn or "")
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": parts.path.lstrip("/") or "postgres",
        "POSTGRES_HOST": parts.hostname or "127.0.0.1",
        "POSTGRES_PORT": str(parts.port or 5432),
        "POSTGRES_USER": unquote(parts.username or "postgres"),
        "POSTGRES_PASSWORD": unquote(parts.password or ""),
        "POSTGRES_SCHEMA": settings.postgres_schema,
        "POSTGRES_POOL_SIZE": str(settings.postgres_pool_size),
        "POSTGRES_MAX_OVERFLOW": str(settings.postgres_max_overflow),
        "POSTGRES_LOCK_TIMEOUT": str(2 * max(1, math.ceil(settings.command_seconds))),
    }


SCHEMA_LOCK = 0x6261636B726F6F6D
"""The PostgreSQL advisory lock held while a process sets up the library's tables ("backroom")."""


@contextmanager
def creating_schema(env: Mapping[str, str]) -> Iterator[None]:
    """Hold :data:`SCHEMA_LOCK` while the library creates its tables, on PostgreSQL.

    Every process creates them as it starts, and the library's ``CREATE OR REPLACE`` statements, run
    by several processes at once (``backroom up`` starts them together), fail with "tuple concurrently
    updated". One at a time, each finds the others' tables in place. Nothing is held on SQLite.
    """
    merged = {**os.environ, **env}
    if merged.get("PERSISTENCE_MODULE") != "eventsourcing.postgres":
        yield
        return
    import psycopg

    direct = merged.get("BACKROOM_SCHEMA_LOCK_DSN")  # a session lock: never through a transaction pool
    connecting = (
        psycopg.connect(direct, autocommit=True)
        if direct
        else psycopg.connect(
            host=merged.get("POSTGRES_HOST", "127.0.0.1"),
            port=merged.get("POSTGRES_PORT", "5432"),
            dbname=merged.get("POSTGRES_DBNAME", "postgres"),
            user=merged.get("POSTGRES_USER", "postgres"),
            password=merged.get("POSTGRES_PASSWORD", ""),
            autocommit=True,
        )
    )
    with connecting as connection:
        connection.execute("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK,))
        try:
            yield
        finally:
            connection.execute("SELECT pg_advisory_unlock(%s)", (SCHEMA_LOCK,))
