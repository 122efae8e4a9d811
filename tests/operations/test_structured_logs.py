"""Structured logs: with BACKROOM_LOG_FORMAT=json every record is one JSON object a line."""

from __future__ import annotations

import logging

import msgspec
import pytest

from workers.logs import configure


def test_a_record_and_its_exception_are_one_json_line(capfd: pytest.CaptureFixture[str]) -> None:
    """Time, level, logger, message, pid and the exception, machine-readable."""
    root = logging.getLogger()
    kept, level = list(root.handlers), root.level
    configure(log_format="json")
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        logging.getLogger("backroom.test").exception("Step %d failed", 3)
    finally:
        root.handlers[:], root.level = kept, level
    line = msgspec.json.decode(capfd.readouterr().err.strip().splitlines()[-1])
    assert (line["level"], line["logger"], line["message"]) == ("error", "backroom.test", "Step 3 failed")
    assert "RuntimeError: boom" in line["exception"] and line["pid"] > 0 and line["time"].endswith("+00:00")
