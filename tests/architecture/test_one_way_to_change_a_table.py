"""One way to change a table (STYLE principle 19, issue 43): a game's lock is taken in one place,
``Tables.transact``; every use case hands it a decision instead of taking the lock, reloading and
retrying itself. The streams beside a table's log (its chat, its seats' passing choices) take their own
locks in one place too, ``Tables.beside``."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.architecture.lengths import ROOT

FLOORS = ("domain", "store", "projections", "workers", "api", "env")
TAKERS = {
    ("api/service/application.py", "Tables.transact"): "lock_key(game_id)",
    ("api/service/application.py", "Tables.beside"): "f'{lock_key(game_id)}:{stream}'",
}
"""Where a lock of :class:`store.commits.GameLocks` is taken, and the key each takes it by."""


def _holds(path: Path) -> list[tuple[str, str]]:
    """Each ``….locks.hold(key)`` or ``locks.hold(key)`` call in ``path``: the function it sits in
    (``Class.method``) and its key's source."""
    found: list[tuple[str, str]] = []

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = where
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                inner = f"{where}.{child.name}" if where else child.name
            if isinstance(child, ast.Call) and _is_a_hold(child.func):
                found.append((where, ast.unparse(child.args[0]) if child.args else ""))
            visit(child, inner)

    visit(ast.parse(path.read_text()), "")
    return found


def _is_a_hold(func: ast.expr) -> bool:
    if not isinstance(func, ast.Attribute) or func.attr != "hold":
        return False
    owner = func.value
    name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
    return name.endswith("locks")


def test_a_games_lock_is_taken_in_transact_alone_and_a_side_streams_in_beside_alone() -> None:
    """Grep-proof: across every floor, the game locks are held at two call sites, each once, each by
    the key its docstring says (the game's own; a stream's beside it)."""
    calls = [
        ((str(path.relative_to(ROOT)), where), key)
        for floor in FLOORS
        for path in sorted((ROOT / floor).rglob("*.py"))
        for where, key in _holds(path)
    ]
    assert sorted(calls) == sorted(TAKERS.items()), calls


def test_the_check_finds_a_lock_taken_by_a_use_case(tmp_path: Path) -> None:
    """The measure itself: a use case that takes the lock on its own is found, by its name."""
    module = tmp_path / "use_case.py"
    module.write_text(
        "class Tables:\n"
        "    async def join(self, game_id):\n"
        "        async with self.locks.hold(lock_key(game_id)):\n"
        "            pass\n"
        "def elsewhere(locks):\n"
        "    return locks.hold('x'), other.hold('y')\n"
    )
    assert _holds(module) == [("Tables.join", "lock_key(game_id)"), ("elsewhere", "'x'")]
