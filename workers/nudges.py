"""Waking a worker when the log grows: PostgreSQL's LISTEN on the log's channel, polling as the fallback.

The library's PostgreSQL recorder sends ``NOTIFY <channel>`` in every transaction that writes events
(delivered at commit). A worker with nothing left to read waits on one connection of its own that
listens there, instead of asking the log every 20 ms: it wakes as a commit lands and costs nothing
while the log is quiet. Without PostgreSQL (SQLite), or while the listening connection is down, the
wait is a plain sleep and the worker polls, as before; a missed notification costs at most one wait.
"""

from __future__ import annotations

import logging
import threading
import time

import psycopg

log = logging.getLogger(__name__)


class Nudges:
    """Waits until the log's channel is notified, or ``timeout`` passes."""

    def __init__(self, dsn: str | None, channel: str | None, stop: threading.Event | None = None) -> None:
        self.dsn, self.channel = dsn, channel
        self.stop = stop or threading.Event()
        self._connection: psycopg.Connection[tuple[object, ...]] | None = None

    def wait(self, timeout: float) -> bool:
        """True when a commit was announced within ``timeout`` seconds (False: timed out, or polling)."""
        connection = self._listening()
        if connection is None:
            self.stop.wait(timeout)
            return False
        started = time.monotonic()
        try:
            return any(True for _ in connection.notifies(timeout=timeout, stop_after=1))
        except psycopg.Error:
            log.warning("The log's channel was lost; polling until it is back", exc_info=True)
            self.close()
            self.stop.wait(max(0.0, timeout - (time.monotonic() - started)))
            return False

    def _listening(self) -> psycopg.Connection[tuple[object, ...]] | None:
        if self._connection is None and self.dsn and self.channel:
            try:
                connection = psycopg.connect(self.dsn, autocommit=True, connect_timeout=2)
                connection.execute(psycopg.sql.SQL("LISTEN {0}").format(psycopg.sql.Identifier(self.channel)))
            except psycopg.Error:
                return None  # PostgreSQL away: poll, and try again at the next wait
            self._connection = connection
        return self._connection

    def close(self) -> None:
        if self._connection is not None:
            try:
                self._connection.close()
            finally:
                self._connection = None
