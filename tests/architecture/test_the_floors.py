"""The floors (docs/architecture.md): imports run down only, and one move stays on a short path."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ORDER = ("domain", "store", "projections", "workers", "api")
"""The floors from the bottom up: a module may import its own floor and those below it."""
BESIDE = {"env": ("domain",)}
"""Floors beside the others: what each may import (nothing imports them)."""


def imports_of(path: Path) -> set[str]:
    """The top-level packages ``path`` imports (at any depth of the module, typing-only ones too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def _modules(floor: str) -> list[Path]:
    return sorted((ROOT / floor).rglob("*.py"))


@pytest.mark.parametrize("floor", ORDER)
def test_each_floor_imports_only_itself_and_the_floors_below(floor: str) -> None:
    """``domain`` imports no floor, ``store`` only ``domain``, and so on up to ``api``."""
    above = set(ORDER[ORDER.index(floor) + 1 :]) | set(BESIDE)
    for path in _modules(floor):
        wrong = imports_of(path) & above
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}, above its floor"


def test_the_floors_beside_import_only_what_they_stand_on() -> None:
    for floor, allowed in BESIDE.items():
        others = set(ORDER) - set(allowed)
        for path in _modules(floor):
            wrong = imports_of(path) & others
            assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


WRITE_SIDE = ("service", "players", "tournaments", "record")
"""The applications on the api floor: the tables' (the command path), the players', the tournaments'
and the record's signing."""


@pytest.mark.parametrize("application", WRITE_SIDE)
def test_the_write_side_does_not_borrow_from_the_workers_or_the_read_side(application: str) -> None:
    """Each application (``api/service``, the command path, and those beside it) stands on ``store``
    and ``domain``, not on ``workers`` or ``projections``."""
    for path in sorted((ROOT / "api" / application).rglob("*.py")):
        wrong = imports_of(path) & {"workers", "projections"}
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_one_move_enters_every_floor_once_on_its_way_and_no_more_files_than_today() -> None:
    """The trace of one Politrickers move (``tests/benchmarks/trace_move.py``): it passes through the
    hot endpoint, the service, the log floor, the table value, the projection and the reads, and
    through no more of our files than the 25 measured on 2026-12-05 (47 before the house, 41 halfway,
    36 when it was first finished, 30 and then 26 in the last pass of issue 30), besides the tunings
    fenced in modules of their own (``TUNINGS``: the id generator and the SQLite statement, issue 43
    item 2), and no file but those counted apart. A move that draws nothing never enters
    ``domain/chance.py``."""
    import asyncio

    from tests.benchmarks.trace_move import TUNINGS, traced

    trace = asyncio.run(traced())
    for expected in (
        "api/http/fast.py",
        "api/service/application.py",
        "store/repository.py",
        "domain/table/table.py",
        "projections/projection.py",
        "projections/queries.py",
    ):
        assert expected in trace.entries, f"the move did not pass through {expected}: {trace.order}"
    assert "domain/chance.py" not in trace.entries, "a Politrickers trick draws nothing"
    logic = [name for name in trace.order if name not in TUNINGS]
    assert len(logic) <= 25, logic
    assert set(trace.order) - set(logic) == set(TUNINGS), "every fenced tuning is on a move's way, or drop it"
