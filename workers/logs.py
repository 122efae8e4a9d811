"""Logs every process writes: plain lines, or one JSON object a line (``BACKROOM_LOG_FORMAT=json``).

A JSON line carries ``time`` (ISO 8601, UTC), ``level``, ``logger``, ``message``, the process id and,
for an error, ``exception``: what a log collector indexes without parsing prose.
"""

from __future__ import annotations

import logging
import os
from datetime import UTC, datetime

import msgspec

TEXT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonLines(logging.Formatter):
    """One JSON object per record."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "pid": os.getpid(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return msgspec.json.encode(line).decode()


def configure(level: int = logging.INFO, log_format: str | None = None) -> None:
    """Send this process's logs to stderr, as text or JSON lines (default: ``BACKROOM_LOG_FORMAT``)."""
    chosen = log_format if log_format is not None else os.environ.get("BACKROOM_LOG_FORMAT", "text")
    handler = logging.StreamHandler()
    handler.setFormatter(JsonLines() if chosen == "json" else logging.Formatter(TEXT))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True  # uvicorn's own lines take the same shape
