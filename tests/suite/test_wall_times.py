"""The suite's own clock (issue 44): ``--wall-times`` reports real seconds, even for a test that
freezes time, per test, per folder and per worker, with the CPU seconds beside them."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FROZEN_AND_WAITING = """
import time
from freezegun import freeze_time

def test_waits_under_a_frozen_clock():
    with freeze_time("2020-01-01"):
        time.sleep(0.4)
        assert time.time() == 1577836800.0

def test_computes():
    assert sum(range(2_000_000)) > 0
"""


def _run(tmp_path: Path, *options: str) -> str:
    folder = tmp_path / "timed"
    folder.mkdir()
    (folder / "test_timed.py").write_text(FROZEN_AND_WAITING, encoding="utf-8")
    # A bare pytest (no plugin loaded by its entry point) starts in a fraction of the time.
    env = os.environ | {"PYTHONPATH": str(ROOT), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "tests.support.wall_times",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(tmp_path),
            "-c",
            os.devnull,
            str(folder),
            *options,
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_a_test_that_freezes_time_is_reported_with_the_seconds_it_really_took(tmp_path: Path) -> None:
    out = _run(tmp_path, "--wall-times", "5")
    waited = re.search(r"^\s+([\d.]+) s\s+([\d.]+) s\s+\S*test_waits_under_a_frozen_clock$", out, re.M)
    assert waited, out
    assert float(waited[1]) >= 0.4, out  # real seconds, though the test's clock stood still
    assert float(waited[2]) < float(waited[1]), out  # it waited: CPU well under wall
    folder = re.search(r"^\s+([\d.]+) s\s+([\d.]+) s\s+2 tests\s+timed$", out, re.M)
    assert folder and float(folder[1]) >= 0.4, out
    assert re.search(r"^in tests: main \d+ s$", out, re.M), out


def test_under_xdist_the_workers_carry_their_figures_to_the_report(tmp_path: Path) -> None:
    out = _run(tmp_path, "-p", "xdist.plugin", "-n", "2", "--wall-times", "5")
    assert re.search(r"the run: [\d.]+ s for 2 tests", out), out
    assert re.search(r"^in tests: gw\d+ \d+ s(, gw\d+ \d+ s)*$", out, re.M), out
    assert re.search(r"^\s+([\d.]+) s\s+[\d.]+ s\s+\S*test_waits_under_a_frozen_clock$", out, re.M), out


def test_no_report_is_printed_when_asked_for_none(tmp_path: Path) -> None:
    assert "wall times" not in _run(tmp_path, "--wall-times", "0")


def test_every_default_http_client_of_a_test_shares_one_tls_context() -> None:
    """The suite's clients share one TLS context (``tests/conftest.py``); one asked to verify otherwise
    still gets its own."""
    import ssl

    import httpx

    with httpx.Client() as one, httpx.Client() as two, httpx.Client(verify=False) as other:
        contexts = [client._transport._pool._ssl_context for client in (one, two, other)]
    assert contexts[0] is contexts[1] and isinstance(contexts[0], ssl.SSLContext)
    assert contexts[2] is not contexts[0] and contexts[2].verify_mode == ssl.CERT_NONE
