"""Where the suite's time goes, in wall seconds that no frozen clock can bend.

pytest's own ``--durations`` reads ``time.perf_counter`` through ``_pytest.timing``, and freezegun
replaces that name in every loaded module while a test freezes time: a test that freezes the clock
reports a duration near zero, however long it waited. This plugin reads ``CLOCK_MONOTONIC`` through
``time.clock_gettime``, which freezegun never patches, around each phase of each test (setup, call,
teardown: a fixture's server start is the test's time too), and carries the figure to the controller in
the report's ``user_properties`` (so it works under xdist). At the end it prints the slowest tests and
each folder's total.

``--wall-times N`` prints N tests (default 15; 0 prints nothing). Under ``-n 2`` the folders' totals add
up to about twice the run's wall time: each is the time the folder's tests held a worker.
"""

from __future__ import annotations

import functools
import resource
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import PurePosixPath

import pytest

_now = functools.partial(time.clock_gettime, time.CLOCK_MONOTONIC)
"""The wall clock as the kernel keeps it: freezegun replaces ``time.time``, ``monotonic`` and
``perf_counter`` (and names bound to them), never ``clock_gettime``, and a partial is nothing it knows."""



def _cpu() -> float:
    """CPU seconds of this process and of its children reaped so far."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = time.clock_gettime(time.CLOCK_PROCESS_CPUTIME_ID)
    return own + children.ru_utime + children.ru_stime


WALL = "wall_seconds"
"""The ``user_properties`` key each report carries its phase's wall seconds under."""
CPU = "cpu_seconds"
"""The key for its phase's CPU seconds (see :func:`_cpu`)."""
_STARTED = pytest.StashKey[tuple[float, float]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--wall-times",
        type=int,
        default=15,
        metavar="N",
        help="print the N slowest tests and each folder's time in wall seconds (0: none)",
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report: pytest.TestReport = yield  # type: ignore[misc]  (a wrapper's yield gives the report)
    started = item.stash.get(_STARTED, None)
    if started is not None:
        report.user_properties.append((WALL, _now() - started[0]))
        report.user_properties.append((CPU, _cpu() - started[1]))
    item.stash[_STARTED] = (_now(), _cpu())  # the next phase starts where this one's report was made
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    item.stash[_STARTED] = (_now(), _cpu())
    return (yield)


class Tally:
    """The wall seconds of each test, summed over its phases, as the reports reach this process."""

    def __init__(self) -> None:
        self.tests: dict[str, float] = defaultdict(float)
        self.cpu: dict[str, float] = defaultdict(float)
        self.runs: dict[str, int] = defaultdict(int)
        """Tests run under each id (one, unless a plugin runs several tests under one id)."""
        self.workers: dict[str, float] = defaultdict(float)
        """Seconds each xdist worker spent in tests (the rest of the run it was starting or idle)."""
        self.began = _now()

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for key, value in report.user_properties:
            if key == WALL:
                self.tests[report.nodeid] += float(value)
                self.workers[_worker(report)] += float(value)
            elif key == CPU:
                self.cpu[report.nodeid] += float(value)
        if isinstance(report, pytest.SubtestReport):
            return  # a part of its test (schemathesis's lazy tests): its time is the test's, not a run
        if report.when == "call" or (report.when == "setup" and not report.passed):
            self.runs[report.nodeid] += 1

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        shown = terminalreporter.config.getoption("--wall-times")
        if not shown or not self.tests:
            return
        write = terminalreporter.write_line
        terminalreporter.section("wall times (real seconds, unaffected by frozen clocks)")
        write(f"the run: {_now() - self.began:.1f} s for {sum(self.runs.values())} tests")
        busy = ", ".join(f"{worker} {seconds:.0f} s" for worker, seconds in sorted(self.workers.items()))
        write(f"in tests: {busy}")
        write(f"slowest {min(shown, len(self.tests))} tests (wall, then CPU seconds):")
        for nodeid, seconds in sorted(self.tests.items(), key=lambda kept: -kept[1])[:shown]:
            write(f"  {seconds:8.1f} s {self.cpu[nodeid]:8.1f} s  {nodeid}")
        write("each folder (seconds a worker spent on its tests, wall then CPU):")
        folders = _by_folder(self.tests, self.cpu, self.runs)
        for folder, (seconds, cpu, count) in sorted(folders.items(), key=lambda kept: -kept[1][0]):
            write(f"  {seconds:8.1f} s {cpu:8.1f} s  {count:5d} tests  {folder}")


def _worker(report: pytest.TestReport) -> str:
    """The xdist worker that ran the report's test (``main`` without xdist)."""
    node = getattr(report, "node", None)
    return str(node.gateway.id) if node is not None else "main"


def _by_folder(
    tests: dict[str, float], cpu: dict[str, float], runs: dict[str, int]
) -> dict[str, tuple[float, float, int]]:
    """Each test folder's wall and CPU seconds and test count (``tests/api/test_x.py::t`` counts to
    ``tests/api``)."""
    folders: dict[str, tuple[float, float, int]] = {}
    for nodeid, seconds in tests.items():
        folder = str(PurePosixPath(nodeid.split("::")[0]).parent)
        total, spent, count = folders.get(folder, (0.0, 0.0, 0))
        folders[folder] = (total + seconds, spent + cpu[nodeid], count + runs[nodeid])
    return folders


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the controller (or a run without xdist) tallies
        config.pluginmanager.register(Tally(), "wall-times-tally")
