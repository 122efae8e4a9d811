"""A PostgreSQL and a Redis server of this test run alone, for tests that restart, kill or flush them.

The shared servers (5432, 6379) serve every engineer on the machine and are never restarted here.
:class:`PrivatePostgres` runs ``initdb`` and ``postgres`` (``/usr/local/bin``) in a temporary folder on a
free port; :class:`PrivateRedis` runs ``redis-server --save ''`` there. Both start once per session
(:func:`private_servers`), stop cleanly at its end, and fail loudly when a binary is missing: a fault
test that cannot fault must not pass. PostgreSQL refuses to run as root, so as root it runs as the
``postgres`` user (``runuser``).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import redis

from tests.support.server import free_port

POSTGRES_BIN = Path("/usr/local/bin")
REDIS_SERVER = Path("/usr/bin/redis-server")
UP_WITHIN = 60.0
"""Seconds a private server gets to answer after a start (eight engineers share two cores here)."""


def _binary(path: Path) -> str:
    if not path.exists():
        raise RuntimeError(f"{path} is missing: the fault tests need their own servers and cannot run")
    return str(path)


def _as_postgres(argv: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *argv] if os.geteuid() == 0 else argv


def _until(what: str, check: object) -> None:
    deadline = time.monotonic() + UP_WITHIN
    while True:
        try:
            if check():  # type: ignore[operator]  # a callable
                return
        except (psycopg.Error, redis.RedisError, OSError):
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not come up in {UP_WITHIN:.0f} s")
        time.sleep(0.1)


class PrivatePostgres:
    """A PostgreSQL cluster in ``folder`` on a port of its own."""

    def __init__(self, folder: Path) -> None:
        self.data = folder / "pgdata"
        self.port = free_port()
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None
        self.log = open(folder / "postgres.log", "ab")  # noqa: SIM115  (closed in stop_for_good)
        if os.geteuid() == 0:
            shutil.chown(folder, "postgres")
        initdb = [_binary(POSTGRES_BIN / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust"]
        subprocess.run(_as_postgres([*initdb, "--no-sync"]), check=True, stdout=self.log, stderr=self.log)

    @property
    def dsn(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        """Start the server and wait until it answers."""
        argv = [_binary(POSTGRES_BIN / "postgres"), "-D", str(self.data), "-p", str(self.port)]
        argv += ["-k", str(self.folder), "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"]
        self.process = subprocess.Popen(_as_postgres(argv), stdout=self.log, stderr=self.log)
        _until("the private PostgreSQL", lambda: psycopg.connect(self.dsn, connect_timeout=2).close() is None)

    def crash(self) -> None:
        """Stop at once, as a crash does (SIGQUIT: no checkpoint; the next start recovers from the WAL)."""
        self._signal(signal.SIGQUIT)

    def restart(self) -> None:
        """A crash and a start: every connection open to it breaks."""
        self.crash()
        self.start()

    def stop_for_good(self) -> None:
        self._signal(signal.SIGINT)  # a fast shutdown
        self.log.close()

    def _signal(self, number: int) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        os.kill(postmaster, number)  # runuser forwards nothing: signal the server itself
        self.process.wait(timeout=60)


class PrivateRedis:
    """A Redis server with no persistence in ``folder`` on a port of its own."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port = folder, free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        argv = [_binary(REDIS_SERVER), "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        argv += ["--appendonly", "no", "--dir", str(self.folder)]
        self.process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _until("the private Redis", lambda: redis.Redis.from_url(self.url).ping())

    def flush_and_restart(self) -> None:
        """Everything Redis held is gone (``FLUSHALL``, then a new server with nothing saved)."""
        with redis.Redis.from_url(self.url) as client:
            client.flushall()
        self.stop()
        self.start()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)


@contextmanager
def private_servers() -> Iterator[tuple[PrivatePostgres, PrivateRedis]]:
    """Both servers, started, in one temporary folder; stopped and removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="backroom-faults-"))
    postgres = PrivatePostgres(folder)
    store = PrivateRedis(folder)
    try:
        postgres.start()
        store.start()
        yield postgres, store
    finally:
        store.stop()
        postgres.stop_for_good()
        shutil.rmtree(folder, ignore_errors=True)
